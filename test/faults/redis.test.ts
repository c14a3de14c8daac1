/**
 * Redis faults on the split service (control plane and two data planes as processes, a private
 * redis-server) under steady traffic from the official SDKs: Redis loses its data (FLUSHALL), is
 * stopped and restarted empty, is frozen for 10 s, and a data plane starts while it is down. Each
 * scenario asserts what the clients saw, that the service healed by itself within its bound, and
 * that the money agrees to the micro-RMB afterwards.
 */
import type { FaultAccount } from '../support/fault-accounts.js';
import { during, expectOutcomes, healedWithin, SLACK_MS } from '../support/fault-expectations.js';
import { expectMoneyAgrees } from '../support/money-agreement.js';
import { callOnce, SdkTraffic, type Outcome } from '../support/sdk-traffic.js';
import { SplitService } from '../support/split-service.js';

/** REDIS_TIMEOUT_MS (its default): no request waits longer than this for Redis. */
const REDIS_TIMEOUT_MS = 2000;
/** Everything a data plane needs from Redis is back this long after Redis answers again. */
const HEAL_MS = 5000;
/** What a request may take while Redis is away: the bounded wait, then the answer. */
const ANSWER_BOUND_MS = REDIS_TIMEOUT_MS + SLACK_MS;

let service: SplitService;
let rich: FaultAccount;
let modest: FaultAccount;

beforeAll(async () => {
  service = await SplitService.start();
}, 240_000);

afterAll(async () => {
  await service?.stop();
});

beforeEach(async () => {
  // A scenario that failed half-way may have left a process stopped.
  await service.ensureRunning();
  // Accounts of each scenario's own, so that its money check sees only its own traffic. Rich
  // enough for balance leases (no Redis call per request); modest: a reservation in Redis per request.
  [rich, modest] = await Promise.all([service.account('200'), service.account('0.8')]);
}, 120_000);

/** Runs steady traffic on both nodes around `fault`; returns every outcome. */
async function underTraffic(fault: (traffic: SdkTraffic) => Promise<void>): Promise<SdkTraffic> {
  const traffic = new SdkTraffic(service.steadyLanes(rich, modest)).start();
  try {
    await during(500);
    await fault(traffic);
    await during(500);
  } finally {
    await traffic.stop();
  }
  return traffic;
}

const money = (accounts: FaultAccount[], outcomes: Outcome[]) => expectMoneyAgrees({ databaseUrl: service.databaseUrl, gql: (q, v) => service.gql(q, v) }, accounts, outcomes);

test('Redis loses its data (FLUSHALL): known keys keep working, everything is back within 5 s, no 401, money exact', () =>
  service.explain(async () => {
    // A key neither data plane has seen: it can only work again once its record is republished.
    const fresh = await service.account('5');
    let flushedAt = 0;
    const traffic = await underTraffic(async () => {
      flushedAt = Date.now();
      await service.redis.flushAll();
      await healedWithin([service.lane('domestic', fresh, 'chat'), service.lane('overseas', fresh, 'messages-stream'), ...service.steadyLanes(rich, modest)], flushedAt, HEAL_MS + SLACK_MS);
    });
    // Never "Invalid API key", "insufficient balance" or an internal error: a refusal while Redis is rebuilt is a 503 in the client's format.
    expectOutcomes(traffic.since(flushedAt - 1000), { statuses: [503] }, ANSWER_BOUND_MS);
    await money([rich, modest, fresh], traffic.outcomes);
  }),
  90_000,
);

test('Redis stopped and restarted empty: 503 with Retry-After within 2 s while down (or an answer), healed within 5 s of its return, money exact', () =>
  service.explain(async () => {
    const fresh = await service.account('5');
    let downAt = 0;
    let upAt = 0;
    const traffic = await underTraffic(async () => {
      downAt = Date.now();
      await service.redis.stop();
      await during(4000);
      upAt = Date.now();
      await service.redis.restart();
      await healedWithin([service.lane('domestic', fresh, 'messages-stream'), service.lane('overseas', fresh, 'chat'), ...service.steadyLanes(rich, modest)], upAt, HEAL_MS + SLACK_MS);
    });
    const whileDown = traffic.startedBetween(downAt, upAt);
    expect(whileDown.length).toBeGreaterThan(0);
    expectOutcomes(whileDown, { statuses: [503] }, ANSWER_BOUND_MS);
    expectOutcomes(traffic.since(upAt), { statuses: [503] }, ANSWER_BOUND_MS);
    await money([rich, modest, fresh], traffic.outcomes);
  }),
  90_000,
);

test('Redis frozen for 10 s (SIGSTOP): waits bounded by REDIS_TIMEOUT_MS then 503, never a false 402, served again after SIGCONT', () =>
  service.explain(async () => {
    let pausedAt = 0;
    let resumedAt = 0;
    const traffic = await underTraffic(async () => {
      pausedAt = Date.now();
      service.redis.pause();
      try {
        await during(10_000);
      } finally {
        resumedAt = Date.now();
        service.redis.resume();
      }
      await healedWithin(service.steadyLanes(rich, modest), resumedAt, HEAL_MS + SLACK_MS);
    });
    const whileFrozen = traffic.startedBetween(pausedAt, resumedAt);
    expect(whileFrozen.length).toBeGreaterThan(0);
    // Both accounts hold far more than these requests cost: a 402 would be a timeout reported as a missing balance.
    expectOutcomes(traffic.since(pausedAt - 1000), { statuses: [503] }, ANSWER_BOUND_MS);
    await money([rich, modest], traffic.outcomes);
  }),
  90_000,
);

test('a data plane started while Redis is down: not ready and saying why, a prompt 503 (never a hang), serving once Redis is back', () =>
  service.explain(async () => {
    const node = service.dataPlanes.overseas;
    expect(await node.terminate(30_000)).toBe(0);
    await service.redis.stop();
    await node.start('listening');

    const ready = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
    expect(ready.status).toBe(503);
    expect(JSON.stringify(await ready.json())).toMatch(/redis/i);

    const outcomes = await Promise.all([callOnce(service.lane('overseas', rich, 'chat')), callOnce(service.lane('overseas', modest, 'chat-stream')), callOnce(service.lane('overseas', rich, 'messages-stream'))]);
    // A key this process never saw cannot be checked without Redis: refused, promptly, as unavailable.
    expectOutcomes(outcomes, { statuses: [503] }, ANSWER_BOUND_MS);
    const models = await fetch(`${node.url}/v1/models`, { headers: { authorization: `Bearer ${rich.key}` }, signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
    expect({ status: models.status, retryAfter: models.headers.get('retry-after') }).toEqual({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });

    const upAt = Date.now();
    await service.redis.restart();
    await node.waitUntil('ready', HEAL_MS + SLACK_MS);
    await healedWithin(service.steadyLanes(rich, modest, ['overseas']), upAt, HEAL_MS + SLACK_MS);
    await money([rich, modest], outcomes);
  }),
  90_000,
);
