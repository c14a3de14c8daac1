/**
 * Benchmark (not a test) of the cost of metering, on real PostgreSQL and Redis (the test ones).
 *
 *   node --import @swc-node/register/esm-register bench/billing.ts
 *
 * Prints:
 * 1. requests/s through one data plane (relay pipeline, fake upstream, non-streamed chat answers)
 *    with billing off and on (reserve + usage tap + settle + usage event), in pairs of rounds at
 *    the same concurrency, and the ratio: the median of the pairs' ratios (goal: on >= 0.85 x
 *    off), with their range and the ratio of the means;
 * 2. usage-consumer throughput: events/s from the Redis stream into PostgreSQL (usage records +
 *    ledger entries), for a backlog of EVENTS events (goal: 5,000/s): one consumer with batches of
 *    500 and 1,000, and two consumers of the group draining side by side.
 * Load generator, data plane, fake upstream and control plane share this process (and its cores).
 */
import type Koa from 'koa';
import { Pool } from 'undici';
import { LedgerKind } from '../control-plane/ledger/ledger-entry.entity.js';
import { UsageConsumer } from '../control-plane/usage/usage.consumer.js';
import { Metering } from '../data-plane/billing/metering.js';
import type { PipelineState } from '../data-plane/pipeline/state.js';
import { encodeUsageEvent } from '../shared/billing/usage-event-codec.js';
import { redisPorts } from '../shared/ports/factory.js';
import { startTestControlPlane } from '../test/support/control-plane.js';
import { TEST_REDIS_URL } from '../test/support/database.js';
import { relayCatalog } from '../test/support/relay-catalog.js';
import { startRelayBed } from '../test/support/relay.js';
import { seedAccount } from '../test/support/seeded-accounts.js';
import { sampleUsageEvent } from '../test/support/usage-event.js';
import { chatRequest, closedLoop } from './lib/load.js';
import { dropKeys } from './lib/redis-keys.js';
import { keepUsageStreamShort } from './lib/usage-stream.js';
import { mean, median } from './lib/stats.js';

process.env.LOG_LEVEL ??= 'error';

const CONCURRENCY = 32;
/** Short rounds, many pairs: interference on these shared machines comes in bursts that hit one round of a pair (pairs seen 0.73 to 0.97 in one run), which the median of the pairs' ratios sets aside and a mean does not. */
const ROUND_MS = 2000;
const ROUNDS = 9;
const EVENTS = 50_000;

/** Runs `ms` of closed-loop load; returns successful requests/s (failures, e.g. upstream timeouts under load, are counted apart). */
async function load(pool: Pool, key: string, ms: number): Promise<number> {
  const result = await closedLoop(pool, chatRequest(key), { concurrency: CONCURRENCY, ms });
  if (result.failed > 0) console.log(`  (${result.failed} requests failed in this round)`);
  return result.rate;
}

async function main(): Promise<void> {
  const cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  const billing = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  const metering = new Metering({ balances: billing.balances, usage: billing.usage, node: 'bench' });
  let on = false;
  const reserve: Koa.Middleware<PipelineState> = (ctx, next) => (on ? metering.middleware(ctx, next) : next());
  const bed = await startRelayBed(relayCatalog, { pipeline: { reserve } });
  const { account } = await seedAccount(cp.services);
  await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro: 10n ** 15n, idempotencyKey: `bench:${account.id}` });
  await cp.services.billing.hot.ensureLoaded(account.id);
  const key = await bed.token({ accountId: account.id, tokenId: 'bench-token', groups: ['all'] });
  const pool = new Pool(bed.url, { connections: CONCURRENCY });
  // The consumer is off while requests are measured: the stream is kept short as it would keep it.
  const stopTrimming = keepUsageStreamShort(billing.redis.cmd, billing.keys.usageStream);

  try {
    await load(pool, key, 1000); // warm-up
    const off: number[] = [];
    const with_: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Each pair in the other order than the last, so that a drift of the machine falls on both settings.
      for (const setting of i % 2 === 0 ? [false, true] : [true, false]) {
        on = setting;
        (on ? with_ : off).push(await load(pool, key, ROUND_MS));
      }
    }
    const ratios = with_.map((rate, i) => rate / off[i]);
    console.log(`relay, ${CONCURRENCY} concurrent, non-streamed chat: billing off ${mean(off).toFixed(0)} req/s, on ${mean(with_).toFixed(0)} req/s (means of ${ROUNDS} rounds of ${ROUND_MS / 1000} s)`);
    console.log(
      `  on/off: median of the ${ROUNDS} paired rounds ${median(ratios).toFixed(2)} (goal >= 0.85; pairs ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}), ratio of the means ${(mean(with_) / mean(off)).toFixed(2)}`,
    );

    // Drop the events the "on" rounds queued, then time a fresh backlog for each setting.
    stopTrimming();
    await cp.services.billing.consumer.drain();
    let backlog = 0;
    const queueBacklog = async () => {
      backlog += 1;
      const pipeline = billing.redis.cmd.pipeline();
      for (let i = 0; i < EVENTS; i++) {
        const event = sampleUsageEvent({ eventId: `bench${backlog}-${i}`, accountId: account.id, tokenId: 'bench-token', chargeMicro: '187' });
        pipeline.xadd(billing.keys.usageStream, '*', 'e', encodeUsageEvent(event));
      }
      await pipeline.exec();
    };
    // One consumer (what a control plane runs) at two batch sizes, then two consumers of the group side by side.
    for (const [batchSize, consumers] of [
      [500, 1],
      [1000, 1],
      [500, 2],
    ] as const) {
      await queueBacklog();
      const group = Array.from({ length: consumers }, (_, i) => new UsageConsumer(cp.services.deps.orm, billing.usage, { consumer: `bench-${backlog}-${i}`, batchSize }));
      const started = performance.now();
      const n = (await Promise.all(group.map((c) => c.drain()))).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - started) / 1000;
      console.log(`usage consumer x${consumers}, batches of ${batchSize}: ${n} events in ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(0)} events/s into PostgreSQL (goal 5000)`);
    }
  } finally {
    stopTrimming();
    await pool.close();
    await bed.stop();
    await metering.close();
    await billing.close();
    await cp.stop();
    await Promise.all([dropKeys(cp.redisPrefix), dropKeys(bed.redisPrefix)]);
  }
}

await main();
