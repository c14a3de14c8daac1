/**
 * Upstream attempt outcomes (docs/architecture.md, Redis contract 5): what a data plane counts per attempt,
 * and how counts are keyed inside one minute bucket. Both planes use these: data planes (and
 * control-plane probes) add to the buckets, the control plane folds them into health.
 */
import { isGroupFormat, type GroupFormat } from '../formats.js';

/** Why an upstream attempt failed. Client mistakes are never outcomes: they never reach an upstream. */
export const FAILURE_KINDS = ['connect', 'timeout', 'upstream_4xx', 'upstream_5xx', 'cut_stream', 'bad_response'] as const;

/** One of {@link FAILURE_KINDS}. */
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Where an attempt went: the dimensions counts are kept by. */
export interface OutcomeKey {
  group: string;
  /** Channel id. */
  channel: string;
  /** Our model id. */
  model: string;
  /** NODE_NAME of the data plane (or `probe` for control-plane probes). */
  node: string;
  /** The client's format (a wire format, or a media endpoint), so probes can use what traffic uses. */
  format: GroupFormat;
  stream: boolean;
}

/** One upstream attempt, not only the last of a request. */
export interface OutcomeAttempt extends OutcomeKey {
  /** Null on success. */
  failure: FailureKind | null;
  /** From sending the request to the end of the answer (or the failure), ms. */
  latencyMs: number;
  /** Until the first byte of the answer (headers), ms; null when none arrived. */
  ttfbMs: number | null;
}

/**
 * Candidates a data plane did not try, by why (breaker open, parked after an upstream back-off,
 * retry budget spent): counted beside the attempts, never as attempts.
 */
export const SKIP_METRICS = ['skip_breaker', 'skip_parked', 'skip_budget'] as const;

/** Prompt tokens of settled answers and the part of them read from the upstream's cache (the cache-read share). */
export const CACHE_METRICS = ['prompt_tokens', 'cache_read_tokens'] as const;

/**
 * Counters kept per key: successes, failures by kind, time sums (averages are sum / count), skips
 * and cache reads. A control plane ignores metrics it does not know, so new ones can be added
 * before every control plane reads them.
 */
export const OUTCOME_METRICS = ['ok', ...FAILURE_KINDS, 'latency_ms', 'ttfb_ms', 'ttfb_n', ...SKIP_METRICS, ...CACHE_METRICS] as const;

/** One of {@link OUTCOME_METRICS}. */
export type OutcomeMetric = (typeof OUTCOME_METRICS)[number];

/** Totals of one key over some span. */
export type OutcomeTotals = Record<OutcomeMetric, number>;

/** Field increments of one bucket: encoded field (see {@link fieldOf}) -> amount. */
export type BucketIncrements = Map<string, number>;

/** Bucket width: one minute. */
export const BUCKET_MS = 60_000;

/** The minute bucket (minutes since the epoch) of an epoch-ms instant. */
export function minuteOf(ms: number): number {
  return Math.floor(ms / BUCKET_MS);
}

// The unit separator cannot appear in group, channel, model or node names that come from the catalog.
const SEP = '\u001f';

/** The hash field of `metric` for `key`. */
export function fieldOf(key: OutcomeKey, metric: OutcomeMetric): string {
  return [key.group, key.channel, key.model, key.node, key.format, key.stream ? 's' : 'n', metric].join(SEP);
}

/** A field back into key and metric; null for a field this version does not know. */
export function parseField(field: string): { key: OutcomeKey; metric: OutcomeMetric } | null {
  const parts = field.split(SEP);
  if (parts.length !== 7) return null;
  const [group, channel, model, node, format, stream, metric] = parts;
  if (!isGroupFormat(format) || !(OUTCOME_METRICS as readonly string[]).includes(metric)) return null;
  return { key: { group, channel, model, node, format, stream: stream === 's' }, metric: metric as OutcomeMetric };
}

/** A key as one string (map keys). */
export function keyId(key: OutcomeKey): string {
  return fieldOf(key, 'ok').slice(0, -'ok'.length - 1);
}

/** All-zero totals. */
export function emptyTotals(): OutcomeTotals {
  return Object.fromEntries(OUTCOME_METRICS.map((m) => [m, 0])) as OutcomeTotals;
}

/** One count of some metric under a key (a skip, cache reads). */
export interface OutcomeCount {
  key: OutcomeKey;
  metric: OutcomeMetric;
  n: number;
}

/** The field name of `key` without its metric. */
function prefixOf(key: OutcomeKey): string {
  return key.group + SEP + key.channel + SEP + key.model + SEP + key.node + SEP + key.format + SEP + (key.stream ? 's' : 'n') + SEP;
}

/** Adds one count to `into`. */
export function addCount(into: BucketIncrements, count: OutcomeCount): void {
  const f = prefixOf(count.key) + count.metric;
  into.set(f, (into.get(f) ?? 0) + count.n);
}

/** Adds the counts of `attempt` to `into` (the recorder's in-memory batch). */
export function addAttempt(into: BucketIncrements, attempt: OutcomeAttempt): void {
  // On the request path: the key part of the fields is built once, not per metric.
  const prefix = prefixOf(attempt);
  const add = (metric: OutcomeMetric, n: number) => {
    const f = prefix + metric;
    into.set(f, (into.get(f) ?? 0) + n);
  };
  add(attempt.failure ?? 'ok', 1);
  add('latency_ms', Math.max(0, Math.round(attempt.latencyMs)));
  if (attempt.ttfbMs !== null) {
    add('ttfb_ms', Math.max(0, Math.round(attempt.ttfbMs)));
    add('ttfb_n', 1);
  }
}

/** Failures of all kinds in `t`. */
export function failuresOf(t: OutcomeTotals): number {
  return FAILURE_KINDS.reduce((sum, k) => sum + t[k], 0);
}

/** Attempts (successes + failures) in `t`. */
export function attemptsOf(t: OutcomeTotals): number {
  return t.ok + failuresOf(t);
}

/** Per-key totals of the raw fields of some buckets (unknown fields are ignored). */
export function totalsByKey(buckets: Iterable<Record<string, number>>): Map<string, { key: OutcomeKey; totals: OutcomeTotals }> {
  const out = new Map<string, { key: OutcomeKey; totals: OutcomeTotals }>();
  for (const bucket of buckets) {
    for (const [field, value] of Object.entries(bucket)) {
      const parsed = parseField(field);
      if (!parsed) continue;
      const id = keyId(parsed.key);
      let entry = out.get(id);
      if (!entry) out.set(id, (entry = { key: parsed.key, totals: emptyTotals() }));
      entry.totals[parsed.metric] += value;
    }
  }
  return out;
}
