import type { RedisKeys } from '../../redis/keys.js';
import type { KeyInvalidation, KeyInvalidations } from '../key-invalidations.js';
import type { RedisConnections } from './connections.js';

/** KeyInvalidations on one Redis list: RPUSH to report, LPOP with a count to take. */
export class RedisKeyInvalidations implements KeyInvalidations {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async report(report: KeyInvalidation): Promise<void> {
    await this.redis.cmd.rpush(this.keys.keyInvalidations, JSON.stringify(report));
  }

  async take(max: number): Promise<KeyInvalidation[]> {
    const items = await this.redis.cmd.lpop(this.keys.keyInvalidations, max);
    return (items ?? []).map((item) => JSON.parse(item) as KeyInvalidation);
  }
}
