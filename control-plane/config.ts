import { zod } from '../shared/zod.js';
import { RATE_LIMIT_MAX } from '../shared/limits/rate-limits.js';
import { envVar, problem, readEnv } from '../shared/config/env.js';
import { operationsEnv } from '../shared/config/operations.js';
import { redisUrlEnv } from '../shared/config/redis-url.js';
import { SHUTDOWN_GRACE_MS } from '../shared/http/graceful-close.js';
import { DEAD_NODE_RELEASE_MS } from './dataplanes/dead-node-release.js';
import { JOB_LEASE_MS } from './jobs/job-lease.js';
import { parseRmbToMicro } from '../shared/money.js';
import { healthEnv } from './health/health.settings.js';
import { queryLimitsEnv } from './graphql/limits.settings.js';

const ORIGIN = /^https?:\/\/[^/\s]+$/;
const PUBLIC_NODE = /^([A-Za-z0-9_.-]{1,64})=(https?:\/\/\S+?)\/*$/;
const PAY_VARIABLES = ['PAY_MERCHANT_ID', 'PAY_MERCHANT_KEY', 'PAY_GATEWAY_URL'] as const;

/** The control plane's own variables; `requireInfra` (split mode) makes DATABASE_URL and SECRET_KEY mandatory. */
function controlPlaneEnv(requireInfra: boolean) {
  return zod
    .object({
      DATABASE_URL: envVar.url(['postgres', 'postgresql']),
      REDIS_PREFIX: envVar.matching(/^[A-Za-z0-9:_-]{1,64}$/, '1 to 64 letters, digits, ":", "_" or "-"'),
      CONTROL_PLANE_PORT: envVar.port(4000),
      HOST: envVar.string(),
      SECRET_KEY: envVar.matching(/^.{32,}$/, 'at least 32 characters'),
      ADMIN_USERNAME: envVar.matching(/^[A-Za-z0-9_]{4,12}$/, '4 to 12 letters, digits or "_"'),
      ADMIN_PASSWORD: envVar.matching(/^.{8,128}$/, '8 to 128 characters'),
      SMTP_URL: envVar.url(['smtp', 'smtps']),
      MAIL_TO_LOG: envVar.flag(),
      MAIL_FROM: envVar.matching(/^[^\s@]+@[^\s@]+$/, 'an e-mail address'),
      PUBLIC_BASE_URL: envVar.url(['http', 'https']),
      TRUST_PROXY: envVar.flag(),
      DATA_DIR: envVar.string(),
      DATA_PLANE_WATCH_MS: envVar.integer(2000, 10, 600_000),
      DATA_PLANE_SILENT_MS: envVar.integer(10_000, 10, 3_600_000),
      DATA_PLANE_BEHIND_MS: envVar.integer(10_000, 10, 3_600_000),
      RECONCILE_EVERY_MS: envVar.integer(600_000, 1000, 86_400_000),
      SHUTDOWN_GRACE_MS: envVar.integer(SHUTDOWN_GRACE_MS, 0, 3_600_000),
      DEAD_NODE_RELEASE_MS: envVar.integer(DEAD_NODE_RELEASE_MS, 100, 3_600_000),
      JOB_LEASE_MS: envVar.integer(JOB_LEASE_MS, 100, 600_000),
      PUBLIC_CACHE_MS: envVar.integer(5000, 0, 3_600_000),
      MAX_TOKENS_PER_ACCOUNT: envVar.integer(500, 1, 1_000_000),
      DEFAULT_ACCOUNT_RPM: envVar.integer(0, 0, RATE_LIMIT_MAX),
      DEFAULT_ACCOUNT_TPM: envVar.integer(0, 0, RATE_LIMIT_MAX),
      DEFAULT_ACCOUNT_CONCURRENCY: envVar.integer(0, 0, RATE_LIMIT_MAX),
      REDIS_TIMEOUT_MS: envVar.integer(2000, 50, 60_000),
      REDIS_GENERATION_CHECK_MS: envVar.integer(1000, 50, 600_000),
      CONSOLE_ORIGINS: envVar.list(),
      STATUS_HOST: envVar.matching(/^[A-Za-z0-9.-]{1,253}$/, 'a host name such as status.example.com'),
      PUBLIC_NODES: envVar.list(),
      INVITE_REWARD_RMB: envVar.matching(/^\d{1,6}(\.\d{1,6})?$/, 'an RMB amount such as "0.5"'),
      PAY_MERCHANT_ID: envVar.matching(/^[A-Za-z0-9_-]{1,64}$/, '1 to 64 letters, digits, "_" or "-"'),
      PAY_MERCHANT_KEY: envVar.matching(/^\S{8,256}$/, '8 to 256 characters without spaces'),
      PAY_GATEWAY_URL: envVar.url(['http', 'https']),
    })
    .superRefine((v, ctx) => {
      if (requireInfra && v.DATABASE_URL === undefined) problem(ctx, 'DATABASE_URL', 'is required but not set');
      if (requireInfra && v.SECRET_KEY === undefined) problem(ctx, 'SECRET_KEY', 'is required but not set');
      if ((v.ADMIN_USERNAME === undefined) !== (v.ADMIN_PASSWORD === undefined)) {
        problem(ctx, v.ADMIN_USERNAME === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD', 'must be set together with its pair');
      }
      if (requireInfra && v.SMTP_URL === undefined && !v.MAIL_TO_LOG) {
        problem(ctx, 'SMTP_URL', 'is required in a split deployment, or set MAIL_TO_LOG=1 to write mail (e-mail verification codes included) to the log instead');
      }
      const paySet = PAY_VARIABLES.filter((name) => v[name] !== undefined);
      if (paySet.length > 0 && paySet.length < PAY_VARIABLES.length) {
        for (const name of PAY_VARIABLES) if (v[name] === undefined) problem(ctx, name, 'must be set together with the other PAY_* variables');
      }
      if (paySet.length > 0 && v.PUBLIC_BASE_URL === undefined) problem(ctx, 'PUBLIC_BASE_URL', 'is required when PAY_* is set (the payment callback URL is built from it)');
      for (const origin of v.CONSOLE_ORIGINS) if (!ORIGIN.test(origin)) problem(ctx, 'CONSOLE_ORIGINS', `"${origin}" is not an origin such as https://console.example.com`);
      for (const entry of v.PUBLIC_NODES) if (!PUBLIC_NODE.test(entry)) problem(ctx, 'PUBLIC_NODES', `"${entry}" is not name=http(s)://address`);
    })
    .transform((v) => ({
      /** Unset in all-in-one mode: an embedded PostgreSQL is started instead. */
      databaseUrl: v.DATABASE_URL,
      redisPrefix: v.REDIS_PREFIX ?? 'meridian:',
      port: v.CONTROL_PLANE_PORT,
      host: v.HOST ?? '0.0.0.0',
      /** Unset in all-in-one mode: generated once and kept under the data directory. */
      secretKey: v.SECRET_KEY,
      adminUsername: v.ADMIN_USERNAME,
      adminPassword: v.ADMIN_PASSWORD,
      /** Unset: mail goes to the log, which split deployments must choose with MAIL_TO_LOG=1. */
      smtpUrl: v.SMTP_URL,
      /** Sender address of outgoing mail. */
      mailFrom: v.MAIL_FROM ?? 'no-reply@meridian.local',
      publicBaseUrl: v.PUBLIC_BASE_URL,
      /** Behind a reverse proxy (TRUST_PROXY=1): take the client address and scheme from X-Forwarded-* (rate limits, Secure cookies). */
      trustProxy: v.TRUST_PROXY,
      /** The payment aggregator (epay protocol) for top-ups: PAY_MERCHANT_ID, PAY_MERCHANT_KEY, PAY_GATEWAY_URL, all or none; unset disables top-ups. */
      payment:
        v.PAY_MERCHANT_ID !== undefined && v.PAY_MERCHANT_KEY !== undefined && v.PAY_GATEWAY_URL !== undefined
          ? { merchantId: v.PAY_MERCHANT_ID, merchantKey: v.PAY_MERCHANT_KEY, gatewayUrl: v.PAY_GATEWAY_URL }
          : undefined,
      /** Credited to an inviter for each account registered with their invite code (INVITE_REWARD_RMB, default 0 = off). */
      inviteRewardMicro: parseRmbToMicro(v.INVITE_REWARD_RMB ?? '0'),
      /** Data-plane status watch: check period, silence after no beat for, and lag tolerated behind the current snapshot. */
      dataPlaneWatch: { periodMs: v.DATA_PLANE_WATCH_MS, silentMs: v.DATA_PLANE_SILENT_MS, behindMs: v.DATA_PLANE_BEHIND_MS },
      /** How often every account's hot balance is reconciled with the ledger (RECONCILE_EVERY_MS). */
      reconcileEveryMs: v.RECONCILE_EVERY_MS,
      /** Longest a GraphQL operation waits for a Redis command before it fails (REDIS_TIMEOUT_MS). */
      redisTimeoutMs: v.REDIS_TIMEOUT_MS,
      /** How often the generation marker is checked, to notice that Redis lost its data (REDIS_GENERATION_CHECK_MS). */
      redisGenerationCheckMs: v.REDIS_GENERATION_CHECK_MS,
      /** Where all-in-one mode keeps the embedded database and generated secret. */
      dataDir: v.DATA_DIR ?? '.data',
      /** Origins of console frontends served elsewhere that may call `/graphql` with credentials (CONSOLE_ORIGINS). */
      consoleOrigins: v.CONSOLE_ORIGINS,
      /** A host name on which the console shows the public status page alone (STATUS_HOST). */
      statusHost: v.STATUS_HOST,
      /** The data-plane nodes' public base addresses, as the console shows them to configure clients (PUBLIC_NODES). */
      publicNodes: v.PUBLIC_NODES.map((entry) => {
        const [, name = '', baseUrl = ''] = PUBLIC_NODE.exec(entry) ?? [];
        return { name, baseUrl };
      }),
      /** How long the public aggregates (status page, availability, fee list, groups) are shared before being computed again (PUBLIC_CACHE_MS). */
      publicCacheMs: v.PUBLIC_CACHE_MS,
      /** Most tokens one account may hold (MAX_TOKENS_PER_ACCOUNT). */
      maxTokensPerAccount: v.MAX_TOKENS_PER_ACCOUNT,
      /** The rate limits a new account starts with (DEFAULT_ACCOUNT_RPM, DEFAULT_ACCOUNT_TPM, DEFAULT_ACCOUNT_CONCURRENCY; 0 or unset: none). */
      defaultAccountLimits: { rpm: v.DEFAULT_ACCOUNT_RPM || null, tpm: v.DEFAULT_ACCOUNT_TPM || null, concurrency: v.DEFAULT_ACCOUNT_CONCURRENCY || null },
      /** At SIGTERM, how long GraphQL requests in flight get to finish (SHUTDOWN_GRACE_MS). */
      shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
      /** A data-plane process silent this long has its reservations and balance leases released (DEAD_NODE_RELEASE_MS). */
      deadNodeReleaseMs: v.DEAD_NODE_RELEASE_MS,
      /** How long a job lease lasts without renewal: a job moves this soon after its control plane died (JOB_LEASE_MS). */
      jobLeaseMs: v.JOB_LEASE_MS,
    }));
}

/** Reads the control plane's variables; `requireInfra` (split mode) makes DATABASE_URL, REDIS_URL and SECRET_KEY mandatory. */
export function readControlPlaneConfig(env: Record<string, string | undefined>, requireInfra: boolean) {
  const parts = readEnv(env, {
    own: controlPlaneEnv(requireInfra),
    redisUrl: redisUrlEnv(requireInfra),
    operations: operationsEnv,
    health: healthEnv,
    queryLimits: queryLimitsEnv,
  });
  return {
    ...parts.own,
    ...parts.operations,
    /** Unset in all-in-one mode: in-process ports stand in for Redis. */
    redisUrl: parts.redisUrl,
    /** Group health thresholds, windows and probe limits (HEALTH_*). */
    health: parts.health,
    /** Cost budgets, alias and root-field limits, introspection (GRAPHQL_*). */
    queryLimits: parts.queryLimits,
  };
}

/** Everything the control plane reads from the environment, validated. */
export type ControlPlaneConfig = ReturnType<typeof readControlPlaneConfig>;
