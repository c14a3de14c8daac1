/**
 * Two control planes on one database and Redis: the dead-node release runs on one of them at a
 * time (a job lease) and moves to the other when that one stops. A data-plane process that stops
 * beating for DEAD_NODE_RELEASE_MS has its reservations and balance leases given back, and a live
 * one's are left alone.
 */
import { eventually } from '../contract/harness.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';

// The live process beats every 100 ms: a silence of 3 s leaves room for a busy machine's stalls.
const ENV = { DEAD_NODE_RELEASE_MS: '3000', JOB_LEASE_MS: '600' };
let first: TestControlPlane;
let second: TestControlPlane | undefined;
let ports: ReturnType<typeof redisPorts>;

beforeAll(async () => {
  first = await startTestControlPlane({ env: ENV });
  second = await startTestControlPlane({ env: ENV, databaseUrl: first.databaseUrl, redisPrefix: first.redisPrefix });
  ports = redisPorts(TEST_REDIS_URL, first.redisPrefix);
});
afterAll(async () => {
  await second?.close();
  await first?.stop();
  await ports?.close();
});

/** A beat of `instance` of node `n1` at `at`. */
const beat = (instance: string, at: number) =>
  ports.configBus.writeHeartbeat({ node: 'n1', instance, revision: null, hash: null, appliedAt: null, lastBeatAt: new Date(at).toISOString() });

test('a silent process loses its reservations; the job runs on one control plane and moves when it stops', async () => {
  await ports.balances.load('acct-dn', 100_000n, new Map());
  const now = Date.now();
  await ports.balances.reserve('acct-dn', 'req_dead00000001aaaa', 1_000n, { ttlMs: 1_800_000, now });
  await ports.balances.lease('acct-dn', 'lease:n1:dead00000001:0', 5_000n, { ttlMs: 1_800_000, now });
  await ports.balances.reserve('acct-dn', 'req_live00000001bbbb', 2_000n, { ttlMs: 1_800_000, now });
  await beat('dead00000001', now);
  // The live process keeps beating.
  const live = setInterval(() => void beat('live00000001', Date.now()), 100);
  try {
    await eventually(async () => {
      const hot = await ports.balances.inspect('acct-dn');
      expect(hot.reservations.map((r) => r.id)).toEqual(['req_live00000001bbbb']);
      expect(hot.balanceMicro).toBe(98_000n);
    }, 20_000);
    await eventually(async () => expect((await ports.configBus.readInstances()).map((i) => i.instance)).toEqual(['live00000001']), 20_000);

    // One control plane holds the job; stopped, the other takes over and releases the next dead one.
    await ports.balances.reserve('acct-dn', 'req_dead00000002cccc', 3_000n, { ttlMs: 1_800_000, now: Date.now() });
    await beat('dead00000002', Date.now());
    await second!.close();
    second = undefined;
    await eventually(async () => expect((await ports.balances.inspect('acct-dn')).balanceMicro).toBe(98_000n), 20_000);
  } finally {
    clearInterval(live);
  }
}, 60_000);
