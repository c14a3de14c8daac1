import type { DataPlane } from '../../data-plane/bootstrap.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import { loginSession, TEST_PASSWORD } from '../support/accounts.js';
import { startTestControlPlane, TEST_ADMIN, type TestControlPlane } from '../support/control-plane.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

const ACCOUNT_FIELDS = 'id username email role balanceRmb disabled disabledAt disabledReason';
const ACCOUNTS = `query ($search: String, $first: Int!, $after: String) {
  accounts(search: $search, first: $first, after: $after) { items { ${ACCOUNT_FIELDS} } totalCount pageInfo { endCursor hasNextPage } }
}`;
const ACCOUNT = `query ($id: ID!) { account(id: $id) { ${ACCOUNT_FIELDS} } }`;
const SET_DISABLED = `mutation ($id: ID!, $disabled: Boolean!, $reason: String) {
  setAccountDisabled(accountId: $id, disabled: $disabled, reason: $reason) { ${ACCOUNT_FIELDS} }
}`;

interface AccountRow {
  id: string;
  username: string;
  email: string;
  role: string;
  balanceRmb: string;
  disabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
}
interface AccountsPage {
  items: AccountRow[];
  totalCount: number;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

let cp: TestControlPlane;
let dp: DataPlane;
let dataDir: { path: string; remove(): Promise<void> };
let redis: Ports;
let admin: string;
let adminId: string;
let user: SeededAccount;
let bystander: SeededAccount;
let key: string;
let tokenId: string;

const accounts = (vars: { search?: string; first?: number; after?: string }, session = admin) =>
  gql<{ accounts: AccountsPage }>(cp.server.url, ACCOUNTS, { first: 50, ...vars }, { session });
const setDisabled = (id: string, disabled: boolean, reason?: string, session = admin) =>
  gql<{ setAccountDisabled: AccountRow }>(cp.server.url, SET_DISABLED, { id, disabled, reason }, { session });

/** GET /v1/models with the user's key: 200 while it works, 403 while refused. */
async function modelsStatus(): Promise<{ status: number; body: string }> {
  const r = await fetch(`${dp.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, body: await r.text() };
}

/** Asks until the key answers `status`, for at most `withinMs`; returns the last answer. */
async function keyAnswers(status: number, withinMs: number): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const r = await modelsStatus();
    if (r.status === status || Date.now() >= deadline) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  cp = await startTestControlPlane();
  dataDir = await tempDataDir();
  // The data plane's clock stands still, so its token cache keeps what it read: a disabled account's
  // tokens can only reach it through the invalidation notices.
  const frozen = Date.now();
  dp = await startTestDataPlane({ nodeName: 'accounts', redisPrefix: cp.redisPrefix, dataDir: dataDir.path, now: () => frozen });
  redis = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  admin = await loginSession(cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  adminId = (await gqlOk<{ me: { id: string } }>(cp.server.url, '{ me { id } }', {}, { session: admin })).me.id;
  [user, bystander] = [await seedAccount(cp.services), await seedAccount(cp.services)];
  await gqlOk(cp.server.url, 'mutation ($a: ID!) { adjustBalance(accountId: $a, amountRmb: "2.5", reason: "test credit") { __typename } }', { a: user.account.id }, { session: admin });
  tokenId = (await gqlOk<{ createToken: { id: string } }>(cp.server.url, 'mutation { createToken(input: { name: "cli" }) { id } }', {}, { session: user.session })).createToken.id;
  key = (await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: tokenId }, { session: user.session })).tokenKey;
  // The data plane serves once its snapshot and the token's record are in.
  const served = await keyAnswers(200, 20_000);
  if (served.status !== 200) throw new Error(`the data plane never served the key: ${served.status}`);
});

afterAll(async () => {
  await dp?.close();
  await redis?.close();
  await cp?.stop();
  await dataDir?.remove();
});

describe('accounts (search and paging)', () => {
  test('finds accounts by part of the username or e-mail address, or by id, with their ledger balances', async () => {
    const byName = (await accounts({ search: user.account.username.slice(2).toUpperCase() })).data!.accounts;
    expect(byName.items.map((a) => a.username)).toContain(user.account.username);
    expect(byName.items.find((a) => a.id === user.account.id)).toEqual({
      id: user.account.id,
      username: user.account.username,
      email: user.account.email,
      role: 'USER',
      balanceRmb: '2.500000',
      disabled: false,
      disabledAt: null,
      disabledReason: null,
    });
    const byEmail = (await accounts({ search: user.account.email })).data!.accounts;
    expect(byEmail.items.map((a) => a.id)).toEqual([user.account.id]);
    expect(byEmail.totalCount).toBe(1);
    const byId = (await accounts({ search: user.account.id })).data!.accounts;
    expect(byId.items.map((a) => a.id)).toEqual([user.account.id]);
    // LIKE's wildcards are plain characters in a search.
    expect((await accounts({ search: '%' })).data!.accounts).toMatchObject({ items: [], totalCount: 0 });
  });

  test('pages by username with cursors; totalCount counts every page', async () => {
    const all = (await accounts({})).data!.accounts;
    expect(all.items.map((a) => a.username)).toEqual(expect.arrayContaining([TEST_ADMIN.username, user.account.username, bystander.account.username]));
    expect(all.totalCount).toBe(all.items.length);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = (await accounts({ first: 1, after })).data!.accounts;
      expect(page.totalCount).toBe(all.totalCount);
      seen.push(...page.items.map((a) => a.username));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor!;
    }
    expect(seen).toEqual(all.items.map((a) => a.username));
    expect([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(seen);
  });

  test('bad input names its field', async () => {
    expectBadInput(await accounts({ first: 0 }), 'first');
    expectBadInput(await accounts({ first: 201 }), 'first');
    expectBadInput(await accounts({ after: 'not-a-cursor' }), 'after');
    expectBadInput(await accounts({ search: 'x'.repeat(300) }), 'search');
  });

  test('account(id) gives one account; an unknown or malformed id is NOT_FOUND', async () => {
    const one = await gqlOk<{ account: AccountRow }>(cp.server.url, ACCOUNT, { id: bystander.account.id }, { session: admin });
    expect(one.account).toMatchObject({ id: bystander.account.id, username: bystander.account.username, balanceRmb: '0.000000', disabled: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await gql(cp.server.url, ACCOUNT, { id }, { session: admin });
      expect(r.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
  });
});

describe('who may', () => {
  test('an ordinary user is refused every account operation (FORBIDDEN), and nothing changes', async () => {
    const calls = [
      accounts({}, bystander.session),
      gql(cp.server.url, ACCOUNT, { id: user.account.id }, { session: bystander.session }),
      setDisabled(user.account.id, true, 'not yours', bystander.session),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect(r.data ?? null).toBeNull();
    }
    expect((await gqlOk<{ account: AccountRow }>(cp.server.url, ACCOUNT, { id: user.account.id }, { session: admin })).account.disabled).toBe(false);
  });

  test('without a session: UNAUTHENTICATED', async () => {
    for (const r of [await gql(cp.server.url, ACCOUNTS, { first: 5 }), await gql(cp.server.url, SET_DISABLED, { id: user.account.id, disabled: true, reason: 'x' })]) {
      expect(r.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('setAccountDisabled', () => {
  test('refuses a missing or too long reason, the caller\'s own account, and an unknown account', async () => {
    expectBadInput(await setDisabled(user.account.id, true), 'reason');
    expectBadInput(await setDisabled(user.account.id, true, '   '), 'reason');
    expectBadInput(await setDisabled(user.account.id, true, 'x'.repeat(501)), 'reason');
    expectBadInput(await setDisabled(adminId, true, 'oops'), 'accountId');
    const unknown = await setDisabled('00000000-0000-4000-8000-000000000000', true, 'gone');
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await modelsStatus()).status).toBe(200);
  });

  test('disabling ends the sessions, refuses login and stops the tokens on the data plane by notice; enabling restores login and tokens', async () => {
    const secondSession = await loginSession(cp.server.url, user.account.username);
    const disabled = (await setDisabled(user.account.id, true, ' chargeback ')).data!.setAccountDisabled;
    expect(disabled).toMatchObject({ id: user.account.id, disabled: true, disabledReason: 'chargeback', disabledAt: expect.any(String) });

    // Sessions: both the seeded one and the later login are over.
    for (const session of [user.session, secondSession]) {
      const me = await gql(cp.server.url, '{ me { id } }', {}, { session });
      expect(me.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    // Login: refused with the right password (and a wrong one is still just wrong).
    const login = (password: string) => gql(cp.server.url, 'mutation ($i: LoginInput!) { login(input: $i) { token } }', { i: { login: user.account.username, password } });
    const refused = await login(TEST_PASSWORD);
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringContaining('disabled'), extensions: { code: 'FORBIDDEN' } });
    expect((await login('wrong password')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    // Tokens: refused like a disabled token, on the data plane (its cache would have kept the
    // record: only the notice can tell it); the token's own switch is untouched.
    const stopped = await keyAnswers(403, 10_000);
    expect(stopped.status).toBe(403);
    expect(stopped.body).toContain('disabled');
    expect(await redis.tokens.get(sha256Hex(key))).toMatchObject({ tokenId, status: 'disabled' });
    const listed = await gqlOk<{ accountTokens: { id: string; status: string }[] }>(cp.server.url, 'query ($a: ID!) { accountTokens(accountId: $a) { id status } }', { a: user.account.id }, { session: admin });
    expect(listed.accountTokens).toEqual([{ id: tokenId, status: 'ACTIVE' }]);
    expect((await accounts({ search: user.account.username })).data!.accounts.items[0]).toMatchObject({ disabled: true, disabledReason: 'chargeback' });

    const enabled = (await setDisabled(user.account.id, false)).data!.setAccountDisabled;
    expect(enabled).toMatchObject({ disabled: false, disabledAt: null, disabledReason: null });
    expect((await keyAnswers(200, 10_000)).status).toBe(200);
    expect(await redis.tokens.get(sha256Hex(key))).toMatchObject({ tokenId, status: 'active' });
    const chat = await fetch(`${dp.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: 'demo-chat', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(chat.status).toBe(200);
    user.session = await loginSession(cp.server.url, user.account.username);
    expect((await gqlOk<{ me: { id: string } }>(cp.server.url, '{ me { id } }', {}, { session: user.session })).me.id).toBe(user.account.id);
  });

  test("enabling an account keeps a token its owner disabled switched off", async () => {
    await gqlOk(cp.server.url, 'mutation ($id: ID!) { disableToken(id: $id) { id } }', { id: tokenId }, { session: user.session });
    await setDisabled(user.account.id, true, 'review');
    await setDisabled(user.account.id, false);
    expect(await redis.tokens.get(sha256Hex(key))).toMatchObject({ status: 'disabled' });
    expect((await modelsStatus()).status).toBe(403);
    user.session = await loginSession(cp.server.url, user.account.username);
    await gqlOk(cp.server.url, 'mutation ($id: ID!) { enableToken(id: $id) { id } }', { id: tokenId }, { session: user.session });
    expect((await keyAnswers(200, 1000)).status).toBe(200);
  });

  test('an administrator may disable another; ADMIN_USERNAME\'s account is enabled again when a control plane starts', async () => {
    const other = await seedAccount(cp.services, { role: Role.Admin });
    expect((await setDisabled(adminId, true, 'locked out by mistake', other.session)).data?.setAccountDisabled.disabled).toBe(true);
    const refused = await gql(cp.server.url, 'mutation ($i: LoginInput!) { login(input: $i) { token } }', { i: { login: TEST_ADMIN.username, password: TEST_ADMIN.password } });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    // A second control plane on the same database starts as a restart would.
    const restarted = await startTestControlPlane({ databaseUrl: cp.databaseUrl, redisPrefix: cp.redisPrefix });
    try {
      admin = await loginSession(restarted.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
      const { account } = await gqlOk<{ account: AccountRow }>(cp.server.url, ACCOUNT, { id: adminId }, { session: admin });
      expect(account).toMatchObject({ disabled: false, disabledReason: null });
    } finally {
      await restarted.stop();
    }
  });
});
