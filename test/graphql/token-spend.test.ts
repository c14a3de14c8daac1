import { Role } from '../../control-plane/accounts/account.entity.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql, gqlOk } from '../support/graphql.js';
import { seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { sampleUsageEvent } from '../support/usage-event.js';

let cp: TestControlPlane;
let alice: SeededAccount;
let bob: SeededAccount;
let admin: SeededAccount;

beforeAll(async () => {
  // Usage is drained by the test itself, so it knows when the records exist.
  cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  [alice, bob, admin] = await Promise.all([seedAccount(cp.services), seedAccount(cp.services), seedAccount(cp.services, { role: Role.Admin })]);
});

afterAll(async () => {
  await cp?.stop();
});

async function createToken(who: SeededAccount, name: string, spendCap?: string): Promise<string> {
  const r = await gqlOk<{ createToken: { id: string } }>(cp.server.url, 'mutation ($i: CreateTokenInput!) { createToken(input: $i) { id } }', { i: { name, spendCap } }, { session: who.session });
  return r.createToken.id;
}

type Spent = { id: string; spentRmb: string; spendCap: string | null }[];

test("spentRmb: each token's recorded charges, exact, whatever the cap; no usage is zero", async () => {
  const capped = await createToken(alice, 'capped', '1');
  const open = await createToken(alice, 'open');
  const idle = await createToken(alice, 'idle');
  const bobs = await createToken(bob, 'bob');
  const q = cp.services.deps.ports.usage;
  await q.append(sampleUsageEvent({ accountId: alice.account.id, tokenId: capped, chargeMicro: '123456' }));
  await q.append(sampleUsageEvent({ accountId: alice.account.id, tokenId: capped, chargeMicro: '1' }));
  await q.append(sampleUsageEvent({ accountId: alice.account.id, tokenId: open, chargeMicro: '2500000' }));
  // A request that cost nothing still leaves a record, and adds nothing.
  await q.append(sampleUsageEvent({ accountId: alice.account.id, tokenId: open, chargeMicro: '0', status: 'failed' }));
  await q.append(sampleUsageEvent({ accountId: bob.account.id, tokenId: bobs, chargeMicro: '999' }));
  await cp.services.billing.consumer.drain();

  const mine = (await gqlOk<{ myTokens: Spent }>(cp.server.url, '{ myTokens { id spentRmb spendCap } }', {}, { session: alice.session })).myTokens;
  expect(Object.fromEntries(mine.map((t) => [t.id, [t.spentRmb, t.spendCap]]))).toEqual({
    [capped]: ['0.123457', '1'],
    [open]: ['2.500000', null],
    [idle]: ['0.000000', null],
  });

  const one = await gqlOk<{ token: { spentRmb: string } }>(cp.server.url, 'query ($id: ID!) { token(id: $id) { spentRmb } }', { id: capped }, { session: alice.session });
  expect(one.token.spentRmb).toBe('0.123457');
  const theirs = await gqlOk<{ myTokens: Spent }>(cp.server.url, '{ myTokens { id spentRmb } }', {}, { session: bob.session });
  expect(theirs.myTokens).toEqual([{ id: bobs, spentRmb: '0.000999' }]);

  // Administrators see the same figures on any account's tokens.
  const seen = await gqlOk<{ accountTokens: Spent }>(cp.server.url, 'query ($a: ID!) { accountTokens(accountId: $a) { id spentRmb } }', { a: alice.account.id }, { session: admin.session });
  expect(Object.fromEntries(seen.accountTokens.map((t) => [t.id, t.spentRmb]))).toEqual({ [capped]: '0.123457', [open]: '2.500000', [idle]: '0.000000' });
});

test("an ordinary user may not read another account's tokens or their spend", async () => {
  const r = await gql(cp.server.url, 'query ($a: ID!) { accountTokens(accountId: $a) { id spentRmb } }', { a: alice.account.id }, { session: bob.session });
  expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  const anon = await gql(cp.server.url, '{ myTokens { spentRmb } }');
  expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});
