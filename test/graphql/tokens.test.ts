import { Role } from '../../control-plane/accounts/account.entity.js';
import { Group, GroupStatus } from '../../control-plane/catalog/group.entity.js';
import { Token } from '../../control-plane/tokens/token.entity.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';

/** The token fields a console shows. */
const TOKEN_FIELDS = 'id accountId name maskedKey groups status expiresAt expired spendCap spendCapMicro modelAllowList createdAt';

interface TokenView {
  id: string;
  accountId: string;
  name: string;
  maskedKey: string;
  groups: string[];
  status: 'ACTIVE' | 'DISABLED';
  expiresAt: string | null;
  expired: boolean;
  spendCap: string | null;
  spendCapMicro: string | null;
  modelAllowList: string[] | null;
  createdAt: string;
}

let cp: TestControlPlane;
let redis: Ports;
let alice: SeededAccount;

const CREATE = `mutation ($input: CreateTokenInput!) { createToken(input: $input) { ${TOKEN_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateTokenInput!) { updateToken(id: $id, input: $input) { ${TOKEN_FIELDS} } }`;

beforeAll(async () => {
  cp = await startTestControlPlane();
  // Read the records the way a data plane does: another connection on the same prefix.
  redis = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  const em = cp.services.deps.orm.em.fork();
  const group = (name: string, extra: Partial<Group> = {}) =>
    em.create(Group, { name, displayName: name, priceMultiplier: '1', formats: ['chat-completions'], recommendedFormat: 'chat-completions', ...extra });
  // 'alpha' and 'beta' come from the first-start seed.
  group('closed', { status: GroupStatus.Disabled });
  group('hidden', { isPublic: false });
  await em.flush();
  alice = await seedAccount(cp.services);
});

afterAll(async () => {
  await redis?.close();
  await cp?.stop();
});

async function create(input: Record<string, unknown>, who: SeededAccount = alice): Promise<TokenView> {
  return (await gqlOk<{ createToken: TokenView }>(cp.server.url, CREATE, { input }, { session: who.session })).createToken;
}

async function keyOf(id: string, who: SeededAccount = alice): Promise<string> {
  return (await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id }, { session: who.session })).tokenKey;
}

async function myTokens(who: SeededAccount = alice): Promise<TokenView[]> {
  return (await gqlOk<{ myTokens: TokenView[] }>(cp.server.url, `{ myTokens { ${TOKEN_FIELDS} } }`, {}, { session: who.session })).myTokens;
}

