import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** A connection to one Redis or to a Redis Cluster: both speak the same commands. */
export type RedisClient = Redis | Cluster;

/** Where Redis is: one server (an ordinary `redis://` URL) or the seed nodes of a Cluster. */
export type RedisTarget =
  | { cluster: false; url: string }
  | { cluster: true; nodes: { host: string; port: number }[]; username?: string; password?: string; tls: boolean };

/** URL schemes naming a Redis Cluster: `redis+cluster://[user:pass@]host:port,host:port` (`rediss+cluster` for TLS). */
const CLUSTER_SCHEMES = ['redis+cluster:', 'rediss+cluster:'];

/**
 * Parses REDIS_URL: `redis://` or `rediss://` for one server, `redis+cluster://` or
 * `rediss+cluster://` with comma-separated `host:port` seed nodes for a Cluster (the other nodes
 * are found from them). Throws an Error naming what is wrong.
 */
export function parseRedisTarget(url: string): RedisTarget {
  const scheme = /^[a-z+]+:/i.exec(url)?.[0].toLowerCase();
  if (scheme === 'redis:' || scheme === 'rediss:') {
    try {
      new URL(url);
    } catch {
      throw new Error('is not a valid URL');
    }
    return { cluster: false, url };
  }
  if (!scheme || !CLUSTER_SCHEMES.includes(scheme)) {
    throw new Error(`must use redis, rediss, redis+cluster or rediss+cluster, got ${scheme ?? 'no scheme'}`);
  }
  // WHATWG URLs take one host only, so the node list is split by hand.
  const rest = url.slice(scheme.length).replace(/^\/\//, '').replace(/\/.*$/, '');
  const at = rest.lastIndexOf('@');
  const credentials = at < 0 ? '' : rest.slice(0, at);
  const nodes = parseNodeList(at < 0 ? rest : rest.slice(at + 1));
  const colon = credentials.indexOf(':');
  const username = decodeURIComponent(colon < 0 ? credentials : credentials.slice(0, colon));
  const password = colon < 0 ? undefined : decodeURIComponent(credentials.slice(colon + 1));
  return { cluster: true, nodes, username: username || undefined, password: password || undefined, tls: scheme === 'rediss+cluster:' };
}

/** Parses `host:port,host:port` (REDIS_CLUSTER_NODES, or the host part of a cluster URL). */
export function parseNodeList(list: string): { host: string; port: number }[] {
  const nodes = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((node) => {
      const m = /^(\[[0-9a-f:]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$/i.exec(node);
      if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new Error(`"${node}" is not a host:port node`);
      return { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) };
    });
  if (nodes.length === 0) throw new Error('names no cluster node (host:port, comma-separated)');
  return nodes;
}

/** Whether `url` names a Redis Cluster. */
export function isClusterUrl(url: string): boolean {
  return CLUSTER_SCHEMES.some((scheme) => url.toLowerCase().startsWith(scheme));
}

/**
 * A client for `url` (see {@link parseRedisTarget}) with `options` for each connection. On a
 * Cluster, `retryStrategy` and `enableOfflineQueue` apply to the cluster as a whole, and each
 * command goes to its slot's node on its own. Not ioredis' auto-pipelining: it batches per node and
 * handles MOVED per batch, so a command whose slot moved (or a client whose slot map is not yet
 * current) can fail with a bare MOVED instead of following it. `shardedSubscribers` (Cluster
 * only): a subscriber connection per node, for SSUBSCRIBE.
 */
export function createRedisClient(url: string, options: RedisOptions & { shardedSubscribers?: boolean } = {}): RedisClient {
  const { shardedSubscribers, ...redisOptions } = options;
  const target = parseRedisTarget(url);
  if (!target.cluster) return new Redis(url, redisOptions);
  const { retryStrategy, enableOfflineQueue, ...perNode } = redisOptions;
  return new Cluster(target.nodes, {
    redisOptions: { ...perNode, username: target.username, password: target.password, ...(target.tls ? { tls: {} } : {}) },
    clusterRetryStrategy: retryStrategy ? (attempt) => retryStrategy(attempt) : undefined,
    enableOfflineQueue: enableOfflineQueue ?? true,
    shardedSubscribers,
    // A command answered MOVED/ASK (slots moving, a failover) follows the new owner at once.
    retryDelayOnMoved: 0,
  });
}

/** True for a Cluster client. */
export function isCluster(client: RedisClient): client is Cluster {
  return client instanceof Cluster;
}
