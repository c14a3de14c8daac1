import type { z } from 'zod';
import { zod } from '../../shared/zod.js';
import { envVar } from '../../shared/config/env.js';

/**
 * Health thresholds, windows and probe limits (the HEALTH_* variables). Defaults (documented in
 * README "Health"): recent window 5 min, 5 samples minimum, normal from 95 percent success, states
 * checked every 500 ms, minute buckets folded into hourly history every 30 s, history kept 90
 * days, live dashboard ticks every 5 s, a group without traffic probed at most every 60 s and 12
 * times an hour, with the smallest output (1 token).
 */
export const healthEnv = zod
  .object({
    HEALTH_RECENT_WINDOW_MS: envVar.integer(5 * 60_000, 60_000, 3_600_000),
    HEALTH_MIN_SAMPLES: envVar.integer(5, 1, 100_000),
    HEALTH_NORMAL_PERMILLE: envVar.integer(950, 1, 1000),
    HEALTH_EVALUATE_MS: envVar.integer(500, 10, 3_600_000),
    HEALTH_FOLD_MS: envVar.integer(30_000, 10, 3_600_000),
    HEALTH_RETENTION_DAYS: envVar.integer(90, 90, 3650),
    HEALTH_TICK_MS: envVar.integer(5000, 10, 600_000),
    HEALTH_PROBE_INTERVAL_MS: envVar.integer(60_000, 0, 86_400_000),
    HEALTH_PROBE_MAX_PER_HOUR: envVar.integer(12, 0, 3600),
    HEALTH_PROBE_MAX_TOKENS: envVar.integer(1, 1, 1024),
  })
  .transform((v) => ({
    /** The window a state is decided on. */
    recentWindowMs: v.HEALTH_RECENT_WINDOW_MS,
    /** Fewer attempts than this in the recent window (and in the last hour): `no_data`. */
    minSamples: v.HEALTH_MIN_SAMPLES,
    /** Success rate (0..1) from which a group is `normal`; below it and above 0: partially available. */
    normalRate: v.HEALTH_NORMAL_PERMILLE / 1000,
    /** How often states are re-decided. */
    evaluateMs: v.HEALTH_EVALUATE_MS,
    /** How often minute buckets are folded into PostgreSQL. */
    foldMs: v.HEALTH_FOLD_MS,
    /** Hourly history kept, days (at least 90). */
    retentionDays: v.HEALTH_RETENTION_DAYS,
    /** Period of the `groupHealth` subscription. */
    tickMs: v.HEALTH_TICK_MS,
    /** Probe a group with fewer recent samples than minSamples at most this often (0 = never). */
    probeIntervalMs: v.HEALTH_PROBE_INTERVAL_MS,
    /** Probes per group per hour at most: the cost cap. */
    probeMaxPerHour: v.HEALTH_PROBE_MAX_PER_HOUR,
    /** Output tokens a probe asks for. */
    probeMaxTokens: v.HEALTH_PROBE_MAX_TOKENS,
  }));

/** The health settings, as read from the environment. */
export type HealthSettings = z.output<typeof healthEnv>;
