import type { LRUCache } from 'lru-cache';
import { lruCache } from '../../shared/lru.js';
import pRetry from 'p-retry';
import { createLogger } from '../../shared/log.js';
import type { TokenRecord, TokenStore } from '../../shared/ports/token-store.js';

const log = createLogger('token-cache');

/** Wait between two tries to subscribe to invalidation notices. */
const SUBSCRIBE_RETRY_MS = 1000;

/** Tuning of a {@link TokenCache}. */
export interface TokenCacheOptions {
  /**
   * How long an answer (a record, or "no such token") is reused before it is read again.
   * Invalidation notices make changes visible at once; the TTL only bounds staleness when a notice
   * is lost (pub/sub drops messages while reconnecting). Default 2 s.
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
 * A small per-process cache of token records in front of the TokenStore (docs/architecture.md,
 * Redis contract 2): bounded, short-lived, and emptied of a key hash as soon as the store announces
 * a change to it. Concurrent lookups of one key hash share a single read.
 *
 * A key it knows is served from memory while Redis is away or slow: a record past its TTL is
 * answered at once and read again in the background, and a record that vanished from the store
 * (Redis lost its data; the control plane writes it again) stays valid. Only an announced change
 * or the store's removal marker revokes it.
 */
export class TokenCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly flights = new Map<string, Flight>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private subscribing: Promise<void> | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopped = false;
  /** Aborts the subscription's tries at `stop`. */
  private readonly stopping = new AbortController();

  constructor(private readonly store: TokenStore, options: TokenCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 2000;
    this.entries = lruCache(options.maxEntries ?? 100_000);
    this.now = options.now ?? Date.now;
  }

  /**
   * Subscribes to invalidation notices, trying again every second until it succeeds (Redis may be
   * down at start); resolves once subscribed. Nothing may be served before (see {@link subscribed}).
   */
  start(): Promise<void> {
    this.subscribing ??= this.subscribe();
    return this.subscribing;
  }

  /** Whether invalidation notices are heard: until then a cached answer could miss a revocation. */
  get subscribed(): boolean {
    return this.unsubscribe !== undefined;
  }

  /** Unsubscribes and forgets everything. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    this.entries.clear();
    await unsubscribe?.();
  }

  /**
   * The record for a key hash, or null when no such token exists (removed, or never issued).
   * Rejects only when the store cannot be read and nothing is known of the key.
   */
  async lookup(keyHash: string): Promise<TokenRecord | null> {
    const entry = this.entries.get(keyHash);
    if (entry) {
      if (this.now() - entry.fetchedAt < this.ttlMs) return entry.record;
      // Past its TTL: a known record is answered now and read again behind it (the read's failure
      // changes nothing); "no such token" is read again first (the token may be new).
      if (!this.flights.has(keyHash)) this.fetch(keyHash).catch(() => undefined);
      if (entry.record !== null) return entry.record;
    }
    return this.flights.get(keyHash)?.promise ?? this.fetch(keyHash);
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

  private async subscribe(): Promise<void> {
    if (this.stopped) return;
    let warned = false;
    let unsubscribe: () => Promise<void>;
    try {
      unsubscribe = await pRetry(() => this.store.onInvalidate((keyHash) => this.invalidate(keyHash)), {
        forever: true,
        factor: 1,
        minTimeout: SUBSCRIBE_RETRY_MS,
        signal: this.stopping.signal,
        onFailedAttempt: (err) => {
          if (!warned) log.warn('cannot subscribe to token invalidations; trying again', { message: err.message });
          warned = true;
        },
      });
    } catch (err) {
      if (this.stopped) return;
      throw err;
    }
    if (this.stopped) return void (await unsubscribe());
    this.unsubscribe = unsubscribe;
    // Anything cached before the subscription was acknowledged may have missed a notice.
    this.entries.clear();
    if (warned) log.info('token invalidations subscribed');
  }

  private fetch(keyHash: string): Promise<TokenRecord | null> {
    const fetchedAt = this.now();
    const flight: Flight = {
      promise: this.store.lookup(keyHash).then((found) => {
        if (this.flights.get(keyHash) === flight) this.flights.delete(keyHash);
        // Nothing in the store is not a removal: a known record stays valid.
        const record = found === 'removed' ? null : (found ?? this.entries.get(keyHash)?.record ?? null);
        if (!flight.invalidated) this.entries.set(keyHash, { record, fetchedAt });
        return record;
      }),
      invalidated: false,
    };
    this.flights.set(keyHash, flight);
    flight.promise.catch(() => {
      if (this.flights.get(keyHash) === flight) this.flights.delete(keyHash);
    });
    return flight.promise;
  }
}
