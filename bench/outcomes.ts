/**
 * Benchmark (not a test) of the cost of outcome recording on the data plane's request path, on
 * the test Redis.
 *
 *   npm run bench -- outcomes
 *
 * Two data planes with the relay pipeline in front of fake upstreams, identical but for
 * `recordOutcomes`; closed-loop load on each in alternating rounds, non-streamed chat answers.
 * Prints requests/s with recording off and on, and the cost (goal: under 3 percent), then the
 * cost of one `record()` call on its own and what one flush sends. Load generator, data planes
 * and upstreams share this process (and its cores), so absolute numbers understate a real node.
 */
import { Pool } from 'undici';
import { OutcomeRecorder } from '../data-plane/health/outcome-recorder.js';
import { redisPorts } from '../shared/ports/factory.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../test/support/database.js';
import { relayCatalog } from '../test/support/relay-catalog.js';
import { startRelayBed, type RelayBed } from '../test/support/relay.js';
import { dropKeys } from '../test/support/redis-keys.js';
import { chatRequest, closedLoop } from './lib/load.js';
import { median } from './lib/stats.js';

process.env.LOG_LEVEL ??= 'error';

const CONCURRENCY = 32;
const ROUND_MS = 4000;
const ROUNDS = 6;

/** `ms` of closed-loop load; successful requests/s. */
async function load(pool: Pool, key: string, ms: number): Promise<number> {
  return (await closedLoop(pool, chatRequest(key), { concurrency: CONCURRENCY, ms })).rate;
}

async function side(recordOutcomes: boolean): Promise<{ bed: RelayBed; pool: Pool; key: string }> {
  const bed = await startRelayBed(relayCatalog, { pipeline: { recordOutcomes } });
  const key = await bed.token({ groups: ['all'] });
  return { bed, pool: new Pool(bed.url, { connections: CONCURRENCY }), key };
}

async function main(): Promise<void> {
  let offRate = 0;
  const off = await side(false);
  const on = await side(true);
  try {
    await load(off.pool, off.key, 1000); // warm-up
    await load(on.pool, on.key, 1000);
    const offRates: number[] = [];
    const onRates: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which side goes first, so drift (GC, JIT, Redis) falls on both.
      if (i % 2 === 0) {
        offRates.push(await load(off.pool, off.key, ROUND_MS));
        onRates.push(await load(on.pool, on.key, ROUND_MS));
      } else {
        onRates.push(await load(on.pool, on.key, ROUND_MS));
        offRates.push(await load(off.pool, off.key, ROUND_MS));
      }
    }
    // Medians: on a shared 2-core machine single rounds swing by 20 percent or more.
    const cost = 1 - median(onRates) / median(offRates);
    console.log(`relay, ${CONCURRENCY} concurrent, non-streamed chat: recording off ${median(offRates).toFixed(0)} req/s, on ${median(onRates).toFixed(0)} req/s (medians), cost ${(cost * 100).toFixed(1)}% (goal < 3%)`);
    offRate = median(offRates);
    console.log(`  rounds off: ${offRates.map((r) => r.toFixed(0)).join(', ')}; on: ${onRates.map((r) => r.toFixed(0)).join(', ')}`);
  } finally {
    for (const s of [off, on]) {
      await s.pool.close();
      await s.bed.stop();
    }
  }

  // The call itself: map updates only (the flush runs on a timer, off the request path).
  const prefix = testRedisPrefix();
  const ports = redisPorts(TEST_REDIS_URL, prefix);
  const recorder = new OutcomeRecorder(ports.outcomes, { flushMs: 3_600_000 });
  const n = 1_000_000;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    // 1,000 distinct group/channel/model combinations in the minute, two stream modes.
    const k = i % 1000;
    recorder.record({ group: `g${k % 13}`, channel: `c${k % 50}`, model: `m${k}`, node: 'bench', format: 'chat-completions', stream: i % 2 === 0, failure: i % 20 === 0 ? 'timeout' : null, latencyMs: 120, ttfbMs: 40 });
  }
  const ns = ((performance.now() - started) * 1e6) / n;
  const flushStarted = performance.now();
  await recorder.close();
  console.log(`record(): ${ns.toFixed(0)} ns per attempt (1,000 keys); one flush of the minute: ${(performance.now() - flushStarted).toFixed(0)} ms, off the request path`);
  console.log(`  at ${offRate.toFixed(0)} req/s a request takes ${(1e9 / offRate / 1000).toFixed(0)} us of this process: record() is ${((ns / (1e9 / offRate)) * 100).toFixed(2)}% of it`);
  await ports.close();
  await dropKeys(prefix);
}

await main();
