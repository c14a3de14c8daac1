import type { Browser } from 'playwright-core';
import { FakeUpstream } from '../fakes/upstream.js';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { loginSession } from '../support/accounts.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { gqlOk } from '../support/graphql.js';

let service: ConsoleService;
let browser: Browser;
let user: SeededAccount;
let upstream: FakeUpstream;

/** The upstream key of the slow channel. */
const SLOW_KEY = 'up-key-slow';
/** What the slow upstream answers, a word per event, 250 ms apart. */
const SLOW_TEXT = 'One two three four five six seven eight nine ten eleven twelve.';

/** Creates a token for the user over the API; returns its id and masked key. */
async function createToken(name: string, groups: string[]): Promise<{ id: string; maskedKey: string }> {
  const r = await gqlOk<{ createToken: { id: string; maskedKey: string } }>(
    service.cp.server.url,
    'mutation ($i: CreateTokenInput!) { createToken(input: $i) { id maskedKey } }',
    { i: { name, groups } },
    { session: user.session },
  );
  return r.createToken;
}

beforeAll(async () => {
  [service, browser, upstream] = await Promise.all([startConsoleService(), launchBrowser(), FakeUpstream.start()]);
  user = await seedAccount(service.cp.services);
  const admin = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  await gqlOk(service.cp.server.url, 'mutation ($a: ID!) { adjustBalance(accountId: $a, amountRmb: "5", reason: "console test") { __typename } }', { a: user.account.id }, { session: admin });
  // A group whose one channel is an OpenAI upstream that streams slowly: the answer arrives word by word.
  await gqlOk(
    service.cp.server.url,
    'mutation { createGroup(input: { name: "slow_stream", displayName: "Slow stream", formats: ["chat-completions", "messages", "generateContent", "responses"], priceMultiplier: "1", autoRoute: false }) { name } }',
    {},
    { session: admin },
  );
  await gqlOk(
    service.cp.server.url,
    'mutation ($i: CreateChannelInput!) { createChannel(input: $i) { id } }',
    { i: { name: 'slow', kind: 'OpenAI', baseUrl: upstream.url, keys: [SLOW_KEY], models: [{ model: 'demo-chat' }], groups: [{ group: 'slow_stream' }] } },
    { session: admin },
  );
  upstream.setDefault(SLOW_KEY, { kind: 'reply', reply: { text: SLOW_TEXT, toolCalls: [], usage: { input: 9, cacheRead: 0, cacheWrite: 0, output: 12, reasoning: 0 } }, gapMs: 250 });
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await upstream?.close();
});

