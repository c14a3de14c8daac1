/**
 * A data plane's balance leases (data-plane/billing/balance-leases.ts) over both balance stores:
 * growth shared by the requests that wait for it, growth ahead of a lease running low, refusal,
 * under-reserved charges, and a long request keeping its lease from expiring.
 */
import { BalanceLeases, type HeldLease } from '../../data-plane/billing/balance-leases.js';
import type { BalanceStore, LeaseCharge } from '../../shared/ports/balance-store.js';
import { describeContract, eventually } from '../contract/harness.js';
import { sampleUsageEvent } from '../support/usage-event.js';

describeContract('BalanceLeases', (ports) => {
  let leases: BalanceLeases | undefined;
  const balances: bigint[] = [];
  /** Batch ids as the leases tell them sent, and who waits for which. */
  const sent: string[] = [];
  const waiting = new Map<string, (() => void)[]>();
  const onSent = (batchId: string) => {
    sent.push(batchId);
    for (const wake of waiting.get(batchId) ?? []) wake();
    waiting.delete(batchId);
  };
  const open = (store: BalanceStore, options: { ttlMs?: number; idleMs?: number; now?: () => number } = {}) =>
    (leases = new BalanceLeases({ balances: store, node: 'n1', ttlMs: options.ttlMs ?? 60_000, idleMs: options.idleMs, now: options.now ?? Date.now, onBalance: (_a, b) => balances.push(b), onSent }));

  /** Settles against the lease; resolves with the charge's batch id once the lease tells that batch sent (at once with null for a charge of nothing). */
  const settled = (l: BalanceLeases, lease: HeldLease, takenMicro: bigint, charge: LeaseCharge): Promise<string | null> => {
    const batchId = l.settle(lease, takenMicro, charge);
    if (batchId === null) return Promise.resolve(null);
    return new Promise((resolve) => waiting.set(batchId, [...(waiting.get(batchId) ?? []), () => resolve(batchId)]));
  };

  afterEach(async () => {
    await leases?.close();
    leases = undefined;
    balances.length = 0;
    sent.length = 0;
    waiting.clear();
  });

  test('requests that find the lease short wait for one growth together', async () => {
    const store = ports().balances;
    await store.load('a', 10_000n, new Map());
    const l = open(store);
    const taken = await Promise.all(Array.from({ length: 10 }, () => l.take('a', 100n, 1_000n)));
    expect(new Set(taken).size).toBe(1); // one lease
    expect(taken[0]).toBeDefined();
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: 9_000n, reservations: [{ amountMicro: 1_000n }] });
    expect(balances).toEqual([9_000n]);
    // The lease is spent: the eleventh grows it again.
    expect(await l.take('a', 100n, 1_000n)).toBe(taken[0]);
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: 8_000n, reservations: [{ amountMicro: 2_000n }] });
  });

  test('a growth ahead the balance refuses is not tried again by each request after it', async () => {
    const store = ports().balances;
    await store.load('a', 1_500n, new Map());
    const l = open(store);
    const lease = (await l.take('a', 100n, 1_000n))!;
    for (let i = 0; i < 7; i++) expect(l.take('a', 100n, 1_000n)).toBe(lease); // 200 left: grown ahead, refused
    await l.idle();
    expect(balances).toEqual([500n, 500n]);
    expect(l.take('a', 100n, 1_000n)).toBe(lease); // 100 left: no second try
    await l.idle();
    expect(balances).toEqual([500n, 500n]);
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: 500n, reservations: [{ amountMicro: 1_000n }] });
    for (let i = 0; i < 9; i++) await settled(l, lease, 100n, { eventId: `refused-${i}`, tokenId: 't1', chargeMicro: 0n });
  });

  test('a growth the balance cannot cover answers no lease and takes nothing', async () => {
    const store = ports().balances;
    await store.load('a', 500n, new Map());
    const l = open(store);
    expect(await l.take('a', 100n, 1_000n)).toBeUndefined();
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: 500n, reservations: [] });
    expect(balances).toEqual([500n]);
  });

  test('what a request did not cost goes back to the lease; what it cost beyond its take comes out of it', async () => {
    const store = ports().balances;
    await store.load('a', 10_000n, new Map());
    const l = open(store);
    const lease = (await l.take('a', 100n, 1_000n))!;
    await l.take('a', 100n, 1_000n);
    const batches = [
      settled(l, lease, 100n, { eventId: 'e1', tokenId: 't1', chargeMicro: 30n }),
      settled(l, lease, 100n, { eventId: 'e2', tokenId: 't2', chargeMicro: 250n }), // under-reserved
    ];
    await l.idle();
    const hot = await store.inspect('a');
    expect(hot).toMatchObject({ balanceMicro: 9_000n, reservations: [{ amountMicro: 720n }] });
    expect([hot.tokenSpend.get('t1'), hot.tokenSpend.get('t2')]).toEqual([30n, 250n]);
    // Both went in one batch, told sent once, named to each request (its usage event names it): its record holds their charges.
    const [batch, other] = await Promise.all(batches);
    expect(batch).toBe(other);
    expect(sent).toEqual([batch]);
    expect(hot.unledgeredBatches).toEqual(new Map([[batch, ['e1', 'e2']]]));
    // 1000 - 30 - 250 left: 720, taken at once (not a promise: no waiting for a growth) ...
    expect(l.take('a', 720n, 1_000n)).toBe(lease);
    // ... and the lease, empty now, grown ahead of the next request.
    await l.idle();
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: 8_000n, reservations: [{ amountMicro: 1_720n }] });
    // A charge of nothing is in no batch.
    expect(await settled(l, lease, 720n, { eventId: 'e3', tokenId: 't1', chargeMicro: 0n })).toBeNull();
  });

  test('a lease running low is grown ahead: the requests after it keep taking at once, none waits for Redis', async () => {
    const store = ports().balances;
    await store.load('a', 10_000n, new Map());
    const l = open(store);
    const lease = (await l.take('a', 100n, 1_000n))!;
    // Down to 300 left, more than a quarter of a growth: no growth yet.
    for (let i = 0; i < 6; i++) expect(l.take('a', 100n, 1_000n)).toBe(lease);
    await l.idle();
    expect(balances).toEqual([9_000n]);
    // 200 left: grown ahead, while the next two still take what is left.
    for (let i = 0; i < 3; i++) expect(l.take('a', 100n, 1_000n)).toBe(lease);
    await l.idle();
    expect(balances).toEqual([9_000n, 8_000n]);
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: 8_000n, reservations: [{ amountMicro: 2_000n }] });
    // The eleventh request takes from the grown lease at once (it found it short and waited, before).
    expect(l.take('a', 100n, 1_000n)).toBe(lease);
    for (let i = 0; i < 11; i++) await settled(l, lease, 100n, { eventId: `low-${i}`, tokenId: 't1', chargeMicro: 0n });
  });

  test('settle tells once the charge is sent: a usage event appended then never reaches Redis before its charge', async () => {
    const store = ports().balances;
    await store.load('a', 10_000n, new Map());
    const l = open(store);
    const lease = (await l.take('a', 100n, 1_000n))!;
    const sent = settled(l, lease, 100n, { eventId: 'e4', tokenId: 't1', chargeMicro: 40n });
    expect((await store.inspect('a')).reservations[0].amountMicro).toBe(1_000n); // batched: not sent yet
    await sent;
    await ports().usage.append(sampleUsageEvent({ eventId: 'e1', accountId: 'a', chargeMicro: '40' }));
    expect((await store.inspect('a')).reservations[0].amountMicro).toBe(960n);
  });

  test('a lease Redis no longer holds is given up: the request that took from it is still charged, and the next one must grow a new lease', async () => {
    const store = ports().balances;
    await store.load('a', 1_000n, new Map());
    const l = open(store);
    const lease = (await l.take('a', 100n, 1_000n))!;
    expect(await l.take('a', 100n, 1_000n)).toBe(lease); // a second request, still in flight below
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: 0n, reservations: [{ amountMicro: 1_000n }] });
    // The lease expires in Redis (as if this node had stalled past its expiry), and another node spends the balance.
    expect(await store.expire(Date.now() + 3_600_000)).toBe(1);
    await store.credit('a', -1_000n, 'spent-elsewhere');
    await settled(l, lease, 100n, { eventId: 'e5', tokenId: 't1', chargeMicro: 40n });
    await l.idle();
    // The charge came off the balance (the lease was gone), and the 800 this node still believed free is not spent.
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: -40n, reservations: [] });
    expect(await l.take('a', 100n, 1_000n)).toBeUndefined();
    // The request still in flight is charged when it ends.
    await settled(l, lease, 100n, { eventId: 'e6', tokenId: 't2', chargeMicro: 30n });
    await l.idle();
    expect(await store.inspect('a')).toMatchObject({ balanceMicro: -70n, reservations: [] });
  });

  test('a request in flight longer than the lease lasts keeps it alive; once idle it goes back', async () => {
    const store = ports().balances;
    await store.load('a', 10_000n, new Map());
    // The leases' clock is the test's; their sweep runs on its own timer (every 50 ms here).
    let now = Date.now();
    const l = open(store, { ttlMs: 200, idleMs: 100, now: () => now });
    const lease = (await l.take('a', 100n, 1_000n))!;
    expect(lease).toBeDefined();
    expect((await store.inspect('a')).reservations).toEqual([expect.objectContaining({ expiresAt: now + 200 })]);
    // 500 ms in steps of half the lease's life: each time a sweep moves the expiry on, so the
    // lease never lapses however long the request takes.
    for (let step = 0; step < 5; step++) {
      now += 100;
      await eventually(async () => expect((await store.inspect('a')).reservations).toEqual([expect.objectContaining({ expiresAt: now + 200 })]));
      expect(await store.expire(now)).toBe(0);
    }
    expect((await store.inspect('a')).reservations).toHaveLength(1);
    void settled(l, lease, 100n, { eventId: 'e7', tokenId: 't1', chargeMicro: 40n });
    await eventually(async () => expect(await store.inspect('a')).toMatchObject({ balanceMicro: 9_960n, reservations: [] }));
  });
});
