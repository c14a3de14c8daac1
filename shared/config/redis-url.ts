import { parseNodeList, parseRedisTarget } from '../redis/client.js';
import type { EnvReader } from './env.js';

/**
 * The Redis to use, as one URL: REDIS_URL (`redis://`, `rediss://`, or `redis+cluster://h1:p1,h2:p2`
 * for a Redis Cluster), or REDIS_CLUSTER_NODES (`h1:p1,h2:p2`), which names a Cluster without
 * credentials; not both. `required`: one of them must be set (split mode).
 */
export function readRedisUrl(r: EnvReader, required: boolean): string | undefined {
  const url = r.string('REDIS_URL');
  const nodes = r.string('REDIS_CLUSTER_NODES');
  if (url !== undefined && nodes !== undefined) {
    r.problem('REDIS_CLUSTER_NODES', 'set it or REDIS_URL, not both (a cluster URL is redis+cluster://host:port,host:port)');
    return undefined;
  }
  if (nodes !== undefined) {
    try {
      parseNodeList(nodes);
    } catch (err) {
      r.problem('REDIS_CLUSTER_NODES', (err as Error).message);
      return undefined;
    }
    return `redis+cluster://${nodes.replace(/\s+/g, '')}`;
  }
  if (url === undefined) {
    if (required) r.problem('REDIS_URL', 'is required but not set (or set REDIS_CLUSTER_NODES for a Redis Cluster)');
    return undefined;
  }
  try {
    parseRedisTarget(url);
  } catch (err) {
    r.problem('REDIS_URL', (err as Error).message);
    return undefined;
  }
  return url;
}
