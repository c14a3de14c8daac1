import { Account, Role } from '../../control-plane/accounts/account.entity.js';
import { SESSION_COOKIE } from '../../control-plane/server.js';
import { LedgerEntry } from '../../control-plane/ledger/ledger-entry.entity.js';
import { Token } from '../../control-plane/tokens/token.entity.js';
import { loginSession, registerAccount, TEST_CAPTCHA_ANSWER, TEST_PASSWORD } from '../support/accounts.js';
import { startTestControlPlane, TEST_ADMIN, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp.js';

let now = Date.now();
let cp: TestControlPlane;
let smtp: TestSmtpServer;
let url: string;
let bob: { id: string; inviteCode: string };

const LOGIN = 'mutation($i: LoginInput!) { login(input: $i) { token expiresAt account { id username role } } }';
const ME = '{ me { id username email role inviteCode createdAt balanceRmb balanceMicro invitedBy } }';
const CHANGE_PASSWORD = 'mutation($i: ChangePasswordInput!) { changePassword(input: $i) }';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  cp = await startTestControlPlane({ env: { SMTP_URL: smtp.url }, overrides: { now: () => now, captchaAnswer: () => TEST_CAPTCHA_ANSWER } });
  url = cp.server.url;
  const carol = await registerAccount(url, smtp, { username: 'carol', email: 'carol@example.com' });
  bob = await registerAccount(url, smtp, { username: 'bob_b', email: 'Bob@Example.com', inviteCode: carol.inviteCode });
});

afterAll(async () => {
  await cp?.stop();
  await smtp?.close();
});

// Fresh rate-limit windows for every test (all requests come from 127.0.0.1).
beforeEach(() => {
  now += 24 * 3600_000;
});

function sessionCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

test('login with the username returns a bearer session token and sets an httpOnly cookie; both open `me`', async () => {
  const r = await gql<{ login: { token: string; expiresAt: string; account: { id: string; username: string; role: string } } }>(url, LOGIN, {
    i: { login: 'BOB_B', password: TEST_PASSWORD },
  });
  expect(r.errors).toBeUndefined();
  const { token, account, expiresAt } = r.data!.login;
  expect(token).toMatch(/^ses_/);
  expect(account).toEqual({ id: bob.id, username: 'bob_b', role: 'USER' });
  expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());

  const cookie = sessionCookie(r.headers)!;
  expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
  expect(cookie.toLowerCase()).toContain('httponly');

  const byBearer = await gqlOk<{ me: Record<string, unknown> }>(url, ME, {}, { session: token });
  expect(byBearer.me).toMatchObject({
    id: bob.id,
    username: 'bob_b',
    email: 'Bob@Example.com',
    role: 'USER',
    inviteCode: bob.inviteCode,
    balanceRmb: '0.200000',
    balanceMicro: '200000',
    invitedBy: 'carol',
  });
  const byCookie = await gqlOk<{ me: { id: string } }>(url, '{ me { id } }', {}, { cookie: cookie.split(';')[0] });
  expect(byCookie.me.id).toBe(bob.id);
});

test('login with the e-mail address, in any case', async () => {
  const r = await gql<{ login: { account: { id: string } } }>(url, LOGIN, { i: { login: 'bob@EXAMPLE.com', password: TEST_PASSWORD } });
  expect(r.data?.login.account.id).toBe(bob.id);
});

test('wrong password or unknown account is UNAUTHENTICATED and sets no cookie', async () => {
  for (const i of [{ login: 'bob_b', password: 'wrong password' }, { login: 'nobody', password: TEST_PASSWORD }]) {
    const r = await gql(url, LOGIN, { i });
    expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(r.data).toBeUndefined();
    expect(sessionCookie(r.headers)).toBeUndefined();
  }
});

