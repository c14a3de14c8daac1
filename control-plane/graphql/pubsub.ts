import { createPubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Redis } from 'ioredis';
import type { PubSub } from 'type-graphql';
import { createLogger } from '../../shared/log.js';
import { closeConnection, REDIS_TIMEOUT_MS } from '../../shared/ports/redis/connections.js';
import { createRedisClient, isClusterUrl } from '../../shared/redis/client.js';

const log = createLogger('graphql-events');

/** The GraphQL event bus plus a way to close its connections. */
export interface EventBus {
  pubSub: PubSub;
  close(): Promise<void>;
}

/**
 * The PubSub behind GraphQL subscriptions. With Redis, an event published on one control-plane
 * instance reaches subscribers on every other; without it, events stay in this process.
 * Topics are namespaced by `prefix` so deployments sharing one Redis do not hear each other.
 * A publish waits for Redis `timeoutMs` at most (REDIS_TIMEOUT_MS), and one that fails (Redis
 * away) is logged: events are best effort, and a mutation never hangs or fails on them.
 * On a Redis Cluster the events go over sharded pub/sub (SPUBLISH/SSUBSCRIBE): each topic lives
 * on the node of its slot instead of being copied to every node of the cluster.
 */
export function createEventBus(redisUrl: string | undefined, prefix: string, timeoutMs = REDIS_TIMEOUT_MS): EventBus {
  if (!redisUrl) {
    return { pubSub: createPubSub(), close: async () => undefined };
  }
  const retryStrategy = (attempt: number) => Math.min(attempt * 100, 1000);
  const sharded = isClusterUrl(redisUrl);
  const publishClient = createRedisClient(redisUrl, { commandTimeout: timeoutMs, connectTimeout: timeoutMs, maxRetriesPerRequest: 1, retryStrategy });
  // SUBSCRIBE waits however long Redis is away (the event target does not handle its failure),
  // and subscribes again by itself after a reconnection (ioredis' autoResubscribe).
  const subscribeClient = createRedisClient(redisUrl, { connectTimeout: timeoutMs, retryStrategy, maxRetriesPerRequest: null, ...(sharded ? { shardedSubscribers: true } : {}) });
  // Failures are reported below; unhandled, ioredis would log every reconnection attempt.
  for (const client of [publishClient, subscribeClient]) client.on('error', () => undefined);
  // The event target publishes, subscribes and unsubscribes without waiting: a command that fails
  // (Redis away, or the connection closed at shutdown) must not become an unhandled rejection (a crash).
  const publisher = {
    publish: (channel: string, message: string) =>
      (sharded ? publishClient.spublish(channel, message) : publishClient.publish(channel, message)).catch((err: Error) =>
        log.warn('GraphQL event not published', { channel, message: err.message }),
      ),
  };
  const subscriber = {
    on: (event: 'message', listener: (channel: string, message: string) => void) => subscribeClient.on(sharded ? 'smessage' : event, listener),
    subscribe: (channel: string) =>
      (sharded ? subscribeClient.ssubscribe(channel) : subscribeClient.subscribe(channel)).catch((err: Error) => log.warn('GraphQL events not subscribed', { channel, message: err.message })),
    unsubscribe: (channel: string) =>
      (sharded ? subscribeClient.sunsubscribe(channel) : subscribeClient.unsubscribe(channel)).catch((err: Error) =>
        log.warn('GraphQL events not unsubscribed', { channel, message: err.message }),
      ),
  };
  const inner = createPubSub({ eventTarget: createRedisEventTarget({ publishClient: publisher as unknown as Redis, subscribeClient: subscriber as unknown as Redis }) });
  const pubSub: PubSub = {
    publish: (routingKey: string, ...args: unknown[]) => inner.publish(`${prefix}${routingKey}`, ...(args as [])),
    subscribe: (routingKey: string, dynamicId?: unknown) => inner.subscribe(`${prefix}${routingKey}`, dynamicId as never),
  };
  return {
    pubSub,
    close: async () => {
      // QUIT would wait in the offline queue for a Redis that is away (a shutdown must not).
      await Promise.all([closeConnection(publishClient), closeConnection(subscribeClient)]);
    },
  };
}
