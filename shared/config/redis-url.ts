import type { z } from 'zod';
import { zod } from '../zod.js';
import { parseNodeList, parseRedisTarget } from '../redis/client.js';
import { envVar, problem } from './env.js';

/**
 * The Redis to use, as one URL: REDIS_URL (`redis://`, `rediss://`, or `redis+cluster://h1:p1,h2:p2`
 * for a Redis Cluster), or REDIS_CLUSTER_NODES (`h1:p1,h2:p2`), which names a Cluster without
 * credentials; not both. `required`: one of them must be set (split mode). Yields the URL, or
 * undefined when neither is set.
 */
export function redisUrlEnv(required: boolean) {
  return zod
    .object({ REDIS_URL: envVar.string(), REDIS_CLUSTER_NODES: envVar.string() })
    .superRefine(({ REDIS_URL: url, REDIS_CLUSTER_NODES: nodes }, ctx) => {
      if (url !== undefined && nodes !== undefined) {
        problem(ctx, 'REDIS_CLUSTER_NODES', 'set it or REDIS_URL, not both (a cluster URL is redis+cluster://host:port,host:port)');
      } else if (nodes !== undefined) {
        complain(ctx, 'REDIS_CLUSTER_NODES', () => parseNodeList(nodes));
      } else if (url !== undefined) {
        complain(ctx, 'REDIS_URL', () => parseRedisTarget(url));
      } else if (required) {
        problem(ctx, 'REDIS_URL', 'is required but not set (or set REDIS_CLUSTER_NODES for a Redis Cluster)');
      }
    })
    .transform(({ REDIS_URL: url, REDIS_CLUSTER_NODES: nodes }) => (nodes !== undefined ? `redis+cluster://${nodes.replace(/\s+/g, '')}` : url));
}

/** Reports on `variable` the message of what `parse` throws. */
function complain(ctx: z.RefinementCtx, variable: string, parse: () => unknown): void {
  try {
    parse();
  } catch (err) {
    problem(ctx, variable, (err as Error).message);
  }
}
