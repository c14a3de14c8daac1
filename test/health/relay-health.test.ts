import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { GROUP_HEALTH_CHANGED, emptyWindows, type GroupHealthChange } from '../../control-plane/health/health.model.js';
import type { RedisKeys } from '../../shared/redis/keys.js';
import { fieldOf, minuteOf } from '../../shared/health/outcome.js';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../../shared/snapshot/types.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { PATIENT_TIMEOUTS, keyOf, testChannel, testGroup, testModel } from '../support/relay-catalog.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { seedAccount } from '../support/seeded-accounts.js';

// Group names the control plane's seeded catalog knows, so it decides their states.
const MAIN = 'fast_forward';
const FALLBACK = 'az';

function content(upstreamUrl: string): SnapshotContent {
  const model = { model: 'm-h', upstream: 'up-h' };
  // A second model only the main group serves (on the same channel): one model's failures must not refuse it.
  const other = { model: 'm-h2', upstream: 'up-h2' };
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    groups: [testGroup(MAIN), testGroup(FALLBACK)],
    // Patient time limits: only the scripted errors may count as failures.
    channels: [testChannel('h-main', 'openai', upstreamUrl, [model, other], { timeouts: PATIENT_TIMEOUTS }), testChannel('h-backup', 'openai', upstreamUrl, [model], { timeouts: PATIENT_TIMEOUTS })],
    memberships: [
      { group: MAIN, channelId: 'h-main', priority: 0, weight: 1 },
      { group: FALLBACK, channelId: 'h-backup', priority: 0, weight: 1 },
    ],
    models: [testModel('m-h'), testModel('m-h2')],
    exchangeRate: '7.2',
    settings: {},
  };
}

let bed: RelayBed;
let cp: TestControlPlane;
let key: string;
let now = Date.parse('2026-11-22T10:00:00Z');
let admin: string;
let ws: Client | undefined;

beforeAll(async () => {
  // Breakers that never open: only group health decides whether the main group is tried.
  bed = await startRelayBed(content, { pipeline: { now: () => now, breakers: { failureThreshold: 1_000_000, windowMs: 1000, openMs: 1 } } });
  const redisPrefix = (bed.ports as unknown as { keys: RedisKeys }).keys.prefix;
  cp = await startTestControlPlane({ redisPrefix, overrides: { now: () => now }, env: { HEALTH_EVALUATE_MS: '50', HEALTH_FOLD_MS: '3600000', HEALTH_PROBE_INTERVAL_MS: '0' } });
  // The control plane published its own catalog at start: put the test's back (a newer revision).
  await bed.publish(content(bed.upstream.url));
  key = await bed.token({ groups: [MAIN, FALLBACK] });
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
});

afterAll(async () => {
  await ws?.dispose();
  await cp?.stop();
  await bed?.stop();
});

