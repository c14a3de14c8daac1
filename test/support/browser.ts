// Functions given to page.evaluate run in the browser and name its globals (document, window, requestAnimationFrame).
/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { jest } from '@jest/globals';
import { SESSION_COOKIE } from '../../control-plane/server.js';

/** Debian's Chromium (`apt-get install chromium`); never a downloaded browser. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A browser test walks through several pages; on a busy two-core machine that takes longer than an API test.
jest.setTimeout(240_000);

/** Where screenshots go (ignored by git). */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-output', 'screenshots');

/** The two sizes every page is looked at: a laptop and a phone. */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

/**
 * Headless Chromium with the flags this closed network needs: without the background-networking
 * ones it keeps trying to reach Google's hosts.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** A browser page with what it logged as errors, so a test can insist there were none. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions, in order. */
  errors: string[];
}

/**
 * A fresh context (own cookies and storage) in English at desktop size, unless told otherwise.
 * With `session`, the console session cookie of a seeded account is set, so the page is signed in.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: { session?: string; locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop, locale: options.locale ?? 'en-US', baseURL: baseUrl });
  if (options.session) {
    const { hostname } = new URL(baseUrl);
    await context.addCookies([{ name: SESSION_COOKIE, value: options.session, domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  // Fail a step with the step named, well within the test's own timeout; a loaded machine can take
  // tens of seconds to render a page, so the bound is wide.
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser reports failed requests (a test stopping the network, a 4xx it provokes) as console errors of its own.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, context, errors };
}

/**
 * Screenshots of the page as it is now at 1280x800 and at 390x844 (full page), as
 * `test-output/screenshots/<name>-desktop.png` and `-mobile.png`; the viewport is restored.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize();
  // A full-page shot taken while scrolled draws the fixed header where the viewport was.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // Let layout settle at the new size (charts redraw on resize), and let transitions it started end (the shell's navbar slides).
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
    });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** The serious and critical accessibility violations axe-core finds on the page, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')}`);
}
