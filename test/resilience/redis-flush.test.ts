/**
 * Redis loses its data (FLUSHALL, as a restart without persistence): the control plane notices its
 * generation marker gone and writes everything again within 5 s; meanwhile the data plane keeps
 * serving the keys it knows.
 */
import { chatOnce, startRedisBed, type RedisBed } from './redis-bed.js';
import { eventually } from '../support/eventually.js';

describe('healing after FLUSHALL', () => {
  let bed: RedisBed;

  beforeAll(async () => {
    bed = await startRedisBed();
  });

  afterAll(async () => {
    await bed?.stop();
  });

  test('known and never-seen keys work again within 5 s, and the hot balance equals the ledger', async () => {
    const account = await bed.account('5');
    const seen = bed.client(account.key);
    expect((await chatOnce(seen)).status).toBe(200);
    // A key the data plane has never been asked about before the loss.
    const unseen = bed.client(await bed.newKey(account));

    await bed.redis.flushAll();
    const flushedAt = Date.now();
    await eventually(async () => (await chatOnce(seen)).status === 200 && (await chatOnce(unseen)).status === 200, 'both keys served after the flush');
    expect(Date.now() - flushedAt).toBeLessThan(5000);

    // What was charged before and after the loss: the hot balance is the ledger's, to the micro-RMB.
    for (let i = 0; i < 5; i++) expect((await chatOnce(unseen)).status).toBe(200);
    expect(await bed.reconciled(account.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
    // The snapshot and the token records are back in Redis too (a data plane started now serves).
    const fresh = await bed.startDataPlane('after-flush');
    await eventually(async () => (await chatOnce(bed.client(account.key, fresh))).status === 200, 'a new data plane serving after the flush');
  });
});

describe('before the control plane writes again', () => {
  let bed: RedisBed;

  beforeAll(async () => {
    // No periodic check: the test runs it by hand, to look at the window before it.
    bed = await startRedisBed({ cpEnv: { REDIS_GENERATION_CHECK_MS: '600000' } });
  });

  afterAll(async () => {
    await bed?.stop();
  });

  test('a known key is never refused as invalid; an unknown one is, until the records are written again', async () => {
    const account = await bed.account('5');
    const known = bed.client(account.key);
    expect((await chatOnce(known)).status).toBe(200);
    const unknown = bed.client(await bed.newKey(account));

    await bed.redis.flushAll();
    // Past the token cache's TTL (2 s), the data plane reads the records again and finds nothing.
    const until = Date.now() + 3000;
    const statuses = new Set<number>();
    while (Date.now() < until) {
      statuses.add((await chatOnce(known)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Served (the balance is loaded again on request) or, at worst, 503: never 401.
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await chatOnce(unknown)).status).toBe(401);

    expect(await bed.cp.services.generation.check()).toBe(true);
    expect(await bed.cp.services.generation.check()).toBe(false); // once per loss
    await eventually(async () => (await chatOnce(unknown)).status === 200, 'the new key served once written again');
    expect((await chatOnce(known)).status).toBe(200);
    expect(await bed.reconciled(account.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
  });
});
