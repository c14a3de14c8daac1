/**
 * Settlements go to Redis after the answer went out, so a Redis error there must not lose them: a
 * charge never sent would let the reservation (or the lease) expire and give the money back while
 * the ledger still charges it. Every settling call is idempotent (by reservation id, lease batch
 * id, or usage event id, which the consumer writes once), so it is simply sent again.
 *
 * Not p-retry: aborted, it rejects at once and drops the try in flight, where a settlement must
 * still be waited for at shutdown (it may be landing) and get one last try without waits.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits before each new try (about two minutes in all, well inside a reservation's life): dense
 * in the first seconds, so that what waited out a short Redis outage (a restart, a freeze of
 * seconds) reaches it a few seconds after it answers again.
 */
export const SETTLE_RETRY_DELAYS_MS: readonly number[] = [100, 500, 1_000, 2_000, 3_000, 5_000, 5_000, 10_000, 10_000, 20_000, 20_000, 30_000];

/** A client closed on purpose (shutdown) fails at once and for good: no point in trying again. */
function transient(err: unknown): boolean {
  return !/Connection is closed/.test(String(err));
}

/**
 * Runs `call`, and again after each of `delaysMs` while it fails with a transient error; rejects
 * with the last error. With `stop`, it goes on past the list, at the pace of its last delay,
 * until `stop` is aborted (a Redis outage of any length loses nothing while the process runs);
 * the abort cuts the wait short for one last try.
 */
export async function withRetries<T>(call: () => Promise<T>, delaysMs: readonly number[] = SETTLE_RETRY_DELAYS_MS, stop?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (err) {
      const more = attempt < delaysMs.length || (stop !== undefined && !stop.aborted && delaysMs.length > 0);
      // Until shutdown, "closed" is a connection between two reconnections, not ours closed for good.
      if (!more || (!transient(err) && (stop === undefined || stop.aborted))) throw err;
      await sleep(delaysMs[Math.min(attempt, delaysMs.length - 1)], undefined, { signal: stop }).catch(() => undefined);
    }
  }
}
