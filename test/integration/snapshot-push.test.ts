import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { Role } from '../../control-plane/accounts/account.entity.js';
import { ChannelGroup } from '../../control-plane/catalog/channel-group.entity.js';
import { ChannelKey } from '../../control-plane/catalog/channel-key.entity.js';
import { Channel, ChannelKind } from '../../control-plane/catalog/channel.entity.js';
import { ExchangeRate } from '../../control-plane/catalog/exchange-rate.entity.js';
import { Group } from '../../control-plane/catalog/group.entity.js';
import { CatalogModel, PriceTable } from '../../control-plane/catalog/model.entity.js';
import type { PublishOutcome } from '../../control-plane/publish/snapshot.publisher.js';
import type { DataPlane } from '../../data-plane/bootstrap.js';
import { RedisKeys } from '../../shared/redis/keys.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../../shared/snapshot/types.js';
import { eventually } from '../contract/harness.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { gql, gqlOk } from '../support/graphql.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { sampleContent, schemaOneText } from '../support/snapshot.js';

const GROUP = 'push_alpha';

/** Waits for the push (deadline generous for loaded CI machines; a passing check returns at once). */
const settle = (check: () => void | Promise<void>) => eventually(check, 30_000);
const MODEL = 'push-model';

let cp: TestControlPlane;
let dir: { path: string; remove(): Promise<void> };
let a: DataPlane;
let b: DataPlane;
let admin: string;
let redis: Redis;
let keys: RedisKeys;

/** A small catalog straight through the ORM: one group, one keyed channel serving one model, a rate. */
async function seedCatalog(): Promise<void> {
  const em = cp.services.deps.orm.em.fork();
  const group = em.create(Group, { name: GROUP, displayName: 'Push alpha', priceMultiplier: '1.5', formats: ['chat-completions', 'messages'], recommendedFormat: 'messages' });
  const channel = em.create(Channel, { name: 'push-channel', kind: ChannelKind.OpenAI, baseUrl: 'https://upstream.example.test', models: [MODEL], modelMapping: { [MODEL]: 'upstream-model' } });
  em.create(ChannelKey, { channel, position: 0, keyEncrypted: cp.services.deps.secrets.encrypt('sk-upstream-secret'), keyMasked: 'sk-up...cret' });
  em.create(ChannelGroup, { channel, group, priority: 5, weight: 2 });
  em.create(CatalogModel, { modelId: MODEL, vendor: 'openai', prices: Object.assign(new PriceTable(), { input: '2', output: '8' }) });
  em.create(ExchangeRate, { rate: '7.1' });
  await em.flush();
}

/** The /readyz status code (body consumed, so the connection can close). */
async function readyz(dp: DataPlane): Promise<number> {
  const res = await fetch(`${dp.url}/readyz`);
  await res.arrayBuffer();
  return res.status;
}

async function setMultiplier(value: string): Promise<void> {
  await cp.services.deps.orm.em.fork().nativeUpdate(Group, { name: GROUP }, { priceMultiplier: value });
}

interface DataPlaneRow {
  node: string;
  revision: number | null;
  currentRevision: number | null;
  behind: boolean;
  silent: boolean;
  state: string;
  lastError: { revision: number | null; message: string } | null;
}

const DATA_PLANES = '{ dataPlanes { node revision currentRevision behind silent state lastError { revision message } } }';

async function dataPlanes(): Promise<DataPlaneRow[]> {
  return (await gqlOk<{ dataPlanes: DataPlaneRow[] }>(cp.server.url, DATA_PLANES, {}, { session: admin })).dataPlanes;
}

beforeAll(async () => {
  cp = await startTestControlPlane({ env: { DATA_PLANE_WATCH_MS: '50', DATA_PLANE_SILENT_MS: '600', DATA_PLANE_BEHIND_MS: '2000' } });
  await seedCatalog();
  await cp.services.catalogChanged();
  dir = await tempDataDir();
  [a, b] = await Promise.all(['node-a', 'node-b'].map((nodeName) => startTestDataPlane({ nodeName, redisPrefix: cp.redisPrefix, dataDir: dir.path })));
  admin = (await seedAccount(cp.services, { role: Role.Admin })).session;
  redis = new Redis(TEST_REDIS_URL);
  keys = new RedisKeys(cp.redisPrefix);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await redis?.quit();
  await cp?.stop();
  await dir?.remove();
});

