/**
 * Benchmark (not a test) of the relay against a bare reverse proxy, on loopback, on the test Redis.
 *
 *   npm run bench -- relay
 *
 * For chat-completions pass-through and chat -> messages translation, each as JSON and as a
 * stream, side by side with a bare Node reverse proxy (http-proxy, keep-alive, no logic) and with
 * calling the fake upstream directly, in the same run:
 * 1. requests/s at saturation: closed loop at each of CONCURRENCIES, the best kept;
 * 2. latency p50/p99 at half of the relay's saturation rate (open loop, same rate for all):
 *    added latency = relay - direct; extra time to first streamed byte = relay - bare proxy;
 * 3. memory per 1,000 open streams: 1,000 slow streams (an event every 500 ms) held open through
 *    a fresh process of each proxy; RSS and heap + external after GC, minus the same before;
 * 4. with BENCH_BEFORE=<another checkout>, CPU time per request of each proxy as built by that
 *    tree and by this one (./relay/trees.ts).
 * The relay is the production pipeline with metering on (reserve, usage tap, settle and usage
 * event on Redis; its account holds a large hot balance so every reservation passes, from the
 * data plane's balance lease after the first); a second relay with metering off shows the relay
 * alone. Goals are judged on the metered one.
 *
 * Placement (the machine has 2 cores): each proxy under test runs alone in its own process (one
 * event loop, about one core); the fake upstream and the load generator share another process
 * (bench/relay/rig.ts); this process only orchestrates. Targets take turns round by round, so
 * interference from other work on the machine (Redis included) falls on all of them; the best
 * round counts for throughput, and latency samples of all rounds are pooled.
 */
import os from 'node:os';
import type { BenchChild } from './lib/child.js';
import type { ClosedLoopResult, LoadRequest, OpenLoopResult } from './lib/load.js';
import { median, ms, percentile } from './lib/stats.js';
import { cpuPerRequest, startRig, startSubject, withCpu, type Subject, type SubjectKind } from './relay/processes.js';
import { SCENARIOS, label, requestFor, type Scenario } from './relay/setup.js';
import { OTHER_TREE, compareTrees } from './relay/trees.js';

const CONCURRENCIES = [16, 64, 256];
const ROUNDS = 2;
const SATURATE_MS = 2000;
const SATURATE_MAX_REQUESTS = 50_000;
const WARM_MS = 1000;
const PACED_MS = 2500;
const STREAMS = 1000;

const GOALS = { throughput: 0.7, addedP50: 0.5, addedP99: 3, ttfb: 1, memoryMb: 60 };

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISS');
const MB = (bytes: number) => bytes / (1024 * 1024);
const pair = (a: number, b: number) => `${a.toFixed(2)} / ${b.toFixed(2)}`;

/** A place to send load: the URL and what to send there. */
interface Target {
  name: 'direct' | SubjectKind;
  url: string;
  request: LoadRequest;
  /** The process whose CPU is the target's (none for direct calls). */
  child?: BenchChild;
}

function target(name: Target['name'], s: Scenario, upstreamUrl: string, subject?: Subject): Target {
  if (!subject) return { name, url: upstreamUrl, request: requestFor(s, 'upstream') };
  const request = name === 'bare' ? requestFor(s, 'upstream') : requestFor(s, 'client', { key: subject.key });
  return { name, url: subject.url, request, child: subject.child };
}

/** `ts` in a different order each round, so drift on the machine falls on all of them. */
function rotated<T>(ts: T[], round: number): T[] {
  const k = round % ts.length;
  return [...ts.slice(k), ...ts.slice(0, k)];
}

interface Saturation {
  rate: number;
  concurrency: number;
  /** CPU % of the target's process and of the rig, in the best run. */
  cpu: [number, number];
  /** CPU time of the target's process per request, µs, in every run (steadier than the rate on a shared machine). */
  usPerRequest: number[];
  failed: number;
}

/** Best closed-loop rate of each target over the concurrency sweep and rounds. */
async function saturate(rig: BenchChild, ts: Target[]): Promise<Map<string, Saturation>> {
  const best = new Map(ts.map((t) => [t.name, { rate: 0, concurrency: 0, cpu: [NaN, NaN], usPerRequest: [], failed: 0 } as Saturation]));
  for (const concurrency of CONCURRENCIES) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of rotated(ts, round)) {
        const children = t.child ? [t.child, rig] : [rig];
        const [r, cpu] = await withCpu(children, () =>
          rig.call<ClosedLoopResult>('saturate', { url: t.url, request: t.request, concurrency, ms: SATURATE_MS, maxRequests: SATURATE_MAX_REQUESTS }),
        );
        const b = best.get(t.name)!;
        b.failed += r.failed;
        if (t.child) b.usPerRequest.push(cpuPerRequest(cpu[0], r));
        if (r.rate > b.rate) Object.assign(b, { rate: r.rate, concurrency, cpu: t.child ? [cpu[0], cpu[1]] : [NaN, cpu[0]] });
      }
    }
  }
  return best;
}

