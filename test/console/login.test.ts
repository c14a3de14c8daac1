import type { Browser, Page } from 'playwright-core';
import { captchaAnswer, startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { TEST_PASSWORD } from '../support/accounts.js';
import { gql } from '../support/graphql.js';

let service: ConsoleService;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** An account someone has failed to log in to five times: logging in to it now needs a captcha. */
async function guessedAccount(): Promise<string> {
  const { account } = await seedAccount(service.cp.services);
  for (let n = 0; n < 5; n++) {
    const r = await gql(service.cp.server.url, 'mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { login: account.username, password: `guess ${n}` } });
    expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  }
  return account.username;
}

/** The id of the captcha the login form shows now. */
async function shownCaptcha(page: Page, previous?: string): Promise<string> {
  const image = page.locator(previous ? `img[data-captcha-id]:not([data-captcha-id="${previous}"])` : 'img[data-captcha-id]');
  await image.waitFor();
  return (await image.getAttribute('data-captcha-id'))!;
}

test('after failed logins the form asks for a captcha, refuses a wrong answer with a new image, and signs in with the right one', async () => {
  const username = await guessedAccount();
  const { page, errors } = await openPage(browser, service.consoleUrl);
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel(/^Password/).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  await page.getByRole('alert').filter({ hasText: 'This account had several failed logins. Type the characters in the image to continue.' }).waitFor();
  const first = await shownCaptcha(page);
  await screenshots(page, 'login-captcha');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel('Characters in the image above').fill('wrong');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Wrong or expired answer: type the characters of the new image.').waitFor();
  const second = await shownCaptcha(page, first);

  await page.getByLabel('Characters in the image above').fill(await captchaAnswer(service.cp, second));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});

test('the captcha request and its field are in Chinese for a Chinese reader', async () => {
  const username = await guessedAccount();
  const { page, errors } = await openPage(browser, service.consoleUrl, { locale: 'zh-CN' });
  await page.goto('/login');
  await page.getByLabel('用户名或邮箱').fill(username);
  await page.getByLabel(/^密码/).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('alert').filter({ hasText: '此账户有多次登录失败，请输入图片中的字符后继续。' }).waitFor();
  const id = await shownCaptcha(page);
  await page.getByLabel('上图中的字符').fill(await captchaAnswer(service.cp, id));
  await screenshots(page, 'login-captcha-zh');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});
