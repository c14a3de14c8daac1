/**
 * Two control planes on one database and Redis: each job that must run once (reconciliation, the
 * reservation-expiry sweep, health folds/states/probes, the data-plane watcher, the dead-node
 * release) runs on exactly one of them, its events reach the subscribers of both once, the health
 * states they answer with are the same, and every job moves to the other when its holder stops.
 */
import { DATA_PLANE_STATUS_TOPIC, type DataPlaneStatusChange } from '../../control-plane/dataplanes/dataplane.service.js';
import { GROUP_HEALTH_CHANGED, emptyWindows, type GroupHealthChange } from '../../control-plane/health/health.model.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';
import { addOutcomes } from '../support/outcomes.js';
import { dropKeys } from '../support/redis-keys.js';

const JOBS = ['reconciliation', 'reservation-expiry', 'health', 'data-plane-watch', 'dead-node-release'];
// Lease and silence far above the renewal and beat periods: a busy machine's stalls neither move a
// job by themselves nor make a beating node look silent.
const ENV = { JOB_LEASE_MS: '3000', HEALTH_EVALUATE_MS: '50', HEALTH_FOLD_MS: '100', DATA_PLANE_WATCH_MS: '50', DATA_PLANE_SILENT_MS: '3000', RECONCILE_EVERY_MS: '1000' };

const redisPrefix = testRedisPrefix();
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let first: TestControlPlane | undefined;
let second: TestControlPlane;
let ports: ReturnType<typeof redisPorts>;
/** What each control plane's event bus delivered, per topic. */
const heard = new Map<TestControlPlane, { health: GroupHealthChange[]; dataPlanes: DataPlaneStatusChange[] }>();

/** Collects what `cp`'s GraphQL event bus delivers on both topics; resolves once both subscriptions are live. */
async function listen(cp: TestControlPlane): Promise<void> {
  const into = { health: [] as GroupHealthChange[], dataPlanes: [] as DataPlaneStatusChange[] };
  heard.set(cp, into);
  const { pubSub } = cp.services.deps.events;
  void (async () => {
    for await (const e of pubSub.subscribe(GROUP_HEALTH_CHANGED) as AsyncIterable<GroupHealthChange>) into.health.push(e);
  })();
  void (async () => {
    for await (const e of pubSub.subscribe(DATA_PLANE_STATUS_TOPIC) as AsyncIterable<DataPlaneStatusChange>) into.dataPlanes.push(e);
  })();
  // Live once a marker published through the real bus comes back on both topics.
  const marker = `marker-${Math.random()}`;
  await eventually(() => {
    const live = into.health.some((e) => e.group === marker) && into.dataPlanes.some((e) => e.status.node === marker);
    if (!live) {
      pubSub.publish(GROUP_HEALTH_CHANGED, { group: marker, state: 'normal', previousState: 'no_data', at: new Date().toISOString(), public: false, windows: emptyWindows() });
      pubSub.publish(DATA_PLANE_STATUS_TOPIC, { state: 'ok', previousState: 'silent', status: { node: marker } } as DataPlaneStatusChange);
      throw new Error('subscriptions not live yet');
    }
  }, 10_000);
}

const healthOf = (cp: TestControlPlane, group: string) => heard.get(cp)!.health.filter((e) => e.group === group).map((e) => `${e.previousState}->${e.state}`);
const watchOf = (cp: TestControlPlane, node: string) => heard.get(cp)!.dataPlanes.filter((e) => e.status.node === node).map((e) => `${e.previousState}->${e.state}`);
/** Whether the first and the second control plane hold the lease of `job` (undefined: stopped). */
const holders = (job: string) => [first?.services.jobs.held(job), second.services.jobs.held(job)];

beforeAll(async () => {
  db = await createTestDatabase();
  first = await startTestControlPlane({ env: ENV, databaseUrl: db.url, redisPrefix });
  second = await startTestControlPlane({ env: ENV, databaseUrl: db.url, redisPrefix });
  ports = redisPorts(TEST_REDIS_URL, redisPrefix);
  await listen(first);
  await listen(second);
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await ports?.close();
  await db?.drop();
  await dropKeys(redisPrefix);
});

/**
 * Beats for data-plane node `node` every 50 ms until the returned stop is called, as a node that
 * applied the current snapshot: one that lags would turn `behind` on a slow machine before `silent`.
 */
