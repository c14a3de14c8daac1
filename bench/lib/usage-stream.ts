import type { Redis } from 'ioredis';

/**
 * Stands in for the control plane's usage consumer where a benchmark runs none: production keeps
 * the usage stream short (the consumer trims what it consumed), so this trims `stream` to its last
 * 2,000 entries (each a data plane's batch of events) ten times a second. Without it every metered request adds to a stream that
 * only grows, and Redis spends the run taking fresh memory. Returns what stops it.
 */
export function keepUsageStreamShort(redis: Redis, stream: string): () => void {
  const timer = setInterval(() => void redis.xtrim(stream, 'MAXLEN', '~', 2000).catch(() => undefined), 100);
  return () => clearInterval(timer);
}
