import { Account } from '../../control-plane/accounts/account.entity.js';
import { LedgerEntry, LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { Token } from '../../control-plane/tokens/token.entity.js';
import { SecretBox, sha256Hex } from '../../shared/crypto/secrets.js';
import { mailedCode, registerAccount, sendRegister, solvedCaptcha, TEST_CAPTCHA_ANSWER } from '../support/accounts.js';
import { startTestControlPlane, TEST_SECRET_KEY, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql } from '../support/graphql.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const DAY = 24 * 3600_000;
let now = Date.now();
let cp: TestControlPlane;
let smtp: TestSmtpServer;
let url: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  cp = await startTestControlPlane({ env: { SMTP_URL: smtp.url }, overrides: { now: () => now, captchaAnswer: () => TEST_CAPTCHA_ANSWER } });
  url = cp.server.url;
});

afterAll(async () => {
  await cp?.stop();
  await smtp?.close();
});

// Every test starts in fresh rate-limit windows (all requests come from 127.0.0.1).
beforeEach(() => {
  now += DAY + 3600_000;
});

const REQUEST_CODE = 'mutation($i: RequestEmailCodeInput!) { requestEmailCode(input: $i) { email expiresAt } }';
const CREATE_CAPTCHA = 'mutation($p: CaptchaPurpose!) { createCaptcha(purpose: $p) { id image expiresAt } }';

function em() {
  return cp.services.deps.orm.em.fork();
}

async function counts(): Promise<{ accounts: number; entries: number; tokens: number }> {
  const e = em();
  return { accounts: await e.count(Account), entries: await e.count(LedgerEntry), tokens: await e.count(Token) };
}

test('the whole flow: captcha, mailed code, captcha, register -> account, trial credit entry, initial token', async () => {
  const captcha = await gql<{ createCaptcha: { id: string; image: string; expiresAt: string } }>(url, CREATE_CAPTCHA, { p: 'EMAIL_CODE' });
  expect(captcha.errors).toBeUndefined();
  const { id, image, expiresAt } = captcha.data!.createCaptcha;
  expect(image.startsWith('<svg')).toBe(true);
  expect(JSON.stringify(captcha.data)).not.toContain(TEST_CAPTCHA_ANSWER);
  expect(new Date(expiresAt).getTime()).toBe(now + 5 * 60_000);

  const sent = await gql<{ requestEmailCode: { email: string; expiresAt: string } }>(url, REQUEST_CODE, {
    i: { email: 'Alice@Example.com', captchaId: id, captchaAnswer: TEST_CAPTCHA_ANSWER.toLowerCase() },
  });
  expect(sent.errors).toBeUndefined();
  expect(new Date(sent.data!.requestEmailCode.expiresAt).getTime()).toBe(now + 10 * 60_000);
  const mail = smtp.lastTo('Alice@Example.com');
  expect(mail?.subject).toContain('verification code');
  const code = /\b(\d{6})\b/.exec(mail!.text)![1];

  const r = await sendRegister(url, { username: 'Alice_1', email: 'Alice@Example.com', emailCode: code });
  expect(r.errors).toBeUndefined();
  const account = r.data!.register;
  expect(account.username).toBe('Alice_1');

  const e = em();
  const entries = await e.find(LedgerEntry, { account: account.id });
  expect(entries.map((x) => ({ kind: x.kind, amountMicro: x.amountMicro, idempotencyKey: x.idempotencyKey }))).toEqual([
    { kind: 'trial_credit', amountMicro: '200000', idempotencyKey: `trial:${account.id}` },
  ]);
  expect(await cp.services.ledger.balanceMicro(account.id)).toBe(200_000n);
  // The hot balance the data planes spend from is loaded at once, trial credit included.
  expect((await cp.services.deps.ports.balances.inspect(account.id)).balanceMicro).toBe(200_000n);

  const tokens = await e.find(Token, { account: account.id });
  expect(tokens).toHaveLength(1);
  const [token] = tokens;
  const key = new SecretBox(TEST_SECRET_KEY).decrypt(token.keyEncrypted);
  expect(key).toMatch(/^sk-[0-9A-Za-z]{48}$/);
  expect(token.keyHash).toBe(sha256Hex(key));
  expect(token.keyMasked).toBe(`${key.slice(0, 5)}...${key.slice(-4)}`);
  expect(token.groups).toEqual([]);
  expect(token.status).toBe('active');
  // Published after commit, so data planes accept the key at once.
  expect(await cp.services.deps.ports.tokens.get(token.keyHash)).toMatchObject({ tokenId: token.id, accountId: account.id, groups: [] });

  const login = await gql<{ login: { account: { balanceRmb: string; balanceMicro: string; role: string; email: string } } }>(
    url,
    'mutation($i: LoginInput!) { login(input: $i) { account { balanceRmb balanceMicro role email } } }',
    { i: { login: 'alice_1', password: 'correct horse battery' } },
  );
  expect(login.data?.login.account).toEqual({ balanceRmb: '0.200000', balanceMicro: '200000', role: 'USER', email: 'Alice@Example.com' });
});

