import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from '../../test/support/database.js';

/**
 * Deletes a benchmark run's keys under `prefix` (tokens, balances, what is left of the usage
 * stream) from the test Redis. Without it every run leaves its usage stream behind, a hundred
 * thousand events and more for `billing`, and Redis' memory grows run after run.
 */
export async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 })) {
    if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
  }
  await redis.quit();
}
