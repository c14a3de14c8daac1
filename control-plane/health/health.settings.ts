import type { EnvReader } from '../../shared/config/env.js';

/**
 * Health thresholds, windows and probe limits. Defaults (documented in README "Health"):
 * recent window 5 min, 5 samples minimum, normal from 95 percent success, states checked every
 * 500 ms, minute buckets folded into hourly history every 30 s, history kept 90 days, live
 * dashboard ticks every 5 s, a group without traffic probed at most every 60 s and 12 times an
 * hour, with the smallest output (1 token).
 */
export interface HealthSettings {
  /** The window a state is decided on (HEALTH_RECENT_WINDOW_MS). */
  recentWindowMs: number;
  /** Fewer attempts than this in the recent window (and in the last hour): `no_data` (HEALTH_MIN_SAMPLES). */
  minSamples: number;
  /** Success rate (0..1) from which a group is `normal`, from HEALTH_NORMAL_PERMILLE (default 950); below it and above 0: partially available. */
  normalRate: number;
  /** How often states are re-decided (HEALTH_EVALUATE_MS). */
  evaluateMs: number;
  /** How often minute buckets are folded into PostgreSQL (HEALTH_FOLD_MS). */
  foldMs: number;
  /** Hourly history kept, days (HEALTH_RETENTION_DAYS, at least 90). */
  retentionDays: number;
  /** Period of the `groupHealth` subscription (HEALTH_TICK_MS). */
  tickMs: number;
  /** Probe a group with fewer recent samples than minSamples at most this often (HEALTH_PROBE_INTERVAL_MS; 0 = never). */
  probeIntervalMs: number;
  /** Probes per group per hour at most: the cost cap (HEALTH_PROBE_MAX_PER_HOUR). */
  probeMaxPerHour: number;
  /** Output tokens a probe asks for (HEALTH_PROBE_MAX_TOKENS). */
  probeMaxTokens: number;
}

/** Reads the health settings from the environment. */
export function readHealthSettings(r: EnvReader): HealthSettings {
  return {
    recentWindowMs: r.integer('HEALTH_RECENT_WINDOW_MS', 5 * 60_000, 60_000, 3_600_000),
    minSamples: r.integer('HEALTH_MIN_SAMPLES', 5, 1, 100_000),
    normalRate: r.integer('HEALTH_NORMAL_PERMILLE', 950, 1, 1000) / 1000,
    evaluateMs: r.integer('HEALTH_EVALUATE_MS', 500, 10, 3_600_000),
    foldMs: r.integer('HEALTH_FOLD_MS', 30_000, 10, 3_600_000),
    retentionDays: r.integer('HEALTH_RETENTION_DAYS', 90, 90, 3650),
    tickMs: r.integer('HEALTH_TICK_MS', 5000, 10, 600_000),
    probeIntervalMs: r.integer('HEALTH_PROBE_INTERVAL_MS', 60_000, 0, 86_400_000),
    probeMaxPerHour: r.integer('HEALTH_PROBE_MAX_PER_HOUR', 12, 0, 3600),
    probeMaxTokens: r.integer('HEALTH_PROBE_MAX_TOKENS', 1, 1, 1024),
  };
}
