import { LRUCache } from 'lru-cache';

/**
 * A least-recently-used cache of at most `entries` entries that takes memory as it fills.
 * lru-cache's own `max` allocates and fills its arrays for every entry up front: for the
 * 100,000-entry caches of a data plane (tokens, balances, affinity pins) that is megabytes of
 * memory and a noticeable part of start-up before a single entry is stored. Bounded instead by
 * `maxSize` with every entry counted as 1, it grows its arrays as entries come, and evicts the
 * same way once full.
 */
export function lruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(entries: number, options: Omit<LRUCache.Options<K, V, unknown>, 'max' | 'maxSize' | 'sizeCalculation'> = {}): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 } as LRUCache.Options<K, V, unknown>);
}
