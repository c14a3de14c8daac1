import type { TokenRecord, TokenStore } from '../../shared/ports/token-store.js';

/** Tuning of a {@link TokenCache}. */
export interface TokenCacheOptions {
  /**
   * How long an answer (a record, or "no such token") is reused. Invalidation notices make changes
   * visible at once; the TTL only bounds staleness when a notice is lost (pub/sub drops messages
   * while reconnecting). Default 2 s.
   */
  ttlMs?: number;
  /** Most entries kept; the least recently used go first. Default 100,000. */
  maxEntries?: number;
  /** Epoch milliseconds (injectable for tests). */
  now?: () => number;
}

interface Entry {
  record: TokenRecord | null;
  fetchedAt: number;
}

interface Flight {
  promise: Promise<TokenRecord | null>;
  /** Set when an invalidation arrived while the read was in flight: its answer may be stale. */
  invalidated: boolean;
}

/**
 * A small per-process cache of token records in front of the TokenStore (DESIGN.md contract item
 * 2): bounded, short-lived, and emptied of a key hash as soon as the store announces a change to
 * it. Concurrent lookups of one key hash share a single read.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly store: TokenStore, options: TokenCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 2000;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Subscribes to invalidation notices; call once at data-plane start, before serving. */
  async start(): Promise<void> {
    if (this.unsubscribe) return;
    this.unsubscribe = await this.store.onInvalidate((keyHash) => this.invalidate(keyHash));
    // Anything cached before the subscription was acknowledged may have missed a notice.
    this.entries.clear();
  }

  /** Unsubscribes and forgets everything. */
  async stop(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    this.entries.clear();
    await unsubscribe?.();
  }

  /** The record for a key hash, or null when no such token exists (deleted, or never issued). */
  async lookup(keyHash: string): Promise<TokenRecord | null> {
    const entry = this.entries.get(keyHash);
    if (entry && this.now() - entry.fetchedAt < this.ttlMs) {
      // Re-insert so the Map's order stays least-recently-used first.
      this.entries.delete(keyHash);
      this.entries.set(keyHash, entry);
      return entry.record;
    }
    const pending = this.flights.get(keyHash);
    if (pending) return pending.promise;
    return this.fetch(keyHash);
  }

  /** Drops what is known about a key hash (the store's invalidation notice). */
  invalidate(keyHash: string): void {
    this.entries.delete(keyHash);
    const flight = this.flights.get(keyHash);
    if (flight) {
      flight.invalidated = true;
      this.flights.delete(keyHash);
    }
  }

  /** Entries held (for tests and status). */
  get size(): number {
    return this.entries.size;
  }

  private fetch(keyHash: string): Promise<TokenRecord | null> {
    const fetchedAt = this.now();
    const flight: Flight = { promise: this.store.get(keyHash), invalidated: false };
    this.flights.set(keyHash, flight);
    flight.promise.then(
      (record) => {
        if (this.flights.get(keyHash) === flight) this.flights.delete(keyHash);
        if (!flight.invalidated) this.remember(keyHash, { record, fetchedAt });
      },
      () => {
        if (this.flights.get(keyHash) === flight) this.flights.delete(keyHash);
      },
    );
    return flight.promise;
  }

  private remember(keyHash: string, entry: Entry): void {
    this.entries.delete(keyHash);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(keyHash, entry);
  }
}
