/** Redis command metrics against the real Redis: what is timed, and what counts as an error. */
import { Redis } from 'ioredis';
import { createRegistry } from '../../shared/metrics/registry.js';
import { RedisCommandMetrics } from '../../shared/metrics/redis-commands.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';

describe('Redis commands', () => {
  test('each command is timed by name, pipelined ones too; an error reply counts as an error of its command', async () => {
    const registry = createRegistry('unit');
    const metrics = new RedisCommandMetrics(registry);
    // Observed before it connects: its handshake (INFO, CLIENT SETINFO) is not counted.
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    const key = `${testRedisPrefix()}text`;
    try {
      metrics.observe(redis);
      await redis.set(key, 'not a number', 'PX', 5000);
      await redis.pipeline().get(key).get(key).exec();
      await expect(redis.incr(key)).rejects.toThrow(/not an integer/);
    } finally {
      redis.disconnect();
    }
    const durations = (await registry.getSingleMetric('meridian_redis_command_duration_seconds')!.get()).values.filter((v) => (v as { metricName?: string }).metricName === 'meridian_redis_command_duration_seconds_count');
    expect(Object.fromEntries(durations.map((v) => [v.labels.command, v.value]))).toEqual({ set: 1, get: 2 });
    expect((await registry.getSingleMetric('meridian_redis_command_errors_total')!.get()).values.map((v) => [v.labels, v.value])).toEqual([[{ command: 'incr', reason: 'reply' }, 1]]);
  });
});
