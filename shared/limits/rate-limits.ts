/**
 * Rate limits (docs/architecture.md, "Limits"): requests per minute, tokens per minute (input + output) and
 * requests in flight at once, set per token by its owner, per account and per group by
 * administrators. Each is a positive integer, or null for no limit.
 */
export interface RateLimits {
  /** Requests per minute. */
  rpm: number | null;
  /** Tokens (input + output) per minute. */
  tpm: number | null;
  /** Requests in flight at once. */
  concurrency: number | null;
}

/** The three limit names, in a stable order. */
export const RATE_LIMIT_FIELDS = ['rpm', 'tpm', 'concurrency'] as const satisfies readonly (keyof RateLimits)[];

/** Largest limit that can be set (a count that stays exact in Lua's doubles and in GraphQL's Int). */
export const RATE_LIMIT_MAX = 2_000_000_000;

/** No limit at all. */
export const NO_RATE_LIMITS: RateLimits = Object.freeze({ rpm: null, tpm: null, concurrency: null });

/** True when at least one of the three is set. */
export function hasRateLimit(limits: RateLimits | null | undefined): limits is RateLimits {
  return !!limits && (limits.rpm !== null || limits.tpm !== null || limits.concurrency !== null);
}

/**
 * The names of the limits in `inner` set above those of `outer`. A null inner limit is never
 * above (the outer one still applies to it), and a null outer limit bounds nothing.
 */
export function limitsAbove(inner: RateLimits, outer: RateLimits): (keyof RateLimits)[] {
  return RATE_LIMIT_FIELDS.filter((field) => {
    const own = inner[field];
    const bound = outer[field];
    return own !== null && bound !== null && own > bound;
  });
}
