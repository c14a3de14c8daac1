/**
 * The process under test of the relay and billing benchmarks, alone on its event loop: either
 * the data plane (`relay`: the production pipeline, metering on unless `unmetered`) or a bare
 * reverse proxy (`bare`: http-proxy, no logic), in front of the rig's upstream.
 *
 *   subject.ts relay <upstream url> [metered|unmetered]
 *   subject.ts bare <upstream url>
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';
import { Redis } from 'ioredis';
import { Metering } from '../../data-plane/billing/metering.js';
import { tuneHeapForServing } from '../../shared/process/serving-heap.js';
import { RedisKeys } from '../../shared/redis/keys.js';
import type { PipelineOptions } from '../../data-plane/pipeline/pipeline.js';
import { TEST_REDIS_URL } from '../../test/support/database.js';
import { startRelayBed } from '../../test/support/relay.js';
import { gcMilliseconds, memoryAfterGc, serveParent, threadTimes } from '../lib/child.js';
import { keepUsageStreamShort } from '../lib/usage-stream.js';
import { BENCH_GROUP, benchCatalog } from './setup.js';

process.env.LOG_LEVEL ??= 'error';
// As a data plane's process is started (the bare proxy too: its lead must come from its logic, not from V8's luck).
tuneHeapForServing();

const [kind, upstreamUrl, meter = 'metered'] = process.argv.slice(2);

/** The subject's address, the gateway key (relay only) and how to stop it. */
async function start(): Promise<{ url: string; key?: string; stop(): Promise<void> }> {
  if (kind === 'bare') {
    // Keep-alive both ways, no socket cap: what a reasonable bare proxy does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const proxy = httpProxy.createProxyServer({ target: upstreamUrl, agent });
    proxy.on('error', (_err, _req, res) => void res.destroy());
    const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => proxy.web(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      stop: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        agent.destroy();
      },
    };
  }
  if (kind !== 'relay') throw new Error(`unknown subject ${kind}`);
  // Metering as in production (relayWithMetering), on the bed's ports (made below; no request comes before).
  const metered: PipelineOptions['meter'] = meter === 'metered' ? (ctx, next) => metering.middleware(ctx, next) : undefined;
  // The bed's own fake upstream stays idle: the catalog points at the rig's.
  const bed = await startRelayBed(() => benchCatalog(upstreamUrl), { pipeline: { meter: metered }, env: { SNAPSHOT_POLL_MS: '5000', HEARTBEAT_MS: '5000' } });
  const metering = new Metering({ balances: bed.ports.balances, usage: bed.ports.usage, node: 'bench' });
  const accountId = 'bench-account';
  // A hot balance of a billion RMB, so every reservation passes (what the control plane loads from the ledger).
  await bed.ports.balances.load(accountId, 10n ** 15n, new Map());
  // No control plane here: the stream is kept short as its consumer would.
  const trimming = new Redis(TEST_REDIS_URL);
  const stopTrimming = keepUsageStreamShort(trimming, new RedisKeys(bed.redisPrefix).usageStream);
  const key = await bed.token({ accountId, tokenId: 'bench-token', groups: [BENCH_GROUP] });
  return {
    url: bed.url,
    key,
    stop: async () => {
      await metering.close();
      await bed.stop();
      stopTrimming();
      await trimming.quit();
    },
  };
}

const subject = await start();
gcMilliseconds(); // counting from here
serveParent(
  {
    address: () => ({ url: subject.url, key: subject.key }),
    cpu: () => process.cpuUsage(),
    gc: () => gcMilliseconds(),
    threads: () => threadTimes(),
    memory: () => memoryAfterGc(),
  },
  () => subject.stop(),
);