async function beating(node: string): Promise<() => void> {
  const head = await ports.configBus.readHead();
  const beat = () =>
    ports.configBus.writeHeartbeat({
      node,
      instance: `${node}-1`,
      revision: head?.revision ?? null,
      hash: head?.hash ?? null,
      appliedAt: head ? new Date().toISOString() : null,
      lastBeatAt: new Date().toISOString(),
    });
  void beat();
  const timer = setInterval(() => void beat(), 50);
  return () => clearInterval(timer);
}

/**
 * The watcher on `holder` takes `node` as its baseline (a tick run by hand, so the baseline does not
 * depend on timer luck), then the node falls silent: one event, heard once by every subscriber.
 */
async function silentNodeIsAnnouncedOnce(holder: TestControlPlane, node: string, subscribers: TestControlPlane[]): Promise<void> {
  const stop = await beating(node);
  try {
    await eventually(async () => expect((await ports.configBus.readHeartbeats()).map((b) => b.node)).toContain(node));
    await holder.services.dataPlanes.tick();
  } finally {
    stop();
  }
  for (const cp of subscribers) await eventually(() => expect(watchOf(cp, node)).toEqual(['ok->silent']), 20_000);
}

test('each job runs on exactly one control plane; events are announced once and heard by both; both answer with the same health', async () => {
  for (const job of JOBS) await eventually(() => expect(holders(job)).toEqual([true, false]));

  // Health: the holder decides, the follower answers with the states it published.
  await addOutcomes(ports.outcomes, Date.now(), 10, 0);
  for (const cp of [first!, second]) await eventually(() => expect(healthOf(cp, 'alpha')).toEqual(['no_data->normal']), 20_000);
  await eventually(() => expect([first!.services.health.stateOf('alpha'), second.services.health.stateOf('alpha')]).toEqual(['normal', 'normal']));
  await addOutcomes(ports.outcomes, Date.now(), 0, 10);
  for (const cp of [first!, second]) await eventually(() => expect(healthOf(cp, 'alpha')).toEqual(['no_data->normal', 'normal->partially_available']), 20_000);
  await eventually(() => expect([first!.services.health.stateOf('alpha'), second.services.health.stateOf('alpha')]).toEqual(['partially_available', 'partially_available']));

  // The data-plane watcher runs on the holder only; every control plane delivers its events.
  await silentNodeIsAnnouncedOnce(first!, 'n-watch-1', [first!, second]);

  // Reconciliation: the holder's runs are what every control plane answers with.
  await eventually(async () => expect(await second.services.billing.reconciliation.last()).not.toBeNull(), 20_000);
  // No earlier change was announced twice meanwhile.
  for (const cp of [first!, second]) {
    expect(healthOf(cp, 'alpha')).toHaveLength(2);
    expect(watchOf(cp, 'n-watch-1')).toHaveLength(1);
  }
}, 90_000);

test('when the holder stops, every job moves to the other control plane, which continues where it left off', async () => {
  const before = await second.services.billing.reconciliation.last();
  await first!.close();
  first = undefined;
  for (const job of JOBS) await eventually(() => expect(holders(job)).toEqual([undefined, true]), 20_000);

  // It decides from the states published so far: a change is announced, an unchanged group is not
  // announced again (it would be in the same round, before `alpha_code`).
  await addOutcomes(ports.outcomes, Date.now(), 10, 0, { group: 'alpha_code' });
  await eventually(() => expect(healthOf(second, 'alpha_code')).toEqual(['no_data->normal']), 20_000);
  expect(healthOf(second, 'alpha')).toEqual(['no_data->normal', 'normal->partially_available']);
  expect([second.services.health.stateOf('alpha'), second.services.health.stateOf('alpha_code')]).toEqual(['partially_available', 'normal']);
  expect((await ports.groupStates.read())?.states).toMatchObject({ alpha: 'partially_available', alpha_code: 'normal' });

  await silentNodeIsAnnouncedOnce(second, 'n-watch-2', [second]);
  await eventually(async () => expect((await second.services.billing.reconciliation.last())?.startedAt.getTime()).toBeGreaterThan(before!.startedAt.getTime()), 20_000);
}, 90_000);
