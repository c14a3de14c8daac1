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
 * The state of a group (service-spec section 3) from its recent window, falling back to the last
 * hour when the recent window holds too few samples: a group the data planes stopped using (it
 * was unavailable) keeps its last hour's verdict until a probe succeeds, instead of flipping to
 * `no_data` and drawing traffic back at once. `unavailable` = zero successes; `normal` = at least
 * `normalRate`; `partially_available` in between; `no_data` when neither window has enough.
 */
export function decideState(recent: Tally, hour: Tally, t: StateThresholds): GroupState {
  const source = recent.attempts >= t.minSamples ? recent : hour.attempts >= t.minSamples ? hour : null;
  if (!source) return 'no_data';
  if (source.ok === 0) return 'unavailable';
  return source.ok / source.attempts >= t.normalRate ? 'normal' : 'partially_available';
}
