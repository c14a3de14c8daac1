import { RATE_LIMIT_MAX, type RateLimits } from '../shared/limits/rate-limits.js';
import { EnvReader } from '../shared/config/env.js';
import { readOperationsSettings, type OperationsSettings } from '../shared/config/operations.js';
import { readRedisUrl } from '../shared/config/redis-url.js';
import { SHUTDOWN_GRACE_MS } from '../shared/http/graceful-close.js';
import { DEAD_NODE_RELEASE_MS } from './dataplanes/dead-node-release.js';
import { JOB_LEASE_MS } from './jobs/job-lease.js';
import { parseRmbToMicro } from '../shared/money.js';
import { readHealthSettings, type HealthSettings } from './health/health.settings.js';
import type { QueryLimits } from './graphql/limits.js';
import { readQueryLimits } from './graphql/limits.settings.js';

/** Everything the control plane reads from the environment, validated. */
export interface ControlPlaneConfig extends OperationsSettings {
  /** Unset in all-in-one mode: an embedded PostgreSQL is started instead. */
  databaseUrl?: string;
  /** Unset in all-in-one mode: in-process ports stand in for Redis. */
  redisUrl?: string;
  redisPrefix: string;
  port: number;
  host: string;
  /** Unset in all-in-one mode: generated once and kept under the data directory. */
  secretKey?: string;
  adminUsername?: string;
  adminPassword?: string;
  /** Unset: mail goes to the log, which split deployments must choose with MAIL_TO_LOG=1. */
  smtpUrl?: string;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  publicBaseUrl?: string;
  /** Behind a reverse proxy (TRUST_PROXY=1): take the client address and scheme from X-Forwarded-* (rate limits, Secure cookies). */
  trustProxy: boolean;
  /** The payment aggregator (epay protocol) for top-ups: PAY_MERCHANT_ID, PAY_MERCHANT_KEY, PAY_GATEWAY_URL, all or none; unset disables top-ups. */
  payment?: { merchantId: string; merchantKey: string; gatewayUrl: string };
  /** Credited to an inviter for each account registered with their invite code (INVITE_REWARD_RMB, default 0 = off). */
  inviteRewardMicro: bigint;
  /** Data-plane status watch: check period, silence after no beat for, and lag tolerated behind the current snapshot. */
  dataPlaneWatch: { periodMs: number; silentMs: number; behindMs: number };
  /** Group health thresholds, windows and probe limits (HEALTH_*). */
  health: HealthSettings;
  /** How often every account's hot balance is reconciled with the ledger (RECONCILE_EVERY_MS). */
  reconcileEveryMs: number;
  /** Longest a GraphQL operation waits for a Redis command before it fails (REDIS_TIMEOUT_MS). */
  redisTimeoutMs: number;
  /** How often the generation marker is checked, to notice that Redis lost its data (REDIS_GENERATION_CHECK_MS). */
  redisGenerationCheckMs: number;
  /** Where all-in-one mode keeps the embedded database and generated secret. */
  dataDir: string;
  /** Origins of console frontends served elsewhere that may call `/graphql` with credentials (CONSOLE_ORIGINS). */
  consoleOrigins: string[];
  /** A host name on which the console shows the public status page alone (STATUS_HOST). */
  statusHost?: string;
  /** The data-plane nodes' public base addresses, as the console shows them to configure clients (PUBLIC_NODES). */
  publicNodes: { name: string; baseUrl: string }[];
  /** Cost budgets, alias and root-field limits, introspection (GRAPHQL_*). */
  queryLimits: QueryLimits;
  /** How long the public aggregates (status page, availability, fee list, groups) are shared before being computed again (PUBLIC_CACHE_MS). */
  publicCacheMs: number;
  /** Most tokens one account may hold (MAX_TOKENS_PER_ACCOUNT). */
  maxTokensPerAccount: number;
  /** The rate limits a new account starts with (DEFAULT_ACCOUNT_RPM, DEFAULT_ACCOUNT_TPM, DEFAULT_ACCOUNT_CONCURRENCY; 0 or unset: none). */
  defaultAccountLimits: RateLimits;
  /** At SIGTERM, how long GraphQL requests in flight get to finish (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** A data-plane process silent this long has its reservations and balance leases released (DEAD_NODE_RELEASE_MS). */
  deadNodeReleaseMs: number;
  /** How long a job lease lasts without renewal: a job moves this soon after its control plane died (JOB_LEASE_MS). */
  jobLeaseMs: number;
}

