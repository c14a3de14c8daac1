import { gql, gqlOk } from './graphql.js';
import type { TestSmtpServer } from './smtp.js';

/**
 * What every captcha shows in tests: pass `captchaAnswer: () => TEST_CAPTCHA_ANSWER` in the
 * control plane's overrides. The answer never crosses the API; tests know it because they chose it.
 */
export const TEST_CAPTCHA_ANSWER = 'Kx7pQ';

/** A captcha created over the API, with the answer tests know. */
export async function solvedCaptcha(url: string, purpose: 'EMAIL_CODE' | 'REGISTER'): Promise<{ captchaId: string; captchaAnswer: string }> {
  const data = await gqlOk<{ createCaptcha: { id: string } }>(url, 'mutation($p: CaptchaPurpose!) { createCaptcha(purpose: $p) { id } }', { p: purpose });
  return { captchaId: data.createCaptcha.id, captchaAnswer: TEST_CAPTCHA_ANSWER };
}

/** Asks for an e-mail code (solving the captcha) and returns the code read from the mail the SMTP server received. */
export async function mailedCode(url: string, smtp: TestSmtpServer, email: string): Promise<string> {
  const before = smtp.mails.length;
  await gqlOk(url, 'mutation($i: RequestEmailCodeInput!) { requestEmailCode(input: $i) { expiresAt } }', {
    i: { email, ...(await solvedCaptcha(url, 'EMAIL_CODE')) },
  });
  const mail = smtp.lastTo(email);
  if (!mail || smtp.mails.length === before) throw new Error(`no mail reached ${email}`);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail: ${mail.text}`);
  return code;
}

/** The registration form with everything but the captcha filled in. */
export interface RegistrationFields {
  username: string;
  email: string;
  password?: string;
  passwordConfirmation?: string;
  emailCode?: string;
  inviteCode?: string;
}

/** Default password of accounts registered by these helpers. */
export const TEST_PASSWORD = 'correct horse battery';

/** Sends `register` with a fresh REGISTER captcha; fills password and confirmation by default. */
export async function sendRegister(url: string, fields: RegistrationFields & { emailCode: string }) {
  const input = {
    password: TEST_PASSWORD,
    passwordConfirmation: fields.password ?? TEST_PASSWORD,
    ...fields,
    ...(await solvedCaptcha(url, 'REGISTER')),
  };
  return gql<{ register: { id: string; username: string; inviteCode: string } }>(
    url,
    'mutation($i: RegisterInput!) { register(input: $i) { id username inviteCode } }',
    { i: input },
  );
}

/** The whole flow: mailed code, then `register`; throws unless it succeeds. */
export async function registerAccount(url: string, smtp: TestSmtpServer, fields: RegistrationFields): Promise<{ id: string; username: string; inviteCode: string }> {
  const emailCode = fields.emailCode ?? (await mailedCode(url, smtp, fields.email));
  const r = await sendRegister(url, { ...fields, emailCode });
  if (r.errors?.length || !r.data) throw new Error(`register failed: ${JSON.stringify(r.errors)}`);
  return r.data.register;
}

/** Logs in and returns the bearer session token. */
export async function loginSession(url: string, login: string, password = TEST_PASSWORD): Promise<string> {
  const data = await gqlOk<{ login: { token: string } }>(url, 'mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { login, password } });
  return data.login.token;
}