test('a captcha is single-use: reuse is refused, and a wrong answer spends it too', async () => {
  const captcha = await solvedCaptcha(url, 'EMAIL_CODE');
  const first = await gql(url, REQUEST_CODE, { i: { email: 'reuse@example.com', ...captcha } });
  expect(first.errors).toBeUndefined();
  now += 120_000;
  expectBadInput(await gql(url, REQUEST_CODE, { i: { email: 'reuse@example.com', ...captcha } }), 'captchaAnswer');

  const other = await solvedCaptcha(url, 'EMAIL_CODE');
  expectBadInput(await gql(url, REQUEST_CODE, { i: { email: 'reuse2@example.com', ...other, captchaAnswer: 'wrong' } }), 'captchaAnswer');
  expectBadInput(await gql(url, REQUEST_CODE, { i: { email: 'reuse2@example.com', ...other } }), 'captchaAnswer');
  expect(smtp.lastTo('reuse2@example.com')).toBeUndefined();
});

test('a captcha of one purpose is refused for the other', async () => {
  const forRegister = await solvedCaptcha(url, 'REGISTER');
  expectBadInput(await gql(url, REQUEST_CODE, { i: { email: 'cross@example.com', ...forRegister } }), 'captchaAnswer');

  const code = await mailedCode(url, smtp, 'cross@example.com');
  const forEmail = await solvedCaptcha(url, 'EMAIL_CODE');
  const r = await gql(url, 'mutation($i: RegisterInput!) { register(input: $i) { id } }', {
    i: { username: 'crossed', email: 'cross@example.com', password: 'password1', passwordConfirmation: 'password1', emailCode: code, ...forEmail },
  });
  expectBadInput(r, 'captchaAnswer');
  expect(await em().count(Account, { usernameLower: 'crossed' })).toBe(0);
});

test('an expired captcha is refused', async () => {
  const captcha = await solvedCaptcha(url, 'EMAIL_CODE');
  now += 5 * 60_000 + 1;
  expectBadInput(await gql(url, REQUEST_CODE, { i: { email: 'late@example.com', ...captcha } }), 'captchaAnswer');
});

