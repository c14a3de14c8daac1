/**
 * The group availability page in Chromium against the whole service: a group whose one channel
 * calls a fake upstream, traffic sent through the data plane with the official OpenAI SDK, and
 * the page following the group's state over the live connection without a reload.
 */
import OpenAI from 'openai';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { eventually } from '../contract/harness.js';
import { FakeUpstream } from '../fakes/upstream.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { TEST_PASSWORD } from '../support/accounts.js';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

const GROUP = 'watched';
const GROUP_LABEL = 'Watched relay';
const MODEL = 'watch-chat';
const UPSTREAM_KEY = 'sk-upstream-watched-0123456789';

let service: ConsoleService;
let browser: Browser;
let upstream: FakeUpstream;
let user: SeededAccount;
let openai: OpenAI;

/** Sends a GraphQL operation that must succeed, as `session`. */
const api = <T>(session: string, query: string, variables: Record<string, unknown> = {}) => gqlOk<T>(service.cp.server.url, query, variables, { session });

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  // States re-decided every 100 ms from 3 samples, the live page ticking every 500 ms, history folded every 500 ms.
  [service, browser] = await Promise.all([
    startConsoleService({ env: { HEALTH_EVALUATE_MS: '100', HEALTH_TICK_MS: '500', HEALTH_FOLD_MS: '500', HEALTH_MIN_SAMPLES: '3' } }),
    launchBrowser(),
  ]);
  const admin = (await seedAccount(service.cp.services, { role: Role.Admin })).session;
  await api(admin, 'mutation($i: CreateModelInput!) { createModel(input: $i) { modelId } }', { i: { modelId: MODEL, vendor: 'openai', prices: { input: '0.5', output: '1.5' } } });
  await api(admin, 'mutation($i: CreateGroupInput!) { createGroup(input: $i) { name } }', {
    i: { name: GROUP, displayName: GROUP_LABEL, formats: ['chat-completions'], priceMultiplier: '1', autoRoute: false },
  });
  const { createChannel } = await api<{ createChannel: { id: string } }>(admin, 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', {
    i: { name: 'watched-upstream', kind: 'OpenAI', baseUrl: upstream.url, keys: [UPSTREAM_KEY], models: [{ model: MODEL, upstreamModel: 'gpt-watch' }], groups: [{ group: GROUP }] },
  });

  user = await seedAccount(service.cp.services);
  await api(admin, 'mutation($a: ID!) { adjustBalance(accountId: $a, amountRmb: "5", reason: "availability test") { __typename } }', { a: user.account.id });
  const { createToken } = await api<{ createToken: { id: string } }>(user.session, 'mutation($i: CreateTokenInput!) { createToken(input: $i) { id } }', { i: { name: 'watcher', groups: [GROUP] } });
  const { tokenKey } = await api<{ tokenKey: string }>(user.session, 'query($id: ID!) { tokenKey(id: $id) }', { id: createToken.id });
  openai = new OpenAI({ apiKey: tokenKey, baseURL: `${service.dataPlaneUrl}/v1`, maxRetries: 0 });
  // The data plane serves the channel once the control plane's snapshot reaches it.
  await eventually(() => expect(service.dp.runtime()?.channels.has(createChannel.id)).toBe(true), 15_000);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await upstream?.close();
});

afterEach(() => expect(upstream.violations).toEqual([]));

/** One chat call through the data plane: the answer's text, or the HTTP status it failed with. */
async function chat(): Promise<string | number> {
  try {
    const answer = await openai.chat.completions.create({ model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'ping' }] });
    return answer.choices[0].message.content ?? '';
  } catch (err) {
    if (err instanceof OpenAI.APIError && err.status !== undefined) return err.status;
    throw err;
  }
}

/** The card of a group on the page. */
const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

/** Repeats `step` (e.g. sending traffic) until `done` holds, within a generous deadline. */
async function until(done: () => Promise<boolean>, step: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await step();
  }
}

