import { LRUCache } from 'lru-cache';
import { Role } from '../accounts/account.entity.js';
import type { Viewer } from '../auth/viewer.js';

/** Distinct keys kept at most (filters and pages of the fee list are keys too). */
const MAX_KEYS = 1000;

/**
 * Answers to public aggregate queries (status page, availability, fee list, groups), computed
 * once per `ttlMs` for each key and shared by every caller; callers arriving while a key is being
 * computed wait for that one computation. A key must name everything the answer depends on,
 * the viewer's visibility included, so nothing of one viewer's reaches another. A failed
 * computation is not kept. `ttlMs` 0 computes every time.
 */
export class SharedAnswers {
  private readonly cache: LRUCache<string, object, () => Promise<object>> | undefined;

  constructor(ttlMs: number, now?: () => number) {
    if (ttlMs <= 0) return;
    this.cache = new LRUCache<string, object, () => Promise<object>>({
      max: MAX_KEYS,
      ttl: ttlMs,
      fetchMethod: (_key, _stale, { context }) => context(),
      ...(now ? { perf: { now } } : {}),
    });
  }

  /** The shared answer for `key`, computed by `compute` when missing or older than the interval. */
  async get<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.cache) return compute();
    return (await this.cache.fetch(key, { context: compute })) as T;
  }

  /** Forgets every answer (after a catalog change, so the next caller sees it). */
  clear(): void {
    this.cache?.clear();
  }
}

/**
 * A public aggregate for `ctx`'s viewer: the shared answer under `key` for everyone but
 * administrators, who see hidden groups and their own changes at once and so always get a fresh one.
 */
export function publicAnswer<T extends object>(ctx: { viewer: Viewer | null; services: { publicAnswers: SharedAnswers } }, key: string, compute: () => Promise<T>): Promise<T> {
  if (ctx.viewer?.role === Role.Admin) return compute();
  return ctx.services.publicAnswers.get(key, compute);
}
