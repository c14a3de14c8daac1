import type { Browser } from 'playwright-core';
import { startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { gqlOk } from '../support/graphql.js';

let service: ConsoleService;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService({ env: { MAX_TOKENS_PER_ACCOUNT: '2' } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

test('a new token past the account cap is refused in the dialog, in the language of the reader', async () => {
  const owner = await seedAccount(service.cp.services);
  for (const name of ['one', 'two']) await gqlOk(service.cp.server.url, `mutation { createToken(input: { name: "${name}" }) { id } }`, {}, { session: owner.session });
  for (const [locale, newToken, name, create, refusal] of [
    ['en-US', 'New token', 'Name', 'Create token', 'This account already holds 2 tokens, the most allowed. Delete a token you no longer use, then create this one.'],
    ['zh-CN', '新建令牌', '名称', '创建令牌', '此账户已有 2 个令牌，已达上限。请先删除不再使用的令牌，再创建新令牌。'],
  ]) {
    const { page, context, errors } = await openPage(browser, service.consoleUrl, { session: owner.session, locale });
    await page.goto('/tokens');
    await page.getByRole('button', { name: newToken }).click();
    const dialog = page.getByRole('dialog', { name: newToken });
    await dialog.getByLabel(name).fill('three');
    await dialog.getByRole('button', { name: create }).click();
    await dialog.getByRole('alert').filter({ hasText: refusal }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }
});
