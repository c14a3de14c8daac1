import { RedisKeys } from '../redis/keys.js';
import type { Ports } from './ports.js';
import { MemoryConfigBus } from './memory/config-bus.js';
import { MemoryBalanceStore } from './memory/balance-store.js';
import { MemoryEphemeralStore } from './memory/ephemeral-store.js';
import { MemoryTokenStore } from './memory/token-store.js';
import { MemoryUsageQueue } from './memory/usage-queue.js';
import { MemoryOutcomeCounters } from './memory/outcome-counters.js';
import { MemoryGroupStateBus } from './memory/group-states.js';
import { MemoryKeyInvalidations } from './memory/key-invalidations.js';
import { MemoryRateLimiter } from './memory/rate-limiter.js';
import { MemoryVideoJobStore } from './memory/video-jobs.js';
import { RedisConfigBus } from './redis/config-bus.js';
import { RedisBalanceStore } from './redis/balance-store.js';
import { RedisConnections, type RedisConnectionOptions } from './redis/connections.js';
import { RedisEphemeralStore } from './redis/ephemeral-store.js';
import { RedisTokenStore } from './redis/token-store.js';
import { RedisUsageQueue } from './redis/usage-queue.js';
import { RedisOutcomeCounters } from './redis/outcome-counters.js';
import { RedisGroupStateBus } from './redis/group-states.js';
import { RedisKeyInvalidations } from './redis/key-invalidations.js';
import { RedisRateLimiter } from './redis/rate-limiter.js';
import { RedisVideoJobStore } from './redis/video-jobs.js';

/** Ports on Redis, every key under `prefix`; `options` bound their waits (REDIS_TIMEOUT_MS). */
export function redisPorts(url: string, prefix: string, options: RedisConnectionOptions = {}): Ports & { redis: RedisConnections; keys: RedisKeys } {
  const redis = new RedisConnections(url, options);
  const keys = new RedisKeys(prefix);
  const usage = new RedisUsageQueue(redis, keys);
  return {
    kind: 'redis',
    redis,
    keys,
    tokens: new RedisTokenStore(redis, keys),
    ephemeral: new RedisEphemeralStore(redis, keys),
    balances: new RedisBalanceStore(redis, keys),
    usage,
    configBus: new RedisConfigBus(redis, keys),
    outcomes: new RedisOutcomeCounters(redis, keys),
    groupStates: new RedisGroupStateBus(redis, keys),
    keyInvalidations: new RedisKeyInvalidations(redis, keys),
    rateLimits: new RedisRateLimiter(redis, keys),
    videoJobs: new RedisVideoJobStore(redis, keys),
    connected: () => redis.connected,
    close: async () => {
      await usage.close();
      await redis.close();
    },
  };
}

/** In-process ports for all-in-one mode: one instance shared by both planes of the process. */
export function memoryPorts(): Ports {
  return {
    kind: 'memory',
    tokens: new MemoryTokenStore(),
    ephemeral: new MemoryEphemeralStore(),
    balances: new MemoryBalanceStore(),
    usage: new MemoryUsageQueue(),
    configBus: new MemoryConfigBus(),
    outcomes: new MemoryOutcomeCounters(),
    groupStates: new MemoryGroupStateBus(),
    keyInvalidations: new MemoryKeyInvalidations(),
    rateLimits: new MemoryRateLimiter(),
    videoJobs: new MemoryVideoJobStore(),
    connected: () => true,
    close: async () => undefined,
  };
}
