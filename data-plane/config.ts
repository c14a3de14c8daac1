import { EnvReader } from '../shared/config/env.js';
import { SHUTDOWN_GRACE_MS } from '../shared/http/graceful-close.js';

/** Everything a data plane reads from the environment, validated. */
export interface DataPlaneConfig {
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
}

/** Reads the data plane's variables; `standalone` (split mode) makes REDIS_URL and SECRET_KEY mandatory. */
export function readDataPlaneConfig(env: Record<string, string | undefined>, standalone: boolean): DataPlaneConfig {
  const r = new EnvReader(env);
  if (standalone) {
    r.required('REDIS_URL');
    r.required('SECRET_KEY');
  }
  const config: DataPlaneConfig = {
    redisUrl: r.url('REDIS_URL', ['redis', 'rediss']),
    redisPrefix: r.matching('REDIS_PREFIX', /^[A-Za-z0-9:_-]{1,64}$/, '1 to 64 letters, digits, ":", "_" or "-"') ?? 'meridian:',
    nodeName: r.matching('NODE_NAME', /^[A-Za-z0-9_.-]{1,64}$/, '1 to 64 letters, digits, ".", "_" or "-"') ?? 'local',
    port: r.port('DATA_PLANE_PORT', 8080),
    host: r.string('HOST') ?? '0.0.0.0',
    secretKey: r.matching('SECRET_KEY', /^.{32,}$/, 'at least 32 characters'),
    maxBodyBytes: r.integer('MAX_BODY_BYTES', 20 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    maxJsonDepth: r.integer('MAX_JSON_DEPTH', 64, 2, 1000),
    upstreamIdleTimeoutMs: r.integer('UPSTREAM_IDLE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    dataDir: r.string('DATA_DIR') ?? '.data',
    redisTimeoutMs: r.integer('REDIS_TIMEOUT_MS', 2000, 50, 60_000),
    rateLimitFailOpenMs: r.integer('RATE_LIMIT_FAIL_OPEN_MS', 60_000, 0, 86_400_000),
    snapshotPollMs: r.integer('SNAPSHOT_POLL_MS', 5000, 10, 600_000),
    heartbeatMs: r.integer('HEARTBEAT_MS', 2000, 10, 60_000),
    consoleUrl: r.url('CONSOLE_URL', ['http', 'https'])?.replace(/\/+$/, ''),
    shutdownGraceMs: r.integer('SHUTDOWN_GRACE_MS', SHUTDOWN_GRACE_MS, 0, 3_600_000),
  };
  r.done();
  return config;
}
