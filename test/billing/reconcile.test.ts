import { Account, Role } from '../../control-plane/accounts/account.entity.js';
import { reconcile, type AccountReconciliation } from '../../control-plane/billing/reconcile.js';
import { LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { RedisKeys } from '../../shared/redis/keys.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { gql, gqlOk } from '../support/graphql.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { sampleUsageEvent } from '../support/usage-event.js';
import { writeUsageEvents } from '../../control-plane/usage/usage.writer.js';

let cp: TestControlPlane;
let admin: string;

beforeAll(async () => {
  // Reconciling every second (it reads, and reports without correcting): the job test below waits for a run.
  cp = await startTestControlPlane({ env: { RECONCILE_EVERY_MS: '1000' }, overrides: { consumeUsage: false } });
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
});

afterAll(async () => {
  await cp.stop();
});

const RECONCILE = 'query($ids: [ID!]) { reconciliation(accountIds: $ids) { accountId status ledgerMicro openReservationsMicro unconsumedMicro lostMicro expectedMicro hotMicro driftMicro } }';

async function fundedAccount(micro: bigint): Promise<string> {
  const { account } = await seedAccount(cp.services);
  await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro: micro, idempotencyKey: `fund:${account.id}` });
  await cp.services.billing.hot.ensureLoaded(account.id);
  return account.id;
}

test('hot == ledger - open reservations - unconsumed usage, through reserve, settle and consumption', async () => {
  const id = await fundedAccount(1_000_000n);
  const balances = cp.services.deps.ports.balances;
  await balances.reserve(id, 'r-open', 300_000n, { ttlMs: 60_000, now: Date.now() });
  await balances.reserve(id, 'r-done', 100_000n, { ttlMs: 60_000, now: Date.now() });
  await balances.settle(id, 'r-done', 40_000n, null);
  await cp.services.deps.ports.usage.append(sampleUsageEvent({ eventId: 'r-done', accountId: id, chargeMicro: '40000' }));

  const [before] = (await gqlOk<{ reconciliation: Record<string, string>[] }>(cp.server.url, RECONCILE, { ids: [id] }, { session: admin })).reconciliation;
  expect(before).toEqual({ accountId: id, status: 'ok', ledgerMicro: '1000000', openReservationsMicro: '300000', unconsumedMicro: '40000', lostMicro: '0', expectedMicro: '660000', hotMicro: '660000', driftMicro: '0' });

  await cp.services.billing.consumer.drain();
  const [after] = (await gqlOk<{ reconciliation: Record<string, string>[] }>(cp.server.url, RECONCILE, { ids: [id] }, { session: admin })).reconciliation;
  expect(after).toMatchObject({ status: 'ok', ledgerMicro: '960000', unconsumedMicro: '0', hotMicro: '660000' });
});

test('under steady traffic every measurement is exact: settles, lease batches and the consumer racing it never show as drift', async () => {
  const id = await fundedAccount(1_000_000_000n);
  const { balances, usage } = cp.services.deps.ports;
  const consumer = cp.services.billing.consumer;
  const tokenId = '00000000-0000-0000-0000-0000000000aa';
  const event = (eventId: string, charge: bigint) => sampleUsageEvent({ eventId, accountId: id, tokenId, chargeMicro: String(charge) });
  // Traffic goes on until the reconciler has measured enough (see `reconciling`).
  let stopped = false;
  let n = 0;
  // As a data plane does: the charge first (with its unledgered copy), then the usage event.
  const exact = async () => {
    while (!stopped) {
      const rid = `exact-${n++}`;
      await balances.reserve(id, rid, 5_000n, { ttlMs: 60_000, now: Date.now() });
      const charge = BigInt(1 + (n % 997));
      await balances.settle(id, rid, charge, tokenId);
      await usage.append(event(rid, charge));
    }
  };
  const leased = async () => {
    await balances.lease(id, 'lease-1', 10_000_000n, { ttlMs: 60_000, now: Date.now() });
    for (let batch = 0; !stopped; batch++) {
      const charges = Array.from({ length: 5 }, (_, i) => ({ eventId: `leased-${batch}-${i}`, tokenId, chargeMicro: BigInt(100 + i) }));
      const batchId = `lease-1:${batch}`;
      await balances.consume(id, 'lease-1', batchId, charges, { ttlMs: 60_000, now: Date.now() });
      // The batch's events together, naming it: the consumer clears its record once it wrote them all.
      await usage.append(...charges.map((c) => ({ ...event(c.eventId, c.chargeMicro), chargeBatch: batchId })));
    }
  };
  const reports: AccountReconciliation[] = [];
  let remeasured = 0; // a drifting account is measured again: that must never be needed here
  const deps = { balances, usage, ledgered: cp.services.billing.ledgered, pause: async () => void (remeasured += 1) };
  // At least 20 measurements, some of them with the consumer behind; the deadline only bounds a
  // run where that never happens (which the checks below then report).
  const deadline = Date.now() + 20_000;
  const enough = () => reports.length >= 20 && reports.some((r) => r.unconsumedMicro > 0n);
  const reconciling = async () => {
    try {
      while (!enough() && Date.now() < deadline) reports.push(...(await reconcile(cp.services.deps.orm.em.fork(), deps, [id])));
    } finally {
      stopped = true;
    }
  };
  await consumer.start();
  try {
    await Promise.all([exact(), exact(), exact(), leased(), reconciling()]);
  } finally {
    await consumer.stop();
  }
  expect(reports.length).toBeGreaterThanOrEqual(20);
  expect(reports.filter((r) => r.status !== 'ok')).toEqual([]);
  expect(remeasured).toBe(0);
  expect(reports.some((r) => r.unconsumedMicro > 0n)).toBe(true); // the consumer was behind at times

  // Once the consumer is through, the ledger holds every charge and the unledgered copies go.
  await consumer.drain();
  const [settled] = await cp.services.billing.reconcile(cp.services.deps.orm.em.fork(), [id]);
  expect(settled).toMatchObject({ status: 'ok', unconsumedMicro: 0n });
  await eventually(async () => expect((await balances.inspect(id)).unledgered.size).toBe(0));
}, 60_000);

