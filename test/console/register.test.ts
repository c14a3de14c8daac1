import type { Browser, Locator, Page } from 'playwright-core';
import { captchaAnswer, mailedCodeTo, startConsoleService, type ConsoleService } from '../support/console-service.js';
import { launchBrowser, openPage, screenshots, seriousA11yViolations } from '../support/browser.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { loginSession } from '../support/accounts.js';
import { gqlOk } from '../support/graphql.js';

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

const PASSWORD = 'a long enough password';

let counter = 0;
/** A username and address no other test uses (usernames: 4 to 12 characters). */
function newcomer(): { username: string; email: string } {
  const username = `new${process.pid % 1000}_${++counter}`;
  return { username, email: `${username}@example.test` };
}

/** The fieldsets of the form, by legend. */
const emailSection = (page: Page) => page.getByRole('group', { name: 'E-mail verification' });
const confirmSection = (page: Page) => page.getByRole('group', { name: 'Confirm' });

/** The id of the captcha a section shows now (from the image's `data-captcha-id`). */
async function captchaId(section: Locator): Promise<string> {
  const image = section.locator('img[data-captcha-id]');
  await image.waitFor();
  return (await image.getAttribute('data-captcha-id'))!;
}

/** The answer of the captcha a section shows, read from the service's store. */
async function solve(section: Locator): Promise<string> {
  return captchaAnswer(service.cp, await captchaId(section));
}

/** Waits until the section shows a captcha other than `previous`. */
async function nextCaptcha(section: Locator, previous: string): Promise<string> {
  await section.locator(`img[data-captcha-id]:not([data-captcha-id="${previous}"])`).waitFor();
  return captchaId(section);
}

/** The error shown next to a field: the field is marked invalid and described by the error's text. */
async function fieldError(field: Locator): Promise<string> {
  await field.and(field.page().locator('[aria-invalid="true"]')).waitFor();
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  if (!errorId) throw new Error('the field is marked invalid but is not described by an error');
  return (await field.page().locator(`[id="${errorId}"]`).textContent()) ?? '';
}

/** The key of the account's only token, asked of the API as that account. */
async function initialTokenKey(username: string): Promise<string> {
  const session = await loginSession(gqlUrl, username, PASSWORD);
  const { myTokens } = await gqlOk<{ myTokens: { id: string; name: string }[] }>(gqlUrl, '{ myTokens { id name } }', {}, { session });
  expect(myTokens).toHaveLength(1);
  return (await gqlOk<{ tokenKey: string }>(gqlUrl, 'query($id: ID!) { tokenKey(id: $id) }', { id: myTokens[0].id }, { session })).tokenKey;
}

test('an invite link registers end to end: mailed code, two captchas, then the trial credit and the initial key, signed in', async () => {
  const inviter = await seedAccount(service.cp.services);
  const { username, email } = newcomer();
  const { page, context, errors } = await openPage(browser, service.consoleUrl);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.consoleUrl });
  await page.goto(`/register?invite=${inviter.account.inviteCode}`);
  await page.getByRole('heading', { name: 'Create an account', level: 2 }).waitFor();
  expect(await page.getByLabel('Invite code (optional)').inputValue()).toBe(inviter.account.inviteCode);
  await captchaId(emailSection(page));
  await captchaId(confirmSection(page));
  await screenshots(page, 'register');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel(/for the e-mail code/).fill(await solve(emailSection(page)));
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('status').filter({ hasText: `A code was sent to ${email}` }).waitFor();
  await page.getByRole('textbox', { name: 'E-mail code', exact: true }).fill(mailedCodeTo(service.smtp, email));
  await page.getByLabel(/to register/).fill(await solve(confirmSection(page)));
  await page.getByRole('button', { name: 'Register' }).click();

  await page.getByRole('heading', { name: `Welcome, ${username}` }).waitFor();
  expect(await page.getByTestId('trial-credit').textContent()).toBe('¥0.200000');
  const key = await initialTokenKey(username);
  expect(key).toMatch(/^sk-/);
  expect(await page.getByTestId('initial-token-key').textContent()).toBe(key);
  // Signed in: the shell shows the account.
  await page.getByRole('link', { name: username, exact: true }).waitFor();
  await screenshots(page, 'register-done');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Copy key' }).click();
  await page.getByRole('button', { name: /Copied/ }).waitFor();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);

  // The invite was recorded with the account.
  const session = await loginSession(gqlUrl, username, PASSWORD);
  expect((await gqlOk<{ me: { invitedBy: string } }>(gqlUrl, '{ me { invitedBy } }', {}, { session })).me.invitedBy).toBe(inviter.account.username);

  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await page.waitForURL(/\/dashboard$/);
  expect(errors).toEqual([]);
  await context.close();
});

