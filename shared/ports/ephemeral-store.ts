/**
 * Short-lived shared values: captcha answers, e-mail codes, rate-limit windows, job leases and
 * what the last run of a leased job found. Shared so that several control-plane instances agree
 * (Redis in split mode, in-process in all-in-one).
 */
export interface EphemeralStore {
  /** Stores `value` under `name` for `ttlMs`, replacing any previous value. */
  put(name: string, value: string, ttlMs: number): Promise<void>;
  /** Returns and deletes the value atomically (single use), or null when absent or expired. */
  take(name: string): Promise<string | null>;
  /** Returns the value without using it up (a record any instance may read), or null when absent or expired. */
  peek(name: string): Promise<string | null>;
  /** Counts one hit in the fixed window that started with the first hit; returns the count so far. */
  hit(name: string, windowMs: number): Promise<number>;
  /** The hits counted so far in the window of `name` (0 when there is none, or it is over), without counting one. */
  hits(name: string): Promise<number>;
  /**
   * Takes or keeps the lease `name` for `holder` for `ttlMs` from now: true when `holder` holds it
   * afterwards (it was free, expired, or already its own, whose expiry then moves), false when
   * another holder does. Atomic, so at most one holder at a time (control-plane/jobs/job-lease.ts).
   */
  hold(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease `name` up if `holder` holds it (another holder's lease is left alone). */
  letGo(name: string, holder: string): Promise<void>;
}
