import type { Browser, Page } from 'playwright-core';
import { emptyTotals } from '../../shared/health/outcome.js';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { loginSession } from '../support/accounts.js';
import { gqlOk } from '../support/graphql.js';
import { addOutcomes, attempt } from '../support/outcomes.js';

/** The console opens the status page alone on this host; the ordinary console is opened as 127.0.0.1. */
const STATUS_HOST = 'localhost';

let service: ConsoleService;
let browser: Browser;
let admin: string;

interface StatusAnswer {
  statusPage: {
    target: number;
    overall: { window: string; availability: number | null; meetsTarget: boolean | null; requests: number }[];
    nodes: { name: string; days: { day: string; availability: number | null; requests: number }[] }[];
  };
}
interface IncidentAnswer {
  id: string;
  status: string;
  updates: { message: string; createdAt: string }[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The hour `daysAgo` days before the current one. */
const hourAgo = (daysAgo: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR - daysAgo * DAY);

const percent = (rate: number) => new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(rate);

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService({ env: { STATUS_HOST } }), launchBrowser()]);
  admin = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  // History: a day at the target on the domestic node two days ago, a poor day on the overseas node 40 days ago, traffic now.
  await service.cp.services.health.store.upsertHours([
    { hour: hourAgo(2), key: attempt({ node: 'domestic', group: 'alpha' }), totals: { ...emptyTotals(), ok: 999, upstream_5xx: 1 } },
    { hour: hourAgo(40), key: attempt({ node: 'overseas', group: 'beta' }), totals: { ...emptyTotals(), ok: 100, connect: 10 } },
  ]);
  await addOutcomes(service.cp.services.deps.ports.outcomes, Date.now(), 200, 0, { node: 'domestic', group: 'alpha' });
  await service.cp.services.health.fold(1);
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** Waits until the page's live link is up (so a post from now on is heard). */
async function whenLive(page: Page): Promise<void> {
  await page.locator('[data-testid="live-state"][data-live="connected"]').waitFor();
}