/** Latency samples of each target at `rate`, pooled over the rounds. */
async function paced(rig: BenchChild, ts: Target[], rate: number): Promise<Map<string, OpenLoopResult>> {
  const all = new Map(ts.map((t) => [t.name, { latencies: [], ttfbs: [], failed: 0 } as OpenLoopResult]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of rotated(ts, round)) {
      const r = await rig.call<OpenLoopResult>('paced', { url: t.url, request: t.request, rate, ms: PACED_MS });
      const into = all.get(t.name)!;
      into.latencies.push(...r.latencies);
      into.ttfbs.push(...r.ttfbs);
      into.failed += r.failed;
    }
  }
  return all;
}

async function memoryRow(rig: BenchChild, upstreamUrl: string, s: Scenario): Promise<Record<string, string>> {
  const row: Record<string, string> = {};
  for (const kind of ['bare', 'relay'] as const) {
    const subject = await startSubject(kind, upstreamUrl);
    try {
      const side = kind === 'bare' ? 'upstream' : 'client';
      await rig.call('saturate', { url: subject.url, request: requestFor(s, side, { key: subject.key }), concurrency: 16, ms: WARM_MS });
      const before = await subject.child.call<{ rss: number; heap: number }>('memory');
      const held = await rig.call<{ open: number; failed: number; firstError: string | null }>('hold', { url: subject.url, request: requestFor(s, side, { key: subject.key, long: true }), n: STREAMS });
      if (held.failed > 0) console.log(`  ${kind}, ${label(s)}: ${held.failed} of ${STREAMS} streams failed to open (${held.firstError})`);
      const during = await subject.child.call<{ rss: number; heap: number }>('memory');
      await rig.call('release');
      const per1000 = (bytes: number) => (MB(bytes) * 1000) / Math.max(1, held.open);
      row[`${kind} RSS`] = `${per1000(during.rss - before.rss).toFixed(1)} MB`;
      row[`${kind} heap+ext`] = `${per1000(during.heap - before.heap).toFixed(1)} MB`;
      if (kind === 'relay') row[`goal < ${GOALS.memoryMb} MB`] = verdict(per1000(during.rss - before.rss) < GOALS.memoryMb);
    } finally {
      await subject.child.stop();
    }
  }
  return row;
}

