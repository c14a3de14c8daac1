/**
 * Rate limits through GraphQL: an owner sets a token's limits (never above the account's), an
 * administrator sets an account's and a group's; each reaches the data planes through the
 * existing paths (token records, the snapshot) without a restart; a token shows its current use.
 */
import { Role } from '../../control-plane/accounts/account.entity.js';
import { readControlPlaneConfig } from '../../control-plane/config.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import type { RoutingSnapshot } from '../../shared/snapshot/types.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { eventually } from '../support/eventually.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let redis: Ports;
let owner: SeededAccount;
let admin: SeededAccount;

const TOKEN_FIELDS = 'id limits { rpm tpm concurrency } rateUse { requestsThisMinute tokensThisMinute inFlight }';

beforeAll(async () => {
  cp = await startTestControlPlane();
  redis = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  [owner, admin] = await Promise.all([seedAccount(cp.services), seedAccount(cp.services, { role: Role.Admin })]);
});

afterAll(async () => {
  await redis?.close();
  await cp?.stop();
});

async function createToken(limits: Record<string, number | null> | undefined): Promise<{ id: string; key: string }> {
  const created = await gqlOk<{ createToken: { id: string } }>(cp.server.url, 'mutation ($input: CreateTokenInput!) { createToken(input: $input) { id } }', { input: { name: 'limited', limits } }, { session: owner.session });
  const key = (await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: created.createToken.id }, { session: owner.session })).tokenKey;
  return { id: created.createToken.id, key };
}

test('an owner sets a token its limits; the token record carries them; use starts at zero', async () => {
  const { id, key } = await createToken({ rpm: 30, tpm: 40_000, concurrency: 2 });
  const { token } = await gqlOk<{ token: { limits: unknown; rateUse: unknown } }>(cp.server.url, `query ($id: ID!) { token(id: $id) { ${TOKEN_FIELDS} } }`, { id }, { session: owner.session });
  expect(token.limits).toEqual({ rpm: 30, tpm: 40_000, concurrency: 2 });
  expect(token.rateUse).toEqual({ requestsThisMinute: 0, tokensThisMinute: 0, inFlight: 0 });
  expect((await redis.tokens.get(sha256Hex(key)))?.limits).toEqual({ rpm: 30, tpm: 40_000, concurrency: 2 });

  // Use as the data planes count it shows at once.
  await redis.rateLimits.admit({ partition: `acct:${owner.account.id}`, scopes: [{ name: `token:${id}`, limits: { rpm: 30, tpm: 40_000, concurrency: 2 } }], requestId: 'r1', tokens: 120, windowMs: 60_000, slotTtlMs: 60_000 });
  const after = await gqlOk<{ token: { rateUse: unknown } }>(cp.server.url, `query ($id: ID!) { token(id: $id) { ${TOKEN_FIELDS} } }`, { id }, { session: owner.session });
  expect(after.token.rateUse).toEqual({ requestsThisMinute: 1, tokensThisMinute: 120, inFlight: 1 });

  // null clears the token's own limits; the record then has none.
  await gqlOk(cp.server.url, 'mutation ($id: ID!) { updateToken(id: $id, input: { limits: null }) { id } }', { id }, { session: owner.session });
  expect((await redis.tokens.get(sha256Hex(key)))?.limits).toBeUndefined();
});

test('limits must be whole numbers from 1', async () => {
  const r = await gql(cp.server.url, 'mutation { createToken(input: { name: "bad", limits: { rpm: 0 } }) { id } }', {}, { session: owner.session });
  expectBadInput(r, 'limits.rpm');
});

test("administrators set an account's limits: every token record of the account carries them, and tokens stay within them", async () => {
  const { id, key } = await createToken(undefined);
  const set = await gqlOk<{ setAccountRateLimits: { limits: unknown } }>(
    cp.server.url,
    'mutation ($id: ID!, $limits: RateLimitsInput!) { setAccountRateLimits(accountId: $id, limits: $limits) { limits { rpm tpm concurrency } } }',
    { id: owner.account.id, limits: { rpm: 10, concurrency: 3 } },
    { session: admin.session },
  );
  expect(set.setAccountRateLimits.limits).toEqual({ rpm: 10, tpm: null, concurrency: 3 });
  expect((await redis.tokens.get(sha256Hex(key)))?.accountLimits).toEqual({ rpm: 10, tpm: null, concurrency: 3 });

  // Above the account's limit: refused, naming the field; at or under it, or of a kind the account leaves open: taken.
  const above = await gql(cp.server.url, 'mutation ($id: ID!) { updateToken(id: $id, input: { limits: { rpm: 11 } }) { id } }', { id }, { session: owner.session });
  expectBadInput(above, 'limits.rpm');
  await gqlOk(cp.server.url, 'mutation ($id: ID!) { updateToken(id: $id, input: { limits: { rpm: 10, tpm: 5000 } }) { id } }', { id }, { session: owner.session });

  // Not for account owners.
  const refused = await gql(cp.server.url, 'mutation ($id: ID!) { setAccountRateLimits(accountId: $id, limits: { rpm: 1000 }) { id } }', { id: owner.account.id }, { session: owner.session });
  expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});

test("administrators set a group's limits; the snapshot carries them to the data planes", async () => {
  await gqlOk(
    cp.server.url,
    'mutation { createGroup(input: { name: "limited_group", displayName: "Limited", priceMultiplier: "1", formats: ["chat-completions"], limits: { rpm: 100, tpm: null, concurrency: 5 } }) { name limits { rpm tpm concurrency } } }',
    {},
    { session: admin.session },
  );
  await eventually(async () => {
    const text = await redis.configBus.readSnapshot();
    const group = text === null ? undefined : (JSON.parse(text) as RoutingSnapshot).groups.find((g) => g.name === 'limited_group');
    return group?.limits?.rpm === 100 && group.limits.concurrency === 5 && group.limits.tpm === null;
  }, 'the group limits in the snapshot');
  const updated = await gqlOk<{ updateGroup: { limits: unknown } }>(cp.server.url, 'mutation { updateGroup(name: "limited_group", input: { limits: { tpm: 9000 } }) { limits { rpm tpm concurrency } } }', {}, { session: admin.session });
  expect(updated.updateGroup.limits).toEqual({ rpm: null, tpm: 9000, concurrency: null });
});

test('new accounts take the DEFAULT_ACCOUNT_* settings; 0 or unset is no limit', () => {
  expect(readControlPlaneConfig({ DEFAULT_ACCOUNT_RPM: '60', DEFAULT_ACCOUNT_TPM: '0' }, false).defaultAccountLimits).toEqual({ rpm: 60, tpm: null, concurrency: null });
  expect(() => readControlPlaneConfig({ DEFAULT_ACCOUNT_CONCURRENCY: '-1' }, false)).toThrow(/DEFAULT_ACCOUNT_CONCURRENCY/);
});
