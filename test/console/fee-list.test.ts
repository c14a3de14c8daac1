import type { Browser, Page } from 'playwright-core';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations, VIEWPORTS } from '../support/browser.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { loginSession } from '../support/accounts.js';
import { gqlOk } from '../support/graphql.js';

let service: ConsoleService;
let browser: Browser;

interface Entry {
  modelId: string;
  group: string;
  billingKind: string;
  groupMultiplier: string;
  modelMultiplier: string;
  prices: Record<string, string | null>;
  unitPrices: { size: string | null; quality: string | null; rmb: string }[];
}
interface FeeListAnswer {
  feeList: { totalCount: number; nodes: Entry[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

const FEE_LIST = `query($f: FeeListFilter, $after: String) { feeList(filter: $f, first: 200, after: $after) {
  totalCount pageInfo { endCursor hasNextPage }
  nodes { modelId group billingKind groupMultiplier modelMultiplier prices { input output cacheRead cacheWrite5m cacheWrite1h image videoSecond perRequest } unitPrices { size quality rmb } } } }`;

/** Every entry the API lists for `filter`, without login, all pages. */
async function apiEntries(filter: Record<string, string>): Promise<Entry[]> {
  const out: Entry[] = [];
  let after: string | null = null;
  for (;;) {
    const page: FeeListAnswer = await gqlOk<FeeListAnswer>(service.cp.server.url, FEE_LIST, { f: filter, after });
    out.push(...page.feeList.nodes);
    if (!page.feeList.pageInfo.hasNextPage) return out;
    after = page.feeList.pageInfo.endCursor;
  }
}

/** The RMB text the page shows for a price: the API's decimal string, its integer digits grouped. */
const rmb = (decimal: string) => `¥${decimal.replace(/^(\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','))}`;

/** Waits until the page lists exactly `expected` (the API's answer for the same filter), then checks each entry's prices and multipliers. */
async function expectListed(page: Page, expected: Entry[]): Promise<void> {
  await page.locator('[data-testid="fee-results"][aria-busy="false"]').waitFor();
  await page.getByTestId('fee-summary').filter({ hasText: `Showing ${expected.length} of ${expected.length} prices` }).waitFor();
  const shown = await page.getByTestId('fee-entry').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entry')));
  expect(shown).toEqual(expected.map((e) => `${e.modelId}@${e.group}`));
  for (const e of expected) {
    const row = page.locator(`[data-entry="${e.modelId}@${e.group}"]`);
    expect(await row.locator('[data-multiplier="group"]').textContent()).toBe(`×${e.groupMultiplier}`);
    expect(await row.locator('[data-multiplier="model"]').textContent()).toBe(`×${e.modelMultiplier}`);
    const applies = Object.entries(e.prices).filter(([kind, price]) => price !== null && (e.billingKind === 'PerRequest') === (kind === 'perRequest'));
    expect(applies.length).toBeGreaterThan(0);
    for (const [kind, price] of applies) expect(await row.locator(`[data-price="${kind}"]`).textContent()).toBe(rmb(price!));
    // Prices that do not apply in the entry's group are not shown as if they did.
    expect(await row.locator('[data-price]').count()).toBe(applies.length);
    // Media models: each price by size and quality, in RMB as the API gives it.
    expect(await row.locator('[data-unit-price]').count()).toBe(e.unitPrices.length);
    for (const v of e.unitPrices) expect(await row.locator(`[data-unit-price="${v.size ?? ''}/${v.quality ?? ''}"]`).textContent()).toContain(rmb(v.rmb));
  }
}

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  const admin = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const adminOk = (query: string) => gqlOk(service.cp.server.url, query, {}, { session: admin });
  await adminOk('mutation { setExchangeRate(rate: "7.1234", note: "test") { rate } }');
  await adminOk('mutation { createGroup(input: { name: "fl_std", displayName: "Standard", priceMultiplier: "1.5", formats: ["chat-completions"] }) { name } }');
  await adminOk('mutation { createGroup(input: { name: "fl_cheap", displayName: "Budget", priceMultiplier: "0.8", formats: ["chat-completions"] }) { name } }');
  await adminOk('mutation { createGroup(input: { name: "fl_secret", displayName: "Secret", priceMultiplier: "0.1", formats: ["chat-completions"], isPublic: false }) { name } }');
  await adminOk(`mutation { createModel(input: { modelId: "acme-chat-1", aliases: ["acme-chat-latest"], vendor: "acme", multiplier: "1.1",
    prices: { input: "2", output: "8", cacheRead: "0.5", cacheWrite5m: "2.5" } }) { modelId } }`);
  await adminOk(`mutation { createModel(input: { modelId: "acme-paint", vendor: "acme", kind: Image, prices: { image: "0.04" },
    unitPrices: [{ size: "1024x1792", quality: "hd", usd: "0.12" }, { quality: "hd", usd: "0.08" }] }) { modelId } }`);
  await adminOk(`mutation { createModel(input: { modelId: "acme-film", vendor: "acme", kind: Video, prices: { videoSecond: "0.1" },
    unitPrices: [{ size: "1792x1024", usd: "0.5" }] }) { modelId } }`);
  await adminOk('mutation { createModel(input: { modelId: "zeta-chat", vendor: "zeta", prices: { input: "0.3", output: "1.2" } }) { modelId } }');
  const bulk = Array.from({ length: 26 }, (_, i) => `bulk-${String(i).padStart(2, '0')}`);
  for (const id of bulk) await adminOk(`mutation { createModel(input: { modelId: "${id}", vendor: "bulkco", prices: { input: "1", output: "2" } }) { modelId } }`);
  const models = ['acme-chat-1', 'acme-paint', 'acme-film', 'zeta-chat', ...bulk].map((m) => `{ model: "${m}" }`).join(', ');
  await adminOk(`mutation { createChannel(input: { name: "fl-ch", kind: OpenAI, baseUrl: "https://api.openai.example", keys: ["sk-fl-key-0123456789"],
    models: [${models}], groups: [{ group: "fl_std" }, { group: "fl_cheap" }, { group: "fl_secret" }] }) { id } }`);
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

test('without login: search a model, filter by group and vendor; the prices shown are the API answer for the same filter', async () => {
  const { page, context, errors } = await openPage(browser, service.consoleUrl);
  await page.goto('/pricing');
  await page.getByRole('heading', { name: 'Pricing', level: 2 }).waitFor();
  // Nobody is signed in: the shell offers login.
  await page.getByRole('link', { name: 'Log in' }).first().waitFor();
  await page.getByText('Exchange rate in force: ¥7.1234 per USD.').waitFor();
  // Unfiltered, the first page of everything (more follow with "Load more", tested below).
  const everything = await apiEntries({});
  expect(everything.length).toBeGreaterThan(50);
  await page.getByTestId('fee-summary').filter({ hasText: `Showing 50 of ${everything.length} prices` }).waitFor();
  await screenshots(page, 'fee-list-all');

  await page.getByLabel('Model', { exact: true }).fill('chat');
  await expectListed(page, await apiEntries({ search: 'chat' }));
  expect(page.url()).toMatch(/\?q=chat$/);

  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Budget (fl_cheap)' }).click();
  await expectListed(page, await apiEntries({ search: 'chat', group: 'fl_cheap' }));

  await page.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: 'acme' }).click();
  const acme = await apiEntries({ search: 'chat', group: 'fl_cheap', vendor: 'acme' });
  // 2 x 0.8 x 1.1 x 7.1234 = 12.537184, and 8 x ... = 50.148736
  expect(acme.map((e) => [e.modelId, e.prices.input, e.prices.output])).toEqual([['acme-chat-1', '12.537184', '50.148736']]);
  await expectListed(page, acme);
  await screenshots(page, 'fee-list');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // At phone width the same entries show as cards, with the same prices.
  await page.setViewportSize(VIEWPORTS.mobile);
  await expectListed(page, acme);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize(VIEWPORTS.desktop);

  // Kind, and an alias search; a group only administrators see is never listed.
  await page.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: 'acme' }).click();
  await page.getByLabel('Model', { exact: true }).fill('');
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Image' }).click();
  const images = await apiEntries({ group: 'fl_cheap', kind: 'Image' });
  expect(images.map((e) => e.modelId)).toEqual(['acme-paint']);
  await expectListed(page, images);
  expect(images[0].unitPrices.map((v) => [v.size, v.quality])).toEqual([
    ['1024x1792', 'hd'],
    [null, 'hd'],
  ]);
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Video' }).click();
  const videos = await apiEntries({ group: 'fl_cheap', kind: 'Video' });
  expect(videos.map((e) => [e.modelId, e.prices.videoSecond, e.unitPrices.length])).toEqual([['acme-film', '0.569872', 1]]);
  await expectListed(page, videos);
  expect(await page.locator('[data-entry$="@fl_secret"]').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('more entries than a page load with "Load more", following the API cursor', async () => {
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { viewport: VIEWPORTS.mobile });
  await page.goto('/pricing?vendor=bulkco');
  const all = await apiEntries({ vendor: 'bulkco' });
  expect(all).toHaveLength(52);
  await page.getByTestId('fee-summary').filter({ hasText: 'Showing 50 of 52 prices' }).waitFor();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expectListed(page, all);
  await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a bad filter in the address shows the API error, not a blank page; in Chinese the page is translated', async () => {
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { locale: 'zh-CN' });
  await page.goto('/pricing?kind=Sound');
  await page.getByRole('heading', { name: '价格', level: 2 }).waitFor();
  await page.getByRole('alert').filter({ hasText: 'Sound' }).waitFor();
  await page.getByRole('combobox', { name: '类型' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
