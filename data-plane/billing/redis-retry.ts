/**
 * Settlements go to Redis after the answer went out, so a Redis error there must not lose them: a
 * charge never sent would let the reservation (or the lease) expire and give the money back while
 * the ledger still charges it. Every settling call is idempotent (by reservation id, lease batch
 * id, or usage event id, which the consumer writes once), so it is simply sent again.
 */

/** Waits before each new try (about two minutes in all, well inside a reservation's life). */
export const SETTLE_RETRY_DELAYS_MS: readonly number[] = [100, 500, 2_000, 10_000, 30_000, 60_000];

/** A client closed on purpose (shutdown) fails at once and for good: no point in trying again. */
function transient(err: unknown): boolean {
  return !/Connection is closed/.test(String(err));
}

/** Runs `call`, and again after each of `delaysMs` while it fails with a transient error; rejects with the last error. */
export async function withRetries<T>(call: () => Promise<T>, delaysMs: readonly number[] = SETTLE_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= delaysMs.length || !transient(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}
