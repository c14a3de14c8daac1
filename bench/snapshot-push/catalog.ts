/** The synthetic full catalog of the snapshot-push benchmark. */
import type { MikroORM } from '@mikro-orm/postgresql';
import { ChannelGroup } from '../../control-plane/catalog/channel-group.entity.js';
import { ChannelKey } from '../../control-plane/catalog/channel-key.entity.js';
import { Channel, ChannelKind } from '../../control-plane/catalog/channel.entity.js';
import { ExchangeRate } from '../../control-plane/catalog/exchange-rate.entity.js';
import { Group } from '../../control-plane/catalog/group.entity.js';
import { CatalogModel, PriceTable } from '../../control-plane/catalog/model.entity.js';
import type { SecretBox } from '../../shared/crypto/secrets.js';

/** Its sizes. */
export const CATALOG = { models: 1000, channels: 50, groups: 13, modelsPerChannel: 200, keysPerChannel: 2 };

/** The group whose multiplier each measured change updates. */
export const CHANGED_GROUP = 'bench_0';

/**
 * Replaces the seeded catalog with the synthetic one, so the figures are for exactly these sizes:
 * 1,000 models (an alias and four prices each), 50 openai channels each serving 200 of them (one
 * renamed upstream) with 2 keys and membership in 2 of the 13 groups.
 */
export async function seedSyntheticCatalog(orm: MikroORM, secrets: SecretBox): Promise<void> {
  const em = orm.em.fork();
  for (const entity of [ChannelGroup, ChannelKey, Channel, CatalogModel, Group]) await em.nativeDelete(entity, {});
  const groups = Array.from({ length: CATALOG.groups }, (_, g) =>
    em.create(Group, { name: `bench_${g}`, displayName: `Bench ${g}`, priceMultiplier: '1', formats: ['chat-completions', 'messages'], recommendedFormat: 'chat-completions' }),
  );
  for (let m = 0; m < CATALOG.models; m++) {
    em.create(CatalogModel, {
      modelId: `bench-model-${m}`,
      aliases: [`bench-alias-${m}`],
      vendor: ['openai', 'anthropic', 'google', 'deepseek'][m % 4],
      prices: Object.assign(new PriceTable(), { input: '1.25', output: '10', cacheRead: '0.125', cacheWrite5m: '1.5625' }),
      contextLimit: 200_000,
      outputLimit: 64_000,
    });
  }
  for (let c = 0; c < CATALOG.channels; c++) {
    const models = Array.from({ length: CATALOG.modelsPerChannel }, (_, i) => `bench-model-${(c * 97 + i * 5) % CATALOG.models}`);
    const channel = em.create(Channel, {
      name: `bench-channel-${c}`,
      kind: ChannelKind.OpenAI,
      baseUrl: `https://upstream-${c}.example.test`,
      models: [...new Set(models)],
      modelMapping: { [models[0]]: `${models[0]}-upstream` },
    });
    for (let k = 0; k < CATALOG.keysPerChannel; k++) {
      em.create(ChannelKey, { channel, position: k, keyEncrypted: secrets.encrypt(`sk-bench-${c}-${k}-${'x'.repeat(40)}`), keyMasked: 'sk-be...xxxx' });
    }
    for (const g of [c % CATALOG.groups, (c + 5) % CATALOG.groups]) em.create(ChannelGroup, { channel, group: groups[g], priority: c % 3, weight: 1 + (c % 4) });
  }
  em.create(ExchangeRate, { rate: '7.2' });
  await em.flush();
}
