import type { RedisKeys } from '../../shared/redis/keys.js';
import { fieldOf, minuteOf } from '../../shared/health/outcome.js';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../../shared/snapshot/types.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { keyOf, testChannel, testGroup, testModel } from '../support/relay-catalog.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';

// Group names the control plane's seeded catalog knows, so it decides their states.
const MAIN = 'fast_forward';
const FALLBACK = 'az';

function content(upstreamUrl: string): SnapshotContent {
  const model = { model: 'm-h', upstream: 'up-h' };
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    groups: [testGroup(MAIN), testGroup(FALLBACK)],
    channels: [testChannel('h-main', 'openai', upstreamUrl, [model]), testChannel('h-backup', 'openai', upstreamUrl, [model])],
    memberships: [
      { group: MAIN, channelId: 'h-main', priority: 0, weight: 1 },
      { group: FALLBACK, channelId: 'h-backup', priority: 0, weight: 1 },
    ],
    models: [testModel('m-h')],
    exchangeRate: '7.2',
    settings: {},
  };
}

let bed: RelayBed;
let cp: TestControlPlane;
let key: string;
let now = Date.parse('2026-11-22T10:00:00Z');

beforeAll(async () => {
  // Breakers that never open: only group health decides whether the main group is tried.
  bed = await startRelayBed(content, { pipeline: { now: () => now, breakers: { failureThreshold: 1_000_000, windowMs: 1000, openMs: 1 } } });
  const redisPrefix = (bed.ports as unknown as { keys: RedisKeys }).keys.prefix;
  cp = await startTestControlPlane({ redisPrefix, overrides: { now: () => now }, env: { HEALTH_EVALUATE_MS: '50', HEALTH_FOLD_MS: '3600000', HEALTH_PROBE_INTERVAL_MS: '0' } });
  // The control plane published its own catalog at start: put the test's back (a newer revision).
  await bed.publish(content(bed.upstream.url));
  key = await bed.token({ groups: [MAIN, FALLBACK] });
});

afterAll(async () => {
  await cp?.stop();
  await bed?.stop();
});

async function chat(): Promise<{ status: number; group: string | null }> {
  const res = await fetch(`${bed.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm-h', messages: [{ role: 'user', content: 'hi' }] }),
  });
  await res.arrayBuffer();
  return { status: res.status, group: res.headers.get('x-meridian-group') };
}

const mainCalls = () => bed.upstream.requestsFor(keyOf('h-main')).length;

test('every upstream attempt is counted; a main group that fails becomes unavailable, is skipped for the fallback, and is taken back once a probe succeeds', async () => {
  bed.upstream.setDefault(keyOf('h-main'), { kind: 'error', status: 500 });
  for (let i = 0; i < 5; i++) expect(await chat()).toEqual({ status: 200, group: FALLBACK });
  expect(mainCalls()).toBe(5);

  // Each request made two attempts: the failed one on the main group counts too.
  await eventually(async () => {
    const [bucket] = await bed.ports.outcomes.read([minuteOf(now)]);
    const base = { model: 'm-h', node: 'relay-test', format: 'chat-completions' as const, stream: false };
    expect(bucket[fieldOf({ ...base, group: MAIN, channel: 'h-main' }, 'upstream_5xx')]).toBe(5);
    expect(bucket[fieldOf({ ...base, group: FALLBACK, channel: 'h-backup' }, 'ok')]).toBe(5);
  });
  await eventually(async () => expect(cp.services.health.stateOf(MAIN)).toBe('unavailable'));

  // Within a second the data plane skips the main group: no more calls to its channel.
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
  expect(cp.services.health.stateOf(MAIN)).toBe('partially_available');
  await eventually(async () => expect(await chat()).toEqual({ status: 200, group: MAIN }));
});
