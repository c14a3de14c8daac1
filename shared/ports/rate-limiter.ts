import type { RateLimits } from '../limits/rate-limits.js';

/**
 * One counted scope of a partition: a token (`token:ID`) or the account (`account`) in an
 * account's partition, or the group (`group`) in a group's partition.
 */
export interface RateScope {
  name: string;
  limits: RateLimits;
}

/**
 * A request asking to be admitted in the scopes of one partition. A partition's scopes are
 * checked and counted in one atomic step, and share one Redis Cluster slot (the partition is
 * their hash tag: `acct:ID` for a token and its account, `group:NAME` for a group).
 */
export interface RateAsk {
  partition: string;
  scopes: readonly RateScope[];
  /** Names the request's concurrency slot. */
  requestId: string;
  /** The tokens (input + output) the request is estimated to use. */
  tokens: number;
  /** Length of a window: it starts with the first request after the previous one ended. */
  windowMs: number;
  /** A slot not released or renewed within this long is freed (its node died). */
  slotTtlMs: number;
}

/** The limit a request ran into. */
export type RateLimitName = 'requests' | 'tokens' | 'concurrency';

/** A scope's use, as its last check saw it (counting the request, when it was admitted). */
export interface ScopeUse {
  name: string;
  limits: RateLimits;
  /** Requests and tokens counted in the current window. */
  requests: number;
  tokens: number;
  /** Requests holding a concurrency slot. */
  inFlight: number;
  /** Until the current window ends, ms. */
  resetMs: number;
}

/** What a request counted in a partition must give back later (see {@link RateLimiter.settle}). */
export interface RateTicket {
  partition: string;
  scopes: readonly string[];
  requestId: string;
  /** Start of the window the request was counted in, per scope (a correction to a later window is dropped). */
  windowStarts: readonly number[];
}

/** The answer to a {@link RateAsk}. */
export type RateAdmission =
  | { admitted: true; ticket: RateTicket; use: ScopeUse[] }
  | { admitted: false; scope: string; limit: RateLimitName; retryAfterMs: number; use: ScopeUse[] };

/** A change to what an admitted request counts for. */
export interface RateCorrection {
  /** Added to the request count of its window (-1: the request is taken back). */
  requests: number;
  /** Added to the token count of its window (the actual use minus the estimate). */
  tokens: number;
  /** Frees its concurrency slot. */
  release: boolean;
}

/**
 * Rate-limit counters shared by every data plane (Redis in split mode, in-process in all-in-one).
 * A request is admitted only if every scope of the partition has room, and then counted in all
 * of them; a refused request counts nowhere.
 */
export interface RateLimiter {
  admit(ask: RateAsk): Promise<RateAdmission>;
  /** Applies a correction to the windows the request was counted in (while they last) and its slot. */
  settle(ticket: RateTicket, correction: RateCorrection): Promise<void>;
  /** Keeps the slots of requests still running for another `slotTtlMs`. */
  renew(tickets: readonly RateTicket[], slotTtlMs: number): Promise<void>;
  /** The current use of the named scopes of a partition (zero for a scope not used in its window). */
  use(partition: string, scopes: readonly RateScope[], windowMs: number): Promise<ScopeUse[]>;
}
