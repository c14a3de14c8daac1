/**
 * A data plane started while Redis is down: it starts, answers every request promptly (503 with
 * Retry-After, never a hang), and /readyz says it is not ready and why, even with a snapshot from
 * its disk copy; once Redis is back (empty) it subscribes by itself and serves.
 */
import type { DataPlane } from '../../data-plane/bootstrap.js';
import { chatOnce, startRedisBed, type RedisBed } from './redis-bed.js';
import { eventually } from '../support/eventually.js';

const TIMEOUT_MS = 2000;

let bed: RedisBed;

beforeAll(async () => {
  bed = await startRedisBed();
});

afterAll(async () => {
  await bed?.stop();
});

test('prompt 503s and a truthful /readyz until Redis is back, then served', async () => {
  const account = await bed.account('5');
  // A node that ran before keeps its snapshot on disk.
  const before = await bed.startDataPlane('restarted');
  await eventually(async () => (await chatOnce(bed.client(account.key, before))).status === 200, 'served before the restart');
  await bed.stopDataPlane(before);

  await bed.redis.stop();
  let restarted: DataPlane;
  try {
    const startedAt = Date.now();
    restarted = await bed.startDataPlane('restarted');
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS + 10_000);
    expect(restarted.runtime()).not.toBeNull(); // from the disk copy

    const ready = await fetch(`${restarted.url}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; missing: string[] };
    expect(body.missing).toEqual([expect.stringMatching(/^Redis/), expect.stringMatching(/^token invalidations/)]);
    expect(body.status).toMatch(/^not ready: Redis/);

    for (const call of [
      () => chatOnce(bed.client(account.key, restarted)),
      async () => {
        const started = Date.now();
        const r = await fetch(`${restarted.url}/v1/models`, { headers: { authorization: `Bearer ${account.key}` }, signal: AbortSignal.timeout(30_000) });
        return { status: r.status, ms: Date.now() - started, retryAfter: r.headers.get('retry-after'), body: await r.json() };
      },
    ]) {
      const answer = await call();
      expect(answer).toMatchObject({ status: 503, retryAfter: '2' });
      // Bounded by REDIS_TIMEOUT_MS (plus room for a busy machine), never the length of the outage.
      expect(answer.ms).toBeLessThan(TIMEOUT_MS + 10_000);
    }
  } finally {
    await bed.redis.restart();
  }
  await eventually(async () => (await fetch(`${restarted.url}/readyz`)).status === 200, 'ready once Redis is back');
  await eventually(async () => (await chatOnce(bed.client(account.key, restarted))).status === 200, 'served once Redis is back');
});
