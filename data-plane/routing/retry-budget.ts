/**
 * The retry budget: a request's failovers are bounded by a number of attempts and by the time
 * since its first attempt, and a data plane's retries are capped at a share of its requests over
 * the last two windows (with a small allowance, so a quiet node still fails over), so an upstream
 * incident is not multiplied into a retry storm.
 */

/** Settings of the budget. */
export interface RetryBudgetOptions {
  /** Upstream attempts per request, the first included. */
  maxAttempts: number;
  /** No new attempt starts this long after the request's first one. */
  maxTotalMs: number;
  /** Retries as a fraction of requests, 0..1. */
  maxShare: number;
  /** Retries allowed per window whatever the share. */
  minRetries: number;
  /** Length of one counting window, ms. */
  windowMs: number;
}

/** Defaults: 6 attempts, 60 s, retries at most half the traffic beyond 20 per 10 s. */
export const DEFAULT_RETRY_BUDGET: RetryBudgetOptions = { maxAttempts: 6, maxTotalMs: 60_000, maxShare: 0.5, minRetries: 20, windowMs: 10_000 };

/** Why a retry was refused. */
export type BudgetLimit = 'attempts' | 'time' | 'share';

/** One data plane's retry budget. */
export class RetryBudget {
  private window = 0;
  private requests = [0, 0];
  private retries = [0, 0];

  constructor(
    readonly options: RetryBudgetOptions = DEFAULT_RETRY_BUDGET,
    private readonly now: () => number = Date.now,
  ) {}

  /** A request started (call once per request). */
  request(): void {
    this.roll();
    this.requests[1] += 1;
  }

  /**
   * May a request that started its first attempt at `startedAt` and made `attempts` so far make
   * another? Null: yes (and the retry is counted); otherwise the limit it hit.
   */
  retry(startedAt: number, attempts: number): BudgetLimit | null {
    if (attempts >= this.options.maxAttempts) return 'attempts';
    if (this.now() - startedAt >= this.options.maxTotalMs) return 'time';
    this.roll();
    const retries = this.retries[0] + this.retries[1];
    const allowed = Math.max(this.options.minRetries, this.options.maxShare * (this.requests[0] + this.requests[1]));
    if (retries >= allowed) return 'share';
    this.retries[1] += 1;
    return null;
  }

  /** Requests and retries over the last two windows (metrics). */
  usage(): { requests: number; retries: number } {
    this.roll();
    return { requests: this.requests[0] + this.requests[1], retries: this.retries[0] + this.retries[1] };
  }

  private roll(): void {
    const w = Math.floor(this.now() / this.options.windowMs);
    if (w === this.window) return;
    const previous = w === this.window + 1;
    this.requests = [previous ? this.requests[1] : 0, 0];
    this.retries = [previous ? this.retries[1] : 0, 0];
    this.window = w;
  }
}
