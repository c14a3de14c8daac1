import { ChannelGroup } from '../../control-plane/catalog/channel-group.entity.js';
import { ChannelKey } from '../../control-plane/catalog/channel-key.entity.js';
import { Channel, ChannelKind } from '../../control-plane/catalog/channel.entity.js';
import { ExchangeRate } from '../../control-plane/catalog/exchange-rate.entity.js';
import { BillingKind, Group, GroupStatus } from '../../control-plane/catalog/group.entity.js';
import { CatalogModel, PriceTable } from '../../control-plane/catalog/model.entity.js';
import { SnapshotBuilder } from '../../control-plane/publish/snapshot.builder.js';
import { canonicalJson, snapshotHash } from '../../shared/snapshot/hash.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';

let cp: TestControlPlane;
const em = () => cp.services.deps.orm.em.fork();

beforeAll(async () => {
  cp = await startTestControlPlane({ redis: false });
  const e = em();
  const group = e.create(Group, { name: 'build_a', displayName: 'Build A', priceMultiplier: '1', formats: ['chat-completions'], recommendedFormat: 'chat-completions' });
  for (let i = 0; i < 5; i++) {
    e.create(CatalogModel, { modelId: `build-model-${i}`, vendor: 'openai', prices: Object.assign(new PriceTable(), { input: '1', output: '2' }) });
  }
  const channel = e.create(Channel, { name: 'build-channel', kind: ChannelKind.OpenAI, baseUrl: 'https://upstream.example.test', models: ['build-model-0', 'build-model-1'], modelMapping: {} });
  e.create(ChannelKey, { channel, position: 0, keyEncrypted: cp.services.deps.secrets.encrypt('sk-build'), keyMasked: 'sk-bu...uild' });
  e.create(ChannelGroup, { channel, group, priority: 1, weight: 1 });
  e.create(ExchangeRate, { rate: '7.2' });
  await e.flush();
});

afterAll(() => cp.stop());

/** A warm build must equal a cold one (a fresh builder reads everything), text and hash included. */
async function expectWarmEqualsCold(warm: SnapshotBuilder) {
  const built = await warm.build(em());
  const cold = await new SnapshotBuilder().build(em());
  expect(built.json).toBe(cold.json);
  expect(built.json).toBe(canonicalJson(built.content));
  expect(built.sections).toEqual(cold.sections);
  expect(built.hash).toBe(snapshotHash(built.content));
  return built;
}

test('an incremental build sees every change, even ones made behind the ORM, and equals a cold build', async () => {
  const builder = new SnapshotBuilder();
  const first = await expectWarmEqualsCold(builder);
  expect((await builder.build(em())).hash).toBe(first.hash);

  // A raw UPDATE (no ORM hook, no updatedAt): the row version still changes.
  await em().getConnection().execute(`update model set multiplier = 3 where model_id = 'build-model-3'`);
  const repriced = await expectWarmEqualsCold(builder);
  expect(repriced.content.models.find((m) => m.id === 'build-model-3')?.multiplier).toBe('3');

  // A key disabled: the channel's part changes although the channel row did not.
  await em().nativeUpdate(ChannelKey, { keyMasked: 'sk-bu...uild' }, { enabled: false });
  const disabled = await expectWarmEqualsCold(builder);
  expect(disabled.content.channels.find((c) => c.name === 'build-channel')?.keys[0].enabled).toBe(false);

  // A model added and another deleted; a channel's served models changed.
  const e = em();
  e.create(CatalogModel, { modelId: 'build-model-new', vendor: 'anthropic', prices: Object.assign(new PriceTable(), { input: '3', output: '15' }) });
  await e.flush();
  await em().nativeDelete(CatalogModel, { modelId: 'build-model-4' });
  await em().nativeUpdate(Channel, { name: 'build-channel' }, { models: ['build-model-0', 'build-model-new'] });
  const changed = await expectWarmEqualsCold(builder);
  const ids = changed.content.models.map((m) => m.id);
  expect(ids.filter((id) => id.startsWith('build-'))).toEqual(['build-model-0', 'build-model-1', 'build-model-2', 'build-model-3', 'build-model-new']);
  expect(changed.content.channels.find((c) => c.name === 'build-channel')?.models).toEqual(['build-model-0', 'build-model-new']);

  // Renamed models only, and only served ones: identity and stale entries of the column are left out.
  await em().nativeUpdate(Channel, { name: 'build-channel' }, { modelMapping: { 'build-model-0': 'upstream-0', 'build-model-new': 'build-model-new', 'build-model-1': 'gone' } });
  const mapped = await expectWarmEqualsCold(builder);
  expect(mapped.content.channels.find((c) => c.name === 'build-channel')?.modelMapping).toEqual({ 'build-model-0': 'upstream-0' });
  await em().nativeUpdate(Channel, { name: 'build-channel' }, { modelMapping: {} });

  // Back to unchanged: same hash as the build before.
  expect((await builder.build(em())).hash).toBe(changed.hash);
});

test('groups, memberships and the rate in force are read whole each build, as the snapshot spells them', async () => {
  const builder = new SnapshotBuilder();
  const group = (built: { content: { groups: { name: string }[] } }) => built.content.groups.find((g) => g.name === 'build_a');
  const first = await expectWarmEqualsCold(builder);
  expect(group(first)).toEqual({ name: 'build_a', formats: ['chat-completions'], recommendedFormat: 'chat-completions', multiplier: '1', billing: 'tokens', autoRoute: true, status: 'active' });
  expect(first.content.exchangeRate).toBe('7.2');

  await em().nativeUpdate(Group, { name: 'build_a' }, { priceMultiplier: '2.50', billingKind: BillingKind.PerRequest, autoRoute: false, status: GroupStatus.Disabled, formats: ['messages', 'responses'], recommendedFormat: 'responses' });
  const e = em();
  e.create(ExchangeRate, { rate: '7.15' });
  await e.flush();
  const changed = await expectWarmEqualsCold(builder);
  expect(group(changed)).toEqual({ name: 'build_a', formats: ['messages', 'responses'], recommendedFormat: 'responses', multiplier: '2.5', billing: 'per-request', autoRoute: false, status: 'disabled' });
  expect(changed.content.exchangeRate).toBe('7.15');
  expect(changed.content.memberships.filter((m) => m.group === 'build_a')).toEqual([{ group: 'build_a', channelId: expect.any(String), priority: 1, weight: 1 }]);
  // Models and channels did not change: the very parts of the previous build.
  expect(changed.content.models).toEqual(first.content.models);
  expect(changed.content.models[0]).toBe(first.content.models[0]);
});
