import type { OutcomeCounters } from '../../shared/ports/outcome-counters.js';

/**
 * Reads minute buckets, caching the settled ones: data planes flush every second, so a minute
 * two or more behind the current one no longer changes; only the last two are read again.
 */
export class MinuteReader {
  private readonly cache = new Map<number, Record<string, number>>();

  constructor(private readonly counters: OutcomeCounters) {}

  /** The buckets of `minutes` (ascending), given the current minute. */
  async read(minutes: number[], current: number): Promise<Record<string, number>[]> {
    const missing = minutes.filter((m) => !this.cache.has(m));
    const fresh = await this.counters.read(missing);
    const got = new Map(missing.map((m, i) => [m, fresh[i]]));
    for (const [m, bucket] of got) if (m <= current - 2) this.cache.set(m, bucket);
    // Keep the cache to the last two hours.
    for (const m of this.cache.keys()) if (m < current - 120) this.cache.delete(m);
    return minutes.map((m) => this.cache.get(m) ?? got.get(m)!);
  }
}

/** The minutes `from`..`to` inclusive. */
export function minuteRange(from: number, to: number): number[] {
  const out: number[] = [];
  for (let m = from; m <= to; m++) out.push(m);
  return out;
}
