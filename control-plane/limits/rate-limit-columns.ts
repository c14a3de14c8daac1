import { RATE_LIMIT_FIELDS, RATE_LIMIT_MAX, type RateLimits } from '../../shared/limits/rate-limits.js';
import { badInput } from '../graphql/errors.js';

/** The three nullable rate-limit columns a token, an account or a group carries (null: no limit). */
export interface RateLimitColumns {
  rateRpm?: number | null;
  rateTpm?: number | null;
  rateConcurrency?: number | null;
}

/** The limits a row holds. */
export function limitsOf(row: RateLimitColumns): RateLimits {
  return { rpm: row.rateRpm ?? null, tpm: row.rateTpm ?? null, concurrency: row.rateConcurrency ?? null };
}

/** Stores `limits` on `row`. */
export function assignLimits(row: RateLimitColumns, limits: RateLimits): void {
  row.rateRpm = limits.rpm;
  row.rateTpm = limits.tpm;
  row.rateConcurrency = limits.concurrency;
}

/** Limits as a caller gives them (a GraphQL input): each a positive integer or null; absent counts as null. */
export function validLimits(field: string, input: Partial<RateLimits>): RateLimits {
  const out: RateLimits = { rpm: null, tpm: null, concurrency: null };
  for (const name of RATE_LIMIT_FIELDS) {
    const value = input[name] ?? null;
    if (value !== null && (!Number.isSafeInteger(value) || value < 1 || value > RATE_LIMIT_MAX)) {
      throw badInput(`${field}.${name}`, `must be a whole number from 1 to ${RATE_LIMIT_MAX}, or null for no limit`);
    }
    out[name] = value;
  }
  return out;
}