test('codes: wrong, expired and superseded codes are refused; five wrong guesses discard a code', async () => {
  const code = await mailedCode(url, smtp, 'codes@example.com');
  const wrong = code === '000000' ? '111111' : '000000';
  expectBadInput(await sendRegister(url, { username: 'codes1', email: 'codes@example.com', emailCode: wrong }), 'emailCode');
  // A wrong guess does not spend the code: the right one still registers the address.
  expect((await sendRegister(url, { username: 'codes1', email: 'codes@example.com', emailCode: code })).errors).toBeUndefined();

  const first = await mailedCode(url, smtp, 'codes3@example.com');
  now += 61_000;
  const second = await mailedCode(url, smtp, 'codes3@example.com');
  if (first !== second) expectBadInput(await sendRegister(url, { username: 'codes3', email: 'codes3@example.com', emailCode: first }), 'emailCode');
  now += 10 * 60_000 + 1;
  expectBadInput(await sendRegister(url, { username: 'codes3', email: 'codes3@example.com', emailCode: second }), 'emailCode');

  now += DAY;
  const fourth = await mailedCode(url, smtp, 'codes4@example.com');
  const bad = fourth === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    expectBadInput(await sendRegister(url, { username: 'codes4', email: 'codes4@example.com', emailCode: bad }), 'emailCode');
  }
  expectBadInput(await sendRegister(url, { username: 'codes4', email: 'codes4@example.com', emailCode: fourth }), 'emailCode');
  expect(await em().count(Account, { usernameLower: { $in: ['codes3', 'codes4'] } })).toBe(0);
});

test('a code mailed to one address does not register another', async () => {
  const code = await mailedCode(url, smtp, 'owner@example.com');
  const before = await counts();
  // Neither for an address that has no code, nor for one whose own code is another.
  expectBadInput(await sendRegister(url, { username: 'taker1', email: 'taker@example.com', emailCode: code }), 'emailCode');
  const own = await mailedCode(url, smtp, 'other@example.com');
  if (own !== code) expectBadInput(await sendRegister(url, { username: 'taker2', email: 'other@example.com', emailCode: code }), 'emailCode');
  expect(await counts()).toEqual(before);
  // The code is still its own address's.
  expect((await sendRegister(url, { username: 'owner1', email: 'owner@example.com', emailCode: code })).errors).toBeUndefined();
});

test('the code works with a wrong guess before it, and is spent by the registration that uses it', async () => {
  const code = await mailedCode(url, smtp, 'spent@example.com');
  const wrong = code === '000000' ? '111111' : '000000';
  expectBadInput(await sendRegister(url, { username: 'spent1', email: 'spent@example.com', emailCode: wrong }), 'emailCode');
  expect((await sendRegister(url, { username: 'spent1', email: 'spent@example.com', emailCode: code })).errors).toBeUndefined();
  // The same address cannot register again, with the spent code or otherwise.
  expectBadInput(await sendRegister(url, { username: 'spent2', email: 'SPENT@example.com', emailCode: code }), 'email');
  expectBadInput(await gql(url, REQUEST_CODE, { i: { email: 'spent@EXAMPLE.com', ...(await solvedCaptcha(url, 'EMAIL_CODE')) } }), 'email');
});

test('each bad input is BAD_USER_INPUT naming its field, and leaves nothing behind', async () => {
  await registerAccount(url, smtp, { username: 'taken', email: 'taken@example.com' });
  now += DAY;
  const before = await counts();
  const code = await mailedCode(url, smtp, 'bad@example.com');
  const ok = { username: 'gooduser', email: 'bad@example.com', emailCode: code };
  const cases: [Partial<typeof ok> & Record<string, string>, string][] = [
    [{ username: 'abc' }, 'username'],
    [{ username: 'abcdefghijklm' }, 'username'],
    [{ username: 'ab-cd' }, 'username'],
    [{ password: 'short', passwordConfirmation: 'short' }, 'password'],
    [{ passwordConfirmation: 'something else' }, 'passwordConfirmation'],
    [{ email: 'not-an-email' }, 'email'],
    [{ emailCode: '12345' }, 'emailCode'],
    [{ inviteCode: 'NOSUCHCODE' }, 'inviteCode'],
    [{ username: 'TAKEN' }, 'username'],
    [{ email: 'Taken@Example.com' }, 'email'],
  ];
  for (const [change, field] of cases) {
    const r = await sendRegister(url, { ...ok, ...change });
    expect({ change, error: r.errors?.[0]?.extensions }).toEqual({ change, error: expect.objectContaining({ code: 'BAD_USER_INPUT', field }) });
    expect(r.errors?.[0]?.message.startsWith(`${field}:`)).toBe(true);
  }
  expectBadInput(await gql(url, REQUEST_CODE, { i: { email: 'nope', ...(await solvedCaptcha(url, 'EMAIL_CODE')) } }), 'email');
  expect(await counts()).toEqual(before);
  // The code survived every failed attempt.
  expect((await sendRegister(url, ok)).errors).toBeUndefined();
});

