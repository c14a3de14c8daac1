import { Role } from '../../control-plane/accounts/account.entity.js';
import { FakeUpstream } from '../fakes/upstream.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gqlOk } from '../support/graphql.js';
import { seedAccount } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let upstream: FakeUpstream;
let now = Date.parse('2026-11-22T10:00:00Z');
let admin: string;
const KEY = 'up-key-probe-channel';

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  // Probe rounds are run by hand at injected times (the interval only gates them).
  cp = await startTestControlPlane({
    overrides: { now: () => now },
    env: { HEALTH_EVALUATE_MS: '3600000', HEALTH_FOLD_MS: '3600000', HEALTH_MIN_SAMPLES: '3', HEALTH_PROBE_INTERVAL_MS: '60000', HEALTH_PROBE_MAX_PER_HOUR: '4' },
  });
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
  await gqlOk(
    cp.server.url,
    'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }',
    { i: { name: 'probe-target', kind: 'Anthropic', baseUrl: upstream.url, keys: [KEY], models: [{ model: 'demo-chat', upstreamModel: 'claude-probe' }], groups: [{ group: 'alpha_free' }] } },
    { session: admin },
  );
  await cp.services.catalogChanged();
});

afterAll(async () => {
  await cp?.stop();
  await upstream?.close();
});

const stateOf = async (group: string) =>
  (await gqlOk<{ groupAvailability: { group: string; state: string }[] }>(cp.server.url, '{ groupAvailability { group state } }', {}, { session: admin })).groupAvailability.find((g) => g.group === group)!.state;

test('a group without traffic reads NO_DATA until probed; probes are real requests in its format, spaced by the interval and capped per hour', async () => {
  await cp.services.health.evaluate();
  expect(await stateOf('alpha_free')).toBe('NO_DATA');

  const first = await cp.services.probes.runOnce();
  expect(first.find((p) => p.group === 'alpha_free')).toEqual(expect.objectContaining({ format: 'messages', stream: false, model: 'demo-chat', failure: null }));
  const sent = upstream.requestsFor(KEY);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toEqual(expect.objectContaining({ api: 'anthropic-messages', model: 'claude-probe', stream: false }));
  expect(sent[0].body.max_tokens).toBe(1);
  expect(upstream.violations).toEqual([]);
  expect(await stateOf('alpha_free')).toBe('NO_DATA'); // one sample is not enough

  expect((await cp.services.probes.runOnce()).some((p) => p.group === 'alpha_free')).toBe(false); // within the interval
  for (let i = 0; i < 2; i++) {
    now += 61_000;
    await cp.services.probes.runOnce();
  }
  expect(upstream.requestsFor(KEY)).toHaveLength(3);
  expect(await stateOf('alpha_free')).toBe('NORMAL');

  // Enough recent samples: no probe. Once they leave the recent window, a failing upstream is probed too.
  now += 61_000;
  expect((await cp.services.probes.runOnce()).some((p) => p.group === 'alpha_free')).toBe(false);
  upstream.setDefault(KEY, { kind: 'error', status: 503 });
  now += 5 * 60_000;
  expect((await cp.services.probes.runOnce()).find((p) => p.group === 'alpha_free')?.failure).toBe('upstream_5xx');
  expect(await stateOf('alpha_free')).toBe('PARTIALLY_AVAILABLE'); // 3 of the last hour's 4
  // The fifth probe in the hour is over the cap.
  now += 61_000;
  expect((await cp.services.probes.runOnce()).some((p) => p.group === 'alpha_free')).toBe(false);
  expect(upstream.requestsFor(KEY)).toHaveLength(4);
});
