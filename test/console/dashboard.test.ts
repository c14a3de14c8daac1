import type { Browser, Page } from 'playwright-core';
import OpenAI from 'openai';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { loginSession } from '../support/accounts.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { eventually } from '../support/eventually.js';
import { gqlOk } from '../support/graphql.js';
import { formatMicroRmb } from '../../shared/money.js';

let service: ConsoleService;
let browser: Browser;
let gqlUrl: string;

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  gqlUrl = service.cp.server.url;
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

interface Totals {
  day: string;
  requests: number;
  chargeMicro: string;
}

/** A UTC day as the API writes it. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The group (a labelled figure) of the dashboard named `label`. */
const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test('an account with usage: balance, spend today and this month, requests per day, its first token and the base addresses', async () => {
  const admin = await loginSession(gqlUrl, TEST_ADMIN.username, TEST_ADMIN.password);
  const user: SeededAccount = await seedAccount(service.cp.services);
  const session = user.session;
  await gqlOk(gqlUrl, 'mutation($a: ID!) { adjustBalance(accountId: $a, amountRmb: "5", reason: "dashboard test") { balanceMicro } }', { a: user.account.id }, { session: admin });
  const create = (name: string) => gqlOk<{ createToken: { id: string; maskedKey: string } }>(gqlUrl, 'mutation($n: String!) { createToken(input: { name: $n }) { id maskedKey } }', { n: name }, { session });
  const first = (await create('first-key')).createToken;
  await create('second-key');
  const key = (await gqlOk<{ tokenKey: string }>(gqlUrl, 'query($id: ID!) { tokenKey(id: $id) }', { id: first.id }, { session })).tokenKey;

  // Real calls through the data plane with the official SDK; the seeded demo channel answers them.
  const openai = new OpenAI({ apiKey: key, baseURL: `${service.dataPlaneUrl}/v1`, maxRetries: 0 });
  for (const prompt of ['hello', 'how are you', 'bye']) {
    const answer = await openai.chat.completions.create({ model: 'demo-chat', max_tokens: 32, messages: [{ role: 'user', content: prompt }] });
    expect(answer.choices[0].message.content).toBeTruthy();
  }

  const now = Date.now();
  const today = utcDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const from = new Date(Math.min(Date.parse(`${monthStart}T00:00:00Z`), Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)).toISOString();
  const totals = await eventually(async () => {
    const r = await gqlOk<{ myUsageTotals: Totals[] }>(gqlUrl, 'query($f: DateTimeISO!) { myUsageTotals(filter: { from: $f }) { day requests chargeMicro } }', { f: from }, { session });
    expect(r.myUsageTotals.reduce((n, row) => n + row.requests, 0)).toBe(3);
    return r.myUsageTotals;
  }, 'the three calls are in the usage totals');
  const sum = (rows: Totals[]) => formatMicroRmb(rows.reduce((n, row) => n + BigInt(row.chargeMicro), 0n));
  const spentToday = sum(totals.filter((row) => row.day === today));
  const spentMonth = sum(totals.filter((row) => row.day >= monthStart));
  expect(BigInt(spentToday.replace('.', ''))).toBeGreaterThan(0n);

  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.consoleUrl });
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();

  // The figures are the API's: read it again until the page and the API agree (settlements may still land).
  await eventually(async () => {
    const { myBalance } = await gqlOk<{ myBalance: { balanceRmb: string; spendableRmb: string | null } }>(gqlUrl, '{ myBalance { balanceRmb spendableRmb } }', {}, { session });
    expect(myBalance.spendableRmb).not.toBeNull();
    await page.reload();
    await figure(page, 'Balance').waitFor();
    expect(await figure(page, 'Balance').textContent()).toContain(`¥${myBalance.balanceRmb}`);
    expect(await figure(page, 'Spendable now').textContent()).toContain(`¥${myBalance.spendableRmb}`);
  }, 'the page shows the balance the API gives');
  expect(await figure(page, 'Spent today').textContent()).toContain(`¥${spentToday}`);
  expect(await figure(page, 'Spent this month').textContent()).toContain(`¥${spentMonth}`);
  expect(await figure(page, 'Spent today').textContent()).toContain('UTC');

  // The chart: bars drawn, and the figures told to screen readers.
  const chart = page.getByRole('img', { name: /^Requests per day \(UTC\) over the last 30 days, 3 in all/ });
  await chart.waitFor();
  expect(await chart.getAttribute('aria-label')).toContain(`${today}: 3`);
  expect(await chart.locator('canvas').count()).toBeGreaterThan(0);

  // The first token (not the newest), masked, with a copy button that copies the full key.
  expect(await page.getByText(first.maskedKey, { exact: true }).count()).toBe(1);
  await page.getByText('first-key', { exact: true }).waitFor();
  expect(await page.getByText('second-key').count()).toBe(0);
  expect(await page.locator('body').textContent()).not.toContain(key);
  await page.getByRole('button', { name: 'Copy key', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'The key of token first-key is on the clipboard.' }).waitFor();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);

  // The base addresses to configure, and the way on to tokens, wallet and usage.
  await page.getByText(`${service.dataPlaneUrl}/v1`, { exact: true }).first().waitFor();
  const main = page.getByRole('main');
  for (const [name, path] of [['Tokens', '/tokens'], ['Wallet and top-up', '/wallet'], ['Usage records', '/usage']]) {
    expect(await main.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
  }

  await screenshots(page, 'dashboard');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a new account without tokens or usage, at phone width in Chinese: the empty states say so', async () => {
  const user = await seedAccount(service.cp.services);
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session, locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: '概览', level: 2 }).waitFor();
  await page.getByText('最近 30 天还没有请求。').waitFor();
  await page.getByText('您还没有令牌，请在令牌页面创建。').waitFor();
  expect(await figure(page, '余额').textContent()).toContain('¥0.000000');
  expect(await figure(page, '今日消费').textContent()).toContain('¥0.000000');
  // Nothing wider than the phone's screen.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
