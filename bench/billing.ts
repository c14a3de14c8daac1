/**
 * Benchmark (not a test) of the cost of metering, on real PostgreSQL and Redis (the test ones).
 *
 *   npm run bench -- billing
 *
 * Prints:
 * 1. requests/s through a data plane with billing off and on (reserve + usage tap + settle +
 *    usage event on Redis; a large hot balance, so reservations come from the node's balance
 *    lease as a rich account's do): each setting is a data plane process of its own, alone on
 *    its event loop as on a node, loaded by the relay benchmark's rig (fake upstream + load
 *    generator, another process) with chat-completions pass-through, non-streamed and streamed
 *    (50 deltas). Pairs of rounds at the same concurrency, once both processes reached their
 *    steady rate (WARM_UP_ROUNDS), each pair in the other order than the last, in PROCESS_PAIRS
 *    fresh pairs of processes (a process can stay slower for its whole life than an identical
 *    one); judged on the median of the pairs' ratios (goal: on >= 0.85 x off), with how far that
 *    median may be off (a bootstrap interval over the pairs of processes), their range, the ratio
 *    of the means and each side's CPU time per request beside it (the part of it spent in garbage
 *    collection pauses, and, on Linux, its split by thread: the event loop running and waiting
 *    for a core, and V8's helper threads); then metering's work alone, in this process
 *    (./billing/alone.ts): the usage tap's CPU time per answer, and the whole metering stage's
 *    per request, which the data plane's figure exceeds; with BENCH_BEFORE=<another checkout>,
 *    CPU time per request of the metered and unmetered data plane and the bare proxy as built by
 *    that tree and by this one (./relay/trees.ts);
 * 2. usage-consumer throughput: events/s from the Redis stream into PostgreSQL (usage records +
 *    ledger entries), for a backlog of EVENTS events (goal: 5,000/s) in stream entries of one event
 *    (a quiet data plane's) and of 50 (a busy one's, which appends the events of a turn together):
 *    one consumer with batches of 500 and 1,000, and two consumers of the group draining side by
 *    side. The control plane runs in this process.
 */
import { UsageConsumer } from '../control-plane/usage/usage.consumer.js';
import { encodeUsageEntry } from '../shared/billing/usage-event-codec.js';
import { redisPorts } from '../shared/ports/factory.js';
import { startTestControlPlane } from '../test/support/control-plane.js';
import { TEST_REDIS_URL } from '../test/support/database.js';
import { seedAccount } from '../test/support/seeded-accounts.js';
import { sampleUsageEvent } from '../test/support/usage-event.js';
import { printMeteringAlone } from './billing/alone.js';
import type { BenchChild, ThreadTimes } from './lib/child.js';
import type { ClosedLoopResult } from './lib/load.js';
import { mean, median, medianInterval } from './lib/stats.js';
import { cpuPerRequest, startRig, startSubject, withCpu, type Subject } from './relay/processes.js';
import { SCENARIOS, label, requestFor, type Scenario } from './relay/setup.js';
import { OTHER_TREE, compareTrees } from './relay/trees.js';

process.env.LOG_LEVEL ??= 'error';

const CONCURRENCY = 32;
/** Fresh pairs of data plane processes, one after another. */
const PROCESS_PAIRS = 5;
/**
 * Pairs of rounds per pair of processes. Short rounds, many pairs: interference on these shared
 * machines comes in bursts that hit one round of a pair, which the median of the pairs' ratios
 * sets aside and a mean does not.
 */
const ROUNDS = 3;
const ROUND_MS = 2000;
/**
 * Rounds of load on each process of a pair before a scenario's measured rounds, by scenario
 * (alternating, not counted). A fresh data plane process takes seconds of load to reach its
 * steady rate, the metered one longer than the unmetered, and measured before it the ratio reads
 * low. A data plane serves for hours, so the rates compared are the steady ones. A later scenario
 * runs on processes warm but for its own code.
 */
const WARM_UP_ROUNDS = { fresh: 5, warm: 2 };
const EVENTS = 50_000;

type Setting = 'off' | 'on';

/** Pass-through chat, non-streamed (the goal's case: the least relay work per request, so metering's largest share) and streamed (what coding agents send). */
const MEASURED = SCENARIOS.filter((s) => s.path === 'pass');