test('mistakes show next to their fields; a wrong captcha is answered with a new one; a rate limit says how long to wait', async () => {
  const { email } = newcomer();
  const { page, context, errors } = await openPage(browser, service.consoleUrl);
  await page.goto('/register');
  const codeCaptcha = page.getByLabel(/for the e-mail code/);
  const registerCaptcha = page.getByLabel(/to register/);

  // A wrong answer to the first captcha: the API's error next to the captcha field, and a new captcha.
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  const first = await captchaId(emailSection(page));
  await codeCaptcha.fill(`x${await captchaAnswer(service.cp, first)}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  expect(await fieldError(codeCaptcha)).toBe('Wrong or expired answer: type the characters of the new image.');
  const second = await nextCaptcha(emailSection(page), first);
  expect(await codeCaptcha.inputValue()).toBe('');

  await codeCaptcha.fill(await captchaAnswer(service.cp, second));
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('status').filter({ hasText: `A code was sent to ${email}` }).waitFor();
  const code = mailedCodeTo(service.smtp, email);

  // A second code for the same address at once (the limit is one a minute): rate limited, with the
  // wait counted down. Asked right after the first, so that a slow machine stays within the minute.
  await codeCaptcha.fill(await solve(emailSection(page)));
  await page.getByRole('button', { name: 'Send a new code' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
  await notice.waitFor();
  expect(await notice.textContent()).toMatch(/e-mail code requests for this address; try again in \d+ s/);
  const waiting = page.getByRole('button', { name: /^Try again in \d+ s$/ });
  await waiting.waitFor();
  expect(await waiting.isDisabled()).toBe(true);

  // Three characters and a confirmation that differs: both fields say so at once.
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('abc');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(`${PASSWORD}!`);
  await page.getByRole('textbox', { name: 'E-mail code', exact: true }).fill(code);
  await registerCaptcha.fill(await solve(confirmSection(page)));
  await page.getByRole('button', { name: 'Register' }).click();
  expect(await fieldError(page.getByRole('textbox', { name: 'Username', exact: true }))).toBe('Must be 4 to 12 letters, digits or underscores');
  expect(await fieldError(page.getByLabel('Confirm password'))).toBe('Does not match the password');
  // The focus goes to the first field in error.
  expect(await page.locator(':focus').getAttribute('name')).toBe('username');

  // Corrected, but a wrong e-mail code: the API's error next to that field, and the spent captcha replaced.
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(newcomer().username);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const wrongCode = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  await page.getByRole('textbox', { name: 'E-mail code', exact: true }).fill(wrongCode);
  const spent = await captchaId(confirmSection(page));
  await page.getByRole('button', { name: 'Register' }).click();
  expect(await fieldError(page.getByRole('textbox', { name: 'E-mail code', exact: true }))).toBe('wrong code');
  await nextCaptcha(confirmSection(page), spent);
  expect(await registerCaptcha.inputValue()).toBe('');

  await page.evaluate('window.scrollTo(0, 0)');
  await screenshots(page, 'register-errors');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('registration works with the keyboard alone: Tab moves field to field in order, Enter sends the code and submits', async () => {
  const { username, email } = newcomer();
  const { page, context, errors } = await openPage(browser, service.consoleUrl);
  await page.goto('/register');
  await captchaId(emailSection(page));
  await captchaId(confirmSection(page));

  /** Presses Tab and says where the focus went: the field's name, else the control's label or text. */
  const tab = async () => {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    return (await focused.getAttribute('name')) ?? (await focused.getAttribute('aria-label')) ?? (await focused.textContent());
  };

  // From the top of the page, through the shell's header, to the form's first field.
  let steps = 0;
  while ((await tab()) !== 'username') if (++steps > 40) throw new Error('Tab never reached the username field');
  await page.keyboard.type(username);
  expect(await tab()).toBe('password');
  await page.keyboard.type(PASSWORD);
  expect(await tab()).toBe('passwordConfirmation');
  await page.keyboard.type(PASSWORD);
  expect(await tab()).toBe('email');
  await page.keyboard.type(email);
  expect(await tab()).toBe('Show another image');
  expect(await tab()).toBe('codeCaptcha');
  await page.keyboard.type(await solve(emailSection(page)));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `A code was sent to ${email}` }).waitFor();
  // The focus moves on to the code's field.
  await page.locator(':focus[name="emailCode"]').waitFor();
  await page.keyboard.type(mailedCodeTo(service.smtp, email));
  expect(await tab()).toBe('inviteCode');
  expect(await tab()).toBe('Show another image');
  expect(await tab()).toBe('registerCaptcha');
  await page.keyboard.type(await solve(confirmSection(page)));
  await page.keyboard.press('Enter');

  await page.getByRole('heading', { name: `Welcome, ${username}` }).waitFor();
  expect(await page.getByTestId('trial-credit').textContent()).toBe('¥0.200000');
  expect(await page.getByTestId('initial-token-key').textContent()).toBe(await initialTokenKey(username));
  expect(errors).toEqual([]);
  await context.close();
});