test('without login, the status page shows availability over 24 h, 7, 30 and 90 days against 99.9 %, and 90 days per node', async () => {
  const api = (await gqlOk<StatusAnswer>(service.cp.server.url, '{ statusPage { target overall { window availability meetsTarget requests } nodes { name days { day availability requests } } } }')).statusPage;
  expect(api.target).toBe(0.999);
  expect(api.overall.map((f) => f.window)).toEqual(['24h', '7d', '30d', '90d']);
  // The data above: the 90 days fall below the target, the 7 days meet it.
  expect(api.overall.find((f) => f.window === '90d')?.meetsTarget).toBe(false);
  expect(api.overall.find((f) => f.window === '7d')?.meetsTarget).toBe(true);

  const { page, context, errors } = await openPage(browser, service.consoleUrl);
  await page.goto('/status');
  await page.getByRole('heading', { name: 'Service status', level: 2 }).waitFor();
  await page.getByText('against our stated availability of 99.9%').waitFor();
  // The ordinary console: its navigation and login are there.
  await page.getByRole('link', { name: 'Log in' }).first().waitFor();
  await page.getByRole('link', { name: 'Pricing' }).first().waitFor();

  for (const figure of api.overall) {
    const card = page.locator(`[data-testid="overall-figure"][data-window="${figure.window}"]`);
    expect(await card.locator('[data-availability]').textContent()).toBe(figure.availability === null ? '—' : percent(figure.availability));
    const verdict = figure.meetsTarget === null ? 'No traffic' : figure.meetsTarget ? '✓ Meets the 99.9% target' : '✗ Below the 99.9% target';
    await card.getByText(verdict).waitFor();
  }

  // Each row says in words how many days met the target and which fell below, not by colour alone.
  const domestic = api.nodes.find((n) => n.name === 'domestic')!;
  expect(domestic.days).toHaveLength(90);
  const count = (days: typeof domestic.days, test: (d: (typeof domestic.days)[number]) => boolean) => days.filter(test).length;
  const domesticRow = page.getByRole('img', { name: /^domestic, last 90 days/ });
  expect(await domesticRow.getAttribute('aria-label')).toBe(
    `domestic, last 90 days: ${count(domestic.days, (d) => d.availability !== null && d.availability >= api.target)} days met the target, ` +
      `${count(domestic.days, (d) => d.availability !== null && d.availability < api.target)} fell below it, ${count(domestic.days, (d) => d.availability === null)} had no traffic. Below the target: none`,
  );
  expect(await domesticRow.locator('canvas').count()).toBeGreaterThan(0);
  const overseas = api.nodes.find((n) => n.name === 'overseas')!;
  const badDay = overseas.days.find((d) => d.availability !== null && d.availability < api.target)!;
  const badDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(badDay.day));
  expect(await page.getByRole('img', { name: /^overseas, last 90 days/ }).getAttribute('aria-label')).toContain(
    `1 fell below it, 89 had no traffic. Below the target: ${badDate}: ${percent(100 / 110)}, below the target (110 requests)`,
  );
  await page.getByText('Half bar: below the target').first().waitFor();

  await screenshots(page, 'status');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('an incident an administrator posts appears live, then its update and its resolution, without a reload', async () => {
  const { page, context, errors } = await openPage(browser, service.consoleUrl);
  await page.goto('/status');
  await page.getByRole('heading', { name: 'Service status', level: 2 }).waitFor();
  await whenLive(page);
  await page.evaluate(() => Object.assign(window, { statusTestMarker: true }));

  const fields = 'id status updates { message createdAt }';
  const created = await gqlOk<{ createIncident: IncidentAnswer }>(
    service.cp.server.url,
    `mutation($i: CreateIncidentInput!) { createIncident(input: $i) { ${fields} } }`,
    { i: { title: 'Elevated errors on Claude economy', impact: 'MAJOR', groups: ['alpha'], message: 'We are looking into failing requests.' } },
    { session: admin },
  );
  const id = created.createIncident.id;
  const notice = page.locator(`[data-testid="incident"][data-incident="${id}"]`);
  await notice.getByRole('heading', { name: 'Elevated errors on Claude economy' }).waitFor();
  await notice.getByText('Major impact').waitFor();
  await notice.getByText('Affects: Claude economy').waitFor();
  await notice.getByText('We are looking into failing requests.').waitFor();
  expect(await notice.getByTestId('incident-status').textContent()).toBe('Investigating');
  // Open incidents come first, above the figures.
  await page.locator('section[aria-labelledby="status-open"]').locator(`[data-incident="${id}"]`).waitFor();
  await screenshots(page, 'status-incident');

  const updated = await gqlOk<{ postIncidentUpdate: IncidentAnswer }>(
    service.cp.server.url,
    `mutation($i: PostIncidentUpdateInput!) { postIncidentUpdate(input: $i) { ${fields} } }`,
    { i: { incidentId: id, status: 'IDENTIFIED', message: 'One upstream is failing; traffic moved to the next channel.' } },
    { session: admin },
  );
  await notice.getByText('One upstream is failing; traffic moved to the next channel.').waitFor();
  await notice.locator('[data-testid="incident-status"]', { hasText: 'Identified' }).waitFor();
  // Each update carries the moment the API gave it.
  const moment = updated.postIncidentUpdate.updates[1].createdAt;
  await notice.locator(`time[datetime="${moment}"]`).waitFor();

  await gqlOk(
    service.cp.server.url,
    `mutation($i: PostIncidentUpdateInput!) { resolveIncident(input: $i) { ${fields} } }`,
    { i: { incidentId: id, status: 'MONITORING', message: 'Recovered.' } },
    { session: admin },
  );
  const past = page.locator('section[aria-labelledby="status-past"]').locator(`[data-incident="${id}"][data-status="RESOLVED"]`);
  await past.getByText('Recovered.').waitFor();
  expect(await past.getByTestId('incident-status').textContent()).toBe('Resolved');
  expect(await past.getByTestId('incident-update').count()).toBe(3);
  await page.getByText('No open incidents: everything is running normally.').waitFor();

  expect(await page.evaluate(() => 'statusTestMarker' in window)).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('on the status host every path shows the status page alone: no navigation, no login', async () => {
  const port = new URL(service.consoleUrl).port;
  const { page, context, errors } = await openPage(browser, `http://${STATUS_HOST}:${port}`, { locale: 'zh-CN' });
  for (const path of ['/', '/login', '/tokens', '/pricing']) {
    await page.goto(path);
    await page.getByRole('heading', { name: '服务状态', level: 2 }).waitFor();
    expect(await page.getByRole('link').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByText('登录').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(path);
  }
  await page.goto('/');
  await whenLive(page);
  await screenshots(page, 'status-host');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
