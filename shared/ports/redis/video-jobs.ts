import type { StoredVideoJob, VideoJobStore } from '../video-jobs.js';
import type { RedisKeys } from '../../redis/keys.js';
import type { RedisConnections } from './connections.js';
import { LuaScript } from './lua.js';

/**
 * KEYS: index zset, records hash. ARGV: job id, created ms, record, ttl ms, oldest created ms kept.
 * Writes the record, drops the account's expired ones and moves both keys' expiry.
 */
const putScript = new LuaScript(`
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
local old = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[5])
if #old > 0 then
  redis.call('ZREM', KEYS[1], unpack(old))
  redis.call('HDEL', KEYS[2], unpack(old))
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 0
`);

/**
 * KEYS: index zset, records hash. ARGV: after id ('' for none), limit, 'desc' or 'asc'.
 * The records of one page, by rank after the `after` job (from the start when it is unknown).
 */
const listScript = new LuaScript(`
local desc = ARGV[3] == 'desc'
local start = 0
if ARGV[1] ~= '' then
  local rank
  if desc then rank = redis.call('ZREVRANK', KEYS[1], ARGV[1]) else rank = redis.call('ZRANK', KEYS[1], ARGV[1]) end
  if rank then start = rank + 1 end
end
local stop = start + tonumber(ARGV[2]) - 1
local ids
if desc then ids = redis.call('ZREVRANGE', KEYS[1], start, stop) else ids = redis.call('ZRANGE', KEYS[1], start, stop) end
if #ids == 0 then return {} end
return redis.call('HMGET', KEYS[2], unpack(ids))
`);

/** Redis VideoJobStore (see the interface for the keys). */
export class RedisVideoJobStore implements VideoJobStore {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async put(accountId: string, job: StoredVideoJob, ttlMs: number, now: number): Promise<void> {
    await putScript.run(this.redis.cmd, [this.keys.videoJobs(accountId), this.keys.videoJobRecords(accountId)], [job.id, job.createdAt, job.record, ttlMs, now - ttlMs]);
  }

  async get(accountId: string, jobId: string): Promise<string | null> {
    return this.redis.cmd.hget(this.keys.videoJobRecords(accountId), jobId);
  }

  async list(accountId: string, page: { after?: string; limit: number; order: 'asc' | 'desc' }): Promise<string[]> {
    const records = (await listScript.run(this.redis.cmd, [this.keys.videoJobs(accountId), this.keys.videoJobRecords(accountId)], [page.after ?? '', page.limit, page.order])) as (string | null)[];
    return records.filter((r): r is string => r !== null);
  }
}
