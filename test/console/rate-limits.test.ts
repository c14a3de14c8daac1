/**
 * Rate limits in the console: the owner sets a token's limits in its dialog (the API's refusal
 * above the account's limit shows beside the field) and sees its use this minute; administrators
 * set an account's limits on its page and a group's in the group form. The data plane enforces
 * what the page set. Screenshots of the changed dialogs at 1280x800 and 390x844.
 */
import OpenAI from 'openai';
import type { Browser, Locator, Page } from 'playwright-core';
import { loginSession } from '../support/accounts.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations, type WatchedPage } from '../support/browser.js';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { TEST_ADMIN } from '../support/control-plane.js';
import { eventually } from '../support/eventually.js';
import { gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

let service: ConsoleService;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  admin = await loginSession(service.cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const asAdmin = <T>(query: string, variables: Record<string, unknown> = {}) => gqlOk<T>(service.cp.server.url, query, variables, { session: admin });

/** A fresh account with a balance: calls reserve their cost in advance. */
async function fundedAccount(): Promise<SeededAccount> {
  const account = await seedAccount(service.cp.services);
  await asAdmin('mutation ($a: ID!) { adjustBalance(accountId: $a, amountRmb: "5", reason: "rate limit test") { __typename } }', { a: account.account.id });
  return account;
}

/** One chat call with the official SDK: its status. */
async function chatStatus(key: string): Promise<number> {
  const client = new OpenAI({ apiKey: key, baseURL: `${service.dataPlaneUrl}/v1`, maxRetries: 0 });
  try {
    const { response } = await client.chat.completions.create({ model: 'demo-chat', max_tokens: 32, messages: [{ role: 'user', content: 'hello' }] }).withResponse();
    return response.status;
  } catch (err) {
    if (err instanceof OpenAI.APIError && err.status) return err.status;
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

/** Accessibility and console errors, checked on every page the test leaves. */
async function checkAndClose({ page, context, errors }: WatchedPage): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

async function shots(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}

test("a token's limits: set in its dialog within the account's, enforced by the data plane, its use shown", async () => {
  const owner = await fundedAccount();
  await asAdmin('mutation ($a: ID!) { setAccountRateLimits(accountId: $a, limits: { rpm: 5 }) { id } }', { a: owner.account.id });
  const watched = await openPage(browser, service.consoleUrl, { session: owner.session });
  const { page } = watched;
  await page.goto('/tokens');
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New token' });
  await dialog.getByLabel('Name').fill('limited');
  const rpm = dialog.getByLabel('Requests per minute');
  const concurrency = dialog.getByLabel('Concurrent requests');

  // The page's own check, then the API's: above the account's limit, beside the field.
  await concurrency.fill('two');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  expect(await errorNextTo(concurrency)).toBe('A whole number from 1, or empty');
  await concurrency.fill('');
  await rpm.fill('10');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  expect(await errorNextTo(rpm)).toMatch(/above the account's limit of 5/);
  await rpm.fill('2');
  await dialog.getByLabel('Tokens per minute').fill('100000');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await dialog.waitFor({ state: 'detached' });

  const { myTokens } = await gqlOk<{ myTokens: { id: string; name: string; limits: unknown }[] }>(service.cp.server.url, '{ myTokens { id name limits { rpm tpm concurrency } } }', {}, { session: owner.session });
  const token = myTokens.find((t) => t.name === 'limited')!;
  expect(token.limits).toEqual({ rpm: 2, tpm: 100000, concurrency: null });
  const { tokenKey } = await gqlOk<{ tokenKey: string }>(service.cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: token.id }, { session: owner.session });

  // Two calls a minute: the third is refused.
  await eventually(async () => (await chatStatus(tokenKey)) === 200, 'the key works');
  expect(await chatStatus(tokenKey)).toBe(200);
  expect(await chatStatus(tokenKey)).toBe(429);

  await page.getByRole('button', { name: 'Edit limited' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit token' });
  await edit.getByTestId('rate-use').getByText(/^This minute: 2 requests, \d+ tokens; 0 in flight now$/).waitFor();
  expect(await edit.getByLabel('Requests per minute').inputValue()).toBe('2');
  // The dialog scrolls inside itself: the shots show its rate-limit part.
  await edit.getByTestId('rate-use').scrollIntoViewIfNeeded();
  await screenshots(page, 'tokens-limits');
  // (Axe ran on the dialog above: the page now also holds the creation's notification.)
  expect(watched.errors).toEqual([]);
  await watched.context.close();
});

test("an administrator sets an account's limits on its page and a group's in its form", async () => {
  const owner = await fundedAccount();
  const watched = await openPage(browser, service.consoleUrl, { session: admin });
  const { page } = watched;
  await page.goto(`/admin/accounts/${owner.account.id}`);
  const card = page.getByRole('form', { name: 'Rate limits' });
  await card.getByLabel('Requests per minute').fill('0');
  await card.getByRole('button', { name: 'Save' }).click();
  expect(await errorNextTo(card.getByLabel('Requests per minute'))).toBe('A whole number from 1, or empty');
  await card.getByLabel('Requests per minute').fill('120');
  await card.getByLabel('Concurrent requests').fill('4');
  await card.getByRole('button', { name: 'Save' }).click();
  await eventually(async () => {
    const { account } = await asAdmin<{ account: { limits: unknown } }>('query ($id: ID!) { account(id: $id) { limits { rpm tpm concurrency } } }', { id: owner.account.id });
    return JSON.stringify(account.limits) === JSON.stringify({ rpm: 120, tpm: null, concurrency: 4 });
  }, 'the account limits saved');
  await shots(page, 'admin-account-limits');

  await page.goto('/admin/groups');
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel(/^Name/).fill('limited_pool');
  await dialog.getByLabel('Display name').fill('Limited pool');
  await dialog.getByLabel('Tokens per minute').fill('50000');
  await shots(page, 'admin-group-limits');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'detached' });
  const { group } = await asAdmin<{ group: { limits: unknown } }>('query { group(name: "limited_pool") { limits { rpm tpm concurrency } } }');
  expect(group.limits).toEqual({ rpm: null, tpm: 50000, concurrency: null });
  await checkAndClose(watched);
});