/** What one round measured: successful requests/s, and the subject's CPU, garbage collection and thread µs per request (threads: null where the system does not tell). */
interface Round {
  rate: number;
  usPerRequest: number;
  gcUsPerRequest: number;
  threads: ThreadTimes | null;
}

/** One round of closed-loop load on `subject`. */
async function round(rig: BenchChild, subject: Subject, scenario: Scenario): Promise<Round> {
  const request = requestFor(scenario, 'client', { key: subject.key });
  const gcBefore = await subject.child.call<number>('gc');
  const threadsBefore = await subject.child.call<ThreadTimes | null>('threads');
  const [result, [cpu]] = await withCpu([subject.child], () => rig.call<ClosedLoopResult>('saturate', { url: subject.url, request, concurrency: CONCURRENCY, ms: ROUND_MS }));
  const threadsAfter = await subject.child.call<ThreadTimes | null>('threads');
  const gcMs = (await subject.child.call<number>('gc')) - gcBefore;
  if (result.failed > 0) console.log(`  (${result.failed} requests failed in this round)`);
  const n = Math.max(1, result.ok + result.failed);
  const perRequest = (key: keyof ThreadTimes) => (threadsAfter![key] - threadsBefore![key]) / n;
  const threads = threadsBefore && threadsAfter ? { main: perRequest('main'), mainWaiting: perRequest('mainWaiting'), others: perRequest('others') } : null;
  return { rate: result.rate, usPerRequest: cpuPerRequest(cpu, result), gcUsPerRequest: (gcMs * 1000) / n, threads };
}

/** What the rounds of one scenario gave, by setting. */
interface Readings {
  rates: Record<Setting, number[]>;
  cpu: Record<Setting, number[]>;
  gc: Record<Setting, number[]>;
  threads: Record<Setting, ThreadTimes[]>;
  /** on / off of each pair of rounds, by pair of processes. */
  ratios: number[][];
}

/** Pairs of rounds of `scenario` on a pair of processes, after `warmUp` unmeasured ones, into `readings`. `first`: which setting goes first in the first pair. */
async function pairedRounds(rig: BenchChild, subjects: Record<Setting, Subject>, scenario: Scenario, warmUp: number, readings: Readings, first: Setting): Promise<void> {
  for (let i = 0; i < warmUp; i++) for (const subject of Object.values(subjects)) await round(rig, subject, scenario);
  const ratios: number[] = [];
  readings.ratios.push(ratios);
  for (let i = 0; i < ROUNDS; i++) {
    const pair: Record<Setting, number> = { off: 0, on: 0 };
    // Each pair in the other order than the last, so that a drift of the machine falls on both settings.
    const order: Setting[] = (i % 2 === 0) === (first === 'off') ? ['off', 'on'] : ['on', 'off'];
    for (const setting of order) {
      const { rate, usPerRequest, gcUsPerRequest, threads } = await round(rig, subjects[setting], scenario);
      pair[setting] = rate;
      readings.rates[setting].push(rate);
      readings.cpu[setting].push(usPerRequest);
      readings.gc[setting].push(gcUsPerRequest);
      if (threads) readings.threads[setting].push(threads);
    }
    ratios.push(pair.on / pair.off);
  }
}

/** Prints one scenario's rates, ratios (judged on their median), and CPU, GC pause and thread time per request. */
function report(scenario: Scenario, { rates, cpu, gc, threads, ratios: byProcesses }: Readings): void {
  const ratios = byProcesses.flat();
  const n = ratios.length;
  const [low, high] = medianInterval(byProcesses);
  console.log(`${label(scenario)}, ${CONCURRENCY} concurrent: billing off ${mean(rates.off).toFixed(0)} req/s, on ${mean(rates.on).toFixed(0)} req/s (means of ${n} rounds of ${ROUND_MS / 1000} s)`);
  console.log(
    `  on/off: median of the ${n} paired rounds ${median(ratios).toFixed(2)} (goal >= 0.85; 90 % interval ${low.toFixed(2)} to ${high.toFixed(2)}, resampling the ${byProcesses.length} pairs of processes; pairs of rounds ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}), ratio of the means ${(mean(rates.on) / mean(rates.off)).toFixed(2)}`,
  );
  console.log(`  data plane CPU per request (medians): off ${median(cpu.off).toFixed(0)} µs, on ${median(cpu.on).toFixed(0)} µs: metering ${(median(cpu.on) - median(cpu.off)).toFixed(0)} µs`);
  const gcRange = (s: Setting) => `${median(gc[s]).toFixed(1)} µs (${Math.min(...gc[s]).toFixed(1)} to ${Math.max(...gc[s]).toFixed(1)})`;
  console.log(`  of which garbage collection pauses (medians, range of the rounds): off ${gcRange('off')}, on ${gcRange('on')}`);
  if (threads.off.length === 0 || threads.on.length === 0) return;
  const of = (s: Setting, key: keyof ThreadTimes) => median(threads[s].map((t) => t[key])).toFixed(1);
  const loop = (s: Setting) => `${s} ${of(s, 'main')} µs running + ${of(s, 'mainWaiting')} waiting for a core, other threads ${of(s, 'others')}`;
  console.log(`  by thread (medians): event loop ${loop('off')}; ${loop('on')}`);
}