test('both data planes start on the published snapshot, compiled with decrypted keys', async () => {
  const head = await cp.services.deps.ports.configBus.readHead();
  for (const dp of [a, b]) {
    const config = dp.runtime()!;
    expect(config.revision).toBe(head!.revision);
    const route = config.models.get(MODEL)!.routes[0];
    expect(route.group.name).toBe(GROUP);
    expect(route.levels[0].channels[0]).toMatchObject({ weight: 2, upstreamModel: 'upstream-model' });
    expect(route.levels[0].channels[0].channel.keys[0].secret).toBe('sk-upstream-secret');
    expect(await readyz(dp)).toBe(200);
  }
  // The snapshot in Redis carries the key sealed, never in clear.
  expect(await redis.get(keys.snapshot)).not.toContain('sk-upstream-secret');
});

test('a price change made through GraphQL is applied by both data planes: compiled config and reported revision', async () => {
  const before = (await cp.services.deps.ports.configBus.readHead())!.revision;
  await gqlOk(cp.server.url, 'mutation($id: String!, $input: UpdateModelInput!) { updateModel(modelId: $id, input: $input) { modelId } }', { id: MODEL, input: { prices: { input: '2.75' } } }, { session: admin });
  let revision = 0;
  await settle(async () => {
    revision = (await cp.services.deps.ports.configBus.readHead())!.revision;
    expect(revision).toBeGreaterThan(before);
    for (const dp of [a, b]) {
      expect(dp.runtime()?.revision).toBe(revision);
      expect(dp.runtime()?.models.get(MODEL)?.prices).toEqual({ input: '2.75', output: '8' });
    }
  });
  await settle(async () => {
    const rows = await dataPlanes();
    expect(rows.map((r) => [r.node, r.revision, r.currentRevision, r.behind, r.state])).toEqual([
      ['node-a', revision, revision, false, 'OK'],
      ['node-b', revision, revision, false, 'OK'],
    ]);
  });
});

test('a catalog change made in the service layer is applied by both; catalogChanged resolves with its revision', async () => {
  const before = [a, b].map((dp) => dp.runtime()!.snapshot);
  await setMultiplier('2.5');
  const outcome = await cp.services.catalogChanged();
  expect(outcome?.published).toBe(true);
  await settle(() => {
    for (const dp of [a, b]) {
      expect(dp.runtime()?.revision).toBe(outcome!.revision);
      expect(dp.runtime()?.groups.get(GROUP)?.multiplier).toBe('2.5');
    }
  });
  // Only a group changed: each data plane kept its channels and models as they were (not re-read).
  [a, b].forEach((dp, i) => {
    expect(dp.runtime()!.snapshot.channels).toBe(before[i].channels);
    expect(dp.runtime()!.snapshot.models).toBe(before[i].models);
  });
});

test('in Redis, the snapshot is kept without expiry and no staged copy outlives its publish, accepted or refused', async () => {
  const bus = cp.services.deps.ports.configBus;
  const head = (await bus.readHead())!;
  expect(await bus.publishSnapshot(sealSnapshot(sampleContent(), head.revision, new Date()))).toBe(false);
  expect(await redis.keys(`${cp.redisPrefix}{snapshot}:staging:*`)).toEqual([]);
  expect(await redis.pttl(keys.snapshot)).toBe(-1);
  expect((await bus.readHead())!.hash).toBe(head.hash);
});

test('publishing an unchanged catalog writes no new revision', async () => {
  const head = await cp.services.deps.ports.configBus.readHead();
  const outcome = await cp.services.catalogChanged();
  expect(outcome).toEqual({ revision: head!.revision, hash: head!.hash, published: false });
});

