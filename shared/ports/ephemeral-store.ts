/**
 * Short-lived shared values: captcha answers, e-mail codes, rate-limit windows. Shared so that
 * several control-plane instances agree (Redis in split mode, in-process in all-in-one).
 */
export interface EphemeralStore {
  /** Stores `value` under `name` for `ttlMs`, replacing any previous value. */
  put(name: string, value: string, ttlMs: number): Promise<void>;
  /** Returns and deletes the value atomically (single use), or null when absent or expired. */
  take(name: string): Promise<string | null>;
  /** Counts one hit in the fixed window that started with the first hit; returns the count so far. */
  hit(name: string, windowMs: number): Promise<number>;
}