test('a lease batch record the ledger holds whole but whose mark was lost is counted once, and cleared by reconciliation', async () => {
  const id = await fundedAccount(1_000_000n);
  const { balances } = cp.services.deps.ports;
  await balances.lease(id, 'lease-lost-mark', 10_000n, { ttlMs: 60_000, now: Date.now() });
  const charges = [
    { eventId: 'lm-1', tokenId: 'tk', chargeMicro: 300n },
    { eventId: 'lm-2', tokenId: 'tk', chargeMicro: 200n },
  ];
  await balances.consume(id, 'lease-lost-mark', 'lease-lost-mark:0', charges, { ttlMs: 60_000, now: Date.now() });
  const events = charges.map((c) => sampleUsageEvent({ eventId: c.eventId, accountId: id, chargeMicro: String(c.chargeMicro), chargeBatch: 'lease-lost-mark:0' }));
  const write = (written: typeof events) => cp.services.deps.orm.em.fork().transactional((tx) => writeUsageEvents(tx, written));
  // The ledger holds one event of the batch: the record stays, its other charge still unconsumed.
  await write([events[0]]);
  expect((await reconcile(cp.services.deps.orm.em.fork(), { balances, usage: cp.services.deps.ports.usage, ledgered: cp.services.billing.ledgered }, [id]))[0]).toMatchObject({
    status: 'ok',
    ledgerMicro: 1_000_000n - 300n,
    unconsumedMicro: 200n,
  });
  // Then both, written without the consumer (as when it stopped between commit and mark).
  await write([events[1]]);
  expect((await reconcile(cp.services.deps.orm.em.fork(), { balances, usage: cp.services.deps.ports.usage, ledgered: cp.services.billing.ledgered }, [id]))[0]).toMatchObject({
    status: 'ok',
    unconsumedMicro: 0n,
  });
  await eventually(async () => expect((await balances.inspect(id)).unledgeredBatches.size).toBe(0));
});

test('a charge whose usage event never reached the queue is reported as lost once it is a minute old; an old one still queued is not', async () => {
  const id = await fundedAccount(1_000_000n);
  const { balances, usage } = cp.services.deps.ports;
  for (const [rid, charge] of [['node-died-after-charge', 700n], ['queued-a-while', 300n]] as const) {
    await balances.reserve(id, rid, 5_000n, { ttlMs: 60_000, now: Date.now() });
    await balances.settle(id, rid, charge, null);
  }
  await usage.append(sampleUsageEvent({ eventId: 'queued-a-while', accountId: id, chargeMicro: '300' }));
  const at = (offsetMs: number) => reconcile(cp.services.deps.orm.em.fork(), { balances, usage, ledgered: cp.services.billing.ledgered, now: () => Date.now() + offsetMs }, [id]);
  // Young, the lost event cannot be told from one on its way.
  expect((await at(0))[0]).toMatchObject({ status: 'ok', unconsumedMicro: 1_000n, lostMicro: 0n });
  expect((await at(61_000))[0]).toMatchObject({ status: 'drift', unconsumedMicro: 300n, lostMicro: 700n, driftMicro: -700n });
});

test('drift is reported, never corrected', async () => {
  const id = await fundedAccount(500_000n);
  // a credit that reached Redis but never the ledger
  await cp.services.deps.ports.balances.credit(id, 1234n, 'stray');
  for (let i = 0; i < 2; i++) {
    const [report] = (await gqlOk<{ reconciliation: Record<string, string>[] }>(cp.server.url, RECONCILE, { ids: [id] }, { session: admin })).reconciliation;
    expect(report).toMatchObject({ status: 'drift', driftMicro: '1234', hotMicro: '501234', expectedMicro: '500000' });
  }
});

