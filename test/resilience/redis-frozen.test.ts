/**
 * Redis frozen (SIGSTOP): every wait for it on a request path ends after REDIS_TIMEOUT_MS with a
 * 503 and Retry-After; a timeout is never reported as insufficient balance, however many requests
 * pile up meanwhile; after SIGCONT everything is served and the money agrees.
 */
import { chatOnce, startRedisBed, type RedisBed } from './redis-bed.js';
import { eventually } from '../support/eventually.js';

const TIMEOUT_MS = 1000;

let bed: RedisBed;

beforeAll(async () => {
  bed = await startRedisBed({ cpEnv: { REDIS_TIMEOUT_MS: String(TIMEOUT_MS) }, dpEnv: { REDIS_TIMEOUT_MS: String(TIMEOUT_MS) } });
});

afterAll(async () => {
  bed?.redis.resume();
  await bed?.stop();
});

test('bounded waits, then 503 with Retry-After; never a 402; healed after SIGCONT', async () => {
  const rich = await bed.account('5');
  const poor = await bed.account('0.05');
  for (let i = 0; i < 3; i++) expect((await chatOnce(bed.client(rich.key))).status).toBe(200);
  expect((await chatOnce(bed.client(poor.key))).status).toBe(200);
  const unseen = await bed.newKey(poor);

  bed.redis.pause();
  let answers: Awaited<ReturnType<typeof chatOnce>>[];
  try {
    // A pile-up: far more of the rich account's requests than its lease holds, the poor account's
    // (each reserved alone), and a key the data plane cannot check.
    answers = await Promise.all([
      ...Array.from({ length: 120 }, () => chatOnce(bed.client(rich.key))),
      ...Array.from({ length: 10 }, () => chatOnce(bed.client(poor.key))),
      ...Array.from({ length: 5 }, () => chatOnce(bed.client(unseen))),
    ]);
  } finally {
    bed.redis.resume();
  }
  const statuses = answers.map((a) => a.status);
  // Served from the lease, or refused for want of Redis: nothing else.
  expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  const refused = answers.filter((a) => a.status === 503);
  // Every request of the poor account and of the unknown key needed Redis.
  expect(refused.length).toBeGreaterThanOrEqual(15);
  for (const r of refused) expect(r.retryAfter).toBe('2');
  // Bounded: Redis stays frozen until every answer is in, so an unbounded wait would hang the test;
  // each took the timeout plus whatever a busy machine adds (the room here is generous for that).
  for (const r of answers) expect(r.ms).toBeLessThan(TIMEOUT_MS + 15_000);

  // After SIGCONT: served, and no 402 for any of them.
  await eventually(async () => (await chatOnce(bed.client(poor.key))).status === 200, 'the poor account served again');
  const after = await Promise.all([...Array.from({ length: 60 }, () => chatOnce(bed.client(rich.key))), ...Array.from({ length: 5 }, () => chatOnce(bed.client(poor.key)))]);
  expect(after.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
  expect((await chatOnce(bed.client(unseen))).status).toBe(200);
  expect(await bed.reconciled(rich.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
  expect(await bed.reconciled(poor.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
});