/** Part 1: requests/s of a data plane with metering off and on. */
async function requestRates(): Promise<void> {
  const rig = await startRig();
  try {
    const upstreamUrl = await rig.call<string>('upstream');
    const readings = MEASURED.map((): Readings => ({ rates: { off: [], on: [] }, cpu: { off: [], on: [] }, gc: { off: [], on: [] }, threads: { off: [], on: [] }, ratios: [] }));
    for (let p = 0; p < PROCESS_PAIRS; p++) {
      const subjects: Record<Setting, Subject> = { off: await startSubject('relay-off', upstreamUrl), on: await startSubject('relay', upstreamUrl) };
      try {
        for (const [i, scenario] of MEASURED.entries()) await pairedRounds(rig, subjects, scenario, i === 0 ? WARM_UP_ROUNDS.fresh : WARM_UP_ROUNDS.warm, readings[i], p % 2 === 0 ? 'off' : 'on');
      } finally {
        await Promise.all([subjects.off.child.stop(), subjects.on.child.stop()]);
      }
    }
    console.log('data plane alone in its process, metering off and on:');
    for (const [i, scenario] of MEASURED.entries()) report(scenario, readings[i]);
    await printMeteringAlone(upstreamUrl, MEASURED);
    if (OTHER_TREE) await compareTrees(rig, upstreamUrl, MEASURED, OTHER_TREE);
  } finally {
    await rig.stop();
  }
}

/** Part 2: events/s from the usage stream into PostgreSQL. */
async function consumerThroughput(): Promise<void> {
  const cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  const billing = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  try {
    const { account } = await seedAccount(cp.services);
    let backlog = 0;
    const queueBacklog = async (eventsPerEntry: number) => {
      backlog += 1;
      const pipeline = billing.redis.cmd.pipeline();
      for (let i = 0; i < EVENTS; i += eventsPerEntry) {
        const events = Array.from({ length: eventsPerEntry }, (_, j) =>
          sampleUsageEvent({ eventId: `bench${backlog}-${i + j}`, accountId: account.id, tokenId: 'bench-token', chargeMicro: '187' }),
        );
        pipeline.xadd(billing.keys.usageStream, '*', 'e', encodeUsageEntry(events));
      }
      await pipeline.exec();
    };
    // Entries of one event, then of 50: one consumer (what a control plane runs) at two batch sizes, then two consumers of the group side by side.
    for (const [eventsPerEntry, batchSize, consumers] of [
      [1, 500, 1],
      [50, 500, 1],
      [50, 1000, 1],
      [50, 500, 2],
    ] as const) {
      await queueBacklog(eventsPerEntry);
      const group = Array.from({ length: consumers }, (_, i) => new UsageConsumer(cp.services.deps.orm, billing.usage, { consumer: `bench-${backlog}-${i}`, batchSize }));
      const started = performance.now();
      const n = (await Promise.all(group.map((c) => c.drain()))).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - started) / 1000;
      console.log(`usage consumer x${consumers}, batches of ${batchSize}, entries of ${eventsPerEntry}: ${n} events in ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(0)} events/s into PostgreSQL (goal 5000)`);
    }
  } finally {
    await billing.close();
    await cp.stop();
  }
}

await requestRates();
await consumerThroughput();