test('the reconciliation job goes over every account by itself and keeps what it found for every control plane; an administrator can run it at once', async () => {
  const drifting = await fundedAccount(300_000n);
  const fine = await fundedAccount(300_000n);
  await cp.services.deps.ports.balances.credit(drifting, 777n, 'stray-for-the-job');
  // A second control plane on the same state: the first holds the job, the second answers with its runs.
  const second = await startTestControlPlane({ databaseUrl: cp.databaseUrl, redisPrefix: cp.redisPrefix, env: { RECONCILE_EVERY_MS: '1000' }, overrides: { consumeUsage: false } });
  try {
    expect([cp.services.jobs.held('reconciliation'), second.services.jobs.held('reconciliation')]).toEqual([true, false]);
    const RUN = '{ reconciliationRun { startedAt accounts drifting { accountId status driftMicro } } }';
    type Run = { startedAt: string; accounts: number; drifting: { accountId: string; driftMicro: string }[] };
    const read = async () => (await gqlOk<{ reconciliationRun: Run | null }>(second.server.url, RUN, {}, { session: admin })).reconciliationRun;
    // A run that started once the accounts above were there.
    const since = Date.now();
    let run: Run | null = null;
    await eventually(async () => {
      run = await read();
      expect(Date.parse(run?.startedAt ?? '') >= since).toBe(true);
    });
    run = run!;
    const accounts = await cp.services.deps.orm.em.fork().count(Account, {});
    expect(run.accounts).toBe(accounts);
    expect(run.drifting).toContainEqual({ accountId: drifting, status: 'drift', driftMicro: '777' });
    expect(run.drifting.map((d) => d.accountId)).not.toContain(fine);

    const now = await gqlOk<{ runReconciliation: { accounts: number; drifting: { accountId: string }[] } }>(second.server.url, 'mutation { runReconciliation { accounts drifting { accountId } } }', {}, { session: admin });
    expect(now.runReconciliation.drifting.map((d) => d.accountId)).toContain(drifting);
    // only administrators
    const user = (await seedAccount(cp.services)).session;
    const refused = await gql(second.server.url, RUN, {}, { session: user });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  } finally {
    await second.stop();
  }
});

test('the reconciliation query pages through every account with `after`', async () => {
  const PAGE = 'query($after: ID) { reconciliation(limit: 2, after: $after) { accountId } }';
  const seen: string[] = [];
  let after: string | null = null;
  for (;;) {
    const { reconciliation }: { reconciliation: { accountId: string }[] } = await gqlOk(cp.server.url, PAGE, { after }, { session: admin });
    if (reconciliation.length === 0) break;
    seen.push(...reconciliation.map((r) => r.accountId));
    after = reconciliation[reconciliation.length - 1].accountId;
  }
  const all = (await cp.services.deps.orm.em.fork().find(Account, {}, { orderBy: { id: 'asc' } })).map((a) => a.id);
  expect(seen).toEqual(all);
});

test('when Redis loses the hot balances, they are rebuilt from the ledger (minus usage still queued), and only the missing ones', async () => {
  const lost = await fundedAccount(800_000n);
  const kept = await fundedAccount(800_000n);
  await cp.services.deps.ports.balances.credit(kept, 5n, 'stray-kept'); // a drift that a rebuild must not hide
  await cp.services.deps.ports.usage.append(sampleUsageEvent({ eventId: 'queued-1', accountId: lost, chargeMicro: '7000' }));
  await cp.services.billing.hot.rebuildMissing(); // every other account loaded: only `lost` will be missing
  const keys = new RedisKeys(cp.redisPrefix);
  const raw = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  try {
    await raw.redis.cmd.del(keys.balance(lost), keys.reservations(lost), keys.tokenSpend(lost), keys.appliedCredits(lost));
  } finally {
    await raw.close();
  }
  const [missing] = (await gqlOk<{ reconciliation: Record<string, string>[] }>(cp.server.url, RECONCILE, { ids: [lost] }, { session: admin })).reconciliation;
  expect(missing).toMatchObject({ status: 'missing', hotMicro: null });

  const { rebuildHotBalances } = await gqlOk<{ rebuildHotBalances: number }>(cp.server.url, 'mutation { rebuildHotBalances }', {}, { session: admin });
  expect(rebuildHotBalances).toBe(1);
  const reports = (await gqlOk<{ reconciliation: Record<string, string>[] }>(cp.server.url, RECONCILE, { ids: [lost, kept] }, { session: admin })).reconciliation;
  expect(reports[0]).toMatchObject({ status: 'ok', hotMicro: '793000', unconsumedMicro: '7000' });
  expect(reports[1]).toMatchObject({ status: 'drift', driftMicro: '5' });
});
