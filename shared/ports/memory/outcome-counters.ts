import { BUCKET_MS, type BucketIncrements } from '../../health/outcome.js';
import { OUTCOME_BUCKET_TTL_MS, type OutcomeCounters } from '../outcome-counters.js';

/**
 * In-process OutcomeCounters for all-in-one mode. Buckets older than the retention (counted from
 * the newest bucket written, since tests inject time) are dropped on write.
 */
export class MemoryOutcomeCounters implements OutcomeCounters {
  private readonly buckets = new Map<number, Map<string, number>>();

  async add(minute: number, increments: BucketIncrements): Promise<void> {
    let bucket = this.buckets.get(minute);
    if (!bucket) this.buckets.set(minute, (bucket = new Map()));
    for (const [field, n] of increments) bucket.set(field, (bucket.get(field) ?? 0) + n);
    const oldest = minute - OUTCOME_BUCKET_TTL_MS / BUCKET_MS;
    for (const m of this.buckets.keys()) if (m < oldest) this.buckets.delete(m);
  }

  async read(minutes: number[]): Promise<Record<string, number>[]> {
    return minutes.map((m) => Object.fromEntries(this.buckets.get(m) ?? []));
  }
}
