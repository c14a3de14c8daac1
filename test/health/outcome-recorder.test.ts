import { OutcomeRecorder } from '../../data-plane/health/outcome-recorder.js';
import { fieldOf, totalsByKey, type OutcomeAttempt } from '../../shared/health/outcome.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';
import { dropKeys } from '../support/redis-keys.js';

const prefix = testRedisPrefix();
const ports = redisPorts(TEST_REDIS_URL, prefix);
afterAll(async () => {
  await ports.close();
  await dropKeys(prefix);
});

const attempt: OutcomeAttempt = { group: 'alpha', channel: 'ch-a', model: 'gpt-x', node: 'n1', format: 'messages', stream: true, failure: null, latencyMs: 10, ttfbMs: 3 };

test('attempts are batched in memory, in the minute of the clock, and reach Redis on flush', async () => {
  let now = Date.parse('2026-11-22T10:00:59Z');
  const recorder = new OutcomeRecorder(ports.outcomes, { now: () => now, flushMs: 60_000 });
  const minute = Math.floor(now / 60_000);
  recorder.record(attempt);
  recorder.record({ ...attempt, failure: 'cut_stream' });
  expect(await ports.outcomes.read([minute])).toEqual([{}]); // nothing sent before the flush
  now += 1000; // the next minute
  recorder.record(attempt);
  await recorder.close();
  const [first, second] = await ports.outcomes.read([minute, minute + 1]);
  expect(first[fieldOf(attempt, 'ok')]).toBe(1);
  expect(first[fieldOf(attempt, 'cut_stream')]).toBe(1);
  expect(second[fieldOf(attempt, 'ok')]).toBe(1);
});

test('a batch that cannot be sent is kept and sent with the next one', async () => {
  const now = Date.parse('2026-11-22T11:00:00Z');
  let fail = true;
  const flaky = {
    add: (m: number, inc: Map<string, number>) => (fail ? Promise.reject(new Error('down')) : ports.outcomes.add(m, inc)),
    read: (m: number[]) => ports.outcomes.read(m),
  };
  const recorder = new OutcomeRecorder(flaky, { now: () => now, flushMs: 60_000 });
  recorder.record(attempt);
  await recorder.flush();
  fail = false;
  recorder.record(attempt);
  await recorder.close();
  const [bucket] = await ports.outcomes.read([Math.floor(now / 60_000)]);
  expect(bucket[fieldOf(attempt, 'ok')]).toBe(2);
});

test('a large batch goes in bounded pieces; a piece that fails is resent alone, so nothing is counted twice', async () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  let calls = 0;
  const flaky = {
    add: (m: number, inc: Map<string, number>) => {
      calls += 1;
      expect(inc.size).toBeLessThanOrEqual(5000);
      return calls === 2 ? Promise.reject(new Error('down')) : ports.outcomes.add(m, inc);
    },
    read: (m: number[]) => ports.outcomes.read(m),
  };
  const recorder = new OutcomeRecorder(flaky, { now: () => now, flushMs: 60_000 });
  for (let i = 0; i < 3000; i++) recorder.record({ ...attempt, model: `m-${i}` }); // 4 fields each
  await recorder.flush();
  expect(calls).toBe(3);
  await recorder.close();
  const [bucket] = await ports.outcomes.read([Math.floor(now / 60_000)]);
  const totals = [...totalsByKey([bucket]).values()];
  expect(totals).toHaveLength(3000);
  expect(totals.every((t) => t.totals.ok === 1 && t.totals.ttfb_n === 1)).toBe(true);
});
