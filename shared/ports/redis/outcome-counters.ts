import type { BucketIncrements } from '../../health/outcome.js';
import type { RedisKeys } from '../../redis/keys.js';
import { OUTCOME_BUCKET_TTL_MS, type OutcomeCounters } from '../outcome-counters.js';
import type { RedisConnections } from './connections.js';

/**
 * Adds a batch to one minute's hash and renews its expiry. One script, not a pipeline: a batch is
 * applied whole or not at all (a retried batch never double counts) and travels as one command.
 * KEYS: the bucket. ARGV: ttl ms, then field, amount pairs.
 */
const ADD_SCRIPT = `
for i = 2, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

/** Redis OutcomeCounters: one hash per minute, one script call per batch. */
export class RedisOutcomeCounters implements OutcomeCounters {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async add(minute: number, increments: BucketIncrements): Promise<void> {
    if (increments.size === 0) return;
    const args: (string | number)[] = [OUTCOME_BUCKET_TTL_MS];
    for (const [field, n] of increments) args.push(field, n);
    await this.redis.cmd.eval(ADD_SCRIPT, 1, this.keys.outcomes(minute), ...args);
  }

  async read(minutes: number[]): Promise<Record<string, number>[]> {
    if (minutes.length === 0) return [];
    // One command per minute, not a pipeline: the minutes' hashes lie in different Cluster slots.
    const results = await Promise.all(minutes.map((m) => this.redis.cmd.hgetall(this.keys.outcomes(m))));
    return results.map((raw) => {
      const out: Record<string, number> = {};
      for (const [f, v] of Object.entries(raw)) out[f] = Number(v);
      return out;
    });
  }
}
