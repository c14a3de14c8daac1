/**
 * Per-channel circuit breaker (lessons-from-peers 8: never disable a channel on one error).
 * Closed: requests flow; `failureThreshold` failures within `windowMs` open it. Open: the channel
 * is skipped for `openMs`. Then half-open: one probe request is let through; its success closes
 * the breaker, its failure opens it again. A probe that never reports back (client gone) is
 * replaced by a new one after another `openMs`. Time comes from an injected clock.
 */

/** Breaker thresholds. */
export interface BreakerOptions {
  failureThreshold: number;
  windowMs: number;
  openMs: number;
}

/** Defaults: 5 failures within 30 s open the channel for 30 s. */
export const DEFAULT_BREAKER_OPTIONS: BreakerOptions = { failureThreshold: 5, windowMs: 30_000, openMs: 30_000 };

/** The state of one channel's breaker. */
export type BreakerState = 'closed' | 'open' | 'half-open';

interface Entry {
  /** Times of recent failures while closed (oldest first, at most `failureThreshold`). */
  failures: number[];
  /** While open: when the next probe may go. */
  openUntil: number | null;
  /** While half-open: when the probe went out. */
  probeAt: number | null;
}

/** Breakers for every channel of this data plane (in memory: each node judges its own traffic). */
export class CircuitBreakers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: BreakerOptions = DEFAULT_BREAKER_OPTIONS,
    private readonly now: () => number = Date.now,
  ) {}

  /** May a request go to `channelId` now? Half-open lets exactly one probe through. */
  allow(channelId: string): boolean {
    const e = this.entries.get(channelId);
    if (!e || e.openUntil === null) return true;
    const t = this.now();
    if (t < e.openUntil) return false;
    if (e.probeAt !== null && t < e.probeAt + this.options.openMs) return false;
    e.probeAt = t;
    return true;
  }

  /** The channel answered well (or answered at all: a refusal of the request is not the channel failing): close its breaker. */
  success(channelId: string): void {
    this.entries.delete(channelId);
  }

  /** A request `allow` let through was never sent to the channel (nothing it could take): if it was the probe, the next request probes. */
  release(channelId: string): void {
    const e = this.entries.get(channelId);
    if (e) e.probeAt = null;
  }

  /** The channel failed (connection, timeout, 429, 5xx): count it, open when over threshold. */
  failure(channelId: string): void {
    const t = this.now();
    let e = this.entries.get(channelId);
    if (!e) this.entries.set(channelId, (e = { failures: [], openUntil: null, probeAt: null }));
    if (e.openUntil !== null) {
      // A failed probe (or a late failure of a request started before opening): open again.
      e.openUntil = t + this.options.openMs;
      e.probeAt = null;
      return;
    }
    e.failures.push(t);
    while (e.failures.length > 0 && e.failures[0] <= t - this.options.windowMs) e.failures.shift();
    if (e.failures.length >= this.options.failureThreshold) {
      e.failures = [];
      e.openUntil = t + this.options.openMs;
    }
  }

  /** The breaker state of a channel (for status pages and tests). */
  state(channelId: string): BreakerState {
    const e = this.entries.get(channelId);
    if (!e || e.openUntil === null) return 'closed';
    return this.now() < e.openUntil ? 'open' : 'half-open';
  }
}
