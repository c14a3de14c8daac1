import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import OpenAI from 'openai';
import type { Browser, Locator, Page } from 'playwright-core';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { loginSession } from '../support/accounts.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { eventually } from '../support/eventually.js';
import { gqlOk } from '../support/graphql.js';

const run = promisify(execFile);

let service: ConsoleService;
let browser: Browser;
let user: SeededAccount;
let adminSession: string;

/** A fresh account with a balance: calls reserve their cost in advance. */
async function fundedAccount(): Promise<SeededAccount> {
  const account = await seedAccount(service.cp.services);
  await gqlOk(service.cp.server.url, 'mutation ($a: ID!) { adjustBalance(accountId: $a, amountRmb: "5", reason: "console test") { __typename } }', { a: account.account.id }, { session: adminSession });
  return account;
}

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  adminSession = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  user = await fundedAccount();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** Presses Tab until `target` has the focus: the keyboard alone gets there. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

/** One chat call with the official SDK: the status it got (200, or the error's). */
async function chatStatus(key: string): Promise<{ status: number; group?: string | null; text?: string | null }> {
  const client = new OpenAI({ apiKey: key, baseURL: `${service.dataPlaneUrl}/v1`, maxRetries: 0 });
  try {
    const { data, response } = await client.chat.completions.create({ model: 'demo-chat', max_tokens: 32, messages: [{ role: 'user', content: 'hello' }] }).withResponse();
    return { status: response.status, group: response.headers.get('x-meridian-group'), text: data.choices[0].message.content };
  } catch (err) {
    if (err instanceof OpenAI.APIError && err.status) return { status: err.status };
    throw err;
  }
}

/** The error text shown with `field` (Mantine links it by aria-describedby), once the field is marked invalid. */
async function errorNextTo(field: Locator): Promise<string> {
  await eventually(async () => (await field.getAttribute('aria-invalid')) === 'true', 'the field is marked invalid');
  const id = (await field.getAttribute('aria-describedby'))?.split(' ').find((i) => i.endsWith('-error'));
  if (!id) throw new Error('no error is linked to the field');
  return field.page().locator(`[id="${id}"]`).innerText();
}

const row = (page: Page, name: string) => page.getByTestId('token-row').filter({ has: page.getByText(name, { exact: true }) });