test('token lifecycle: create, list masked, reveal, rename, regroup, disable, enable, delete, mirrored in Redis', async () => {
  const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
  const created = await create({ name: ' laptop ', groups: ['alpha', 'beta'], expiresAt, spendCap: '12.5', modelAllowList: ['gpt-x', 'claude-y'] });
  expect(created).toMatchObject({
    accountId: alice.account.id,
    name: 'laptop',
    groups: ['alpha', 'beta'],
    status: 'ACTIVE',
    expiresAt,
    expired: false,
    spendCap: '12.5',
    spendCapMicro: '12500000',
    modelAllowList: ['gpt-x', 'claude-y'],
  });

  // The list shows a masked key; the reveal gives the full key, which the mask matches.
  const listed = await myTokens();
  expect(listed.map((t) => t.id)).toEqual([created.id]);
  const key = await keyOf(created.id);
  expect(key).toMatch(/^sk-[0-9A-Za-z]{48}$/);
  expect(listed[0].maskedKey).toBe(`${key.slice(0, 5)}...${key.slice(-4)}`);
  expect(JSON.stringify(listed)).not.toContain(key);

  const hash = sha256Hex(key);
  expect(await redis.tokens.get(hash)).toEqual({
    tokenId: created.id,
    accountId: alice.account.id,
    name: 'laptop',
    status: 'active',
    expiresAt: Date.parse(expiresAt),
    groups: ['alpha', 'beta'],
    modelAllowList: ['gpt-x', 'claude-y'],
    spendCapMicro: '12500000',
  });

  // Rename and regroup: omitted fields stay as they were.
  const renamed = (await gqlOk<{ updateToken: TokenView }>(cp.server.url, UPDATE, { id: created.id, input: { name: 'desktop', groups: ['beta'] } }, { session: alice.session })).updateToken;
  expect(renamed).toMatchObject({ name: 'desktop', groups: ['beta'], spendCap: '12.5', expiresAt, modelAllowList: ['gpt-x', 'claude-y'] });
  expect(await redis.tokens.get(hash)).toMatchObject({ name: 'desktop', groups: ['beta'], spendCapMicro: '12500000' });

  // null clears expiry, cap and allow-list; [] means automatic routing.
  const cleared = (await gqlOk<{ updateToken: TokenView }>(
    cp.server.url,
    UPDATE,
    { id: created.id, input: { groups: [], expiresAt: null, spendCap: null, modelAllowList: null } },
    { session: alice.session },
  )).updateToken;
  expect(cleared).toMatchObject({ name: 'desktop', groups: [], expiresAt: null, expired: false, spendCap: null, spendCapMicro: null, modelAllowList: null });
  expect(await redis.tokens.get(hash)).toMatchObject({ groups: [], expiresAt: null, spendCapMicro: null, modelAllowList: null });

  const disabled = await gqlOk<{ disableToken: TokenView }>(cp.server.url, `mutation ($id: ID!) { disableToken(id: $id) { status } }`, { id: created.id }, { session: alice.session });
  expect(disabled.disableToken.status).toBe('DISABLED');
  expect(await redis.tokens.get(hash)).toMatchObject({ status: 'disabled' });

  const enabled = await gqlOk<{ enableToken: TokenView }>(cp.server.url, `mutation ($id: ID!) { enableToken(id: $id) { status } }`, { id: created.id }, { session: alice.session });
  expect(enabled.enableToken.status).toBe('ACTIVE');
  expect(await redis.tokens.get(hash)).toMatchObject({ status: 'active' });

  const deleted = await gqlOk<{ deleteToken: string }>(cp.server.url, `mutation ($id: ID!) { deleteToken(id: $id) }`, { id: created.id }, { session: alice.session });
  expect(deleted.deleteToken).toBe(created.id);
  expect(await redis.tokens.get(hash)).toBeNull();
  expect(await myTokens()).toEqual([]);
  const gone = await gql(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: created.id }, { session: alice.session });
  expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

test('two tokens get different keys; the list is newest first', async () => {
  const bob = await seedAccount(cp.services);
  const first = await create({ name: 'one' }, bob);
  const second = await create({ name: 'two' }, bob);
  expect((await myTokens(bob)).map((t) => t.name)).toEqual(['two', 'one']);
  expect(await keyOf(first.id, bob)).not.toBe(await keyOf(second.id, bob));
  expect(first.groups).toEqual([]);
});

test('start-up republishing restores records Redis lost and removes those of deleted tokens', async () => {
  const carol = await seedAccount(cp.services);
  const kept = await Promise.all(['a', 'b', 'c'].map((name) => create({ name, groups: ['alpha'] }, carol)));
  const dropped = await create({ name: 'dropped' }, carol);
  const keptHashes = await Promise.all(kept.map(async (t) => sha256Hex(await keyOf(t.id, carol))));
  const droppedHash = sha256Hex(await keyOf(dropped.id, carol));
  await gqlOk(cp.server.url, `mutation ($id: ID!) { deleteToken(id: $id) }`, { id: dropped.id }, { session: carol.session });

  // Redis "loses" the live records and still holds the deleted one (as if its removal had failed).
  for (const h of keptHashes) await redis.tokens.remove(h);
  await redis.tokens.put(droppedHash, { tokenId: dropped.id, accountId: carol.account.id, name: 'dropped', status: 'active', expiresAt: null, groups: [], modelAllowList: null, spendCapMicro: null });

  // Another control plane starting on the same database and Redis repairs the store.
  const second = await startTestControlPlane({ databaseUrl: cp.databaseUrl, redisPrefix: cp.redisPrefix });
  await second.stop();
  for (const [i, h] of keptHashes.entries()) expect(await redis.tokens.get(h)).toMatchObject({ tokenId: kept[i].id, groups: ['alpha'] });
  expect(await redis.tokens.get(droppedHash)).toBeNull();

  // The walk goes batch by batch (here two tokens at a time) and misses none.
  for (const h of keptHashes) await redis.tokens.remove(h);
  const total = await cp.services.deps.orm.em.fork().count(Token, {});
  expect(await cp.services.tokens.republishAll(2)).toBe(total);
  for (const h of keptHashes) expect(await redis.tokens.get(h)).not.toBeNull();
});

describe('bad input is BAD_USER_INPUT naming the field', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['unknown group', { name: 'x', groups: ['alpha', 'nope'] }, 'groups'],
    ['disabled group', { name: 'x', groups: ['closed'] }, 'groups'],
    ['hidden group (not an admin)', { name: 'x', groups: ['hidden'] }, 'groups'],
    ['duplicate group', { name: 'x', groups: ['alpha', 'alpha'] }, 'groups'],
    ['expiry in the past', { name: 'x', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
    ['negative cap', { name: 'x', spendCap: '-1' }, 'spendCap'],
    ['zero cap', { name: 'x', spendCap: '0' }, 'spendCap'],
    ['cap with too many decimals', { name: 'x', spendCap: '1.0000001' }, 'spendCap'],
    ['cap that is not a number', { name: 'x', spendCap: '1e3' }, 'spendCap'],
    ['empty name', { name: '' }, 'name'],
    ['blank name', { name: '   ' }, 'name'],
    ['too long name', { name: 'n'.repeat(65) }, 'name'],
    ['empty allow-list', { name: 'x', modelAllowList: [] }, 'modelAllowList'],
    ['duplicate model', { name: 'x', modelAllowList: ['m', 'm'] }, 'modelAllowList'],
  ];

  test.each(cases)('%s', async (_label, input, field) => {
    const before = await myTokens();
    const r = await gql(cp.server.url, CREATE, { input }, { session: alice.session });
    expectBadInput(r, field);
    expect(r.errors?.[0].message).toMatch(new RegExp(`^${field}: `));
    expect(await myTokens()).toEqual(before);
  });

  test('updates are validated too and change nothing when refused', async () => {
    const token = await create({ name: 'keep', groups: ['alpha'] });
    const hash = sha256Hex(await keyOf(token.id));
    for (const [input, field] of [
      [{ groups: ['nope'] }, 'groups'],
      [{ groups: null }, 'groups'],
      [{ name: null }, 'name'],
      [{ name: 'fine', expiresAt: new Date(Date.now() - 1000).toISOString() }, 'expiresAt'],
      [{ spendCap: '-3' }, 'spendCap'],
    ] as const) {
      const r = await gql(cp.server.url, UPDATE, { id: token.id, input }, { session: alice.session });
      expectBadInput(r, field);
    }
    const after = (await myTokens()).find((t) => t.id === token.id);
    expect(after).toMatchObject({ name: 'keep', groups: ['alpha'], expiresAt: null, spendCap: null });
    expect(await redis.tokens.get(hash)).toMatchObject({ name: 'keep', groups: ['alpha'] });
  });

  test('an administrator may bind a non-public group', async () => {
    const admin = await seedAccount(cp.services, { role: Role.Admin });
    const token = await create({ name: 'ops', groups: ['hidden'] }, admin);
    expect(token.groups).toEqual(['hidden']);
  });
});

test('without a session every token operation is UNAUTHENTICATED', async () => {
  const r = await gql(cp.server.url, '{ myTokens { id } }');
  expect(r.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const m = await gql(cp.server.url, CREATE, { input: { name: 'x' } });
  expect(m.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});
