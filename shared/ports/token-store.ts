import type { RateLimits } from '../limits/rate-limits.js';

/**
 * What a data plane needs to know about a token, written by the control plane on every change
 * (DESIGN.md contract item 2). Keyed by the SHA-256 of the key; the key itself never travels.
 */
export interface TokenRecord {
  tokenId: string;
  accountId: string;
  name: string;
  status: 'active' | 'disabled';
  /** Epoch milliseconds, or null for a token that never expires. */
  expiresAt: number | null;
  /** Ordered group names: the main group first, then fallbacks. Empty = automatic routing. */
  groups: string[];
  /** Model ids this token may call, or null for any. */
  modelAllowList: string[] | null;
  /** Spending cap in micro-RMB as a decimal string (bigint-safe), or null for none. */
  spendCapMicro: string | null;
  /** The token's own rate limits (absent: none). */
  limits?: RateLimits;
  /** Its account's rate limits, repeated in each of the account's token records (absent: none). */
  accountLimits?: RateLimits;
}

/** The token records shared by both planes (Redis in split mode, in-process in all-in-one). */
export interface TokenStore {
  /** Writes a record and tells every subscriber it changed. */
  put(keyHash: string, record: TokenRecord): Promise<void>;
  /** Removes a record and tells every subscriber it is gone. */
  remove(keyHash: string): Promise<void>;
  /** The current record, or null. */
  get(keyHash: string): Promise<TokenRecord | null>;
  /** Calls `listener` with the key hash of every changed or removed record; resolves once subscribed. Returns an unsubscribe. */
  onInvalidate(listener: (keyHash: string) => void): Promise<() => Promise<void>>;
}
