import type { BucketIncrements } from '../../health/outcome.js';
import type { RedisKeys } from '../../redis/keys.js';
import { OUTCOME_BUCKET_TTL_MS, type OutcomeCounters } from '../outcome-counters.js';
import type { RedisConnections } from './connections.js';

/** Redis OutcomeCounters: one hash per minute, HINCRBY per field, one round trip per batch. */
export class RedisOutcomeCounters implements OutcomeCounters {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async add(minute: number, increments: BucketIncrements): Promise<void> {
    if (increments.size === 0) return;
    const key = this.keys.outcomes(minute);
    // MULTI, not a plain pipeline: a batch is applied whole or not at all, so a retried batch never double counts.
    const pipe = this.redis.cmd.multi();
    for (const [field, n] of increments) pipe.hincrby(key, field, n);
    pipe.pexpire(key, OUTCOME_BUCKET_TTL_MS);
    const results = (await pipe.exec()) ?? [];
    const failed = results.find(([err]) => err);
    if (failed) throw failed[0]!;
  }

  async read(minutes: number[]): Promise<Record<string, number>[]> {
    if (minutes.length === 0) return [];
    const pipe = this.redis.cmd.pipeline();
    for (const m of minutes) pipe.hgetall(this.keys.outcomes(m));
    const results = (await pipe.exec()) ?? [];
    return results.map(([err, raw]) => {
      if (err) throw err;
      const out: Record<string, number> = {};
      for (const [f, v] of Object.entries(raw as Record<string, string>)) out[f] = Number(v);
      return out;
    });
  }
}
