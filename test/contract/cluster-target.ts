import type { PrivateRedisCluster } from '../support/redis-cluster.js';
import { runContractsOn } from './harness.js';

/** The Redis Cluster the contract suites run on: set by the importing file's `beforeAll`. */
export const clusterUnderTest: { cluster?: PrivateRedisCluster } = {};

// Imported ahead of the suites' modules, so that they are described on the cluster alone.
runContractsOn('redis cluster', () => {
  if (!clusterUnderTest.cluster) throw new Error('the Redis Cluster has not started');
  return clusterUnderTest.cluster.url;
});