test('validation errors do not echo the input (passwords) back', async () => {
  const r = await sendRegister(url, { username: 'x', email: 'echo@example.com', emailCode: '123456', password: 'super-secret-pw' });
  expectBadInput(r, 'username');
  expect(JSON.stringify(r.errors)).not.toContain('super-secret-pw');
});

test('two registrations racing for one username: one wins, the other leaves nothing and keeps its code', async () => {
  const codeA = await mailedCode(url, smtp, 'race-a@example.com');
  const codeB = await mailedCode(url, smtp, 'race-b@example.com');
  const before = await counts();
  const results = await Promise.all([
    sendRegister(url, { username: 'racer', email: 'race-a@example.com', emailCode: codeA }),
    sendRegister(url, { username: 'Racer', email: 'race-b@example.com', emailCode: codeB }),
  ]);
  const failed = results.filter((r) => r.errors);
  expect(failed).toHaveLength(1);
  expectBadInput(failed[0], 'username');
  expect(await counts()).toEqual({ accounts: before.accounts + 1, entries: before.entries + 1, tokens: before.tokens + 1 });

  const loserEmail = results[0].errors ? 'race-a@example.com' : 'race-b@example.com';
  const loserCode = results[0].errors ? codeA : codeB;
  expect((await sendRegister(url, { username: 'racer2', email: loserEmail, emailCode: loserCode })).errors).toBeUndefined();
});

test('an invite code records the inviter; with the default reward of 0 nothing is credited', async () => {
  const inviter = await registerAccount(url, smtp, { username: 'inviter', email: 'inviter@example.com' });
  now += DAY;
  const invited = await registerAccount(url, smtp, { username: 'invited', email: 'invited@example.com', inviteCode: inviter.inviteCode });
  const e = em();
  const account = await e.findOneOrFail(Account, invited.id, { populate: ['invitedBy'] });
  expect(account.invitedBy?.username).toBe('inviter');
  expect(inviter.inviteCode).not.toBe(invited.inviteCode);
  expect(await cp.services.ledger.balanceMicro(inviter.id)).toBe(200_000n);
  expect(await e.count(LedgerEntry, { kind: LedgerKind.InviteReward })).toBe(0);
});

test('rate limits: one code per address per minute; codes and registrations per client address', async () => {
  await mailedCode(url, smtp, 'limited@example.com');
  const again = await gql(url, REQUEST_CODE, { i: { email: 'LIMITED@example.com', ...(await solvedCaptcha(url, 'EMAIL_CODE')) } });
  expect(again.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  now += 60_000;
  await mailedCode(url, smtp, 'limited@example.com');

  now += DAY;
  // 20 code requests per hour per client address (wrong captchas count too).
  for (let i = 0; i < 20; i++) {
    expectBadInput(await gql(url, REQUEST_CODE, { i: { email: `ip${i}@example.com`, captchaId: crypto.randomUUID(), captchaAnswer: 'x' } }), 'captchaAnswer');
  }
  const blocked = await gql(url, REQUEST_CODE, { i: { email: 'ip-last@example.com', ...(await solvedCaptcha(url, 'EMAIL_CODE')) } });
  expect(blocked.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');

  // 10 registration attempts per hour per client address.
  for (let i = 0; i < 10; i++) {
    expectBadInput(await sendRegister(url, { username: `reg${i}x`, email: `reg${i}@example.com`, emailCode: '123456' }), 'emailCode');
  }
  const tooMany = await sendRegister(url, { username: 'reg_last', email: 'reg-last@example.com', emailCode: '123456' });
  expect(tooMany.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  now += 3600_000;
  expectBadInput(await sendRegister(url, { username: 'reg_last', email: 'reg-last@example.com', emailCode: '123456' }), 'emailCode');
});
