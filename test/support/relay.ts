/**
 * A real data plane with the relay pipeline, on its own Redis prefix, configured through the
 * ports the control plane writes (a routing snapshot on the config bus, token records in the
 * token store), in front of a fake upstream. For relay tests.
 */
import { randomBytes } from 'node:crypto';
import { readDataPlaneConfig } from '../../data-plane/config.js';
import { startDataPlane, type DataPlane } from '../../data-plane/bootstrap.js';
import { createRelayPipeline, type PipelineOptions, type RelayPipeline } from '../../data-plane/pipeline/pipeline.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { FakeUpstream, type FakeUpstreamOptions } from '../fakes/upstream.js';
import { TEST_SECRET_KEY } from './control-plane.js';
import { TEST_REDIS_URL, testRedisPrefix } from './database.js';
import { tempDataDir } from './data-plane.js';
import { dropKeys } from './redis-keys.js';

/** A running relay test bed. */
export interface RelayBed {
  /** The data plane's base URL. */
  url: string;
  upstream: FakeUpstream;
  dataPlane: DataPlane;
  pipeline: RelayPipeline;
  /** The ports a control plane would write through (same Redis prefix). */
  ports: Ports;
  /** The Redis key prefix of this bed. */
  redisPrefix: string;
  /** Publishes a new snapshot and waits until the data plane applied it. */
  publish(content: SnapshotContent): Promise<void>;
  /** Stores a token record for a fresh `sk-` key and returns the key. */
  token(record?: Partial<TokenRecord>): Promise<string>;
  stop(): Promise<void>;
}

/** A key in our token format: `sk-` and 48 base62 characters. */
function newKey(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `sk-${[...randomBytes(48)].map((b) => alphabet[b % 62]).join('')}`;
}

/** Starts the fake upstream, then a data plane whose snapshot is built by `content(upstreamUrl)`. */
export async function startRelayBed(
  content: (upstreamUrl: string) => SnapshotContent,
  options: { env?: Record<string, string>; pipeline?: PipelineOptions; upstream?: FakeUpstreamOptions } = {},
): Promise<RelayBed> {
  const upstream = await FakeUpstream.start(options.upstream);
  const prefix = testRedisPrefix();
  const ports = redisPorts(TEST_REDIS_URL, prefix);
  const dir = await tempDataDir();
  let revision = 0;
  const publish = async (c: SnapshotContent) => {
    revision = await ports.configBus.allocateRevision();
    if (!(await ports.configBus.publishSnapshot(sealSnapshot(c, revision, new Date())))) throw new Error('snapshot refused by the bus');
  };
  await publish(content(upstream.url));
  const config = readDataPlaneConfig(
    {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      NODE_NAME: 'relay-test',
      SECRET_KEY: TEST_SECRET_KEY,
      DATA_PLANE_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir.path,
      SNAPSHOT_POLL_MS: '50',
      HEARTBEAT_MS: '1000',
      ...options.env,
    },
    true,
  );
  let pipeline: RelayPipeline | undefined;
  const dataPlane = await startDataPlane(config, {
    secretKey: TEST_SECRET_KEY,
    pipeline: (deps) => (pipeline = createRelayPipeline(deps, options.pipeline)),
  });
  const applied = async () => {
    const deadline = Date.now() + 20_000;
    while (dataPlane.runtime()?.revision !== revision && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    if (dataPlane.runtime()?.revision !== revision) throw new Error(`data plane did not apply revision ${revision}`);
  };
  await applied();
  return {
    url: dataPlane.url,
    upstream,
    dataPlane,
    pipeline: pipeline!,
    ports,
    redisPrefix: prefix,
    publish: async (c) => {
      await publish(c);
      await applied();
    },
    token: async (record = {}) => {
      const key = newKey();
      const full: TokenRecord = {
        tokenId: `tok-${randomBytes(4).toString('hex')}`,
        accountId: 'acct-1',
        name: 'test',
        status: 'active',
        expiresAt: null,
        groups: [],
        modelAllowList: null,
        spendCapMicro: null,
        ...record,
      };
      await ports.tokens.put(sha256Hex(key), full);
      return key;
    },
    stop: async () => {
      await dataPlane.close();
      await upstream.close();
      await ports.close();
      await dir.remove();
      await dropKeys(prefix);
    },
  };
}
