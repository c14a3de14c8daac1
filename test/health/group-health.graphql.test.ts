import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { GROUP_HEALTH_CHANGED, emptyWindows, type GroupHealthChange } from '../../control-plane/health/health.model.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { addOutcomes } from '../support/outcomes.js';
import { seedAccount } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let now = Date.parse('2026-11-22T10:00:00Z');
let admin: string;
let user: string;
const clients: Client[] = [];

beforeAll(async () => {
  // States are re-decided every 50 ms by the real timer, on the injected clock.
  cp = await startTestControlPlane({
    overrides: { now: () => now },
    env: { HEALTH_EVALUATE_MS: '50', HEALTH_TICK_MS: '50', HEALTH_FOLD_MS: '3600000', HEALTH_PROBE_INTERVAL_MS: '0' },
  });
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
  user = (await seedAccount(cp.services)).session;
});

afterAll(async () => {
  for (const c of clients) await c.dispose();
  await cp?.stop();
});

function wsClient(session?: string): Client {
  const c = createClient({ url: cp.server.wsUrl, webSocketImpl: WebSocket, connectionParams: session ? { authorization: `Bearer ${session}` } : {}, retryAttempts: 0 });
  clients.push(c);
  return c;
}

interface ChangeEvent {
  group: string;
  state: string;
  previousState: string;
  windows: { hour: { rate: number | null; requests: number; successes: number } };
}

test('failures move a group from NORMAL to PARTIALLY_AVAILABLE to UNAVAILABLE and back; every change reaches a Node graphql-ws client and the data planes', async () => {
  const events: ChangeEvent[] = [];
  const client = wsClient(user);
  client.subscribe<{ groupHealthChanged: ChangeEvent }>(
    { query: 'subscription { groupHealthChanged { group state previousState windows { hour { rate requests successes } } } }' },
    { next: ({ data }) => data && events.push(data.groupHealthChanged), error: (e) => events.push({ group: 'error', state: JSON.stringify(e), previousState: '', windows: { hour: { rate: null, requests: 0, successes: 0 } } }), complete: () => undefined },
  );
  // Wait until the subscription is live: a marker event published through the real bus comes back.
  const marker: GroupHealthChange = { group: 'marker', state: 'normal', previousState: 'no_data', at: new Date(now).toISOString(), public: true, windows: emptyWindows() };
  await eventually(() => {
    if (!events.some((e) => e.group === 'marker')) {
      cp.services.deps.events.pubSub.publish(GROUP_HEALTH_CHANGED, marker);
      throw new Error('subscription not live yet');
    }
  }, 5000);
  const seen = () => events.filter((e) => e.group === 'alpha').map((e) => `${e.previousState}->${e.state}`);

  await addOutcomes(cp.services.deps.ports.outcomes, now, 10, 0);
  await eventually(() => expect(seen()).toEqual(['NO_DATA->NORMAL']));

  await addOutcomes(cp.services.deps.ports.outcomes, now, 0, 10);
  await eventually(() => expect(seen()).toEqual(['NO_DATA->NORMAL', 'NORMAL->PARTIALLY_AVAILABLE']));
  const partial = events.filter((e) => e.group === 'alpha')[1];
  expect(partial.windows.hour).toEqual({ rate: 0.5, requests: 20, successes: 10 });

  now += 6 * 60_000; // the earlier minute leaves the 5-minute recent window
  await addOutcomes(cp.services.deps.ports.outcomes, now, 0, 6);
  await eventually(() => expect(seen().at(-1)).toBe('PARTIALLY_AVAILABLE->UNAVAILABLE'));
  await eventually(async () => expect((await cp.services.deps.ports.groupStates.read())?.states.alpha).toBe('unavailable'));

  now += 6 * 60_000;
  await addOutcomes(cp.services.deps.ports.outcomes, now, 10, 0);
  await eventually(() => expect(seen()).toEqual(['NO_DATA->NORMAL', 'NORMAL->PARTIALLY_AVAILABLE', 'PARTIALLY_AVAILABLE->UNAVAILABLE', 'UNAVAILABLE->NORMAL']));
  await eventually(async () => expect((await cp.services.deps.ports.groupStates.read())?.states.alpha).toBe('normal'));

  const page = await gqlOk<{ groupAvailability: { group: string; state: string; windows: { hour: { rate: number; requests: number } }; channels: unknown[]; models: { model: string }[] }[] }>(
    cp.server.url,
    '{ groupAvailability { group state windows { hour { rate requests } day { requests } } channels { channel } models { model } } }',
    {},
    { session: user },
  );
  const alpha = page.groupAvailability.find((g) => g.group === 'alpha')!;
  expect(alpha).toEqual(expect.objectContaining({ state: 'NORMAL', windows: expect.objectContaining({ hour: { rate: 20 / 36, requests: 36 } }), channels: [], models: [{ model: 'm-1' }] }));
  expect(page.groupAvailability.find((g) => g.group === 'gamma')?.state).toBe('NO_DATA');
  expect(page.groupAvailability).toHaveLength(13);

  const asAdmin = await gqlOk<{ groupAvailability: { group: string; channels: { channel: string }[] }[] }>(cp.server.url, '{ groupAvailability { group channels { channel } } }', {}, { session: admin });
  expect(asAdmin.groupAvailability.find((g) => g.group === 'alpha')!.channels).toEqual([{ channel: 'ch-1' }]);
});

test('groupHealth ticks periodically for a live dashboard', async () => {
  const ticks: { group: string; state: string }[][] = [];
  const client = wsClient(admin);
  client.subscribe<{ groupHealth: { group: string; state: string }[] }>({ query: 'subscription { groupHealth { group state } }' }, { next: ({ data }) => data && ticks.push(data.groupHealth), error: () => undefined, complete: () => undefined });
  await eventually(() => expect(ticks.length).toBeGreaterThanOrEqual(2));
  expect(ticks[0].map((g) => g.group)).toContain('alpha');
});

test('login is required: queries answer UNAUTHENTICATED, subscriptions end with an error', async () => {
  const r = await gql(cp.server.url, '{ groupAvailability { group } }');
  expect(r.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const errors: unknown[] = [];
  wsClient().subscribe({ query: 'subscription { groupHealth { group } }' }, { next: () => undefined, error: (e) => errors.push(e), complete: () => undefined });
  await eventually(() => expect(JSON.stringify(errors)).toContain('Login required'));
});

test('history for charts, by hour, with bad ranges and unknown groups refused', async () => {
  const from = new Date(Date.parse('2026-11-22T09:00:00Z')).toISOString();
  const to = new Date(Date.parse('2026-11-22T12:00:00Z')).toISOString();
  const q = 'query($g: String!, $from: DateTimeISO!, $to: DateTimeISO!) { groupHealthHistory(group: $g, from: $from, to: $to, granularity: HOUR) { at success { requests successes rate } meanLatencyMs } }';
  await cp.services.health.fold(0); // the periodic fold is off in this file
  const ok = await gqlOk<{ groupHealthHistory: { at: string; success: { requests: number; successes: number }; meanLatencyMs: number }[] }>(cp.server.url, q, { g: 'alpha', from, to }, { session: user });
  expect(ok.groupHealthHistory).toEqual([{ at: '2026-11-22T10:00:00.000Z', success: { requests: 36, successes: 20, rate: 20 / 36 }, meanLatencyMs: 100 }]);
  const bad = await gql(cp.server.url, q, { g: 'alpha', from: to, to: from }, { session: user });
  expectBadInput(bad, 'to');
  const unknown = await gql(cp.server.url, q, { g: 'nope', from, to }, { session: user });
  expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
});
