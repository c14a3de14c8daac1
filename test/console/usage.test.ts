/**
 * The usage page in Chromium: real calls through the data plane with the official OpenAI SDK
 * (the seeded demo channel answers without an upstream key) appear with their exact charges as
 * the API records them; the model filter; the chart's totals; the CSV export, read back from the
 * browser's download; and a long history paged and exported page by page.
 */
import { readFile } from 'node:fs/promises';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '../contract/harness.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { loginSession } from '../support/accounts.js';
import { gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { sampleUsageEvent } from '../support/usage-event.js';

let service: ConsoleService;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  admin = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

interface ApiRecord {
  requestId: string;
  tokenId: string;
  model: string;
  group: string | null;
  channelKind: string | null;
  usage: { input: number; output: number; cacheRead: number };
  chargeRmb: string;
  chargeMicro: string;
}

const USAGE = 'query($f: UsageFilter, $a: String) { myUsage(filter: $f, first: 200, after: $a) { items { requestId tokenId model group channelKind usage { input output cacheRead } chargeRmb chargeMicro } pageInfo { hasNextPage endCursor } } }';

/** Every usage record of `user` as the API lists them (newest first). */
async function apiRecords(user: SeededAccount, filter: Record<string, unknown> = {}): Promise<ApiRecord[]> {
  const out: ApiRecord[] = [];
  for (let after: string | null = null; ; ) {
    type Page = { myUsage: { items: ApiRecord[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
    const { myUsage }: Page = await gqlOk<Page>(service.cp.server.url, USAGE, { f: filter, a: after }, { session: user.session });
    out.push(...myUsage.items);
    if (!myUsage.pageInfo.hasNextPage) return out;
    after = myUsage.pageInfo.endCursor;
  }
}

/** An RFC 4180 reader, written here so the page's writer is checked by other code: rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) throw new Error('the CSV does not end with CRLF');
  return rows;
}

/** Clicks "Export CSV" and reads the downloaded file: its name, its raw text and its rows as objects by header. */
async function exportCsv(page: Page): Promise<{ name: string; raw: string; rows: Record<string, string>[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const raw = await readFile((await download.path())!, 'utf8');
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(raw.slice(1));
  for (const r of rows) expect(r).toHaveLength(header.length);
  return { name: download.suggestedFilename(), raw, rows: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

test('calls made with the OpenAI SDK show with their exact charges, filter by model, and export as CSV', async () => {
  const user = await seedAccount(service.cp.services);
  await gqlOk(service.cp.server.url, 'mutation($id: ID!) { adjustBalance(accountId: $id, amountRmb: "5", reason: "usage test credit") { balanceRmb } }', { id: user.account.id }, { session: admin });
  // A name with a quote and a comma: the CSV must quote it.
  const tokenName = 'ci "bot", eu';
  const { createToken } = await gqlOk<{ createToken: { id: string } }>(service.cp.server.url, 'mutation($n: String!) { createToken(input: { name: $n, groups: [] }) { id } }', { n: tokenName }, { session: user.session });
  const { tokenKey } = await gqlOk<{ tokenKey: string }>(service.cp.server.url, 'query($id: ID!) { tokenKey(id: $id) }', { id: createToken.id }, { session: user.session });

  const openai = new OpenAI({ apiKey: tokenKey, baseURL: `${service.dataPlaneUrl}/v1`, maxRetries: 0 });
  const calls: { requestId: string; model: string; usage: OpenAI.CompletionUsage | undefined }[] = [];
  for (const model of ['demo-chat', 'demo-small', 'demo-chat']) {
    const { data, response } = await openai.chat.completions.create({ model, max_tokens: 32, messages: [{ role: 'user', content: `hello from the usage test, ${model}` }] }).withResponse();
    expect(data.choices[0].message.content).toBeTruthy();
    calls.push({ requestId: response.headers.get('x-request-id')!, model, usage: data.usage });
  }
  let records: ApiRecord[] = [];
  await eventually(async () => {
    records = await apiRecords(user);
    expect(records).toHaveLength(3);
  }, 20_000);
  // The API's records are the calls made, newest first, each with a charge.
  expect(records.map((r) => r.requestId)).toEqual(calls.map((c) => c.requestId).reverse());
  for (const r of records) {
    const call = calls.find((c) => c.requestId === r.requestId)!;
    expect(r).toMatchObject({ model: call.model, tokenId: createToken.id, channelKind: 'demo', usage: { input: call.usage!.prompt_tokens, output: call.usage!.completion_tokens } });
    expect(BigInt(r.chargeMicro)).toBeGreaterThan(0n);
  }

  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
  await page.goto('/usage');
  const table = page.getByTestId('usage-records');
  for (const r of records) {
    const row = table.locator(`[data-request-id="${r.requestId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('usage-charge').innerText()).toBe(`¥${r.chargeRmb}`);
    const text = await row.innerText();
    for (const part of [tokenName, r.model, r.group!, 'demo', String(r.usage.input), String(r.usage.output)]) expect(text).toContain(part);
  }
  // The period's totals per model are the exact sums of the records' charges.
  const chatMicro = records.filter((r) => r.model === 'demo-chat').reduce((sum, r) => sum + BigInt(r.chargeMicro), 0n);
  const chatRmb = `¥${chatMicro / 1_000_000n}.${(chatMicro % 1_000_000n).toString().padStart(6, '0')}`;
  await page.getByTestId('usage-totals').getByRole('row').filter({ hasText: 'demo-chat' }).filter({ hasText: chatRmb }).waitFor();
  await page.getByRole('img', { name: /per day for demo-chat, demo-small/ }).waitFor();
  await screenshots(page, 'usage');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Everything exported: every record, newest first, as the API has it.
  const all = await exportCsv(page);
  expect(all.name).toMatch(/^meridian-usage-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  expect(all.raw).toContain('"ci ""bot"", eu"');
  expect(all.rows.map((r) => [r.request_id, r.model, r.token_id, r.token_name, r.group, r.channel_kind, r.input_tokens, r.output_tokens, r.charge_rmb])).toEqual(
    records.map((r) => [r.requestId, r.model, r.tokenId, tokenName, r.group, 'demo', String(r.usage.input), String(r.usage.output), r.chargeRmb]),
  );
  expect(all.rows.every((r) => r.status === 'success' && !Number.isNaN(Date.parse(r.time)))).toBe(true);

  // One model: the list, the totals and the export keep to it.
  await page.getByLabel('Model', { exact: true }).selectOption('demo-small');
  const small = records.filter((r) => r.model === 'demo-small');
  await eventually(async () => expect(await table.locator('[data-request-id]').count()).toBe(1), 10_000);
  await table.locator(`[data-request-id="${small[0].requestId}"]`).waitFor();
  expect(await page.getByTestId('usage-totals').getByRole('row').filter({ hasText: 'demo-chat' }).count()).toBe(0);
  const filtered = await exportCsv(page);
  expect(filtered.rows.map((r) => [r.request_id, r.charge_rmb])).toEqual(small.map((r) => [r.requestId, r.chargeRmb]));
  expect(await apiRecords(user, { model: 'demo-small' })).toEqual(small);

  expect(errors).toEqual([]);
  await context.close();
});

test('a long history is paged in the list and exported whole, page by page', async () => {
  const user = await seedAccount(service.cp.services);
  const start = Date.now() - 60 * 60_000;
  const COUNT = 205;
  for (let i = 0; i < COUNT; i++) {
    await service.cp.services.deps.ports.usage.append(
      sampleUsageEvent({ eventId: `hist-${user.account.id}-${i}`, accountId: user.account.id, model: i % 3 ? 'demo-chat' : 'demo-large', chargeMicro: String(1000 + i), createdAt: start + i * 1000 }),
    );
  }
  let records: ApiRecord[] = [];
  await eventually(async () => {
    records = await apiRecords(user);
    expect(records).toHaveLength(COUNT);
  }, 20_000);

  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
  await page.goto('/usage');
  const table = page.getByTestId('usage-records');
  await table.locator(`[data-request-id="${records[0].requestId}"]`).waitFor();
  expect(await table.locator('[data-request-id]').count()).toBe(20);
  await page.getByRole('button', { name: 'Next page' }).click();
  await table.locator(`[data-request-id="${records[20].requestId}"]`).waitFor();
  await page.getByText('Page 2', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await table.locator(`[data-request-id="${records[0].requestId}"]`).waitFor();

  const exported = await exportCsv(page);
  expect(exported.rows.map((r) => r.request_id)).toEqual(records.map((r) => r.requestId));
  expect(exported.rows.map((r) => r.charge_rmb)).toEqual(records.map((r) => r.chargeRmb));
  await page.getByTestId('usage-export-status').filter({ hasText: `Exported ${COUNT} requests` }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