async function main(): Promise<void> {
  console.log(`\nRelay benchmark: ${os.cpus().length} cores, load average before ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('Placement: each proxy under test alone in its process; fake upstream + undici load generator together in another (bench/relay.ts).');
  console.log('relay = production pipeline, metering ON (a large hot balance: reservations come from the node balance lease); relay-off = same, metering off; bare = http-proxy, keep-alive, no logic.');
  const rig = await startRig();
  try {
    const upstreamUrl = await rig.call<string>('upstream');

    const memory: Record<string, Record<string, string>> = {};
    for (const s of SCENARIOS.filter((x) => x.stream)) memory[label(s)] = await memoryRow(rig, upstreamUrl, s);

    const subjects = { bare: await startSubject('bare', upstreamUrl), relay: await startSubject('relay', upstreamUrl), 'relay-off': await startSubject('relay-off', upstreamUrl) };
    const throughput: Record<string, Record<string, string>> = {};
    const latency: Record<string, Record<string, string>> = {};
    const ttfb: Record<string, Record<string, string>> = {};
    try {
      for (const s of SCENARIOS) {
        const ts = [target('direct', s, upstreamUrl), ...(['bare', 'relay', 'relay-off'] as const).map((k) => target(k, s, upstreamUrl, subjects[k]))];
        for (const t of ts) await rig.call('saturate', { url: t.url, request: t.request, concurrency: 32, ms: WARM_MS });
        const sat = await saturate(rig, ts);
        const [direct, bare, relay, off] = ts.map((t) => sat.get(t.name)!);
        const failed = [direct, bare, relay, off].reduce((n, x) => n + x.failed, 0);
        if (failed > 0) console.log(`  ${label(s)}: ${failed} failed requests during saturation (not counted)`);
        const cpu = (x: Saturation) => `${x.cpu[0].toFixed(0)}% / ${x.cpu[1].toFixed(0)}%`;
        throughput[label(s)] = {
          direct: direct.rate.toFixed(0),
          bare: bare.rate.toFixed(0),
          relay: relay.rate.toFixed(0),
          'relay-off': off.rate.toFixed(0),
          'relay/bare': (relay.rate / bare.rate).toFixed(2),
          [`goal >= ${GOALS.throughput}`]: verdict(relay.rate / bare.rate >= GOALS.throughput),
          'relay-off/bare': (off.rate / bare.rate).toFixed(2),
          'CPU bare/rig': cpu(bare),
          'CPU relay/rig': cpu(relay),
          'CPU relay-off/rig': cpu(off),
          'CPU µs/req bare / relay / relay-off': [bare, relay, off].map((x) => median(x.usPerRequest).toFixed(0)).join(' / '),
          'CPU bare/relay': (median(bare.usPerRequest) / median(relay.usPerRequest)).toFixed(2),
        };

        const rate = Math.round(relay.rate / 2);
        const lat = await paced(rig, ts, rate);
        const [d, b, r, o] = ts.map((t) => lat.get(t.name)!);
        const lost = d.failed + b.failed + r.failed + o.failed;
        if (lost > 0) console.log(`  ${label(s)}: ${lost} failed requests at ${rate}/s`);
        const p = (x: OpenLoopResult, q: number) => percentile(x.latencies, q);
        const addedP50 = p(r, 50) - p(d, 50);
        const addedP99 = p(r, 99) - p(d, 99);
        latency[label(s)] = {
          'req/s': String(rate),
          'direct p50/p99': pair(p(d, 50), p(d, 99)),
          'bare p50/p99': pair(p(b, 50), p(b, 99)),
          'relay p50/p99': pair(p(r, 50), p(r, 99)),
          'relay-off p50/p99': pair(p(o, 50), p(o, 99)),
          'relay added p50/p99': pair(addedP50, addedP99),
          [`goal < ${GOALS.addedP50} / ${GOALS.addedP99}`]: verdict(addedP50 < GOALS.addedP50 && addedP99 < GOALS.addedP99),
          'relay-off added p50/p99': pair(p(o, 50) - p(d, 50), p(o, 99) - p(d, 99)),
          // What a proxy without any logic adds on this machine: the floor under the goal.
          'bare added p50/p99': pair(p(b, 50) - p(d, 50), p(b, 99) - p(d, 99)),
        };
        if (s.stream) {
          const f = (x: OpenLoopResult, q: number) => percentile(x.ttfbs, q);
          const extra = f(r, 50) - f(b, 50);
          ttfb[label(s)] = {
            'req/s': String(rate),
            'direct p50/p99': pair(f(d, 50), f(d, 99)),
            'bare p50/p99': pair(f(b, 50), f(b, 99)),
            'relay p50/p99': pair(f(r, 50), f(r, 99)),
            'relay-off p50/p99': pair(f(o, 50), f(o, 99)),
            'relay extra p50': ms(extra, 2),
            [`goal <= ${GOALS.ttfb} ms`]: verdict(extra <= GOALS.ttfb),
            'relay-off extra p50': ms(f(o, 50) - f(b, 50), 2),
          };
        }
      }
    } finally {
      for (const subject of Object.values(subjects)) await subject.child.stop();
    }

    console.log(`\nThroughput at saturation, requests/s (closed loop, best of concurrency ${CONCURRENCIES.join('/')} x ${ROUNDS} rounds of ${SATURATE_MS / 1000} s; CPU in % of one core)`);
    console.log("CPU µs/req: the proxy process's CPU time per request, median over every round; 'CPU bare/relay' is the throughput ratio the two would reach if each had a core of its own and the rig none.");
    console.table(throughput);
    console.log(`\nLatency of the whole answer, ms, at half of the relay's saturation rate (open loop, ${ROUNDS} x ${PACED_MS / 1000} s per target); added = minus direct`);
    console.table(latency);
    console.log('\nTime to first streamed byte, ms, same runs; extra = minus the bare proxy');
    console.table(ttfb);
    console.log(`\nMemory per 1,000 open streams (${STREAMS} slow streams held through a fresh process; after GC, minus before; relay = metering on)`);
    console.table(memory);
    console.log(`Load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
    console.log('Caveat: 2 cores shared by the proxy, the rig (upstream + load generator), Redis and anything else running; compare columns of one run, not runs.');
    if (OTHER_TREE) await compareTrees(rig, upstreamUrl, SCENARIOS, OTHER_TREE);
  } finally {
    await rig.stop();
  }
}

await main();
