/**
 * The relay benchmark's rig process: the fake upstream and the load generator, on one event loop
 * (and so about one core), apart from the process under test. Driven by bench/relay.ts and bench/billing.ts.
 */
import { once, setMaxListeners } from 'node:events';
import { Pool } from 'undici';
import { FakeUpstream } from '../../test/fakes/upstream.js';
import { serveParent } from '../lib/child.js';
import { closedLoop, openLoop, type ClosedLoopOptions, type LoadRequest } from '../lib/load.js';
import { upstreamBehaviours } from './setup.js';

const upstream = await FakeUpstream.start({ record: false });
for (const [key, behaviour] of upstreamBehaviours()) upstream.setDefault(key, behaviour);

const pools = new Map<string, Pool>();
/** One pool per target, with room for every held stream (a smaller cap would queue them behind each other). */
function poolFor(url: string): Pool {
  let pool = pools.get(url);
  if (!pool) pools.set(url, (pool = new Pool(url, { connections: 4096, pipelining: 1, keepAliveTimeout: 60_000 })));
  return pool;
}

let held: AbortController | undefined;

serveParent(
  {
    upstream: () => upstream.url,
    cpu: () => process.cpuUsage(),
    saturate: (arg: { url: string; request: LoadRequest } & ClosedLoopOptions) => closedLoop(poolFor(arg.url), arg.request, arg),
    paced: (arg: { url: string; request: LoadRequest; rate: number; ms: number }) => openLoop(poolFor(arg.url), arg.request, arg),
    /** Opens `n` streams and resolves once each has sent its first bytes; they stay open (and read) until `release`. */
    hold: async (arg: { url: string; request: LoadRequest; n: number }) => {
      held = new AbortController();
      const signal = held.signal;
      setMaxListeners(arg.n + 10, signal); // one abort listener per held request
      const pool = poolFor(arg.url);
      const results = await Promise.allSettled(
        Array.from({ length: arg.n }, async () => {
          const res = await pool.request({ ...arg.request, signal });
          res.body.on('error', () => undefined);
          const first = once(res.body, 'data');
          res.body.on('data', () => undefined);
          await first;
          if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
        }),
      );
      const failed = results.filter((r) => r.status === 'rejected');
      return { open: arg.n - failed.length, failed: failed.length, firstError: failed[0] ? String((failed[0] as PromiseRejectedResult).reason) : null };
    },
    release: async () => {
      held?.abort();
      held = undefined;
      // Let the aborts reach the sockets before the next step.
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
  },
  async () => {
    await Promise.all([...pools.values()].map((p) => p.destroy()));
    await upstream.close();
  },
);