test('`me` without a session, with a made-up one, or with an empty login is refused', async () => {
  expect((await gql(url, ME)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect((await gql(url, ME, {}, { session: 'ses_madeup' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expectBadInput(await gql(url, LOGIN, { i: { login: '', password: 'x' } }), 'login');
});

test('logout ends only this session and clears the cookie', async () => {
  const one = await loginSession(url, 'bob_b');
  const two = await loginSession(url, 'bob_b');
  const r = await gql<{ logout: boolean }>(url, 'mutation { logout }', {}, { session: one });
  expect(r.data?.logout).toBe(true);
  const cleared = sessionCookie(r.headers)!;
  expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  expect(cleared.toLowerCase()).toContain('expires=thu, 01 jan 1970');
  expect((await gql(url, ME, {}, { session: one })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect((await gqlOk<{ me: { id: string } }>(url, '{ me { id } }', {}, { session: two })).me.id).toBe(bob.id);
  expect((await gql(url, 'mutation { logout }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

test('changePassword checks its input, then ends the other sessions and keeps this one', async () => {
  await registerAccount(url, smtp, { username: 'dave', email: 'dave@example.com' });
  const current = await loginSession(url, 'dave');
  const other = await loginSession(url, 'dave');
  const bad: [Record<string, string>, string][] = [
    [{ currentPassword: 'not it', newPassword: 'new password 1', newPasswordConfirmation: 'new password 1' }, 'currentPassword'],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'short', newPasswordConfirmation: 'short' }, 'newPassword'],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'new password 1', newPasswordConfirmation: 'new password 2' }, 'newPasswordConfirmation'],
  ];
  for (const [i, field] of bad) {
    expectBadInput(await gql(url, CHANGE_PASSWORD, { i }, { session: current }), field);
  }
  expect((await gqlOk<{ me: { id: string } }>(url, '{ me { id } }', {}, { session: other })).me.id).toBeTruthy();

  const i = { currentPassword: TEST_PASSWORD, newPassword: 'new password 1', newPasswordConfirmation: 'new password 1' };
  expect((await gql(url, CHANGE_PASSWORD, { i })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect((await gqlOk<{ changePassword: boolean }>(url, CHANGE_PASSWORD, { i }, { session: current })).changePassword).toBe(true);
  expect((await gql(url, ME, {}, { session: other })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect((await gqlOk<{ me: { username: string } }>(url, '{ me { username } }', {}, { session: current })).me.username).toBe('dave');
  expect((await gql(url, LOGIN, { i: { login: 'dave', password: TEST_PASSWORD } })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect(await loginSession(url, 'dave', 'new password 1')).toMatch(/^ses_/);
});

test('failed logins for an account ask for a captcha, whatever the login names it by, until the window passes', async () => {
  for (let n = 0; n < 5; n++) {
    expect((await gql(url, LOGIN, { i: { login: 'carol', password: 'guess ' + n } })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  }
  // By e-mail this time: the same account.
  const asked = await gql(url, LOGIN, { i: { login: 'carol@example.com', password: TEST_PASSWORD } });
  expect(asked.errors?.[0]?.extensions?.code).toBe('CAPTCHA_REQUIRED');
  now += 15 * 60_000;
  expect(await loginSession(url, 'carol')).toMatch(/^ses_/);
});

test('login is rate-limited per client address across accounts', async () => {
  for (let n = 0; n < 30; n++) {
    expect((await gql(url, LOGIN, { i: { login: `nobody${n}`, password: 'x' } })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  }
  expect((await gql(url, LOGIN, { i: { login: 'bob_b', password: TEST_PASSWORD } })).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
});

test('the configured first admin exists, is ADMIN, and has no trial credit or token', async () => {
  const session = await loginSession(url, TEST_ADMIN.username, TEST_ADMIN.password);
  const me = await gqlOk<{ me: { id: string; role: string; balanceMicro: string } }>(url, '{ me { id role balanceMicro } }', {}, { session });
  expect(me.me.role).toBe('ADMIN');
  expect(me.me.balanceMicro).toBe('0');
  const em = cp.services.deps.orm.em.fork();
  expect(await em.count(LedgerEntry, { account: me.me.id })).toBe(0);
  expect(await em.count(Token, { account: me.me.id })).toBe(0);
  expect(await em.count(Account, { role: Role.Admin })).toBe(1);
});
