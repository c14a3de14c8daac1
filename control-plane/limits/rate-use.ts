import type { RateLimiter } from '../../shared/ports/rate-limiter.js';
import { NO_RATE_LIMITS } from '../../shared/limits/rate-limits.js';
import type { RateUseView } from './rate-limits.types.js';

/** A rate-limit window: limits are per minute (the data planes' window). */
const WINDOW_MS = 60_000;

/** A token's use in its current window, as the data planes counted it in its account's partition. */
export async function tokenRateUse(limiter: RateLimiter, accountId: string, tokenId: string): Promise<RateUseView> {
  const [use] = await limiter.use(`acct:${accountId}`, [{ name: `token:${tokenId}`, limits: NO_RATE_LIMITS }], WINDOW_MS);
  return { requestsThisMinute: use.requests, tokensThisMinute: use.tokens, inFlight: use.inFlight };
}
