/**
 * Every Redis port on a real Redis Cluster (three masters on loopback, started for this file):
 * the contract suites of test/contract, GraphQL events over sharded pub/sub between two control
 * planes, and a metered request end to end (control plane and data plane on the cluster, the
 * charge in the ledger and the hot balance reconciled with it).
 */
import { clusterUnderTest } from '../contract/cluster-target.js';
import '../contract/balance-store.contract.test.js';
import '../contract/config-bus.contract.test.js';
import '../contract/ephemeral-store.contract.test.js';
import '../contract/key-invalidations.contract.test.js';
import '../contract/outcome-counters.contract.test.js';
import '../contract/rate-limiter.contract.test.js';
import '../contract/token-store.contract.test.js';
import '../contract/usage-queue.contract.test.js';
import '../contract/video-jobs.contract.test.js';
import OpenAI from 'openai';
import { createEventBus } from '../../control-plane/graphql/pubsub.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { UsageRecord } from '../../control-plane/usage/usage-record.entity.js';
import { startTestControlPlane } from '../support/control-plane.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { testRedisPrefix } from '../support/database.js';
import { eventually } from '../support/eventually.js';
import { fundedKey } from '../support/funded-key.js';
import { PrivateRedisCluster } from '../support/redis-cluster.js';
import { createRedisClient } from '../../shared/redis/client.js';
import { closeConnection } from '../../shared/ports/redis/connections.js';

beforeAll(async () => {
  clusterUnderTest.cluster = await PrivateRedisCluster.start();
}, 60_000);

afterAll(async () => {
  await clusterUnderTest.cluster?.close();
});

