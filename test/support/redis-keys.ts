import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './database.js';

/**
 * Deletes the keys under `prefix` (tokens, balances, streams, counters) from the test Redis: what
 * a test file or a benchmark run leaves behind when it is done with its prefix. Without it every
 * run of the tests leaves about a thousand keys, and every run of `bench billing` its usage
 * stream (a hundred thousand events and more), and Redis' memory grows run after run.
 */
export async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 })) {
    if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
  }
  await redis.quit();
}
