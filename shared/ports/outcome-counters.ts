import type { BucketIncrements } from '../health/outcome.js';

/** Largest batch for one `add` (bounds one Redis command). */
export const MAX_FIELDS_PER_ADD = 5000;

/** How long minute buckets are kept: long enough to refold a day missed by a stopped control plane. */
export const OUTCOME_BUCKET_TTL_MS = 26 * 3600_000;

/**
 * Upstream attempt counters in minute buckets (docs/architecture.md, Redis contract 5). Data planes add a
 * batch every second or so (never one round trip per request); the control plane reads buckets
 * to compute states and to fold them into hourly history. Buckets expire after
 * {@link OUTCOME_BUCKET_TTL_MS}. Redis hashes in split mode, in-process in all-in-one.
 */
export interface OutcomeCounters {
  /**
   * Adds `increments` (encoded field -> amount) to the bucket of `minute` (minutes since the
   * epoch), all or nothing. Callers keep batches to at most {@link MAX_FIELDS_PER_ADD} fields.
   */
  add(minute: number, increments: BucketIncrements): Promise<void>;
  /** The raw fields of each bucket of `minutes`, in the same order; `{}` for an empty or expired one. */
  read(minutes: number[]): Promise<Record<string, number>[]>;
}