test('an anonymous visit goes to login, and comes back after it', async () => {
  const { page, context, errors } = await openPage(browser, service.consoleUrl);
  await page.goto('/groupAvailability');
  await page.waitForURL(/\/login\?next=%2FgroupAvailability$/);
  await page.getByLabel('Username or e-mail').fill(user.account.username);
  await page.getByLabel(/^Password/).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/groupAvailability$/);
  await page.getByRole('heading', { name: 'Group availability', level: 2 }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('a signed-in user sees every group and watches one turn from normal to failing live, as its upstream starts failing', async () => {
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
  await page.goto('/groupAvailability');
  await page.getByRole('heading', { name: 'Group availability', level: 2 }).waitFor();
  const live = page.getByRole('status', { name: 'Live updates' });
  await live.getByText('Live', { exact: true }).waitFor();

  // Every group the API lists, by display name, with its state in words.
  const { groupAvailability } = await api<{ groupAvailability: { group: string }[] }>(user.session, '{ groupAvailability { group } }');
  expect(groupAvailability.map((g) => g.group)).toContain(GROUP);
  await eventually(async () => expect(await page.locator('section[data-group]').count()).toBe(groupAvailability.length), 10_000);
  await card(page, 'GPT official').waitFor();
  const watched = card(page, GROUP_LABEL);
  await watched.getByText('No data', { exact: true }).waitFor();
  // Nothing reloads the page from here on: this marker would be gone.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  // Healthy traffic: the group turns normal on the open page.
  await until(
    async () => (await watched.getAttribute('data-state')) === 'NORMAL',
    async () => expect(await chat()).toBe('Hello from the fake upstream.'),
  );
  await watched.getByText('Normal', { exact: true }).waitFor();
  await eventually(async () => expect(await watched.locator('[data-window="hour"]').textContent()).toMatch(/100\.00%.*requests/), 10_000);
  expect(upstream.requestsFor(UPSTREAM_KEY).every((r) => r.model === 'gpt-watch')).toBe(true);

  // Per model, on demand.
  await watched.getByRole('button', { name: /Per model \(1\)/ }).click();
  const models = watched.getByRole('table', { name: `Success rate per model in ${GROUP_LABEL}` });
  await models.getByRole('rowheader', { name: MODEL }).waitFor();
  await screenshots(page, 'availability');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // History: once the hour is folded, the charts of the last day and the last 30 days.
  const historyQuery = 'query($g: String!, $from: DateTimeISO!, $to: DateTimeISO!) { groupHealthHistory(group: $g, from: $from, to: $to, granularity: HOUR) { at } }';
  const range = { g: GROUP, from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 3600_000).toISOString() };
  await eventually(async () => expect((await api<{ groupHealthHistory: unknown[] }>(user.session, historyQuery, range)).groupHealthHistory).toHaveLength(1), 60_000);
  await watched.getByRole('link', { name: `History of ${GROUP_LABEL}` }).click();
  const history = page.getByRole('region', { name: `History: ${GROUP_LABEL}` });
  await history.getByRole('img', { name: `Success rate of ${GROUP_LABEL}, Last 24 hours, by hour` }).waitFor();
  await history.getByRole('img', { name: `Mean latency and time to first byte of ${GROUP_LABEL}, Last 24 hours, by hour` }).waitFor();
  expect(await history.locator('canvas').count()).toBe(3);
  await history.getByText('Normal', { exact: true }).waitFor();
  await screenshots(page, 'availability-history');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await history.getByText('Last 30 days, by day').click();
  await history.getByRole('img', { name: `Success rate of ${GROUP_LABEL}, Last 30 days, by day` }).waitFor();
  expect(new URL(page.url()).searchParams.get('period')).toBe('month');
  await page.goBack();
  await watched.waitFor();

  // The upstream fails: each call now ends in an error, and the open page shows the group failing.
  upstream.setDefault(UPSTREAM_KEY, { kind: 'error', status: 500 });
  await until(
    async () => ['PARTIALLY_AVAILABLE', 'UNAVAILABLE'].includes((await watched.getAttribute('data-state')) ?? ''),
    async () => expect(await chat()).toBeGreaterThanOrEqual(500),
  );
  await watched.getByText(/^(Partially available|Unavailable)$/).waitFor();
  const changes = page.getByTestId('availability-changes');
  await changes.getByText(GROUP_LABEL).first().waitFor();
  expect(await changes.getByRole('listitem').first().textContent()).toMatch(/Normal.*(Partially available|Unavailable)/);
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test('the page says when the live connection drops and when it is back (in Chinese, at phone width)', async () => {
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session, locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  // The page's WebSocket goes through the test, which can cut it as a lost network would, and keep it down.
  const open: WebSocketRoute[] = [];
  let down = false;
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    if (down) return void ws.close({ code: 1012, reason: 'network down' });
    ws.connectToServer();
    open.push(ws);
  });
  await page.goto('/groupAvailability');
  await page.getByRole('heading', { name: '分组可用性', level: 2 }).waitFor();
  const live = page.getByRole('status', { name: '实时更新' });
  await live.getByText('实时', { exact: true }).waitFor();
  expect(open.length).toBeGreaterThan(0);

  down = true;
  for (const ws of open.splice(0)) await ws.close({ code: 1012, reason: 'network down' });
  await live.getByText('正在重新连接…', { exact: true }).waitFor();
  await page.getByText('连接恢复前，显示的数据可能已过时。').waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);

  down = false;
  // graphql-ws retries with a growing wait (at most 10 s).
  await live.getByText('实时', { exact: true }).waitFor({ timeout: 30_000 });
  // The figures are current again: the ticks keep coming after the reconnection.
  const stamp = page.getByText(/^更新于 /);
  const before = await stamp.textContent();
  await eventually(async () => expect(await stamp.textContent()).not.toBe(before), 10_000);
  expect(errors).toEqual([]);
  await context.close();
}, 60_000);
