import type { EphemeralStore } from '../ephemeral-store.js';
import type { RedisKeys } from '../../redis/keys.js';
import type { RedisConnections } from './connections.js';
import { LuaScript } from './lua.js';

/** KEYS: lease. ARGV: holder, ttlMs. Takes a free lease or extends the holder's own; 1 when held. */
const holdScript = new LuaScript(`
local current = redis.call('GET', KEYS[1])
if current and current ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`);

/** KEYS: lease. ARGV: holder. Deletes the lease only if the holder holds it. */
const letGoScript = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`);

/** Redis EphemeralStore: PX expiry, GETDEL for single use, INCR + PEXPIRE NX for windows, compare-and-set scripts for leases. */
export class RedisEphemeralStore implements EphemeralStore {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async put(name: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.cmd.set(this.keys.ephemeral(name), value, 'PX', ttlMs);
  }

  async take(name: string): Promise<string | null> {
    return this.redis.cmd.getdel(this.keys.ephemeral(name));
  }

  async peek(name: string): Promise<string | null> {
    return this.redis.cmd.get(this.keys.ephemeral(name));
  }

  async hit(name: string, windowMs: number): Promise<number> {
    const key = this.keys.rateLimit(name);
    const [[, count]] = (await this.redis.cmd.multi().incr(key).pexpire(key, windowMs, 'NX').exec()) as [[null, number], unknown];
    return count;
  }

  async hits(name: string): Promise<number> {
    return Number((await this.redis.cmd.get(this.keys.rateLimit(name))) ?? 0);
  }

  async hold(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await holdScript.run(this.redis.cmd, [this.keys.jobLease(name)], [holder, ttlMs])) === 1;
  }

  async letGo(name: string, holder: string): Promise<void> {
    await letGoScript.run(this.redis.cmd, [this.keys.jobLease(name)], [holder]);
  }
}
