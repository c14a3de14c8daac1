/**
 * The GraphQL event bus on a Redis that goes away: a publish then fails after REDIS_TIMEOUT_MS
 * and is dropped with a log line (the event target does not wait for it: unhandled, its rejection
 * would end the process); subscribers hear events again once Redis is back.
 */
import { createEventBus, type EventBus } from '../../control-plane/graphql/pubsub.js';
import { eventually } from '../support/eventually.js';
import { PrivateRedis } from '../support/private-redis.js';

const TIMEOUT_MS = 300;

let redis: PrivateRedis;
let bus: EventBus;

beforeAll(async () => {
  redis = await PrivateRedis.start();
  bus = createEventBus(redis.url, 'events-test:', TIMEOUT_MS);
});

afterAll(async () => {
  await bus?.close();
  await redis?.close();
});

test('a publish while Redis is away is not a crash; events flow again after it is back', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await redis.stop();
    await bus.pubSub.publish('TOPIC', { n: 1 });
    // Well past the publish's timeout, on a busy machine too.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 10));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }

  await redis.restart();
  const heard: unknown[] = [];
  const iterator = bus.pubSub.subscribe('TOPIC')[Symbol.asyncIterator]();
  const next = iterator.next().then((r) => heard.push(r.value));
  await eventually(async () => {
    await bus.pubSub.publish('TOPIC', { n: 2 });
    return heard.length > 0;
  }, 'an event heard after Redis came back');
  await next;
  expect(heard[0]).toEqual({ n: 2 });
  await iterator.return?.();
});

test('a subscription ended and the bus closed while Redis is away: no unhandled rejection, and the close does not wait for Redis', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const own = await PrivateRedis.start();
  const events = createEventBus(own.url, 'events-close-test:', TIMEOUT_MS);
  try {
    const iterator = events.pubSub.subscribe('TOPIC')[Symbol.asyncIterator]();
    const pending = iterator.next();
    await own.stop();
    // Ends the subscription (UNSUBSCRIBE waits for a Redis that is gone), then closes the bus as a shutdown does.
    await iterator.return?.();
    await pending;
    // Without Redis, a close that waits for it never ends: the bound is only room for a busy machine.
    const closed = await Promise.race([events.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 15_000))]);
    expect(closed).toBe('closed');
    // Well past anything queued failing.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 5));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await own.close();
  }
});
