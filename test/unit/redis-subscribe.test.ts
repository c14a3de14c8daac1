/**
 * Several listeners of one channel on one process's subscriber connection: none counts as
 * subscribed before Redis acknowledged the SUBSCRIBE (the token caches of the relay pipeline and
 * of the media endpoints share the token-invalidation channel; one that thought itself subscribed
 * while Redis was away could serve a revoked key, and hung at shutdown unsubscribing).
 */
import { RedisConnections } from '../../shared/ports/redis/connections.js';

test('a second listener of a channel is not subscribed before the first SUBSCRIBE is acknowledged', async () => {
  const redis = new RedisConnections('redis://127.0.0.1:1', { timeoutMs: 100 });
  const settled: string[] = [];
  void redis.subscribe('ch', () => undefined).then(() => settled.push('first'), () => undefined);
  void redis.subscribe('ch', () => undefined).then(() => settled.push('second'), () => undefined);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(settled).toEqual([]);
  await redis.close();
});
