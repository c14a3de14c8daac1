import { mkdtempSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zod } from '../shared/zod.js';
import { envVar, problem, readEnv } from '../shared/config/env.js';
import { operationsEnv } from '../shared/config/operations.js';
import { redisUrlEnv } from '../shared/config/redis-url.js';
import { SHUTDOWN_GRACE_MS } from '../shared/http/graceful-close.js';
import { DEFAULT_ROUTER_OPTIONS, type RouterOptions } from './routing/router.js';

/**
 * What is wrong with `dir` as the upload directory, if anything: it must exist, be a directory,
 * and take a new directory (what each upload makes in it; tried, since permission bits say
 * nothing to root or of a read-only mount). Found at start, not as a 500 on every upload.
 */
function uploadDirProblem(dir: string): string | undefined {
  try {
    if (!statSync(dir).isDirectory()) return `"${dir}" is not a directory`;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? `"${dir}" does not exist` : `"${dir}" cannot be read (${(err as NodeJS.ErrnoException).code})`;
  }
  try {
    rmdirSync(mkdtempSync(join(dir, 'meridian-upload-')));
  } catch (err) {
    return `"${dir}" is not writable (${(err as NodeJS.ErrnoException).code})`;
  }
  return undefined;
}

/** The data plane's own variables; `standalone` (split mode) makes SECRET_KEY mandatory. */
function dataPlaneEnv(standalone: boolean) {
  return zod
    .object({
      REDIS_PREFIX: envVar.matching(/^[A-Za-z0-9:_-]{1,64}$/, '1 to 64 letters, digits, ":", "_" or "-"'),
      NODE_NAME: envVar.matching(/^[A-Za-z0-9_.-]{1,64}$/, '1 to 64 letters, digits, ".", "_" or "-"'),
      DATA_PLANE_PORT: envVar.port(8080),
      HOST: envVar.string(),
      SECRET_KEY: envVar.matching(/^.{32,}$/, 'at least 32 characters'),
      MAX_BODY_BYTES: envVar.integer(20 * 1024 * 1024, 1024, 512 * 1024 * 1024),
      MAX_JSON_DEPTH: envVar.integer(64, 2, 1000),
      IMAGE_MAX_UPLOAD_BYTES: envVar.integer(64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      IMAGE_MAX_RESULT_BYTES: envVar.integer(64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      UPLOAD_DIR: envVar.string(),
      UPSTREAM_IDLE_TIMEOUT_MS: envVar.integer(60_000, 100, 3_600_000),
      DATA_DIR: envVar.string(),
      REDIS_TIMEOUT_MS: envVar.integer(2000, 50, 60_000),
      RATE_LIMIT_FAIL_OPEN_MS: envVar.integer(60_000, 0, 86_400_000),
      SNAPSHOT_POLL_MS: envVar.integer(5000, 10, 600_000),
      HEARTBEAT_MS: envVar.integer(2000, 10, 60_000),
      CONSOLE_URL: envVar.url(['http', 'https']),
      SHUTDOWN_GRACE_MS: envVar.integer(SHUTDOWN_GRACE_MS, 0, 3_600_000),
    })
    .superRefine((v, ctx) => {
      if (standalone && v.SECRET_KEY === undefined) problem(ctx, 'SECRET_KEY', 'is required but not set');
      const uploads = uploadDirProblem(v.UPLOAD_DIR ?? tmpdir());
      if (uploads) problem(ctx, 'UPLOAD_DIR', uploads);
    })
    .transform((v) => ({
      redisPrefix: v.REDIS_PREFIX ?? 'meridian:',
      nodeName: v.NODE_NAME ?? 'local',
      port: v.DATA_PLANE_PORT,
      host: v.HOST ?? '0.0.0.0',
      /** Decrypts upstream keys carried in the snapshot. */
      secretKey: v.SECRET_KEY,
      /** Largest accepted request body, in bytes (413 beyond). */
      maxBodyBytes: v.MAX_BODY_BYTES,
      /** Deepest nesting of arrays and objects accepted in a request body (400 beyond). */
      maxJsonDepth: v.MAX_JSON_DEPTH,
      /** Largest upload of an image edit, its files together, in bytes (413 beyond; IMAGE_MAX_UPLOAD_BYTES). */
      imageMaxUploadBytes: v.IMAGE_MAX_UPLOAD_BYTES,
      /** Largest image answer (base64 images) passed on, in bytes (413 beyond; IMAGE_MAX_RESULT_BYTES). */
      imageMaxResultBytes: v.IMAGE_MAX_RESULT_BYTES,
      /** The existing directory where uploads are spooled, a temporary directory each (UPLOAD_DIR; the OS's temporary directory by default). */
      uploadDir: v.UPLOAD_DIR ?? tmpdir(),
      /** Longest silence between upstream bytes once the upstream answered, unless the channel sets its own. */
      upstreamIdleTimeoutMs: v.UPSTREAM_IDLE_TIMEOUT_MS,
      /** Where the last good snapshot is kept, to start from when Redis is down. */
      dataDir: v.DATA_DIR ?? '.data',
      /** Longest a request waits for Redis (a command, or the token cache's subscription) before a 503 (REDIS_TIMEOUT_MS). */
      redisTimeoutMs: v.REDIS_TIMEOUT_MS,
      /** How long requests are admitted without rate limits while the limiter cannot reach Redis (RATE_LIMIT_FAIL_OPEN_MS). */
      rateLimitFailOpenMs: v.RATE_LIMIT_FAIL_OPEN_MS,
      /** Slow poll of the snapshot, in case an announcement was lost. */
      snapshotPollMs: v.SNAPSHOT_POLL_MS,
      /** Period of the heartbeat (applied revision) this node writes. */
      heartbeatMs: v.HEARTBEAT_MS,
      /** The console's public address: a browser's GET of a console page here is redirected there (CONSOLE_URL). */
      consoleUrl: v.CONSOLE_URL?.replace(/\/+$/, ''),
      /** At SIGTERM, how long in-flight requests get to finish before those still open are ended in their format (SHUTDOWN_GRACE_MS). */
      shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    }));
}

const d = DEFAULT_ROUTER_OPTIONS;

/** The routing settings (README "Routing"): breakers, adaptive weights, retry budget, prompt-cache affinity. */
const routingEnv = zod
  .object({
    BREAKER_FAILURES: envVar.integer(d.breakers.failureThreshold, 1, 1000),
    BREAKER_WINDOW_MS: envVar.integer(d.breakers.windowMs, 100, 3_600_000),
    BREAKER_OPEN_MS: envVar.integer(d.breakers.openMs, 100, 3_600_000),
    ROUTING_ADAPTIVE: envVar.integer(1, 0, 1),
    ROUTING_EXPLORATION_PERMILLE: envVar.integer(d.adaptive.exploration * 1000, 0, 1000),
    ROUTING_MAX_ATTEMPTS: envVar.integer(d.budget.maxAttempts, 1, 100),
    ROUTING_MAX_RETRY_MS: envVar.integer(d.budget.maxTotalMs, 0, 3_600_000),
    ROUTING_RETRY_SHARE_PERMILLE: envVar.integer(d.budget.maxShare * 1000, 0, 1000),
    ROUTING_AFFINITY_TTL_MS: envVar.integer(d.affinityTtlMs, 0, 86_400_000),
  })
  .transform(
    (v): RouterOptions => ({
      breakers: { failureThreshold: v.BREAKER_FAILURES, windowMs: v.BREAKER_WINDOW_MS, openMs: v.BREAKER_OPEN_MS },
      adaptive: { ...d.adaptive, enabled: v.ROUTING_ADAPTIVE === 1, exploration: v.ROUTING_EXPLORATION_PERMILLE / 1000 },
      budget: { ...d.budget, maxAttempts: v.ROUTING_MAX_ATTEMPTS, maxTotalMs: v.ROUTING_MAX_RETRY_MS, maxShare: v.ROUTING_RETRY_SHARE_PERMILLE / 1000 },
      affinityTtlMs: v.ROUTING_AFFINITY_TTL_MS,
    }),
  );

/** Reads the data plane's variables; `standalone` (split mode) makes REDIS_URL (or REDIS_CLUSTER_NODES) and SECRET_KEY mandatory. */
export function readDataPlaneConfig(env: Record<string, string | undefined>, standalone: boolean) {
  const parts = readEnv(env, { own: dataPlaneEnv(standalone), redisUrl: redisUrlEnv(standalone), operations: operationsEnv, routing: routingEnv });
  return {
    ...parts.own,
    ...parts.operations,
    /** Unset only in all-in-one mode, where the in-process ports are handed over directly. */
    redisUrl: parts.redisUrl,
    /** Routing: breakers, adaptive weights, retry budget, prompt-cache affinity (the ROUTING_* and BREAKER_* variables). */
    routing: parts.routing,
  };
}

/** Everything a data plane reads from the environment, validated. */
export type DataPlaneConfig = ReturnType<typeof readDataPlaneConfig>;
