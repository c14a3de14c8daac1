import { readEnv } from '../../shared/config/env.js';
import { redisUrlEnv } from '../../shared/config/redis-url.js';
import { isClusterUrl, parseRedisTarget } from '../../shared/redis/client.js';

function read(env: Record<string, string>, required = true): string | undefined {
  return readEnv(env, { url: redisUrlEnv(required) }).url;
}

describe('REDIS_URL and REDIS_CLUSTER_NODES', () => {
  it('takes one Redis as a redis:// or rediss:// URL', () => {
    expect(read({ REDIS_URL: 'redis://10.0.0.5:6379/2' })).toBe('redis://10.0.0.5:6379/2');
    expect(parseRedisTarget('rediss://u:p@cache.example.com:6380')).toEqual({ cluster: false, url: 'rediss://u:p@cache.example.com:6380' });
  });

  it('takes a Cluster as redis+cluster:// with its seed nodes, credentials and TLS', () => {
    expect(parseRedisTarget('redis+cluster://10.0.0.1:7000,10.0.0.2:7001')).toEqual({
      cluster: true,
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
      username: undefined,
      password: undefined,
      tls: false,
    });
    expect(parseRedisTarget('rediss+cluster://app:s%40cret@r1.example.com:6379,[::1]:6380')).toEqual({
      cluster: true,
      nodes: [
        { host: 'r1.example.com', port: 6379 },
        { host: '::1', port: 6380 },
      ],
      username: 'app',
      password: 's@cret',
      tls: true,
    });
    expect(isClusterUrl('redis+cluster://a:1')).toBe(true);
    expect(isClusterUrl('redis://a:1')).toBe(false);
  });

  it('turns REDIS_CLUSTER_NODES into a cluster URL', () => {
    expect(read({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7001' })).toBe('redis+cluster://10.0.0.1:7000,10.0.0.2:7001');
  });

  it('stops the start naming the variable when the value is wrong, missing, or given twice', () => {
    expect(() => read({ REDIS_URL: 'http://x:1' })).toThrow('REDIS_URL: must use redis, rediss, redis+cluster or rediss+cluster, got http:');
    expect(() => read({ REDIS_URL: 'redis+cluster://a:1,b' })).toThrow('REDIS_URL: "b" is not a host:port node');
    expect(() => read({ REDIS_CLUSTER_NODES: 'a:99999' })).toThrow('REDIS_CLUSTER_NODES: "a:99999" is not a host:port node');
    expect(() => read({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER_NODES: 'a:1' })).toThrow('REDIS_CLUSTER_NODES: set it or REDIS_URL, not both');
    expect(() => read({})).toThrow('REDIS_URL: is required but not set (or set REDIS_CLUSTER_NODES for a Redis Cluster)');
    expect(read({}, false)).toBeUndefined();
  });
});
