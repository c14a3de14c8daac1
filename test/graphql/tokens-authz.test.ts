import { Role } from '../../control-plane/accounts/account.entity.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { gql, gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let redis: Ports;
let owner: SeededAccount;
let other: SeededAccount;
let admin: SeededAccount;
let tokenId: string;
let key: string;
let record: TokenRecord | null;

/** Every token operation that takes a token id, as another account would call it. */
const BY_ID: Record<string, { query: string; variables?: Record<string, unknown> }> = {
  token: { query: 'query ($id: ID!) { token(id: $id) { id name } }' },
  tokenKey: { query: 'query ($id: ID!) { tokenKey(id: $id) }' },
  updateToken: { query: 'mutation ($id: ID!, $input: UpdateTokenInput!) { updateToken(id: $id, input: $input) { id } }', variables: { input: { name: 'stolen', groups: [] } } },
  disableToken: { query: 'mutation ($id: ID!) { disableToken(id: $id) { id } }' },
  enableToken: { query: 'mutation ($id: ID!) { enableToken(id: $id) { id } }' },
  deleteToken: { query: 'mutation ($id: ID!) { deleteToken(id: $id) }' },
};

/** Token operations without a token id: each is checked separately below. */
const WITHOUT_ID = ['myTokens', 'createToken', 'accountTokens'];

beforeAll(async () => {
  cp = await startTestControlPlane({ env: { GRAPHQL_INTROSPECTION: '1' } }); // the first test reads the schema by introspection
  redis = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  [owner, other, admin] = await Promise.all([seedAccount(cp.services), seedAccount(cp.services), seedAccount(cp.services, { role: Role.Admin })]);
  const created = await gqlOk<{ createToken: { id: string } }>(cp.server.url, 'mutation { createToken(input: { name: "mine" }) { id } }', {}, { session: owner.session });
  tokenId = created.createToken.id;
  key = (await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: tokenId }, { session: owner.session })).tokenKey;
  record = await redis.tokens.get(sha256Hex(key));
});

afterAll(async () => {
  await redis?.close();
  await cp?.stop();
});

test('the tables below cover every token operation of the schema', async () => {
  const r = await gqlOk<{ __schema: { queryType: { fields: { name: string }[] }; mutationType: { fields: { name: string }[] } } }>(
    cp.server.url,
    '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }',
  );
  const ops = [...r.__schema.queryType.fields, ...r.__schema.mutationType.fields].map((f) => f.name).filter((n) => /token/i.test(n));
  expect(ops.sort()).toEqual([...Object.keys(BY_ID), ...WITHOUT_ID].sort());
});

describe.each([
  ['another user', () => other],
  ['an administrator', () => admin],
])("%s cannot reach someone else's token", (_who, caller) => {
  test.each(Object.keys(BY_ID))('%s: NOT_FOUND, and nothing changes', async (op) => {
    const { query, variables } = BY_ID[op];
    const r = await gql(cp.server.url, query, { id: tokenId, ...variables }, { session: caller().session });
    expect(r.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(r.errors?.[0].message).toBe('Token not found');
    expect(r.data?.[op as keyof typeof r.data] ?? null).toBeNull();
    // Same answer as for an id that does not exist at all, so ids cannot be probed.
    const missing = await gql(cp.server.url, query, { id: '00000000-0000-4000-8000-000000000000', ...variables }, { session: caller().session });
    expect(missing.errors?.[0]).toMatchObject({ message: r.errors?.[0].message, extensions: r.errors?.[0].extensions });
    // The owner still sees the token as it was, and the data planes still hold the same record.
    const mine = await gqlOk<{ myTokens: { id: string; name: string; status: string }[] }>(cp.server.url, '{ myTokens { id name status } }', {}, { session: owner.session });
    expect(mine.myTokens).toEqual([{ id: tokenId, name: 'mine', status: 'ACTIVE' }]);
    expect(await redis.tokens.get(sha256Hex(key))).toEqual(record);
  });
});

test('a malformed id is NOT_FOUND too, never an internal error', async () => {
  for (const { query, variables } of Object.values(BY_ID)) {
    const r = await gql(cp.server.url, query, { id: 'not-a-uuid', ...variables }, { session: owner.session });
    expect(r.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  }
});

test("myTokens lists only the caller's own tokens", async () => {
  const r = await gqlOk<{ myTokens: { id: string }[] }>(cp.server.url, '{ myTokens { id } }', {}, { session: other.session });
  expect(r.myTokens).toEqual([]);
});

test('createToken creates for the caller only', async () => {
  const r = await gqlOk<{ createToken: { id: string; accountId: string } }>(cp.server.url, 'mutation { createToken(input: { name: "own" }) { id accountId } }', {}, { session: other.session });
  expect(r.createToken.accountId).toBe(other.account.id);
  const ownerList = await gqlOk<{ myTokens: { id: string }[] }>(cp.server.url, '{ myTokens { id } }', {}, { session: owner.session });
  expect(ownerList.myTokens.map((t) => t.id)).toEqual([tokenId]);
});

test('accountTokens is for administrators: FORBIDDEN for a user, masked keys for an admin', async () => {
  const query = 'query ($a: ID!) { accountTokens(accountId: $a) { id accountId maskedKey } }';
  const refused = await gql(cp.server.url, query, { a: owner.account.id }, { session: other.session });
  expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect(refused.errors?.[0].message).toMatch(/administrators only/);

  const listed = await gqlOk<{ accountTokens: { id: string; accountId: string; maskedKey: string }[] }>(cp.server.url, query, { a: owner.account.id }, { session: admin.session });
  expect(listed.accountTokens).toEqual([{ id: tokenId, accountId: owner.account.id, maskedKey: `${key.slice(0, 5)}...${key.slice(-4)}` }]);
  expect(JSON.stringify(listed)).not.toContain(key);

  const unknown = await gql(cp.server.url, query, { a: '00000000-0000-4000-8000-000000000000' }, { session: admin.session });
  expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

test('without a session every token operation is UNAUTHENTICATED', async () => {
  for (const { query, variables } of Object.values(BY_ID)) {
    const r = await gql(cp.server.url, query, { id: tokenId, ...variables });
    expect(r.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  }
  for (const query of ['{ myTokens { id } }', 'mutation { createToken(input: { name: "x" }) { id } }', `{ accountTokens(accountId: "${owner.account.id}") { id } }`]) {
    const r = await gql(cp.server.url, query);
    expect(r.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  }
});
