import type { GroupState } from '../../shared/ports/group-states.js';

/** Attempts and successes over some window. */
export interface Tally {
  ok: number;
  attempts: number;
}

/** Thresholds of {@link decideState}. */
export interface StateThresholds {
  minSamples: number;
  normalRate: number;
}

/** Success rate of a tally; null when it has no attempts. */
export function rateOf(t: Tally): number | null {
  return t.attempts === 0 ? null : t.ok / t.attempts;
}

/**
 * The state of a group (as the availability page shows it), decided on the recent window when it holds
 * enough samples: `unavailable` = zero successes, `normal` = at least `normalRate`,
 * `partially_available` in between. With too few recent samples:
 * - a group that was `unavailable` (the data planes stopped using it, so only probes reach it)
 *   stays so until a recent attempt succeeds (then `partially_available`: taken back on trial),
 *   or until a whole hour passed without any attempt (`no_data`);
 * - otherwise the last hour decides the same way, and with too few samples there: `no_data`.
 */
export function decideState(recent: Tally, hour: Tally, previous: GroupState, t: StateThresholds): GroupState {
  const byRate = (s: Tally): GroupState => (s.ok === 0 ? 'unavailable' : s.ok / s.attempts >= t.normalRate ? 'normal' : 'partially_available');
  if (recent.attempts >= t.minSamples) return byRate(recent);
  if (previous === 'unavailable') return recent.ok > 0 ? 'partially_available' : hour.attempts > 0 ? 'unavailable' : 'no_data';
  return hour.attempts >= t.minSamples ? byRate(hour) : 'no_data';
}
