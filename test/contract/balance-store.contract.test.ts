import { describeContract, eventually } from './harness.js';

const T0 = 1_800_000_000_000;
const reserveAt = (now: number, ttlMs = 60_000) => ({ ttlMs, now });

describeContract('BalanceStore', (ports) => {
  const b = () => ports().balances;

  test('an account that was never loaded is unknown: no reserve, no credit, no settle', async () => {
    expect(await b().reserve('a', 'r1', 10n, reserveAt(T0))).toEqual({ status: 'unknown' });
    expect(await b().credit('a', 10n, 'k1')).toEqual({ status: 'unknown' });
    expect(await b().settle('a', 'r1', 10n, null)).toEqual({ status: 'unknown' });
    expect((await b().inspect('a')).balanceMicro).toBeNull();
  });

  test('load sets a missing balance only, never overwrites one', async () => {
    expect(await b().load('a', 1000n, new Map([['t1', 50n]]))).toBe(true);
    expect(await b().load('a', 5n, new Map())).toBe(false);
    const hot = await b().inspect('a');
    expect(hot.balanceMicro).toBe(1000n);
    expect(hot.tokenSpend.get('t1')).toBe(50n);
  });

  test('reserve takes the amount off the spendable balance; insufficient leaves it untouched', async () => {
    await b().load('a', 1000n, new Map());
    expect(await b().reserve('a', 'r1', 600n, reserveAt(T0))).toEqual({ status: 'ok', balanceMicro: 400n });
    expect(await b().reserve('a', 'r2', 401n, reserveAt(T0))).toEqual({ status: 'insufficient', balanceMicro: 400n });
    expect(await b().reserve('a', 'r3', 400n, reserveAt(T0))).toEqual({ status: 'ok', balanceMicro: 0n });
    expect(await b().reserve('a', 'r1', 1n, reserveAt(T0))).toEqual({ status: 'duplicate', balanceMicro: 0n });
    const hot = await b().inspect('a');
    expect(hot.reservations.map((r) => [r.id, r.amountMicro, r.expiresAt]).sort()).toEqual([
      ['r1', 600n, T0 + 60_000],
      ['r3', 400n, T0 + 60_000],
    ]);
  });

  test('settle charges the actual cost, gives back the rest, and happens once', async () => {
    await b().load('a', 1000n, new Map());
    await b().reserve('a', 'r1', 600n, reserveAt(T0));
    expect(await b().settle('a', 'r1', 250n, null)).toEqual({ status: 'settled', balanceMicro: 750n });
    expect(await b().settle('a', 'r1', 250n, null)).toEqual({ status: 'duplicate', balanceMicro: 750n });
    expect(await b().release('a', 'r1')).toEqual({ status: 'duplicate', balanceMicro: 750n });
    expect((await b().inspect('a')).reservations).toEqual([]);
  });

  test('a settle above the reservation (under-estimate) may take the balance below zero', async () => {
    await b().load('a', 100n, new Map());
    await b().reserve('a', 'r1', 100n, reserveAt(T0));
    expect(await b().settle('a', 'r1', 130n, null)).toEqual({ status: 'settled', balanceMicro: -30n });
    expect(await b().reserve('a', 'r2', 1n, reserveAt(T0))).toMatchObject({ status: 'insufficient' });
  });

  test('release gives back everything, once; a settle after a release charges nothing', async () => {
    await b().load('a', 1000n, new Map());
    await b().reserve('a', 'r1', 600n, reserveAt(T0));
    expect(await b().release('a', 'r1')).toEqual({ status: 'released', balanceMicro: 1000n });
    expect(await b().release('a', 'r1')).toEqual({ status: 'duplicate', balanceMicro: 1000n });
    expect(await b().settle('a', 'r1', 300n, null)).toEqual({ status: 'duplicate', balanceMicro: 1000n });
  });

  test('expire releases only reservations past their expiry (a dead node), once', async () => {
    await b().load('a', 1000n, new Map());
    await b().load('b', 1000n, new Map());
    await b().reserve('a', 'short', 100n, reserveAt(T0, 1_000));
    await b().reserve('a', 'long', 200n, reserveAt(T0, 10_000));
    await b().reserve('b', 'other', 300n, reserveAt(T0, 5_000));
    expect(await b().expire(T0 + 999)).toBe(0);
    expect(await b().expire(T0 + 5_000)).toBe(2);
    expect((await b().inspect('a')).balanceMicro).toBe(800n);
    expect((await b().inspect('b')).balanceMicro).toBe(1000n);
    expect(await b().expire(T0 + 5_000)).toBe(0);
    expect(await b().expire(T0 + 10_000)).toBe(1);
    expect((await b().inspect('a')).balanceMicro).toBe(1000n);
    expect((await b().inspect('a')).reservations).toEqual([]);
  });

  test('a reservation made after an earlier one is still released after a sweep released the earlier one', async () => {
    await b().load('a', 1000n, new Map());
    await b().reserve('a', 'first', 100n, reserveAt(T0, 1_000));
    // 30 s later, same account, same process (Redis: the index entry is not written again)
    await b().reserve('a', 'second', 200n, reserveAt(T0 + 30_000, 1_000));
    expect(await b().expire(T0 + 1_000)).toBe(1);
    expect(await b().expire(T0 + 31_000)).toBe(1);
    expect(await b().inspect('a')).toMatchObject({ balanceMicro: 1000n, reservations: [] });
  });

  test('a settle after expiry still charges the actual cost (the upstream did the work)', async () => {
    await b().load('a', 1000n, new Map());
    await b().reserve('a', 'slow', 500n, { ...reserveAt(T0, 1_000), spendCap: { tokenId: 't1', capMicro: null } });
    await b().expire(T0 + 1_000);
    expect(await b().settle('a', 'slow', 120n, 't1')).toEqual({ status: 'expired', balanceMicro: 880n });
    expect((await b().inspect('a')).tokenSpend.get('t1')).toBe(120n);
  });

  test("releaseHeld gives back a dead process' reservations and leases at once; its late settlements still charge exactly once", async () => {
    await b().load('a', 10_000n, new Map());
    await b().load('b', 10_000n, new Map());
    const spend = { spendCap: { tokenId: 't1', capMicro: null } };
    await b().reserve('a', 'req_dead01x', 500n, { ...reserveAt(T0), ...spend });
    await b().reserve('a', 'req_live01x', 300n, { ...reserveAt(T0), ...spend });
    await b().reserve('b', 'req_dead01y', 400n, reserveAt(T0));
    await b().lease('a', 'lease:n1:dead01:0', 2_000n, reserveAt(T0));
    expect(await b().releaseHeld(['req_dead01', 'lease:n1:dead01:'], T0 + 1)).toBe(3);
    expect(await b().inspect('a')).toMatchObject({ balanceMicro: 9_700n, reservations: [expect.objectContaining({ id: 'req_live01x' })] });
    expect((await b().inspect('a')).tokenSpend.get('t1')).toBe(300n);
    expect((await b().inspect('b')).balanceMicro).toBe(10_000n);
    // Nothing left to release: a second sweep changes nothing.
    expect(await b().releaseHeld(['req_dead01', 'lease:n1:dead01:'], T0 + 2)).toBe(0);

    // The process was only slow: what it settles late is charged once, from the balance.
    expect(await b().settle('a', 'req_dead01x', 120n, 't1')).toEqual({ status: 'expired', balanceMicro: 9_580n });
    expect(await b().settle('a', 'req_dead01x', 120n, 't1')).toEqual({ status: 'duplicate', balanceMicro: 9_580n });
    expect(await b().consume('a', 'lease:n1:dead01:0', 'lease:n1:dead01:0:0', [{ eventId: 'e1', tokenId: 't1', chargeMicro: 80n }], reserveAt(T0 + 3))).toEqual({
      status: 'expired',
      balanceMicro: 9_500n,
    });
    expect((await b().inspect('a')).tokenSpend.get('t1')).toBe(500n);
    // Its lease cannot grow back: the balance it gave back stays spendable by others.
    expect(await b().lease('a', 'lease:n1:dead01:0', 1_000n, reserveAt(T0 + 4))).toEqual({ status: 'duplicate', balanceMicro: 9_500n });
    // A late release gives nothing back twice.
    expect(await b().release('b', 'req_dead01y')).toEqual({ status: 'released', balanceMicro: 10_000n });
  });

  test('token spending caps count open reservations and settled charges atomically', async () => {
    await b().load('a', 10_000n, new Map([['t1', 100n]]));
    const cap = { tokenId: 't1', capMicro: 1000n };
    expect(await b().reserve('a', 'r1', 600n, { ...reserveAt(T0), spendCap: cap })).toMatchObject({ status: 'ok' });
    expect(await b().reserve('a', 'r2', 301n, { ...reserveAt(T0), spendCap: cap })).toEqual({ status: 'cap_reached', balanceMicro: 9400n });
    await b().settle('a', 'r1', 200n, 't1');
    expect((await b().inspect('a')).tokenSpend.get('t1')).toBe(300n);
    expect(await b().reserve('a', 'r2', 700n, { ...reserveAt(T0), spendCap: cap })).toMatchObject({ status: 'ok' });
    await b().release('a', 'r2');
    expect((await b().inspect('a')).tokenSpend.get('t1')).toBe(300n);
    // another token of the same account has its own spend
    expect(await b().reserve('a', 'r3', 900n, { ...reserveAt(T0), spendCap: { tokenId: 't2', capMicro: 1000n } })).toMatchObject({ status: 'ok' });
  });

  test('a lease takes amounts off the balance as one tokenless reservation, grows, and is refused what the balance lacks', async () => {
    await b().load('a', 1000n, new Map());
    expect(await b().lease('a', 'L1', 300n, reserveAt(T0))).toEqual({ status: 'ok', balanceMicro: 700n });
    expect(await b().lease('a', 'L1', 200n, reserveAt(T0 + 5_000))).toEqual({ status: 'ok', balanceMicro: 500n });
    expect(await b().lease('a', 'L1', 501n, reserveAt(T0))).toEqual({ status: 'insufficient', balanceMicro: 500n });
    expect((await b().inspect('a')).reservations).toEqual([{ id: 'L1', amountMicro: 500n, expiresAt: T0 + 65_000, tokenId: null }]);
    expect(await b().release('a', 'L1')).toEqual({ status: 'released', balanceMicro: 1000n });
    expect(await b().lease('a', 'L1', 10n, reserveAt(T0))).toEqual({ status: 'duplicate', balanceMicro: 1000n });
    expect(await b().lease('never-loaded', 'L1', 10n, reserveAt(T0))).toEqual({ status: 'unknown' });
  });

  test('consume moves charges from the lease to spent, once per batch; what the lease lacks comes off the balance', async () => {
    await b().load('a', 1000n, new Map([['t1', 5n]]));
    await b().lease('a', 'L1', 300n, reserveAt(T0));
    const charges = [
      { eventId: 'e4', tokenId: 't1', chargeMicro: 40n },
      { eventId: 'e5', tokenId: 't2', chargeMicro: 60n },
    ];
    expect(await b().consume('a', 'L1', 'batch-1', charges, reserveAt(T0 + 1_000))).toEqual({ status: 'settled', balanceMicro: 700n });
    expect(await b().consume('a', 'L1', 'batch-1', charges, reserveAt(T0 + 1_000))).toEqual({ status: 'duplicate', balanceMicro: 700n });
    let hot = await b().inspect('a');
    expect(hot.reservations).toEqual([{ id: 'L1', amountMicro: 200n, expiresAt: T0 + 61_000, tokenId: null }]);
    expect([hot.tokenSpend.get('t1'), hot.tokenSpend.get('t2')]).toEqual([45n, 60n]);
    // requests that under-reserved: 250 against the 200 left
    expect(await b().consume('a', 'L1', 'batch-2', [{ eventId: 'e6', tokenId: 't1', chargeMicro: 250n }], reserveAt(T0 + 2_000))).toEqual({ status: 'settled', balanceMicro: 650n });
    hot = await b().inspect('a');
    expect(hot.reservations.map((r) => r.amountMicro)).toEqual([0n]);
    // the lease is gone (released): charges come off the balance
    expect(await b().release('a', 'L1')).toEqual({ status: 'released', balanceMicro: 650n });
    expect(await b().consume('a', 'L1', 'batch-3', [{ eventId: 'e7', tokenId: 't1', chargeMicro: 30n }], reserveAt(T0 + 3_000))).toEqual({ status: 'expired', balanceMicro: 620n });
    expect((await b().inspect('a')).tokenSpend.get('t1')).toBe(325n);
  });

  test('a dead node\'s lease is released by expiry; consuming keeps a live one from expiring', async () => {
    await b().load('a', 1000n, new Map());
    await b().load('b', 1000n, new Map());
    await b().lease('a', 'live', 300n, reserveAt(T0, 1_000));
    await b().lease('b', 'dead', 400n, reserveAt(T0, 1_000));
    await b().consume('a', 'live', 'batch-1', [{ eventId: 'e8', tokenId: 't1', chargeMicro: 100n }], reserveAt(T0 + 500, 1_000));
    expect(await b().expire(T0 + 1_000)).toBe(1);
    expect((await b().inspect('b')).balanceMicro).toBe(1000n);
    expect(await b().inspect('a')).toMatchObject({ balanceMicro: 700n, reservations: [{ id: 'live', amountMicro: 200n }] });
    expect(await b().expire(T0 + 1_500)).toBe(1);
    expect(await b().inspect('a')).toMatchObject({ balanceMicro: 900n, reservations: [] });
  });

  test('every charge is kept unledgered, in the same step, until the ledger holds it: a settle\'s under its id, a lease batch\'s charges in one record under the batch id', async () => {
    await b().load('a', 10_000n, new Map());
    await b().reserve('a', 'r1', 600n, reserveAt(T0));
    await b().reserve('a', 'r-free', 100n, reserveAt(T0));
    await b().reserve('a', 'r-failed', 100n, reserveAt(T0));
    await b().settle('a', 'r1', 250n, 't1');
    await b().settle('a', 'r1', 999n, 't1'); // duplicate: nothing more
    await b().settle('a', 'r-free', 0n, 't1'); // nothing charged, nothing to ledger
    await b().release('a', 'r-failed');
    await b().settle('a', 'r-late', 40n, 't1'); // its reservation expired: still charged
    await b().lease('a', 'L1', 1_000n, reserveAt(T0));
    const batch = [
      { eventId: 'e1', tokenId: 't1', chargeMicro: 30n },
      { eventId: 'e2', tokenId: 't1', chargeMicro: 0n },
      { eventId: 'e3', tokenId: 't2', chargeMicro: 70n },
    ];
    await b().consume('a', 'L1', 'batch-1', batch, reserveAt(T0));
    await b().consume('a', 'L1', 'batch-1', [{ eventId: 'e9', tokenId: 't1', chargeMicro: 5n }], reserveAt(T0)); // duplicate batch
    await b().consume('a', 'L1', 'batch-free', [{ eventId: 'e10', tokenId: 't1', chargeMicro: 0n }], reserveAt(T0)); // nothing charged: no record
    let hot = await b().inspect('a');
    const charges = (h: typeof hot) => new Map([...h.unledgered].map(([id, c]) => [id, c.chargeMicro]));
    expect(charges(hot)).toEqual(new Map([['r1', 250n], ['r-late', 40n], ['e1', 30n], ['e3', 70n]]));
    expect(hot.unledgeredBatches).toEqual(new Map([['batch-1', ['e1', 'e3']]]));
    // each charged when its call ran: the settles at the store's clock, the batch at its `now`
    expect(hot.unledgered.get('e1')!.at).toBe(T0);
    expect(Math.abs(hot.unledgered.get('r1')!.at - Date.now())).toBeLessThan(60_000);
    // balance + reservations + unledgered = what was loaded, whenever it is read
    const sum = (xs: Iterable<bigint>) => [...xs].reduce((a, x) => a + x, 0n);
    expect(hot.balanceMicro! + sum(hot.reservations.map((r) => r.amountMicro)) + sum(charges(hot).values())).toBe(10_000n);

    await b().markLedgered('a', ['r1', 'e3', 'never-charged']);
    await b().markLedgered('a', ['r1']);
    await b().markLedgered('a', []);
    hot = await b().inspect('a');
    // A batch's charges go with its record, by the batch id (an event id of it names no record).
    expect(charges(hot)).toEqual(new Map([['r-late', 40n], ['e1', 30n], ['e3', 70n]]));
    await b().markLedgered('a', ['batch-1']);
    hot = await b().inspect('a');
    expect(charges(hot)).toEqual(new Map([['r-late', 40n]]));
    expect(hot.unledgeredBatches.size).toBe(0);
  });

  test('a busy node\'s batch of thousands of charges of several tokens lands whole', async () => {
    await b().load('a', 10_000_000n, new Map([['t0', 7n]]));
    await b().lease('a', 'L1', 1_000_000n, reserveAt(T0));
    const batch = Array.from({ length: 2_501 }, (_, i) => ({ eventId: `e${i}`, tokenId: `t${i % 3}`, chargeMicro: BigInt(i % 5) }));
    const total = batch.reduce((sum, c) => sum + c.chargeMicro, 0n);
    expect(await b().consume('a', 'L1', 'batch-1', batch, reserveAt(T0))).toEqual({ status: 'settled', balanceMicro: 9_000_000n });
    const hot = await b().inspect('a');
    expect(hot.reservations.map((r) => r.amountMicro)).toEqual([1_000_000n - total]);
    const spentBy = (token: string) => batch.filter((c) => c.tokenId === token).reduce((sum, c) => sum + c.chargeMicro, 0n);
    expect(hot.tokenSpend).toEqual(new Map([['t0', 7n + spentBy('t0')], ['t1', spentBy('t1')], ['t2', spentBy('t2')]]));
    const charged = batch.filter((c) => c.chargeMicro > 0n);
    expect(new Map([...hot.unledgered].map(([id, c]) => [id, c.chargeMicro]))).toEqual(new Map(charged.map((c) => [c.eventId, c.chargeMicro])));
    expect(hot.unledgered.get('e2499')!.at).toBe(T0);
    expect(hot.unledgeredBatches).toEqual(new Map([['batch-1', charged.map((c) => c.eventId)]]));
  });

  test('load sets the unledgered charges the loaded balance already excludes', async () => {
    const queued = new Map([
      ['queued-1', { chargeMicro: 60n, at: T0 }],
      ['queued-2', { chargeMicro: 40n, at: T0 + 1 }],
    ]);
    expect(await b().load('a', 900n, new Map([['t1', 100n]]), queued)).toBe(true);
    expect(await b().inspect('a')).toMatchObject({ balanceMicro: 900n, tokenSpend: new Map([['t1', 100n]]), unledgered: queued, unledgeredBatches: new Map() });
    expect(await b().load('a', 5n, new Map(), new Map([['other', { chargeMicro: 1n, at: T0 }]]))).toBe(false);
    expect((await b().inspect('a')).unledgered).toEqual(queued);
  });

  test('a settle of a charge the balance holds unledgered already (a load counted its queued event) takes nothing again', async () => {
    // As after Redis lost its data: the balance was loaded with the event's charge, then its settle arrives.
    await b().load('a', 900n, new Map([['t1', 100n]]), new Map([['queued-1', { chargeMicro: 100n, at: T0 }]]));
    expect(await b().settle('a', 'queued-1', 100n, 't1')).toEqual({ status: 'duplicate', balanceMicro: 900n });
    expect(await b().inspect('a')).toMatchObject({ balanceMicro: 900n, tokenSpend: new Map([['t1', 100n]]) });
    // Another id is charged as a late settle is.
    expect(await b().settle('a', 'other', 30n, 't1')).toEqual({ status: 'expired', balanceMicro: 870n });
  });

  test('settlements while the balance is missing are kept for the load: taken off unless the caller accounted for them', async () => {
    // As after Redis lost its data: settlements come before the control plane loads the balance.
    expect(await b().settle('a', 'settled-1', 100n, 't1')).toEqual({ status: 'unknown' });
    expect(await b().settle('a', 'settled-1', 100n, 't1')).toEqual({ status: 'unknown' });
    expect(await b().release('a', 'released-1')).toEqual({ status: 'unknown' });
    const charges = [
      { eventId: 'leased-1', tokenId: 't1', chargeMicro: 30n },
      { eventId: 'leased-2', tokenId: 't1', chargeMicro: 20n },
      { eventId: 'free', tokenId: 't1', chargeMicro: 0n },
    ];
    expect(await b().consume('a', 'lease:x', 'lease:x:1', charges, reserveAt(T0))).toEqual({ status: 'unknown' });
    expect((await b().inspect('a')).balanceMicro).toBeNull();
    // The caller found leased-2 in the ledger, and counted queued-1 itself; settled-1 and leased-1 came after it read.
    expect(await b().load('a', 1000n, new Map(), new Map([['queued-1', { chargeMicro: 5n, at: T0 }]]), new Map(), new Set(['leased-2']))).toBe(true);
    const loaded = await b().inspect('a');
    expect(loaded.balanceMicro).toBe(1000n - 100n - 30n);
    expect([...loaded.unledgered.keys()].sort()).toEqual(['leased-1', 'queued-1', 'settled-1']);
    // Their late retries take nothing again.
    expect(await b().settle('a', 'settled-1', 100n, 't1')).toEqual({ status: 'duplicate', balanceMicro: 870n });
    expect(await b().consume('a', 'lease:x', 'lease:x:1', charges, reserveAt(T0))).toEqual({ status: 'duplicate', balanceMicro: 870n });
  });

  test('the credits a load includes are never applied again; others are', async () => {
    expect(await b().load('a', 900n, new Map(), new Map(), new Map([['topup:1', 1000n], ['adjust:1', -100n]]))).toBe(true);
    expect(await b().credit('a', 1000n, 'topup:1')).toEqual({ status: 'duplicate', balanceMicro: 900n });
    expect(await b().credit('a', -100n, 'adjust:1')).toEqual({ status: 'duplicate', balanceMicro: 900n });
    expect(await b().credit('a', 50n, 'topup:2')).toEqual({ status: 'applied', balanceMicro: 950n });
  });

  test('a credit reaches the balance once per idempotency key; debits are negative credits', async () => {
    await b().load('a', 0n, new Map());
    expect(await b().credit('a', 71_234_000n, 'topup:1')).toEqual({ status: 'applied', balanceMicro: 71_234_000n });
    expect(await b().credit('a', 71_234_000n, 'topup:1')).toEqual({ status: 'duplicate', balanceMicro: 71_234_000n });
    expect(await b().credit('a', -1_000_000n, 'adjust:1')).toEqual({ status: 'applied', balanceMicro: 70_234_000n });
  });

  test('concurrent reserves never take more than the balance', async () => {
    await b().load('a', 1000n, new Map());
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => b().reserve('a', `r${i}`, 30n, reserveAt(T0))));
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(33);
    expect((await b().inspect('a')).balanceMicro).toBe(10n);
  });

  test('amounts beyond 2^53 are refused rather than rounded', async () => {
    await b().load('a', 0n, new Map());
    await expect(b().credit('a', 2n ** 60n, 'big')).rejects.toThrow(RangeError);
    await expect(b().reserve('a', 'neg', -1n, reserveAt(T0))).rejects.toThrow(RangeError);
  });

  test('a lease batch with an event id that is not one line of text is refused whole, as a line of the Redis batch could not hold it', async () => {
    await b().load('a', 1000n, new Map());
    await b().lease('a', 'L1', 300n, reserveAt(T0));
    for (const eventId of ['', 'e1\nforged\n999:0']) {
      const batch = [
        { eventId: 'ok', tokenId: 't1', chargeMicro: 10n },
        { eventId, tokenId: 't1', chargeMicro: 0n },
      ];
      await expect(b().consume('a', 'L1', `batch-${eventId.length}`, batch, reserveAt(T0))).rejects.toThrow(/event id must be one line of text/);
    }
    const hot = await b().inspect('a');
    expect([hot.balanceMicro, hot.reservations.map((r) => r.amountMicro), hot.tokenSpend.size, hot.unledgered.size]).toEqual([700n, [300n], 0, 0]);
  });

  test('load requests reach subscribers', async () => {
    const seen: string[] = [];
    const unsubscribe = await b().onLoadRequest((id) => seen.push(id));
    await b().requestLoad('acct-1');
    await eventually(() => expect(seen).toEqual(['acct-1']));
    await unsubscribe();
  });
});