/** Reads the control plane's variables; `requireInfra` (split mode) makes DATABASE_URL, REDIS_URL and SECRET_KEY mandatory. */
export function readControlPlaneConfig(env: Record<string, string | undefined>, requireInfra: boolean): ControlPlaneConfig {
  const r = new EnvReader(env);
  const config: ControlPlaneConfig = {
    databaseUrl: requireInfra ? (r.required('DATABASE_URL'), r.url('DATABASE_URL', ['postgres', 'postgresql'])) : r.url('DATABASE_URL', ['postgres', 'postgresql']),
    redisUrl: readRedisUrl(r, requireInfra),
    redisPrefix: r.matching('REDIS_PREFIX', /^[A-Za-z0-9:_-]{1,64}$/, '1 to 64 letters, digits, ":", "_" or "-"') ?? 'meridian:',
    port: r.port('CONTROL_PLANE_PORT', 4000),
    host: r.string('HOST') ?? '0.0.0.0',
    secretKey: requireInfra ? (r.required('SECRET_KEY'), secretKey(r)) : secretKey(r),
    adminUsername: r.matching('ADMIN_USERNAME', /^[A-Za-z0-9_]{4,12}$/, '4 to 12 letters, digits or "_"'),
    adminPassword: r.matching('ADMIN_PASSWORD', /^.{8,128}$/, '8 to 128 characters'),
    smtpUrl: r.url('SMTP_URL', ['smtp', 'smtps']),
    mailFrom: r.matching('MAIL_FROM', /^[^\s@]+@[^\s@]+$/, 'an e-mail address') ?? 'no-reply@meridian.local',
    publicBaseUrl: r.url('PUBLIC_BASE_URL', ['http', 'https']),
    trustProxy: r.matching('TRUST_PROXY', /^[01]$/, '0 or 1') === '1',
    dataDir: r.string('DATA_DIR') ?? '.data',
    dataPlaneWatch: {
      periodMs: r.integer('DATA_PLANE_WATCH_MS', 2000, 10, 600_000),
      silentMs: r.integer('DATA_PLANE_SILENT_MS', 10_000, 10, 3_600_000),
      behindMs: r.integer('DATA_PLANE_BEHIND_MS', 10_000, 10, 3_600_000),
    },
    health: readHealthSettings(r),
    reconcileEveryMs: r.integer('RECONCILE_EVERY_MS', 600_000, 1000, 86_400_000),
    shutdownGraceMs: r.integer('SHUTDOWN_GRACE_MS', SHUTDOWN_GRACE_MS, 0, 3_600_000),
    ...readOperationsSettings(r),
    deadNodeReleaseMs: r.integer('DEAD_NODE_RELEASE_MS', DEAD_NODE_RELEASE_MS, 100, 3_600_000),
    jobLeaseMs: r.integer('JOB_LEASE_MS', JOB_LEASE_MS, 100, 600_000),
    queryLimits: readQueryLimits(r),
    publicCacheMs: r.integer('PUBLIC_CACHE_MS', 5000, 0, 3_600_000),
    maxTokensPerAccount: r.integer('MAX_TOKENS_PER_ACCOUNT', 500, 1, 1_000_000),
    defaultAccountLimits: {
      rpm: r.integer('DEFAULT_ACCOUNT_RPM', 0, 0, RATE_LIMIT_MAX) || null,
      tpm: r.integer('DEFAULT_ACCOUNT_TPM', 0, 0, RATE_LIMIT_MAX) || null,
      concurrency: r.integer('DEFAULT_ACCOUNT_CONCURRENCY', 0, 0, RATE_LIMIT_MAX) || null,
    },
    redisTimeoutMs: r.integer('REDIS_TIMEOUT_MS', 2000, 50, 60_000),
    redisGenerationCheckMs: r.integer('REDIS_GENERATION_CHECK_MS', 1000, 50, 600_000),
    consoleOrigins: [],
    publicNodes: [],
    inviteRewardMicro: parseRmbToMicro(r.matching('INVITE_REWARD_RMB', /^\d{1,6}(\.\d{1,6})?$/, 'an RMB amount such as "0.5"') ?? '0'),
  };
  if ((r.string('ADMIN_USERNAME') === undefined) !== (r.string('ADMIN_PASSWORD') === undefined)) {
    r.problem(r.string('ADMIN_USERNAME') === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD', 'must be set together with its pair');
  }
  if (requireInfra && !config.smtpUrl && r.matching('MAIL_TO_LOG', /^[01]$/, '0 or 1') !== '1') {
    r.problem('SMTP_URL', 'is required in a split deployment, or set MAIL_TO_LOG=1 to write mail (e-mail verification codes included) to the log instead');
  }
  config.payment = paymentConfig(r, config.publicBaseUrl);
  config.consoleOrigins = listOf(r, 'CONSOLE_ORIGINS').map((origin) => {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) r.problem('CONSOLE_ORIGINS', `"${origin}" is not an origin such as https://console.example.com`);
    return origin;
  });
  config.statusHost = r.matching('STATUS_HOST', /^[A-Za-z0-9.-]{1,253}$/, 'a host name such as status.example.com');
  config.publicNodes = listOf(r, 'PUBLIC_NODES').map((entry) => {
    const match = /^([A-Za-z0-9_.-]{1,64})=(https?:\/\/\S+?)\/*$/.exec(entry);
    if (!match) r.problem('PUBLIC_NODES', `"${entry}" is not name=http(s)://address`);
    return { name: match?.[1] ?? '', baseUrl: match?.[2] ?? '' };
  });
  r.done();
  return config;
}

/** The PAY_* variables: all three or none; a payment callback needs PUBLIC_BASE_URL to be reachable. */
function paymentConfig(r: EnvReader, publicBaseUrl: string | undefined): ControlPlaneConfig['payment'] {
  const merchantId = r.matching('PAY_MERCHANT_ID', /^[A-Za-z0-9_-]{1,64}$/, '1 to 64 letters, digits, "_" or "-"');
  const merchantKey = r.matching('PAY_MERCHANT_KEY', /^\S{8,256}$/, '8 to 256 characters without spaces');
  const gatewayUrl = r.url('PAY_GATEWAY_URL', ['http', 'https']);
  const set = ['PAY_MERCHANT_ID', 'PAY_MERCHANT_KEY', 'PAY_GATEWAY_URL'].filter((name) => r.string(name) !== undefined);
  if (set.length === 0) return undefined;
  if (set.length < 3) {
    for (const name of ['PAY_MERCHANT_ID', 'PAY_MERCHANT_KEY', 'PAY_GATEWAY_URL']) if (!set.includes(name)) r.problem(name, 'must be set together with the other PAY_* variables');
    return undefined;
  }
  if (!publicBaseUrl) r.problem('PUBLIC_BASE_URL', 'is required when PAY_* is set (the payment callback URL is built from it)');
  return merchantId && merchantKey && gatewayUrl ? { merchantId, merchantKey, gatewayUrl } : undefined;
}

/** A comma-separated list variable, trimmed, empty entries dropped. */
function listOf(r: EnvReader, name: string): string[] {
  return (r.string(name) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function secretKey(r: EnvReader): string | undefined {
  return r.matching('SECRET_KEY', /^.{32,}$/, 'at least 32 characters');
}
