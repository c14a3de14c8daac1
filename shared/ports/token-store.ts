import type { RateLimits } from '../limits/rate-limits.js';

/**
 * What a data plane needs to know about a token, written by the control plane on every change
 * (docs/architecture.md, Redis contract 2). Keyed by the SHA-256 of the key; the key itself never travels.
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

/**
 * What the store says of a key hash: its record; `removed` when the token was deleted (a
 * revocation, remembered for {@link REMOVAL_KEPT_MS}); null when it holds nothing, which is not a
 * revocation: never issued, or lost with Redis' data until the control plane writes it again.
 */
export type TokenLookup = TokenRecord | 'removed' | null;

/** How long a removal is remembered (a data plane cut off from Redis for longer may miss it). */
export const REMOVAL_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** The token records shared by both planes (Redis in split mode, in-process in all-in-one). */
export interface TokenStore {
  /** Writes a record and tells every subscriber it changed. */
  put(keyHash: string, record: TokenRecord): Promise<void>;
  /** Replaces a record by its removal (see {@link TokenLookup}) and tells every subscriber it is gone. */
  remove(keyHash: string): Promise<void>;
  /** The current record, or null (removed or unknown). */
  get(keyHash: string): Promise<TokenRecord | null>;
  /** The current record, its removal, or null when the store holds nothing for the hash. */
  lookup(keyHash: string): Promise<TokenLookup>;
  /** Calls `listener` with the key hash of every changed or removed record; resolves once subscribed. Returns an unsubscribe. */
  onInvalidate(listener: (keyHash: string) => void): Promise<() => Promise<void>>;
}
