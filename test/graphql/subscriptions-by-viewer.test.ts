import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { gqlOk } from '../support/graphql.js';
import { adminAndUserSessions, seedAccount, type SeededAccount } from '../support/seeded-accounts.js';
import { GROUP_HEALTH_CHANGED, emptyWindows, type GroupHealthChange } from '../../control-plane/health/health.model.js';

let cp: TestControlPlane;
let admin: string;
let alice: SeededAccount;
let bob: SeededAccount;
const clients: Client[] = [];

beforeAll(async () => {
  cp = await startTestControlPlane();
  ({ admin } = await adminAndUserSessions(cp));
  [alice, bob] = [await seedAccount(cp.services), await seedAccount(cp.services)];
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await cp?.stop();
});

/** A live subscription: what it received, and the codes of the errors it ended with. */
interface Watch<T> {
  events: T[];
  errorCodes: string[];
  /** Resolves once the server acknowledged the subscription (its first event or error may come later). */
  ready: Promise<void>;
}

/** Subscribes as `session` (or anonymously) over graphql-ws. */
function watch<T>(session: string | null, query: string): Watch<T> {
  let acknowledged!: () => void;
  const ready = new Promise<void>((resolve) => (acknowledged = resolve));
  const client = createClient({
    url: cp.server.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: session ? { authorization: `Bearer ${session}` } : {},
    retryAttempts: 0,
    on: { connected: () => acknowledged() },
  });
  clients.push(client);
  const w: Watch<T> = { events: [], errorCodes: [], ready };
  client.subscribe<T>(
    { query },
    {
      next: ({ data, errors }) => {
        if (data) w.events.push(data as T);
        for (const e of errors ?? []) w.errorCodes.push(String(e.extensions?.code));
      },
      error: (errors) => {
        for (const e of Array.isArray(errors) ? errors : [errors]) w.errorCodes.push(String((e as { extensions?: { code?: string } }).extensions?.code ?? e));
      },
      complete: () => undefined,
    },
  );
  return w;
}

const credit = (accountId: string, amount: string) =>
  gqlOk(cp.server.url, 'mutation($id: ID!, $a: String!) { adjustBalance(accountId: $id, amountRmb: $a, reason: "subscription test") { balanceMicro } }', { id: accountId, a: amount }, { session: admin });

test("balanceChanged: an account receives its own balance and never another's; anonymous is refused", async () => {
  type Event = { balanceChanged: { accountId: string; balanceMicro: string } };
  const query = 'subscription { balanceChanged { accountId balanceMicro } }';
  const forAlice = watch<Event>(alice.session, query);
  const forBob = watch<Event>(bob.session, query);
  const anonymous = watch<Event>(null, query);
  await Promise.all([forAlice.ready, forBob.ready]);

  // First both subscriptions are live (each has had an event of its own). Then Alice's credit, then
  // Bob's: once Bob has his second event, Alice's, published before it on the same channel, would
  // have reached him too if the filter let it through.
  await eventually(async () => {
    if (forAlice.events.length === 0) await credit(alice.account.id, '1.5');
    if (forBob.events.length === 0) await credit(bob.account.id, '2');
    expect(forAlice.events.length).toBeGreaterThan(0);
    expect(forBob.events.length).toBeGreaterThan(0);
  }, 10_000);
  const bobBefore = forBob.events.length;
  await credit(alice.account.id, '0.5');
  await credit(bob.account.id, '0.25');
  await eventually(() => expect(forBob.events.length).toBeGreaterThan(bobBefore), 10_000);

  expect(new Set(forAlice.events.map((e) => e.balanceChanged.accountId))).toEqual(new Set([alice.account.id]));
  expect(new Set(forBob.events.map((e) => e.balanceChanged.accountId))).toEqual(new Set([bob.account.id]));
  await eventually(() => expect(anonymous.errorCodes).toEqual(['UNAUTHENTICATED']), 10_000);
  expect(anonymous.events).toEqual([]);
});

test('groupHealthChanged: a hidden group reaches administrators only; anonymous is refused', async () => {
  type Event = { groupHealthChanged: { group: string } };
  const query = 'subscription { groupHealthChanged { group state } }';
  const forUser = watch<Event>(alice.session, query);
  const forAdmin = watch<Event>(admin, query);
  const anonymous = watch<Event>(null, query);
  await Promise.all([forUser.ready, forAdmin.ready]);

  const change = (group: string, isPublic: boolean): GroupHealthChange => ({ group, state: 'unavailable', previousState: 'normal', at: new Date().toISOString(), public: isPublic, windows: emptyWindows() });
  const publish = (group: string, isPublic: boolean) => cp.services.deps.events.pubSub.publish(GROUP_HEALTH_CHANGED, change(group, isPublic));
  const heard = (w: Watch<Event>, group: string) => w.events.some((e) => e.groupHealthChanged.group === group);
  // First both subscriptions are live; then the hidden change, then a public one: once the public
  // one has arrived, the hidden one (published before it on the same channel) would have too.
  await eventually(async () => {
    if (!heard(forUser, 'warm-up') || !heard(forAdmin, 'warm-up')) await publish('warm-up', true);
    expect(heard(forUser, 'warm-up') && heard(forAdmin, 'warm-up')).toBe(true);
  }, 10_000);
  await publish('hidden-group', false);
  await publish('open-group', true);
  await eventually(() => expect(heard(forUser, 'open-group') && heard(forAdmin, 'open-group')).toBe(true), 10_000);

  expect(forUser.events.map((e) => e.groupHealthChanged.group)).not.toContain('hidden-group');
  expect(forAdmin.events.map((e) => e.groupHealthChanged.group)).toContain('hidden-group');
  await eventually(() => expect(anonymous.errorCodes).toEqual(['UNAUTHENTICATED']), 10_000);
});

test('dataPlaneStatusChanged: administrators only', async () => {
  const query = 'subscription { dataPlaneStatusChanged { state } }';
  const forUser = watch(alice.session, query);
  const anonymous = watch(null, query);
  const forAdmin = watch<{ dataPlaneStatusChanged: { state: string } }>(admin, query);
  await forAdmin.ready;
  await eventually(() => {
    expect(forUser.errorCodes).toEqual(['FORBIDDEN']);
    expect(anonymous.errorCodes).toEqual(['UNAUTHENTICATED']);
  }, 10_000);
  expect(forUser.events).toEqual([]);
  expect(forAdmin.errorCodes).toEqual([]);
});

test('groupHealth: a hidden group is in administrators\' ticks only; anonymous is refused', async () => {
  await gqlOk(
    cp.server.url,
    'mutation { createGroup(input: { name: "staff-only", displayName: "Staff only", formats: ["chat-completions"], priceMultiplier: "1", isPublic: false }) { name } }',
    {},
    { session: admin },
  );
  type Tick = { groupHealth: { group: string }[] };
  const query = 'subscription { groupHealth { group } }';
  const forUser = watch<Tick>(alice.session, query);
  const forAdmin = watch<Tick>(admin, query);
  const anonymous = watch<Tick>(null, query);
  await eventually(() => {
    expect(forUser.events.length).toBeGreaterThan(0);
    expect(forAdmin.events.length).toBeGreaterThan(0);
    expect(anonymous.errorCodes).toEqual(['UNAUTHENTICATED']);
  }, 10_000);
  expect(forAdmin.events[0].groupHealth.map((g) => g.group)).toContain('staff-only');
  expect(forUser.events[0].groupHealth.map((g) => g.group)).not.toContain('staff-only');
  expect(forUser.events[0].groupHealth.length).toBeGreaterThan(0);
});