test('a malformed snapshot is refused, reported in the heartbeat, and the old one keeps serving', async () => {
  const good = a.runtime()!;
  const goods = [a.runtime(), b.runtime()];
  const bad = sealSnapshot(sampleContent(), good.revision + 1, new Date());
  bad.groups[0].multiplier = '-1'; // and the hash no longer matches either
  for (const [text, revision, message] of [
    ['{"revision": 1, "groups": [', null, /^not valid JSON$/],
    // Well formed, but of the schema before this data plane's (a control plane not yet upgraded).
    [schemaOneText(sampleContent(), good.revision + 2), good.revision + 2, /^invalid snapshot: schemaVersion: must be 2 \(this data plane's schema\), got 1$/],
    [JSON.stringify(bad), bad.revision, /^invalid snapshot: groups\[0\]\.multiplier: must be a positive decimal string/],
  ] as const) {
    await redis.multi().set(keys.snapshot, text).publish(keys.snapshotAnnouncements, JSON.stringify({ revision: revision ?? 999, hash: 'f'.repeat(64) })).exec();
    await settle(async () => {
      const rows = await dataPlanes();
      expect(rows.map((r) => (r.lastError ? r.lastError.revision : 'none'))).toEqual([revision, revision]);
      for (const row of rows) expect(row.lastError?.message).toMatch(message);
    });
  }
  // The very same compiled objects: nothing was swapped.
  expect([a.runtime(), b.runtime()]).toEqual(goods);
  expect(a.runtime()).toBe(goods[0]);
  expect(b.runtime()).toBe(goods[1]);
  for (const dp of [a, b]) {
    expect(dp.runtime()?.groups.get(GROUP)?.multiplier).toBe('2.5');
    expect(await readyz(dp)).toBe(200);
  }

  // The next good publish is applied and clears the reported refusal.
  await setMultiplier('3');
  const outcome = await cp.services.catalogChanged();
  await settle(async () => {
    const after = await dataPlanes();
    expect(after.map((r) => [r.revision, r.lastError])).toEqual([
      [outcome!.revision, null],
      [outcome!.revision, null],
    ]);
  });
  expect(b.runtime()?.groups.get(GROUP)?.multiplier).toBe('3');
});

test('a burst of 100 catalog changes costs at most a few builds, and the last change is published', async () => {
  const before = cp.services.snapshots.builds;
  const outcomes = await Promise.all(Array.from({ length: 100 }, () => cp.services.catalogChanged()));
  expect(cp.services.snapshots.builds - before).toBe(1);
  expect(new Set(outcomes.map((o) => o?.revision)).size).toBe(1);

  // Changes committed one after another while a build runs. The build is held for as long as the
  // changes go on: it reads the catalog in one statement, which waits on a lock of the exchange-rate
  // table. Every call made while the next build waits behind it joins that one build.
  const start = cp.services.snapshots.builds;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = cp.services.deps.orm.em.fork().transactional(async (tx) => {
    await tx.execute('lock table exchange_rate in access exclusive mode');
    locked();
    await released;
  });
  await Promise.race([isLocked, holding]);
  const interleaved: Promise<PublishOutcome | null>[] = [];
  try {
    for (let i = 1; i <= 20; i++) {
      await setMultiplier(String(10 + i));
      interleaved.push(cp.services.catalogChanged());
    }
  } finally {
    release();
  }
  await holding;
  const joined = await Promise.all(interleaved);
  // The held build, and one more for everything changed while it was held.
  expect(cp.services.snapshots.builds - start).toBe(2);
  expect(joined.slice(2)).toEqual(Array(18).fill(joined[19]));
  // Each call's snapshot includes its change: the held build read the catalog once the lock was
  // gone, after every change, so every call resolves with the revision holding the last one.
  const head = (await cp.services.deps.ports.configBus.readHead())!;
  expect(joined.map((o) => o?.revision)).toEqual(Array(20).fill(head.revision));
  await settle(() => {
    for (const dp of [a, b]) expect(dp.runtime()?.groups.get(GROUP)?.multiplier).toBe('30');
  });
});

test('a data plane restarted while Redis is down starts from its disk copy, and says it is not ready for want of Redis', async () => {
  const applied = a.runtime()!;
  await a.close();
  const restarted = await startTestDataPlane({ nodeName: 'node-a', redisPrefix: cp.redisPrefix, dataDir: dir.path, redisUrl: 'redis://127.0.0.1:1' });
  try {
    expect(restarted.runtime()?.revision).toBe(applied.revision);
    expect(restarted.runtime()?.hash).toBe(applied.hash);
    expect(restarted.runtime()?.models.get(MODEL)?.routes[0].levels[0].channels[0].channel.keys[0].secret).toBe('sk-upstream-secret');
    const ready = await fetch(`${restarted.url}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { missing: string[] };
    expect(body).toMatchObject({ node: 'node-a', revision: applied.revision });
    expect(body.missing).toEqual([expect.stringMatching(/^Redis/), expect.stringMatching(/^token invalidations/)]);
  } finally {
    await restarted.close();
  }
  // Without a disk copy (another node name) and without Redis: up, but not ready.
  const empty = await startTestDataPlane({ nodeName: 'node-z', redisPrefix: cp.redisPrefix, dataDir: dir.path, redisUrl: 'redis://127.0.0.1:1' });
  try {
    expect(empty.runtime()).toBeNull();
    const ready = await fetch(`${empty.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { missing: string[] }).missing).toEqual([expect.stringMatching(/^routing configuration/), expect.stringMatching(/^Redis/), expect.stringMatching(/^token invalidations/)]);
  } finally {
    await empty.close();
  }
});

test('a disk copy of an older snapshot schema is not used (no crash, no refusal reported); the bus snapshot is', async () => {
  await writeFile(join(dir.path, 'snapshot-node-old.json'), schemaOneText(sampleContent(), 1));
  const down = await startTestDataPlane({ nodeName: 'node-old', redisPrefix: cp.redisPrefix, dataDir: dir.path, redisUrl: 'redis://127.0.0.1:1' });
  try {
    expect(down.runtime()).toBeNull();
    expect(down.loader.report().lastError).toBeNull();
    expect(await readyz(down)).toBe(503);
  } finally {
    await down.close();
  }
  const up = await startTestDataPlane({ nodeName: 'node-old', redisPrefix: cp.redisPrefix, dataDir: dir.path });
  try {
    const head = await cp.services.deps.ports.configBus.readHead();
    expect(up.runtime()?.hash).toBe(head!.hash);
    expect(up.runtime()?.models.get(MODEL)?.routes[0].levels[0].channels[0].upstreamModel).toBe('upstream-model');
  } finally {
    await up.close();
  }
  // The disk copy is replaced by the applied snapshot, of this schema.
  await settle(async () => expect(JSON.parse(await readFile(join(dir.path, 'snapshot-node-old.json'), 'utf8'))).toMatchObject({ schemaVersion: SNAPSHOT_SCHEMA_VERSION }));
});

describe('data-plane status over GraphQL', () => {
  let ws: Client;

  afterAll(async () => {
    await ws?.dispose();
  });

  test('dataPlanes is for administrators only', async () => {
    const user = await seedAccount(cp.services);
    const r = await gql(cp.server.url, DATA_PLANES, {}, { session: user.session });
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql(cp.server.url, DATA_PLANES)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('a node that cannot apply snapshots is shown behind; a node that stops beating goes silent; subscribers hear both', async () => {
    ws = createClient({ url: cp.server.wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${admin}` } });
    const events: { node: string; state: string; previousState: string }[] = [];
    let subscribed!: () => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    ws.on('connected', () => subscribed());
    ws.subscribe<{ dataPlaneStatusChanged: { state: string; previousState: string; dataPlane: { node: string } } }>(
      { query: 'subscription { dataPlaneStatusChanged { state previousState dataPlane { node } } }' },
      {
        next: ({ data }) => data && events.push({ node: data.dataPlaneStatusChanged.dataPlane.node, state: data.dataPlaneStatusChanged.state, previousState: data.dataPlaneStatusChanged.previousState }),
        error: (err) => {
          throw err;
        },
        complete: () => undefined,
      },
    );
    await ready;

    // node-c holds another SECRET_KEY: it refuses every snapshot (keys cannot be decrypted). It
    // starts right after a publish, so it is first seen within the lag allowed, then falls behind.
    await setMultiplier('5');
    await cp.services.catalogChanged();
    const c = await startTestDataPlane({ nodeName: 'node-c', redisPrefix: cp.redisPrefix, dataDir: dir.path, secretKey: 'a-different-secret-key-a-different-secret' });
    try {
      await settle(async () => {
        const row = (await dataPlanes()).find((r) => r.node === 'node-c');
        expect(row).toMatchObject({ revision: null, behind: true, silent: false, state: 'BEHIND' });
        expect(row?.lastError?.message).toContain('cannot be decrypted');
      });
      // From OK, or from SILENT when a busy machine delayed its first beats past the silence limit.
      await settle(() => expect(events).toContainEqual({ node: 'node-c', state: 'BEHIND', previousState: expect.stringMatching(/^(OK|SILENT)$/) }));
    } finally {
      await c.close();
    }

    await b.close();
    // Judged on the row and on the last event: on a busy machine node-b may also have missed a beat
    // earlier, gone silent and come back, before it was closed.
    await settle(async () => expect((await dataPlanes()).find((r) => r.node === 'node-b')).toMatchObject({ silent: true, state: 'SILENT', behind: false }));
    await settle(() => expect(events.filter((e) => e.node === 'node-b').at(-1)).toEqual({ node: 'node-b', state: 'SILENT', previousState: 'OK' }));
  });
});
