/**
 * Benchmark (not a test) of routing's adaptive weights, on the test Redis.
 *
 *   npm run bench -- routing
 *
 * One group with four channels of equal static weight and priority, all serving one model on the
 * fake upstream: `c-0`, `c-5` and `c-50` fail (500) 0 %, 5 % and 50 % of their attempts in a fixed
 * pseudo-random pattern, `c-slow` never fails but its first byte takes ten times as long as the
 * others' (5 ms against 50 ms). The same requests (8 at a time) go through two data planes
 * identical but for `ROUTING_ADAPTIVE` (static weights against adaptive), both with the default
 * breakers (5 failures in 30 s) and exploration share (10 %). Prints, per channel, the share of
 * the requests it answered and of the upstream attempts it got, and the requests that failed
 * over, for each side.
 */
import { Pool } from 'undici';
import type { SnapshotContent } from '../shared/snapshot/types.js';
import type { Behaviour } from '../test/fakes/upstream.js';
import { keyOf, membership, testCatalog, testChannel, testGroup, testModel } from '../test/support/relay-catalog.js';
import { startRelayBed } from '../test/support/relay.js';
import { seeded } from '../test/support/seeded-random.js';

process.env.LOG_LEVEL ??= 'error';

const REQUESTS = 2000;
const CONCURRENCY = 8;
const CHANNELS = [
  { id: 'c-0', failure: 0, delayMs: 5 },
  { id: 'c-5', failure: 0.05, delayMs: 5 },
  { id: 'c-50', failure: 0.5, delayMs: 5 },
  { id: 'c-slow', failure: 0, delayMs: 50 },
];
const MODEL = { model: 'm-bench', upstream: 'up-bench' };

function catalog(url: string): SnapshotContent {
  return testCatalog({
    groups: [testGroup('bench')],
    channels: CHANNELS.map((c) => testChannel(c.id, 'openai', url, [MODEL], { timeouts: { connectMs: 5000, firstByteMs: 30_000, totalMs: 60_000 } })),
    memberships: CHANNELS.map((c) => membership('bench', c.id)),
    models: [testModel(MODEL.model)],
  });
}


interface Side {
  answered: Map<string, number>;
  attempts: Map<string, number>;
  failedOver: number;
  errors: number;
  seconds: number;
}

async function run(adaptive: boolean): Promise<Side> {
  const bed = await startRelayBed(catalog, { env: { ROUTING_ADAPTIVE: adaptive ? '1' : '0' }, pipeline: { random: seeded(1) } });
  try {
    // Each channel's answers in a fixed pattern, long enough for every attempt it may get.
    const failures = new Map<string, boolean[]>();
    for (const c of CHANNELS) {
      const random = seeded(c.id.length * 7919 + Math.round(c.failure * 1000));
      const pattern = Array.from({ length: REQUESTS * 2 }, () => random() < c.failure);
      failures.set(c.id, pattern);
      bed.upstream.script(keyOf(c.id), ...pattern.map((fail): Behaviour => (fail ? { kind: 'error', status: 500 } : { kind: 'reply', delayMs: c.delayMs })));
    }
    const key = await bed.token({ groups: ['bench'] });
    const pool = new Pool(bed.url, { connections: CONCURRENCY });
    const body = JSON.stringify({ model: MODEL.model, messages: [{ role: 'user', content: 'Hi' }] });
    let sent = 0;
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < REQUESTS) {
          sent++;
          const res = await pool.request({ method: 'POST', path: '/v1/chat/completions', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body });
          await res.body.arrayBuffer();
          if (res.statusCode !== 200) errors++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await pool.close();
    const answered = new Map<string, number>();
    const attempts = new Map<string, number>();
    for (const c of CHANNELS) {
      const n = bed.upstream.requestsFor(keyOf(c.id)).length;
      attempts.set(c.id, n);
      answered.set(c.id, failures.get(c.id)!.slice(0, n).filter((fail) => !fail).length);
    }
    const total = [...attempts.values()].reduce((a, b) => a + b, 0);
    return { answered, attempts, failedOver: total - REQUESTS, errors, seconds };
  } finally {
    await bed.stop();
  }
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

async function main(): Promise<void> {
  const sides = { static: await run(false), adaptive: await run(true) };
  console.log(`\n${REQUESTS} requests, ${CONCURRENCY} at a time; share of the answers (and of the upstream attempts) per channel\n`);
  console.log('| channel | failures | first byte | static answers | static attempts | adaptive answers | adaptive attempts |');
  console.log('|---|---|---|---|---|---|---|');
  for (const c of CHANNELS) {
    const s = sides.static;
    const a = sides.adaptive;
    const attemptsOf = (side: Side) => [...side.attempts.values()].reduce((x, y) => x + y, 0);
    console.log(
      `| ${c.id} | ${c.failure * 100} % | ${c.delayMs} ms | ${pct(s.answered.get(c.id)!, REQUESTS)} | ${pct(s.attempts.get(c.id)!, attemptsOf(s))} | ${pct(a.answered.get(c.id)!, REQUESTS)} | ${pct(a.attempts.get(c.id)!, attemptsOf(a))} |`,
    );
  }
  for (const [name, side] of Object.entries(sides)) {
    console.log(`${name}: ${side.failedOver} failovers (${pct(side.failedOver, REQUESTS)} of requests), ${side.errors} client errors, ${(REQUESTS / side.seconds).toFixed(0)} requests/s`);
  }
}

await main();
