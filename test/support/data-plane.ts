import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDataPlaneConfig } from '../../data-plane/config.js';
import { startDataPlane, type DataPlane, type PipelineFactory } from '../../data-plane/bootstrap.js';
import { Metering } from '../../data-plane/billing/metering.js';
import { createRelayPipeline } from '../../data-plane/pipeline/pipeline.js';
import type { LoaderReport } from '../../data-plane/config/snapshot-loader.js';
import { TEST_SECRET_KEY } from './control-plane.js';
import { TEST_REDIS_URL } from './database.js';

/** A temporary data directory (for snapshot disk copies); `remove` deletes it. */
export async function tempDataDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'meridian-dp-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * The production model routes (relay with metering, as `relayWithMetering`), with `now` as the
 * relay pipeline's clock: token expiry, the token cache, breakers.
 */
function relayWithMeteringAt(now: () => number): PipelineFactory {
  return (deps) => {
    const metering = new Metering({ balances: deps.ports.balances, usage: deps.ports.usage, node: deps.config.nodeName, replay: { bus: deps.ports.configBus, periodMs: deps.config.heartbeatMs } });
    const pipeline = createRelayPipeline(deps, { meter: metering.middleware, now });
    return {
      middleware: pipeline.middleware,
      close: async () => {
        await pipeline.close();
        await metering.close();
      },
    };
  };
}

/**
 * Starts a data plane in this process, on its own Redis connections, with fast timers (poll 100 ms,
 * heartbeat 50 ms) so tests wait on events rather than on production periods. `now`: the relay
 * pipeline's clock (a clock that stands still keeps every token-cache entry, so a token change
 * reaches the data plane by its invalidation notice or not at all).
 */
export function startTestDataPlane(options: {
  nodeName: string;
  redisPrefix: string;
  dataDir: string;
  redisUrl?: string;
  secretKey?: string;
  env?: Record<string, string>;
  onSnapshotChange?: (report: LoaderReport) => void;
  now?: () => number;
}): Promise<DataPlane> {
  const secretKey = options.secretKey ?? TEST_SECRET_KEY;
  const config = readDataPlaneConfig(
    {
      REDIS_URL: options.redisUrl ?? TEST_REDIS_URL,
      REDIS_PREFIX: options.redisPrefix,
      NODE_NAME: options.nodeName,
      SECRET_KEY: secretKey,
      DATA_PLANE_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      SNAPSHOT_POLL_MS: '100',
      HEARTBEAT_MS: '50',
      ...options.env,
    },
    true,
  );
  return startDataPlane(config, { secretKey, onSnapshotChange: options.onSnapshotChange, pipeline: options.now && relayWithMeteringAt(options.now) });
}
