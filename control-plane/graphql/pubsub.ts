import { createPubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import type { PubSub } from 'type-graphql';

/** The GraphQL event bus plus a way to close its connections. */
export interface EventBus {
  pubSub: PubSub;
  close(): Promise<void>;
}

/**
 * The PubSub behind GraphQL subscriptions. With Redis, an event published on one control-plane
 * instance reaches subscribers on every other; without it, events stay in this process.
 * Topics are namespaced by `prefix` so deployments sharing one Redis do not hear each other.
 */
export function createEventBus(redisUrl: string | undefined, prefix: string): EventBus {
  if (!redisUrl) {
    return { pubSub: createPubSub(), close: async () => undefined };
  }
  const publishClient = new Redis(redisUrl);
  const subscribeClient = new Redis(redisUrl);
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