async function chat(model = 'm-h'): Promise<{ status: number; group: string | null }> {
  const res = await fetch(`${bed.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await res.arrayBuffer();
  return { status: res.status, group: res.headers.get('x-meridian-group') };
}

const mainCalls = () => bed.upstream.requestsFor(keyOf('h-main')).length;

test('real traffic through a data plane moves the main group NORMAL -> PARTIALLY_AVAILABLE -> UNAVAILABLE (skipped for the fallback) -> back, each change heard over graphql-ws', async () => {
  const events: string[] = [];
  ws = createClient({ url: cp.server.wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${admin}` }, retryAttempts: 0 });
  ws.subscribe<{ groupHealthChanged: { group: string; state: string; previousState: string } }>(
    { query: 'subscription { groupHealthChanged { group state previousState } }' },
    { next: ({ data }) => data && events.push(`${data.groupHealthChanged.group}:${data.groupHealthChanged.previousState}->${data.groupHealthChanged.state}`), error: () => undefined, complete: () => undefined },
  );
  const marker: GroupHealthChange = { group: 'marker', state: 'normal', previousState: 'no_data', at: new Date(now).toISOString(), public: true, windows: emptyWindows() };
  await eventually(() => {
    if (!events.includes('marker:NO_DATA->NORMAL')) {
      cp.services.deps.events.pubSub.publish(GROUP_HEALTH_CHANGED, marker);
      throw new Error('subscription not live yet');
    }
  }, 5000);
  const mainEvents = () => events.filter((e) => e.startsWith(`${MAIN}:`)).map((e) => e.slice(MAIN.length + 1));

  // Healthy: the main group serves.
  for (let i = 0; i < 5; i++) expect(await chat()).toEqual({ status: 200, group: MAIN });
  await eventually(() => expect(mainEvents()).toEqual(['NO_DATA->NORMAL']));

  // Its upstream starts failing: every request fails over to the fallback, both attempts count.
  bed.upstream.setDefault(keyOf('h-main'), { kind: 'error', status: 500 });
  for (let i = 0; i < 5; i++) expect(await chat()).toEqual({ status: 200, group: FALLBACK });
  await eventually(() => expect(mainEvents()).toEqual(['NO_DATA->NORMAL', 'NORMAL->PARTIALLY_AVAILABLE']));
  // The state may change on the first flushed failures (every second): the last ones follow.
  await eventually(async () => {
    const [bucket] = await bed.ports.outcomes.read([minuteOf(now)]);
    const base = { model: 'm-h', node: 'relay-test', format: 'chat-completions' as const, stream: false };
    expect(bucket[fieldOf({ ...base, group: MAIN, channel: 'h-main' }, 'ok')]).toBe(5);
    expect(bucket[fieldOf({ ...base, group: MAIN, channel: 'h-main' }, 'upstream_5xx')]).toBe(5);
    expect(bucket[fieldOf({ ...base, group: FALLBACK, channel: 'h-backup' }, 'ok')]).toBe(5);
  });

  // Later, nothing but failures in the recent window: unavailable.
  now += 6 * 60_000;
  for (let i = 0; i < 5; i++) expect(await chat()).toEqual({ status: 200, group: FALLBACK });
  await eventually(() => expect(mainEvents().at(-1)).toBe('PARTIALLY_AVAILABLE->UNAVAILABLE'));

  // Within a second the data plane skips the main group: its channel gets no more calls.
  await eventually(async () => {
    const before = mainCalls();
    expect(await chat()).toEqual({ status: 200, group: FALLBACK });
    expect(mainCalls()).toBe(before);
  });
  const skippedFrom = mainCalls();
  for (let i = 0; i < 3; i++) expect(await chat()).toEqual({ status: 200, group: FALLBACK });
  expect(mainCalls()).toBe(skippedFrom);

  // The upstream recovers; without traffic the group stays unavailable until a probe succeeds.
  bed.upstream.setDefault(keyOf('h-main'), { kind: 'reply' });
  now += 6 * 60_000;
  await cp.services.health.evaluate();
  expect(cp.services.health.stateOf(MAIN)).toBe('unavailable');
  const probes = await cp.services.probes.runOnce();
  expect(probes.find((p) => p.group === MAIN)).toEqual(expect.objectContaining({ channel: 'h-main', failure: null }));
  await eventually(() => expect(mainEvents().at(-1)).toBe('UNAVAILABLE->PARTIALLY_AVAILABLE'));

  // Taken back: traffic flows to the main group again and it returns to normal.
  await eventually(async () => expect(await chat()).toEqual({ status: 200, group: MAIN }));
  for (let i = 0; i < 5; i++) expect(await chat()).toEqual({ status: 200, group: MAIN });
  await eventually(() => expect(mainEvents().at(-1)).toBe('PARTIALLY_AVAILABLE->NORMAL'));
});

