/**
 * A rejected upstream key, end to end: a data plane (relay pipeline, fake upstream) and a real
 * control plane (PostgreSQL, its background job) share Redis. The data plane reports the key the
 * upstream called invalid; the control plane disables it in the database with the reason, once,
 * and the next snapshot the data plane applies carries it disabled.
 */
import { CatalogModel } from '../../control-plane/catalog/model.entity.js';
import type { RedisKeys } from '../../shared/redis/keys.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../../shared/snapshot/types.js';
import { eventually } from '../contract/harness.js';
import { loginSession } from '../support/accounts.js';
import { startTestControlPlane, TEST_ADMIN, type TestControlPlane } from '../support/control-plane.js';
import { gqlOk } from '../support/graphql.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';

const KEY_A = 'sk-upstream-key-a-0123456789';
const KEY_B = 'sk-upstream-key-b-0123456789';
const GROUP = 'fast_forward'; // seeded, chat-completions only

let bed: RelayBed;
let cp: TestControlPlane;
let admin: string;
let token: string;
let model: string;
let channelId: string;

interface KeyView {
  id: string;
  position: number;
  enabled: boolean;
  disabledReason: string | null;
}

const channelKeys = async () =>
  (await gqlOk<{ channel: { keys: KeyView[] } }>(cp.server.url, 'query($id: ID!) { channel(id: $id) { keys { id position enabled disabledReason } } }', { id: channelId }, { session: admin })).channel.keys.sort(
    (x, y) => x.position - y.position,
  );

/** The channel's keys as the data plane's applied snapshot has them. */
const appliedKeys = () => bed.dataPlane.runtime()?.snapshot.channels.find((c) => c.id === channelId)?.keys.map((k) => ({ id: k.id, enabled: k.enabled }));

beforeAll(async () => {
  // The bed's own catalog is empty; the control plane's (from the database) replaces it.
  bed = await startRelayBed(() => ({ schemaVersion: SNAPSHOT_SCHEMA_VERSION, groups: [], channels: [], memberships: [], models: [], exchangeRate: '7.2', settings: {} }));
  const redisPrefix = (bed.ports as unknown as { keys: RedisKeys }).keys.prefix;
  cp = await startTestControlPlane({ redisPrefix });
  admin = await loginSession(cp.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  [{ modelId: model }] = await cp.services.deps.orm.em.fork().find(CatalogModel, { vendor: 'openai' }, { orderBy: { modelId: 'asc' }, limit: 1 });
  const created = await gqlOk<{ createChannel: { id: string } }>(
    cp.server.url,
    'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }',
    { i: { name: 'two-keys', kind: 'OpenAI', baseUrl: bed.upstream.url, keys: [KEY_A, KEY_B], models: [{ model }], groups: [{ group: GROUP, priority: 0, weight: 1 }] } },
    { session: admin },
  );
  channelId = created.createChannel.id;
  await eventually(() => expect(appliedKeys()).toHaveLength(2), 10_000);
  token = await bed.token({ groups: [GROUP] });
});

afterAll(async () => {
  await cp?.stop();
  await bed?.stop();
});

afterEach(() => expect(bed.upstream.violations).toEqual([]));

async function chat(): Promise<number> {
  const res = await fetch(`${bed.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await res.arrayBuffer();
  return res.status;
}

test('a key the upstream rejects is disabled in the database with the reason, and the next snapshot carries it disabled', async () => {
  const [a, b] = await channelKeys();
  expect([a.enabled, b.enabled]).toEqual([true, true]);
  bed.upstream.setDefault(KEY_A, { kind: 'error', status: 401 });
  // Two requests: the round-robin reaches A in one of them; B serves both.
  expect([await chat(), await chat()]).toEqual([200, 200]);
  expect(bed.upstream.requestsFor(KEY_A)).toHaveLength(1);

  await eventually(async () => {
    expect(await channelKeys()).toEqual([
      { id: a.id, position: a.position, enabled: false, disabledReason: 'upstream rejected the key (401)' },
      { id: b.id, position: b.position, enabled: true, disabledReason: null },
    ]);
  }, 10_000);
  await eventually(() => expect(appliedKeys()).toEqual([{ id: a.id, enabled: false }, { id: b.id, enabled: true }]), 10_000);

  // Under the new snapshot A is still not used.
  bed.upstream.reset();
  expect([await chat(), await chat()]).toEqual([200, 200]);
  expect(bed.upstream.requests.map((r) => r.key)).toEqual([KEY_B, KEY_B]);
});

test('a repeated report changes nothing (the key stays disabled with its first reason)', async () => {
  const [a] = await channelKeys();
  expect(a.enabled).toBe(false);
  await bed.ports.keyInvalidations.report({ channelId, keyId: a.id, status: 403, node: 'another-node', at: new Date().toISOString() });
  // Whether the background job or this drain takes the report, nothing is disabled again.
  expect(await cp.services.keyInvalidations.drain()).toBe(0);
  expect(await cp.services.channels.disableRejectedKey(cp.services.deps.orm.em.fork(), channelId, a.id, 403)).toBe(false);
  expect((await channelKeys())[0]).toMatchObject({ enabled: false, disabledReason: 'upstream rejected the key (401)' });
});

test('a report naming a key of another channel, or no key, changes nothing', async () => {
  const [, b] = await channelKeys();
  const em = cp.services.deps.orm.em.fork();
  expect(await cp.services.channels.disableRejectedKey(em, crypto.randomUUID(), b.id, 401)).toBe(false);
  expect(await cp.services.channels.disableRejectedKey(em, channelId, 'not-a-key', 401)).toBe(false);
  expect((await channelKeys())[1].enabled).toBe(true);
});
