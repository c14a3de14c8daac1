import { EnvReader } from '../shared/config/env.js';
import { readOperationsSettings, type OperationsSettings } from '../shared/config/operations.js';
import { readRedisUrl } from '../shared/config/redis-url.js';
import { SHUTDOWN_GRACE_MS } from '../shared/http/graceful-close.js';
import { DEFAULT_ROUTER_OPTIONS, type RouterOptions } from './routing/router.js';

/** Everything a data plane reads from the environment, validated. */
export interface DataPlaneConfig extends OperationsSettings {
  /** Unset only in all-in-one mode, where the in-process ports are handed over directly. */
  redisUrl?: string;
  redisPrefix: string;
  nodeName: string;
  port: number;
  host: string;
  /** Decrypts upstream keys carried in the snapshot. */
  secretKey?: string;
  /** Largest accepted request body, in bytes (413 beyond). */
  maxBodyBytes: number;
  /** Deepest nesting of arrays and objects accepted in a request body (400 beyond). */
  maxJsonDepth: number;
  /** Largest upload of an image edit, its files together, in bytes (413 beyond; IMAGE_MAX_UPLOAD_BYTES). */
  imageMaxUploadBytes: number;
  /** Largest image answer (base64 images) passed on, in bytes (413 beyond; IMAGE_MAX_RESULT_BYTES). */
  imageMaxResultBytes: number;
  /** Longest silence between upstream bytes once the upstream answered, unless the channel sets its own. */
  upstreamIdleTimeoutMs: number;
  /** Where the last good snapshot is kept, to start from when Redis is down. */
  dataDir: string;
  /** Longest a request waits for Redis (a command, or the token cache's subscription) before a 503 (REDIS_TIMEOUT_MS). */
  redisTimeoutMs: number;
  /** How long requests are admitted without rate limits while the limiter cannot reach Redis (RATE_LIMIT_FAIL_OPEN_MS). */
  rateLimitFailOpenMs: number;
  /** Slow poll of the snapshot, in case an announcement was lost. */
  snapshotPollMs: number;
  /** Period of the heartbeat (applied revision) this node writes. */
  heartbeatMs: number;
  /** The console's public address: a browser's GET of a console page here is redirected there (CONSOLE_URL). */
  consoleUrl?: string;
  /** At SIGTERM, how long in-flight requests get to finish before those still open are ended in their format (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Routing: breakers, adaptive weights, retry budget, prompt-cache affinity (the ROUTING_* and BREAKER_* variables). */
  routing: RouterOptions;
}

/** Reads the data plane's variables; `standalone` (split mode) makes REDIS_URL (or REDIS_CLUSTER_NODES) and SECRET_KEY mandatory. */
export function readDataPlaneConfig(env: Record<string, string | undefined>, standalone: boolean): DataPlaneConfig {
  const r = new EnvReader(env);
  if (standalone) {
    r.required('SECRET_KEY');
  }
  const config: DataPlaneConfig = {
    redisUrl: readRedisUrl(r, standalone),
    redisPrefix: r.matching('REDIS_PREFIX', /^[A-Za-z0-9:_-]{1,64}$/, '1 to 64 letters, digits, ":", "_" or "-"') ?? 'meridian:',
    nodeName: r.matching('NODE_NAME', /^[A-Za-z0-9_.-]{1,64}$/, '1 to 64 letters, digits, ".", "_" or "-"') ?? 'local',
    port: r.port('DATA_PLANE_PORT', 8080),
    host: r.string('HOST') ?? '0.0.0.0',
    secretKey: r.matching('SECRET_KEY', /^.{32,}$/, 'at least 32 characters'),
    maxBodyBytes: r.integer('MAX_BODY_BYTES', 20 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    maxJsonDepth: r.integer('MAX_JSON_DEPTH', 64, 2, 1000),
    imageMaxUploadBytes: r.integer('IMAGE_MAX_UPLOAD_BYTES', 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    imageMaxResultBytes: r.integer('IMAGE_MAX_RESULT_BYTES', 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    upstreamIdleTimeoutMs: r.integer('UPSTREAM_IDLE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    dataDir: r.string('DATA_DIR') ?? '.data',
    redisTimeoutMs: r.integer('REDIS_TIMEOUT_MS', 2000, 50, 60_000),
    rateLimitFailOpenMs: r.integer('RATE_LIMIT_FAIL_OPEN_MS', 60_000, 0, 86_400_000),
    snapshotPollMs: r.integer('SNAPSHOT_POLL_MS', 5000, 10, 600_000),
    heartbeatMs: r.integer('HEARTBEAT_MS', 2000, 10, 60_000),
    consoleUrl: r.url('CONSOLE_URL', ['http', 'https'])?.replace(/\/+$/, ''),
    shutdownGraceMs: r.integer('SHUTDOWN_GRACE_MS', SHUTDOWN_GRACE_MS, 0, 3_600_000),
    ...readOperationsSettings(r),
    routing: readRouting(r),
  };
  r.done();
  return config;
}

/** The routing settings (README "Routing"). */
function readRouting(r: EnvReader): RouterOptions {
  const d = DEFAULT_ROUTER_OPTIONS;
  return {
    breakers: {
      failureThreshold: r.integer('BREAKER_FAILURES', d.breakers.failureThreshold, 1, 1000),
      windowMs: r.integer('BREAKER_WINDOW_MS', d.breakers.windowMs, 100, 3_600_000),
      openMs: r.integer('BREAKER_OPEN_MS', d.breakers.openMs, 100, 3_600_000),
    },
    adaptive: {
      ...d.adaptive,
      enabled: r.integer('ROUTING_ADAPTIVE', 1, 0, 1) === 1,
      exploration: r.integer('ROUTING_EXPLORATION_PERMILLE', d.adaptive.exploration * 1000, 0, 1000) / 1000,
    },
    budget: {
      ...d.budget,
      maxAttempts: r.integer('ROUTING_MAX_ATTEMPTS', d.budget.maxAttempts, 1, 100),
      maxTotalMs: r.integer('ROUTING_MAX_RETRY_MS', d.budget.maxTotalMs, 0, 3_600_000),
      maxShare: r.integer('ROUTING_RETRY_SHARE_PERMILLE', d.budget.maxShare * 1000, 0, 1000) / 1000,
    },
    affinityTtlMs: r.integer('ROUTING_AFFINITY_TTL_MS', d.affinityTtlMs, 0, 86_400_000),
  };
}
