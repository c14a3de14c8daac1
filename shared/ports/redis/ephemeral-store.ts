import type { EphemeralStore } from '../ephemeral-store.js';
import type { RedisKeys } from '../../redis/keys.js';
import type { RedisConnections } from './connections.js';

/** Redis EphemeralStore: PX expiry, GETDEL for single use, INCR + PEXPIRE NX for windows. */
export class RedisEphemeralStore implements EphemeralStore {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async put(name: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.cmd.set(this.keys.ephemeral(name), value, 'PX', ttlMs);
  }

  async take(name: string): Promise<string | null> {
    return this.redis.cmd.getdel(this.keys.ephemeral(name));
  }

  async hit(name: string, windowMs: number): Promise<number> {
    const key = this.keys.rateLimit(name);
    const [[, count]] = (await this.redis.cmd.multi().incr(key).pexpire(key, windowMs, 'NX').exec()) as [[null, number], unknown];
    return count;
  }
}