/** Waits until the data plane routes the token's calls to its main group (the new group and channel reached it). */
async function untilRoutedTo(tokenId: string, group: string): Promise<void> {
  const key = (await gqlOk<{ tokenKey: string }>(service.cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: tokenId }, { session: user.session })).tokenKey;
  for (const deadline = Date.now() + 20_000; ; ) {
    const r = await fetch(`${service.dataPlaneUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'demo-chat', max_tokens: 16, messages: [{ role: 'user', content: 'ready?' }] }),
    });
    await r.arrayBuffer();
    if (r.headers.get('x-meridian-group') === group) return;
    if (Date.now() > deadline) throw new Error(`calls never went to ${group} (last: ${r.status} ${r.headers.get('x-meridian-group')})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a streamed call from the browser: the answer as it streams, its group, channel kind and request id, the raw exchange, then its charge', async () => {
  const token = await createToken('playground', ['slow_stream', 'alpha']);
  await untilRoutedTo(token.id, 'slow_stream');
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
  await page.goto('/playground');
  await page.getByRole('heading', { name: 'Playground' }).waitFor();

  await page.getByRole('combobox', { name: 'Format' }).click();
  expect(await page.getByRole('option').allInnerTexts()).toEqual(['Chat Completions', 'Responses', 'Messages', 'generateContent']);
  await page.getByRole('option', { name: 'Messages' }).click();
  // The model list comes from the data plane, asked with the token's key in the Messages shape.
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'demo-chat', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Count to twelve');
  await page.getByRole('button', { name: 'Send' }).click();

  // Part of the answer shows while the rest is still coming.
  const answer = page.getByTestId('playground-answer');
  await answer.getByText(/^One two/).waitFor();
  const partial = await answer.innerText();
  const streaming = page.getByRole('status').filter({ hasText: 'Streaming…' });
  expect(await streaming.count()).toBe(1);
  expect(partial.length).toBeLessThan(SLOW_TEXT.length);
  expect(SLOW_TEXT.startsWith(partial)).toBe(true);
  await answer.getByText(SLOW_TEXT, { exact: true }).waitFor();
  await streaming.waitFor({ state: 'detached' });
  expect(await page.getByTestId('route-group').innerText()).toBe('slow_stream');
  expect(await page.getByTestId('route-channel-kind').innerText()).toBe('openai');
  const requestId = await page.getByTestId('route-request-id').innerText();
  expect(requestId).toMatch(/^req_/);
  // The upstream got a streamed request for the model, translated from the Messages call.
  expect(upstream.requestsFor(SLOW_KEY).at(-1)).toMatchObject({ api: 'openai-chat', stream: true, model: 'demo-chat' });
  expect(upstream.violations).toEqual([]);

  // Collapsed until opened: the request (key masked) and the stream as it came.
  await page.getByRole('button', { name: 'Raw request' }).click();
  const rawRequest = await page.getByTestId('raw-request').innerText();
  expect(rawRequest).toContain(`POST ${service.dataPlaneUrl}/v1/messages`);
  expect(rawRequest).toContain(`x-api-key: ${token.maskedKey}`);
  expect(rawRequest).toContain('"stream": true');
  await page.getByRole('button', { name: 'Raw response' }).click();
  const rawResponse = await page.getByTestId('raw-response').innerText();
  expect(rawResponse).toMatch(/^HTTP 200/);
  expect(rawResponse).toContain('x-meridian-group: slow_stream');
  expect(rawResponse).toContain('event: content_block_delta');
  expect(rawResponse).toContain('event: message_stop');

  // The charge, once the usage record of this request exists, as the API has it.
  const charge = page.getByTestId('playground-charge');
  await charge.getByText(/^¥\d/).waitFor({ timeout: 40_000 });
  const usage = await gqlOk<{ myUsage: { items: { requestId: string; chargeRmb: string; group: string }[] } }>(
    service.cp.server.url,
    'query ($t: String!) { myUsage(filter: { tokenId: $t }) { items { requestId chargeRmb group } } }',
    { t: token.id },
    { session: user.session },
  );
  const record = usage.myUsage.items.find((i) => i.requestId === requestId);
  expect(record).toMatchObject({ group: 'slow_stream' });
  expect(await charge.getByText(/^¥\d/).innerText()).toBe(`¥${record!.chargeRmb}`);

  // Full-page shots from the top: scrolled, the fixed header would land mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'playground');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("only the formats a token's groups serve are offered; a chat call streams too", async () => {
  await createToken('responses-only', ['gamma']);
  const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
  await page.goto('/playground');
  await page.getByRole('combobox', { name: 'Token' }).click();
  await page.getByRole('option', { name: /^responses-only/ }).click();
  await page.getByRole('combobox', { name: 'Format' }).click();
  expect(await page.getByRole('option').allInnerTexts()).toEqual(['Responses']);
  await page.keyboard.press('Escape');

  await page.getByRole('combobox', { name: 'Token' }).click();
  await page.getByRole('option', { name: /^playground/ }).click();
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'Chat Completions' }).click();
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'demo-small', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi');
  await page.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
  await page.getByTestId('playground-answer').getByText(/demo channel answering as demo-small/).waitFor();
  await page.getByRole('button', { name: 'Raw response' }).click();
  expect(await page.getByTestId('raw-response').innerText()).toContain('data: [DONE]');
  await page.getByTestId('playground-charge').getByText(/^¥\d/).waitFor({ timeout: 40_000 });
  expect(errors).toEqual([]);
  await context.close();
});

test('a call that fails before any answer shows its error and says it was not charged', async () => {
  const token = await createToken('refusal', ['slow_stream']);
  await untilRoutedTo(token.id, 'slow_stream');
  const { page, context } = await openPage(browser, service.consoleUrl, { session: user.session });
  await page.goto('/playground');
  await page.getByRole('combobox', { name: 'Token' }).click();
  await page.getByRole('option', { name: /^refusal/ }).click();
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'Chat Completions' }).click();
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'demo-chat', exact: true }).click();
  // The group's only upstream fails every attempt: the gateway answers an error and charges nothing.
  upstream.script(SLOW_KEY, ...Array.from({ length: 5 }, () => ({ kind: 'error' as const, status: 500 })));
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi');
  await page.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
  await page.getByTestId('playground-not-charged').waitFor();
  await page.getByRole('alert').first().waitFor();
  expect(await page.getByTestId('playground-charge').count()).toBe(0);
  await context.close();
});