describe('Redis Cluster: the service', () => {
  it("sends one turn's commands to each key's node, answers each caller with its own replies, and the last parts after the others", async () => {
    const ports = redisPorts(clusterUnderTest.cluster!.url, testRedisPrefix());
    try {
      // Accounts' keys lie in many slots, so on every node of the cluster.
      const key = (n: number) => ports.keys.balance(`turn-${n}`);
      const writes = Array.from({ length: 12 }, (_, n) => ports.redis.turn.send((p) => p.set(key(n), String(n)).incrby(key(n), n)));
      const reads = ports.redis.turn.send((p) => Array.from({ length: 12 }, (_, n) => p.get(key(n))), { last: true });
      const failing = ports.redis.turn.send((p) => p.set(key(99), 'text').incrby(key(99), 1));
      expect(await reads).toEqual(Array.from({ length: 12 }, (_, n) => [null, String(2 * n)]));
      (await Promise.all(writes)).forEach((replies, n) => expect(replies).toEqual([[null, 'OK'], [null, 2 * n]]));
      const [[setError], [incrError]] = await failing;
      expect(setError).toBeNull();
      expect(incrError?.message).toMatch(/not an integer/);
    } finally {
      await ports.close();
    }
  });

  it('sends the last parts of a turn only once the others were answered, on another node too', async () => {
    const cluster = clusterUnderTest.cluster!;
    const ports = redisPorts(cluster.url, testRedisPrefix());
    try {
      const [busy, late] = await keysOnTwoNodes(cluster, (n) => ports.keys.balance(`order-${n}`));
      // Runs 100 ms on its node, then answers that node's clock; the last part answers the other node's clock when it runs.
      const BUSY = "local s = redis.call('TIME') repeat local t = redis.call('TIME') until (t[1] - s[1]) * 1000000 + (t[2] - s[2]) >= 100000 return redis.call('TIME')";
      const first = ports.redis.turn.send((p) => p.eval(BUSY, 1, busy));
      const last = ports.redis.turn.send((p) => p.eval("return redis.call('TIME')", 1, late), { last: true });
      const micros = (reply: unknown) => Number((reply as [string, string])[0]) * 1e6 + Number((reply as [string, string])[1]);
      const [[[, firstEnd]], [[, lastRan]]] = await Promise.all([first, last]);
      expect(micros(lastRan)).toBeGreaterThanOrEqual(micros(firstEnd));
    } finally {
      await ports.close();
    }
  });

  it('delivers GraphQL events from one control plane to another over sharded pub/sub', async () => {
    const url = clusterUnderTest.cluster!.url;
    const prefix = testRedisPrefix();
    const [a, b] = [createEventBus(url, prefix), createEventBus(url, prefix)];
    try {
      // Topics in different slots, so on different nodes.
      const topics = ['balanceChanged:1', 'balanceChanged:2', 'groupHealthChanged'];
      const received: unknown[] = [];
      const iterators = topics.map((topic) => (b.pubSub.subscribe(topic) as AsyncIterableIterator<unknown>)[Symbol.asyncIterator]());
      const reads = iterators.map((it) => it.next().then((r) => received.push(r.value)));
      // SSUBSCRIBE is sent without being awaited: publish until every subscriber heard its topic.
      await eventually(async () => {
        for (const topic of topics) a.pubSub.publish(topic, { topic });
        await new Promise((resolve) => setTimeout(resolve, 50));
        return received.length === topics.length;
      }, 'every topic heard on the other control plane', 10_000);
      await Promise.all(reads);
      expect(received.map((r) => (r as { topic: string }).topic).sort()).toEqual([...topics].sort());
      await Promise.all(iterators.map((it) => it.return?.()));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('serves and charges a request through a control plane and a data plane on the cluster', async () => {
    const url = clusterUnderTest.cluster!.url;
    const redisPrefix = testRedisPrefix();
    const cp = await startTestControlPlane({ redisPrefix, env: { REDIS_URL: url } });
    const dataDir = await tempDataDir();
    const dp = await startTestDataPlane({ nodeName: 'cluster', redisPrefix, dataDir: dataDir.path, redisUrl: url });
    try {
      const { accountId, key } = await fundedKey(cp, 5_000_000n);
      const client = new OpenAI({ apiKey: key, baseURL: `${dp.url}/v1`, maxRetries: 0 });

      // The data plane serves once the snapshot with the demo channel reached it through the cluster.
      const answer = await eventually(
        () => client.chat.completions.create({ model: 'demo-chat', max_tokens: 16, messages: [{ role: 'user', content: 'hello cluster' }] }),
        'a chat completion served',
        20_000,
      );
      expect(answer.choices[0].message.content).toBeTruthy();

      // The usage event travels the cluster's stream into the ledger, and the hot balance agrees with it.
      const record = await eventually(async () => {
        await cp.services.billing.consumer.drain(0);
        return (await cp.services.deps.orm.em.fork().findOne(UsageRecord, { account: accountId })) ?? false;
      }, 'the usage record in PostgreSQL', 20_000);
      expect(BigInt(record.chargeMicro)).toBeGreaterThan(0n);
      const reconciled = await eventually(async () => {
        await cp.services.billing.consumer.drain(0);
        const [r] = await cp.services.billing.reconcile(cp.services.deps.orm.em.fork(), [accountId]);
        return r.status === 'ok' ? r : false;
      }, 'the hot balance reconciled with the ledger', 20_000);
      expect(reconciled.driftMicro).toBe(0n);
      expect(reconciled.ledgerMicro).toBe(5_000_000n - BigInt(record.chargeMicro));
      expect(reconciled.hotMicro).toBe(reconciled.expectedMicro);
    } finally {
      await dp.close();
      await cp.stop();
      await dataDir.remove();
    }
  });

  it("follows a slot that moved after the client learned the cluster's layout, also in a turn of several slots", async () => {
    const cluster = clusterUnderTest.cluster!;
    const client = createRedisClient(cluster.url);
    try {
      const [port] = cluster.ports;
      // Two keys of different slots on one node, and another node to move the first one's slot to.
      const ranges = await cluster.onNode(port, (node) => node.cluster('SLOTS'));
      const owner = async (key: string) => {
        const slot = await cluster.onNode(port, (node) => node.cluster('KEYSLOT', key));
        const [, nodePort, id] = ranges.find(([from, to]) => slot >= from && slot <= to)![2];
        return { slot, port: nodePort, id };
      };
      const moved = await owner('moving-0');
      let stay = 'staying-0';
      for (let n = 1; (await owner(stay)).port !== moved.port || (await owner(stay)).slot === moved.slot; n++) stay = `staying-${n}`;
      const target = ranges.map((range) => ({ port: range[2][1], id: range[2][2] })).find((n) => n.port !== moved.port)!;
      await client.set(stay, '1');
      expect(await client.get(stay)).toBe('1');

      // The slot (empty) moves from its node to the target, as resharding does it.
      await cluster.onNode(target.port, (node) => node.cluster('SETSLOT', moved.slot, 'IMPORTING', moved.id));
      await cluster.onNode(moved.port, (node) => node.cluster('SETSLOT', moved.slot, 'MIGRATING', target.id));
      for (const p of cluster.ports) await cluster.onNode(p, (node) => node.cluster('SETSLOT', moved.slot, 'NODE', target.id));

      // One turn, both keys: the one whose slot moved follows it; the other is answered as ever.
      expect(await Promise.all([client.incr('moving-0'), client.incr(stay)])).toEqual([1, 2]);
      expect(await cluster.onNode(target.port, (node) => node.get('moving-0'))).toBe('1');
    } finally {
      await closeConnection(client);
    }
  });
});

/** Two keys made by `key` whose slots two different masters serve. */
async function keysOnTwoNodes(cluster: PrivateRedisCluster, key: (n: number) => string): Promise<[string, string]> {
  const port = cluster.ports[0];
  // Each range: [first slot, last slot, [host, port, id, ...] of its master, ...its replicas].
  const ranges = await cluster.onNode(port, (node) => node.cluster('SLOTS'));
  const nodeOf = async (k: string) => {
    const slot = await cluster.onNode(port, (node) => node.cluster('KEYSLOT', k));
    return ranges.find(([from, to]) => slot >= from && slot <= to)![2][1];
  };
  const first = key(0);
  const firstNode = await nodeOf(first);
  for (let n = 1; n < 100; n++) if ((await nodeOf(key(n))) !== firstNode) return [first, key(n)];
  throw new Error('no two keys on different nodes');
}
