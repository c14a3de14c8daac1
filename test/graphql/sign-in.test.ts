import http from 'node:http';
import { TEST_CAPTCHA_ANSWER, TEST_PASSWORD } from '../support/accounts.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { seedAccount } from '../support/seeded-accounts.js';

let now = Date.now();
let cp: TestControlPlane;

beforeAll(async () => {
  cp = await startTestControlPlane({ overrides: { now: () => now, captchaAnswer: () => TEST_CAPTCHA_ANSWER } });
});
afterAll(async () => {
  await cp?.stop();
});

// Fresh windows for every test.
beforeEach(() => {
  now += 24 * 3600_000;
});

interface Answer {
  data?: { login?: { token: string }; createCaptcha?: { id: string } } | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

/** A GraphQL call sent from the loopback address `from` (127.0.0.0/8 are all this machine), as a distinct client address. */
function callFrom(from: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  const url = new URL(cp.server.url);
  const body = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text) as Answer));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const LOGIN = 'mutation($i: LoginInput!) { login(input: $i) { token } }';
const login = (from: string, name: string, password: string, captcha: { captchaId?: string; captchaAnswer?: string } = {}) =>
  callFrom(from, LOGIN, { i: { login: name, password, ...captcha } });
const code = (a: Answer) => a.errors?.[0]?.extensions.code;

async function captchaFrom(from: string, purpose = 'LOGIN', answer = TEST_CAPTCHA_ANSWER) {
  const r = await callFrom(from, 'mutation($p: CaptchaPurpose!) { createCaptcha(purpose: $p) { id } }', { p: purpose });
  return { captchaId: r.data!.createCaptcha!.id, captchaAnswer: answer };
}

const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.3';

test('an address guessing one account is stopped there; the owner from a clean address signs in after solving a captcha', async () => {
  const { account } = await seedAccount(cp.services);
  const name = account.username;
  // Five wrong passwords from one address: the fifth says the next attempt needs a captcha.
  for (let n = 1; n <= 5; n++) {
    const r = await login(ATTACKER, name, `guess ${n}`);
    expect(r.errors?.[0]).toMatchObject({ message: 'Wrong username, e-mail or password', extensions: { code: 'UNAUTHENTICATED', captchaRequired: n === 5 } });
  }
  // Without a captcha nothing more is checked, the right password included.
  for (let n = 6; n <= 10; n++) expect(code(await login(ATTACKER, name, n === 10 ? TEST_PASSWORD : `guess ${n}`))).toBe('CAPTCHA_REQUIRED');
  // Ten attempts on this account from this address: that pair is limited, and only that pair.
  const limited = await login(ATTACKER, name, TEST_PASSWORD, await captchaFrom(ATTACKER));
  expect(limited.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });

  // The owner, from another address: asked for a captcha, never refused outright.
  const asked = await login(OWNER, name, TEST_PASSWORD);
  expect(asked.errors?.[0]).toMatchObject({ extensions: { code: 'CAPTCHA_REQUIRED', captchaPurpose: 'LOGIN' } });
  const signedIn = await login(OWNER, name, TEST_PASSWORD, await captchaFrom(OWNER));
  expect(signedIn.errors).toBeUndefined();
  expect(signedIn.data?.login?.token).toMatch(/^ses_/);
  // The attacker's address stays limited on this account meanwhile.
  expect(code(await login(ATTACKER, name, TEST_PASSWORD, await captchaFrom(ATTACKER)))).toBe('RATE_LIMITED');
});

test('a wrong or foreign captcha is refused on captchaAnswer and spent; the failures age out with their window', async () => {
  const { account } = await seedAccount(cp.services);
  const name = account.username;
  for (let n = 0; n < 5; n++) await login(ATTACKER, name, `guess ${n}`);
  const wrong = await captchaFrom(OWNER, 'LOGIN', 'wrong');
  expect((await login(OWNER, name, TEST_PASSWORD, wrong)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'captchaAnswer' });
  // Spent by that attempt, even with the right answer now.
  expect((await login(OWNER, name, TEST_PASSWORD, { ...wrong, captchaAnswer: TEST_CAPTCHA_ANSWER })).errors?.[0]?.extensions).toMatchObject({ field: 'captchaAnswer' });
  // A registration captcha does not open a login.
  expect((await login(OWNER, name, TEST_PASSWORD, await captchaFrom(OWNER, 'REGISTER'))).errors?.[0]?.extensions).toMatchObject({ field: 'captchaAnswer' });
  // A solved captcha does not make a wrong password right.
  expect(code(await login(OWNER, name, 'still wrong', await captchaFrom(OWNER)))).toBe('UNAUTHENTICATED');
  now += 15 * 60_000;
  expect((await login(OWNER, name, TEST_PASSWORD)).data?.login?.token).toMatch(/^ses_/);
});

test('a login naming no account answers exactly as one naming an account', async () => {
  for (let n = 1; n <= 5; n++) {
    const r = await login(ATTACKER, 'nobody_here', `guess ${n}`);
    expect(r.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', captchaRequired: n === 5 });
  }
  expect(code(await login(ATTACKER, 'nobody_here', 'x'))).toBe('CAPTCHA_REQUIRED');
});

test('one address is limited across accounts; other addresses are not', async () => {
  const { account } = await seedAccount(cp.services);
  for (let n = 0; n < 30; n++) await login(ATTACKER, `nobody${n}`, 'x');
  expect(code(await login(ATTACKER, account.username, TEST_PASSWORD))).toBe('RATE_LIMITED');
  expect((await login(OWNER, account.username, TEST_PASSWORD)).data?.login?.token).toMatch(/^ses_/);
});
