import { createPubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import type { PubSub } from 'type-graphql';
import { REDIS_TIMEOUT_MS } from '../../shared/ports/redis/connections.js';

/** The GraphQL event bus plus a way to close its connections. */
export interface EventBus {
  pubSub: PubSub;
  close(): Promise<void>;
}

/**
 * The PubSub behind GraphQL subscriptions. With Redis, an event published on one control-plane
 * instance reaches subscribers on every other; without it, events stay in this process.
 * Topics are namespaced by `prefix` so deployments sharing one Redis do not hear each other.
 * A publish waits for Redis `timeoutMs` at most (REDIS_TIMEOUT_MS): a mutation never hangs on it.
 */
export function createEventBus(redisUrl: string | undefined, prefix: string, timeoutMs = REDIS_TIMEOUT_MS): EventBus {
  if (!redisUrl) {
    return { pubSub: createPubSub(), close: async () => undefined };
  }
  const retryStrategy = (attempt: number) => Math.min(attempt * 100, 1000);
  const publishClient = new Redis(redisUrl, { commandTimeout: timeoutMs, connectTimeout: timeoutMs, maxRetriesPerRequest: 1, retryStrategy });
  // Subscribes again by itself after a reconnection (ioredis' autoResubscribe).
  const subscribeClient = new Redis(redisUrl, { connectTimeout: timeoutMs, retryStrategy });
  // Callers see the failures; unhandled, ioredis would log every reconnection attempt.
  for (const client of [publishClient, subscribeClient]) client.on('error', () => undefined);
  const inner = createPubSub({ eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) });
  const pubSub: PubSub = {
    publish: (routingKey: string, ...args: unknown[]) => inner.publish(`${prefix}${routingKey}`, ...(args as [])),
    subscribe: (routingKey: string, dynamicId?: unknown) => inner.subscribe(`${prefix}${routingKey}`, dynamicId as never),
  };
  return {
    pubSub,
    close: async () => {
      await Promise.all([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}