describe('tokens page', () => {
  test('a token made with the keyboard alone: listed with its groups in order, key copied and used with the openai SDK, examples that run', async () => {
    const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: user.session });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.consoleUrl });
    await page.goto('/tokens');
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByText('No tokens yet').waitFor();

    // Keyboard only: open the form, name it, a main group and two fallbacks, a cap and an allow-list, submit.
    await tabTo(page, page.getByRole('button', { name: 'New token' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New token' });
    await dialog.waitFor();
    await eventually(() => dialog.getByLabel('Name').evaluate((el) => el === document.activeElement), 'the name field takes the focus');
    await page.keyboard.type('laptop');
    await tabTo(page, dialog.getByLabel('Main group'));
    await page.keyboard.type('Stable coding');
    await page.keyboard.press('Enter');
    const addFallback = dialog.getByLabel('Add a fallback group');
    await tabTo(page, addFallback);
    await page.keyboard.type('Multi-model');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Claude economy');
    await page.keyboard.press('Enter');
    expect(await dialog.getByTestId('fallback-group').allInnerTexts()).toEqual([expect.stringMatching(/^2\. multi_forward\s/), expect.stringMatching(/^3\. alpha\s+×0\.1 · messages, chat-completions\s/)]);
    // multi_forward serves every format: no warning.
    expect(await dialog.getByTestId('format-warning').count()).toBe(0);
    await tabTo(page, dialog.getByLabel('Spending cap (RMB)'));
    await page.keyboard.type('12.5');
    await tabTo(page, dialog.getByLabel('Allowed models'));
    await page.keyboard.type('demo-chat');
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Create token' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    const laptop = row(page, 'laptop');
    await laptop.waitFor();
    expect(await laptop.getByTestId('token-groups').innerText()).toMatch(/^alpha_code_1 \(main\)\s+then multi_forward › alpha$/);
    await laptop.getByText('Active').waitFor();
    await laptop.getByText('of ¥12.5').waitFor();
    await laptop.getByText('demo-chat').waitFor();

    // The copy button at the end of the row puts the full key on the clipboard.
    await laptop.getByRole('button', { name: 'Copy key of laptop' }).click();
    await page.getByText('The key of laptop is copied.').waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^sk-[0-9A-Za-z]{48}$/);

    // The official SDK reaches the data plane with it, through the main group first.
    const answer = await eventually(async () => {
      const r = await chatStatus(key);
      return r.status === 200 && r;
    }, 'the new key works on the data plane');
    expect(answer).toMatchObject({ group: 'alpha_code_1', text: expect.stringContaining('demo channel') });

    // What it spent shows in the list once the usage is recorded.
    await eventually(async () => {
      await page.reload();
      return (await row(page, 'laptop').getByTestId('token-spent').innerText()) !== '¥0.000000';
    }, 'the spend of the call is listed');
    expect(await row(page, 'laptop').getByTestId('token-spent').innerText()).toMatch(/^¥0\.\d{6}$/);
    await screenshots(page, 'tokens');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The examples carry the real key and the node's base addresses, and run as pasted.
    const examples = page.getByRole('region', { name: 'Use a token' });
    await examples.getByRole('tab', { name: 'Chat Completions' }).click();
    const curl = await examples.getByTestId('example-curl').innerText();
    expect(curl).toContain(`${service.dataPlaneUrl}/v1/chat/completions`);
    expect(curl).toContain(`authorization: Bearer ${key}`);
    const curlRun = await run('bash', ['-c', `${curl} --silent --show-error --fail-with-body`]);
    expect(JSON.parse(curlRun.stdout).choices[0].message.content).toContain('demo channel');
    for (const format of ['Chat Completions', 'Responses', 'Messages', 'generateContent']) {
      await examples.getByRole('tab', { name: format, exact: true }).click();
      await examples.getByRole('tab', { name: /^(Node\.js|TypeScript)/ }).click();
      const code = await examples.getByTestId('example-node').innerText();
      expect(code).toContain(key);
      // The official SDK the example names, run from this repository's node_modules.
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: process.cwd() });
      expect([format, stdout]).toEqual([format, expect.stringContaining('demo channel')]);
    }
    await examples.getByRole('tab', { name: 'Messages', exact: true }).click();
    await examples.getByRole('tab', { name: 'Python (anthropic)' }).click();
    expect(await examples.getByTestId('example-python').innerText()).toContain(`Anthropic(base_url="${service.dataPlaneUrl}", api_key="${key}")`);
    // Full-page shots from the top: scrolled, the fixed header would land mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshots(page, 'tokens-examples');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('edit, disable (the key gets 403), enable, delete after confirming', async () => {
    const owner = await fundedAccount();
    const { createToken } = await gqlOk<{ createToken: { id: string } }>(
      service.cp.server.url,
      'mutation { createToken(input: { name: "server", groups: ["alpha_code_1", "multi_forward", "alpha"] }) { id } }',
      {},
      { session: owner.session },
    );
    const key = (await gqlOk<{ tokenKey: string }>(service.cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: createToken.id }, { session: owner.session })).tokenKey;
    const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: owner.session });
    await page.goto('/tokens');
    await row(page, 'server').waitFor();

    // Edit: rename, an expiry, the last fallback removed.
    await page.getByRole('button', { name: 'Edit server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit token' });
    await dialog.getByLabel('Name').fill('backend');
    await dialog.getByRole('button', { name: 'Remove alpha' }).click();
    await dialog.getByLabel('Expires at').fill('2031-05-06T07:08');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const backend = row(page, 'backend');
    expect(await backend.getByTestId('token-groups').innerText()).toMatch(/^alpha_code_1 \(main\)\s+then multi_forward$/);
    await backend.getByText(/2031/).waitFor();
    const stored = await gqlOk<{ token: { name: string; groups: string[]; expiresAt: string } }>(
      service.cp.server.url,
      'query ($id: ID!) { token(id: $id) { name groups expiresAt } }',
      { id: createToken.id },
      { session: owner.session },
    );
    expect(stored.token).toMatchObject({ name: 'backend', groups: ['alpha_code_1', 'multi_forward'] });
    expect(stored.token.expiresAt).toBe(await page.evaluate(() => new Date('2031-05-06T07:08').toISOString()));

    await eventually(async () => (await chatStatus(key)).status === 200, 'the key works');
    await page.getByRole('button', { name: 'Disable backend' }).click();
    await backend.getByText('Disabled').waitFor();
    await eventually(async () => (await chatStatus(key)).status === 403, 'a disabled key gets 403');
    await page.getByRole('button', { name: 'Enable backend' }).click();
    await backend.getByText('Active').waitFor();
    await eventually(async () => (await chatStatus(key)).status === 200, 'an enabled key works again');

    // Delete asks first; cancelling keeps the token.
    await page.getByRole('button', { name: 'Delete backend' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete token' });
    await confirm.getByText('Delete backend for good?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await backend.waitFor();
    await page.getByRole('button', { name: 'Delete backend' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await backend.waitFor({ state: 'detached' });
    await page.getByText('No tokens yet').waitFor();
    await eventually(async () => (await chatStatus(key)).status === 401, 'a deleted key gets 401');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('bad input shows the API error next to its field; groups that cannot serve a format are warned about', async () => {
    const owner = await seedAccount(service.cp.services);
    const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: owner.session });
    await page.goto('/tokens');
    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New token' });
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const name = dialog.getByLabel('Name');
    expect(await errorNextTo(name)).toMatch(/longer than or equal to 1 character/);

    await name.fill('cli');
    const cap = dialog.getByLabel('Spending cap (RMB)');
    await cap.fill('abc');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    expect(await errorNextTo(cap)).toMatch(/RMB amount/);
    expect(await name.getAttribute('aria-invalid')).toBeNull();

    // gamma serves responses only: the other three formats are named; a Gemini fallback adds two.
    const main = dialog.getByLabel('Main group');
    await main.click();
    await page.getByRole('option', { name: /^gamma/ }).click();
    const warning = dialog.getByTestId('format-warning');
    await warning.getByText('These groups cannot serve chat-completions, messages, generateContent').waitFor();
    await warning.getByText('They serve: responses.').waitFor();
    await dialog.getByLabel('Add a fallback group').click();
    await page.getByRole('option', { name: /^beta/ }).click();
    await warning.getByText('These groups cannot serve messages').waitFor();
    await warning.getByText('They serve: chat-completions, responses, generateContent.').waitFor();
    await screenshots(page, 'tokens-create');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No tokens yet').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
