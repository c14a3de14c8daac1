/**
 * What a failed upstream attempt says about where the trouble is, decided here and nowhere else:
 * the model (its 5xx or 529 with a body, an in-stream error, a 429 without a back-off hint), the
 * channel (the connection could not be made: refused, DNS, TLS; credentials refused; an
 * undici connect timeout), or either (a reset or a timeout after the request went out, or a 5xx
 * without a body: counted for the model, and for the channel once several models see it). A 429
 * or 503 that says when to come back parks instead (see {@link backOffOf}).
 */
import type { UpstreamFailure } from '../../shared/wire/failure.js';

/** Where a failure belongs (see the module comment). */
export type FailureScope = 'model' | 'channel' | 'spread';

/** Errors that mean the connection to the upstream could not be made at all. */
const CHANNEL_CODES = /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT|CERT_.*|ERR_TLS_.*|ERR_SSL_.*|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT.*|ERR_INVALID_URL)$/;

/**
 * The scope of a failure that counts toward breakers (`retryable`, not a rejected key, not
 * parked), or null for one that counts toward none (the request's own fault, the client gone,
 * a shutdown, a request no channel of this kind can express).
 */
export function scopeOf(failure: UpstreamFailure): FailureScope | null {
  if (!failure.retryable) return null;
  switch (failure.result) {
    case 'connect':
      return failure.code !== undefined && CHANNEL_CODES.test(failure.code) ? 'channel' : 'spread';
    case 'timeout':
    case 'cut':
      return 'spread';
    case 'bad-response':
      return 'model';
    case 'status': {
      const status = failure.status ?? 0;
      if (status === 401 || status === 403) return 'channel';
      if (status === 408) return 'spread';
      if (status >= 500 && !failure.bodyless) return 'model';
      return status === 429 ? 'model' : 'spread';
    }
    default:
      return null;
  }
}

/** A back-off the upstream asked for: park the channel for one model, or for all of them. */
export interface BackOff {
  waitMs: number;
  scope: 'model' | 'channel';
}

/**
 * The back-off of a 429 or 503 that names one (`Retry-After`, rate-limit headers, Google
 * `RetryInfo`): a rate limit (a 429, or any hint naming a rate limit) parks the model on the
 * channel, as providers count limits per model; a 503 that only says when to retry parks the channel.
 */
export function backOffOf(failure: UpstreamFailure): BackOff | undefined {
  const hint = failure.retryHint;
  if (!hint || (failure.status !== 429 && failure.status !== 503)) return undefined;
  return { waitMs: hint.waitMs, scope: failure.status === 429 || hint.rateLimit ? 'model' : 'channel' };
}
