import { addAttempt, minuteOf, type BucketIncrements, type OutcomeAttempt } from '../../shared/health/outcome.js';
import type { OutcomeCounters } from '../../shared/ports/outcome-counters.js';

/** A successful attempt of group `alpha` (override any field). */
export function attempt(partial: Partial<OutcomeAttempt> = {}): OutcomeAttempt {
  return { group: 'alpha', channel: 'ch-1', model: 'm-1', node: 'domestic', format: 'messages', stream: false, failure: null, latencyMs: 100, ttfbMs: 20, ...partial };
}

/** Adds `ok` successes and `failed` timeouts of `base` to the minute bucket of `at` (ms). */
export async function addOutcomes(counters: OutcomeCounters, at: number, ok: number, failed: number, base: Partial<OutcomeAttempt> = {}): Promise<void> {
  const inc: BucketIncrements = new Map();
  for (let i = 0; i < ok; i++) addAttempt(inc, attempt(base));
  for (let i = 0; i < failed; i++) addAttempt(inc, attempt({ ...base, failure: 'timeout', ttfbMs: null }));
  await counters.add(minuteOf(at), inc);
}
