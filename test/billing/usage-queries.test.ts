import { Role } from '../../control-plane/accounts/account.entity.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gql, gqlOk } from '../support/graphql.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { sampleUsageEvent } from '../support/usage-event.js';

let cp: TestControlPlane;
let admin: string;
let alice: { id: string; session: string };
let bob: { id: string; session: string };

const DAY1 = Date.parse('2026-11-20T10:00:00Z');
const DAY2 = Date.parse('2026-11-21T23:30:00Z');

beforeAll(async () => {
  cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
  const a = await seedAccount(cp.services);
  const b = await seedAccount(cp.services);
  alice = { id: a.account.id, session: a.session };
  bob = { id: b.account.id, session: b.session };
  const q = cp.services.deps.ports.usage;
  const tokenA = '00000000-0000-0000-0000-00000000000a';
  const tokenB = '00000000-0000-0000-0000-00000000000b';
  await q.append(sampleUsageEvent({ eventId: 'a1', accountId: alice.id, tokenId: tokenA, model: 'm-1', group: 'g1', chargeMicro: '100', createdAt: DAY1 }));
  await q.append(sampleUsageEvent({ eventId: 'a2', accountId: alice.id, tokenId: tokenA, model: 'm-2', group: 'g1', chargeMicro: '200', createdAt: DAY1 + 1000 }));
  await q.append(sampleUsageEvent({ eventId: 'a3', accountId: alice.id, tokenId: tokenB, model: 'm-1', group: 'g2', chargeMicro: '300', createdAt: DAY2 }));
  await q.append(sampleUsageEvent({ eventId: 'a4', accountId: alice.id, tokenId: tokenB, model: 'm-1', group: 'g2', chargeMicro: '400', createdAt: DAY2 + 1000 }));
  await q.append(sampleUsageEvent({ eventId: 'b1', accountId: bob.id, model: 'm-1', chargeMicro: '999', createdAt: DAY2 }));
  await cp.services.billing.consumer.drain();
});

afterAll(async () => {
  await cp.stop();
});

const USAGE = 'query($f: UsageFilter, $first: Int, $after: String) { myUsage(filter: $f, first: $first, after: $after) { items { requestId model group tokenId chargeRmb chargeMicro usage { input output } prices exchangeRate } pageInfo { hasNextPage endCursor } } }';

type UsagePage = { items: { requestId: string; chargeMicro: string; chargeRmb: string; prices: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

test('my usage: only my records, newest first, paginated, filtered by token, model, group and time', async () => {
  const all = await gqlOk<{ myUsage: UsagePage }>(cp.server.url, USAGE, { first: 3 }, { session: alice.session });
  expect(all.myUsage.items.map((i) => i.requestId)).toEqual(['a4', 'a3', 'a2']);
  expect(all.myUsage.items[0]).toMatchObject({ chargeMicro: '400', chargeRmb: '0.000400' });
  expect(JSON.parse(all.myUsage.items[0].prices)).toEqual({ input: '1', output: '2' });
  expect(all.myUsage.pageInfo.hasNextPage).toBe(true);
  const rest = await gqlOk<{ myUsage: UsagePage }>(cp.server.url, USAGE, { first: 3, after: all.myUsage.pageInfo.endCursor }, { session: alice.session });
  expect(rest.myUsage.items.map((i) => i.requestId)).toEqual(['a1']);
  expect(rest.myUsage.pageInfo.hasNextPage).toBe(false);

  const ids = async (f: Record<string, unknown>) => (await gqlOk<{ myUsage: UsagePage }>(cp.server.url, USAGE, { f }, { session: alice.session })).myUsage.items.map((i) => i.requestId);
  expect(await ids({ tokenId: '00000000-0000-0000-0000-00000000000a' })).toEqual(['a2', 'a1']);
  expect(await ids({ model: 'm-1' })).toEqual(['a4', 'a3', 'a1']);
  expect(await ids({ group: 'g2' })).toEqual(['a4', 'a3']);
  expect(await ids({ from: new Date(DAY2).toISOString() })).toEqual(['a4', 'a3']);
  expect(await ids({ to: new Date(DAY2).toISOString() })).toEqual(['a2', 'a1']);
  expect((await gqlOk<{ myUsage: UsagePage }>(cp.server.url, USAGE, {}, { session: bob.session })).myUsage.items.map((i) => i.requestId)).toEqual(['b1']);
  const bad = await gql(cp.server.url, USAGE, { after: 'garbage' }, { session: alice.session });
  expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
});

test('my usage totals by day (UTC) and model', async () => {
  const { myUsageTotals } = await gqlOk<{ myUsageTotals: Record<string, unknown>[] }>(
    cp.server.url,
    '{ myUsageTotals { day model requests promptTokens outputTokens chargeMicro chargeRmb } }',
    {},
    { session: alice.session },
  );
  expect(myUsageTotals).toEqual([
    { day: '2026-11-21', model: 'm-1', requests: 2, promptTokens: '20', outputTokens: '40', chargeMicro: '700', chargeRmb: '0.000700' },
    { day: '2026-11-20', model: 'm-1', requests: 1, promptTokens: '10', outputTokens: '20', chargeMicro: '100', chargeRmb: '0.000100' },
    { day: '2026-11-20', model: 'm-2', requests: 1, promptTokens: '10', outputTokens: '20', chargeMicro: '200', chargeRmb: '0.000200' },
  ]);
});

test('administrators see every account; users may not use the admin views', async () => {
  const { usageRecords } = await gqlOk<{ usageRecords: UsagePage }>(cp.server.url, '{ usageRecords(filter: { model: "m-1" }) { items { requestId } } }', {}, { session: admin });
  expect(usageRecords.items.map((i) => i.requestId).sort()).toEqual(['a1', 'a3', 'a4', 'b1']);
  const one = await gqlOk<{ usageRecords: UsagePage }>(cp.server.url, 'query($id: ID) { usageRecords(accountId: $id) { items { requestId } } }', { id: bob.id }, { session: admin });
  expect(one.usageRecords.items.map((i) => i.requestId)).toEqual(['b1']);
  for (const query of ['{ usageRecords { items { requestId } } }', `{ accountLedger(accountId: "${bob.id}") { items { id } } }`, '{ reconciliation { accountId } }', '{ topUpOrders { items { id } } }']) {
    const r = await gql(cp.server.url, query, {}, { session: alice.session });
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }
  const anon = await gql(cp.server.url, '{ myBalance { balanceRmb } }');
  expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});
