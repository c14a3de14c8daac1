/**
 * Circuit breakers, one per id (a channel, or a channel and model: see routing/breakers.ts); never
 * opened by one error. Closed: requests flow; `failureThreshold` failures within `windowMs` open
 * it. Open: the id is skipped for `openMs`. Then half-open: one probe request is let through; its
 * success closes the breaker, its failure opens it again. A probe that never reports back (client
 * gone) is replaced by a new one after another `openMs`. Time comes from an injected clock.
 *
 * A failure may carry a tag (the model it happened to): tagged failures open the breaker only
 * when they come from at least two tags, so a channel is not opened by one model's trouble.
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

/** One breaker's state as the metrics and status pages read it. */
export interface BreakerView {
  id: string;
  state: BreakerState;
  /** While open: when the next probe may go (epoch ms by the breakers' clock). */
  openUntil: number | null;
  /** Failures counted in the current window while closed. */
  recentFailures: number;
}

interface Failure {
  at: number;
  tag: string | undefined;
}

interface Entry {
  /** Recent failures while closed (oldest first, bounded). */
  failures: Failure[];
  /** While open: when the next probe may go. */
  openUntil: number | null;
  /** What the failure that opened it was (see `failure`). */
  cause: string | undefined;
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

  /**
   * The channel failed (connection, timeout, 5xx): count it, open when over threshold. `tag`: a
   * failure that may be one model's (see the class comment); a tagged failure does not reopen a
   * half-open breaker whose probe it was not. `cause`: what the failure was (`rate-limit`), kept
   * while the breaker is open so the client can be told the right thing.
   */
  failure(channelId: string, tag?: string, cause?: string): void {
    const t = this.now();
    let e = this.entries.get(channelId);
    if (!e) this.entries.set(channelId, (e = { failures: [], openUntil: null, cause: undefined, probeAt: null }));
    if (e.openUntil !== null) {
      if (tag !== undefined && e.probeAt === null) return;
      // A failed probe (or a late failure of a request started before opening): open again.
      e.openUntil = t + this.options.openMs;
      e.cause = cause;
      e.probeAt = null;
      return;
    }
    e.failures.push({ at: t, tag });
    while (e.failures.length > 0 && (e.failures[0].at <= t - this.options.windowMs || e.failures.length > this.options.failureThreshold * 4)) e.failures.shift();
    if (e.failures.length >= this.options.failureThreshold && spansTags(e.failures)) {
      e.failures = [];
      e.openUntil = t + this.options.openMs;
      e.cause = cause;
    }
  }

  /** While open: until when, and the cause of the failure that opened it. */
  openInfo(channelId: string): { until: number; cause: string | undefined } | undefined {
    const e = this.entries.get(channelId);
    return e?.openUntil != null ? { until: e.openUntil, cause: e.cause } : undefined;
  }

  /** Every breaker that is not closed or has failures counted (metrics, status). */
  list(): BreakerView[] {
    const t = this.now();
    return [...this.entries].map(([id, e]) => ({
      id,
      state: e.openUntil === null ? 'closed' : t < e.openUntil ? 'open' : 'half-open',
      openUntil: e.openUntil,
      recentFailures: e.failures.filter((f) => f.at > t - this.options.windowMs).length,
    }));
  }

  /** The breaker state of a channel (for status pages and tests). */
  state(channelId: string): BreakerState {
    const e = this.entries.get(channelId);
    if (!e || e.openUntil === null) return 'closed';
    return this.now() < e.openUntil ? 'open' : 'half-open';
  }
}

/** Untagged failures, or tagged ones from at least two tags. */
function spansTags(failures: Failure[]): boolean {
  let first: string | undefined;
  for (const f of failures) {
    if (f.tag === undefined) return true;
    if (first === undefined) first = f.tag;
    else if (f.tag !== first) return true;
  }
  return false;
}