test("one model failing repeatedly makes the group unavailable for that model only: its other models are still served there, the failing one moves to the fallback, and a probe of it brings it back", async () => {
  // A fresh hour: nothing of the test above is in the windows.
  now += 2 * 3600_000;
  bed.upstream.reset();
  const mainCallsFor = (upstream: string) => bed.upstream.requestsFor(keyOf('h-main')).filter((r) => r.model === upstream).length;
  bed.upstream.setModelDefault(keyOf('h-main'), 'up-h', { kind: 'error', status: 500 });

  // Only the failing model has traffic: the group's displayed state turns UNAVAILABLE ...
  for (let i = 0; i < 5; i++) expect(await chat('m-h')).toEqual({ status: 200, group: FALLBACK });
  // (the control plane decides every 50 ms here, once the data plane's counts arrived)
  await eventually(() => expect([cp.services.health.stateOf(MAIN), cp.services.health.modelStateOf(MAIN, 'm-h')]).toEqual(['unavailable', 'unavailable']));
  // ... yet its other model is served there (the data plane has the new record within a second).
  await eventually(async () => {
    const before = mainCallsFor('up-h');
    expect(await chat('m-h')).toEqual({ status: 200, group: FALLBACK });
    expect(mainCallsFor('up-h')).toBe(before);
  });
  for (let i = 0; i < 5; i++) expect(await chat('m-h2')).toEqual({ status: 200, group: MAIN });
  expect(mainCallsFor('up-h2')).toBe(5);

  // With the healthy model's successes the group shows PARTIALLY_AVAILABLE; the failing model stays skipped there.
  await eventually(() => expect([cp.services.health.stateOf(MAIN), cp.services.health.modelStateOf(MAIN, 'm-h2')]).toEqual(['partially_available', 'normal']));
  const skippedFrom = mainCallsFor('up-h');
  for (let i = 0; i < 3; i++) expect(await chat('m-h')).toEqual({ status: 200, group: FALLBACK });
  expect(mainCallsFor('up-h')).toBe(skippedFrom);
  const availability = await cp.services.health.availability({ only: [MAIN] });
  expect(availability[0].models.map((m) => [m.model, m.state])).toEqual([
    ['m-h', 'unavailable'],
    ['m-h2', 'normal'],
  ]);

  // The model recovers upstream; the group has enough recent traffic, yet it is probed, with the model it waits on.
  bed.upstream.setModelDefault(keyOf('h-main'), 'up-h', { kind: 'reply' });
  const probes = await cp.services.probes.runOnce();
  expect(probes.find((p) => p.group === MAIN)).toEqual(expect.objectContaining({ channel: 'h-main', model: 'm-h', failure: null }));
  expect(cp.services.health.modelStateOf(MAIN, 'm-h')).toBe('partially_available');
  await eventually(async () => expect(await chat('m-h')).toEqual({ status: 200, group: MAIN }));
});

test('a group whose every model tried recently fails is down: skipped for every model, with nothing sent upstream', async () => {
  now += 2 * 3600_000;
  bed.upstream.reset();
  bed.upstream.setDefault(keyOf('h-main'), { kind: 'error', status: 500 });
  for (let i = 0; i < 5; i++) expect(await chat('m-h')).toEqual({ status: 200, group: FALLBACK });
  for (let i = 0; i < 5; i++) expect((await chat('m-h2')).status).toBe(500);
  await eventually(() => expect([cp.services.health.modelStateOf(MAIN, 'm-h'), cp.services.health.modelStateOf(MAIN, 'm-h2')]).toEqual(['unavailable', 'unavailable']));
  // m-h2 has no other group: as long as only it was unavailable it was still tried; the group down, it is not.
  await eventually(async () => expect(await chat('m-h2')).toEqual({ status: 503, group: null }));
  const calls = mainCalls();
  expect(await chat('m-h2')).toEqual({ status: 503, group: null });
  expect(await chat('m-h')).toEqual({ status: 200, group: FALLBACK });
  expect(mainCalls()).toBe(calls);
});
