/**
 * First-start catalog: each step runs once per database (recorded in `catalog_seed`, claimed with
 * an insert that two control planes starting together cannot both win), so what an administrator
 * edits or deletes later is never re-seeded.
 *
 * The 13 groups of the availability page. The spec names eight groups with their formats and, in
 * a separate table, eleven kinds of group with multipliers; they are mapped onto each other as:
 *
 * | group          | kind (multiplier table)              | multiplier | formats (recommended first)          |
 * |----------------|--------------------------------------|-----------:|--------------------------------------|
 * | alpha_code     | official-key Claude-family           | 4.5        | messages, chat-completions           |
 * | alpha_code_1   | stable coding                        | 2.2        | messages, chat-completions           |
 * | alpha          | reverse-engineered Claude (cheapest) | 0.1        | messages, chat-completions           |
 * | alpha_free     | (none) free-tier Claude              | 0.05 *     | messages, chat-completions           |
 * | gamma          | responses forwarding                 | 0.2        | responses only                       |
 * | fast_forward   | official-key GPT-family              | 3          | chat-completions                     |
 * | az             | Azure                                | 2 *        | chat-completions                     |
 * | beta           | Gemini                               | 1.5        | generateContent, chat-completions    |
 * | multi_forward  | multi-model forwarding               | 1 *        | chat-completions + the other three   |
 * | image          | image                                | 1          | chat-completions, images, videos, generateContent |
 * | open_source_1  | open-source 1                        | 0.35       | chat-completions                     |
 * | open_source_2  | open-source 2                        | 0.5 *      | chat-completions                     |
 * | per_request    | (none) per-request billed Claude     | 1 *        | messages, chat-completions           |
 *
 * (*) The spec leaves these multipliers open (or the group out): Azure, the fallback of the GPT
 * group, is cheaper than it (2 < 3); open-source 2, the fallback of open-source 1, costs a little
 * more (0.5); multi-model forwarding is at cost (1); `alpha_free` is "free" as in almost free
 * (0.05; zero multipliers are refused everywhere); the 13th group, `per_request`, exercises
 * per-request billing and is kept out of automatic routing (pay-per-use comes first there).
 *
 * Also seeded: the exchange rate 7.2 RMB per USD (a round recent value; set the real one with
 * `setExchangeRate`), the built-in demo channel serving three `demo-*` models in every group so a
 * fresh start can answer a request, the model catalog import, and the official per-image and
 * per-second prices of the image and video models it lacks (./media-models.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GroupFormat, WireFormat } from '../../shared/formats.js';
import { ChannelGroup } from './channel-group.entity.js';
import { Channel, ChannelKind } from './channel.entity.js';
import { ExchangeRate } from './exchange-rate.entity.js';
import { BillingKind, Group } from './group.entity.js';
import { readGenaiPrices } from './import/genai-prices.js';
import { importModels } from './import/import-models.js';
import { MEDIA_MODELS } from './media-models.js';
import { CatalogModel, PriceTable } from './model.entity.js';

interface GroupSeed {
  name: string;
  displayName: string;
  description: string;
  priceMultiplier: string;
  /** Recommended format first. */
  formats: GroupFormat[];
  billingKind?: BillingKind;
  autoRoute?: boolean;
}

const CLAUDE_FORMATS: WireFormat[] = ['messages', 'chat-completions'];

/** The 13 groups (see the table above). */
export const SEED_GROUPS: readonly GroupSeed[] = [
  { name: 'alpha_code', displayName: 'Claude official', description: 'Official-key Claude family; coding agents in production', priceMultiplier: '4.5', formats: CLAUDE_FORMATS },
  { name: 'alpha_code_1', displayName: 'Stable coding', description: 'Stable coding group; cost-effective coding agents', priceMultiplier: '2.2', formats: CLAUDE_FORMATS },
  { name: 'alpha', displayName: 'Claude economy', description: 'Reverse-engineered Claude family, the cheapest; daily chat', priceMultiplier: '0.1', formats: CLAUDE_FORMATS },
  { name: 'alpha_free', displayName: 'Claude free tier', description: 'Best-effort Claude family at a token price', priceMultiplier: '0.05', formats: CLAUDE_FORMATS },
  { name: 'gamma', displayName: 'Responses forwarding', description: 'Responses-format CLIs; accepts the responses format only', priceMultiplier: '0.2', formats: ['responses'] },
  { name: 'fast_forward', displayName: 'GPT official', description: 'Official-key GPT family', priceMultiplier: '3', formats: ['chat-completions'] },
  { name: 'az', displayName: 'Azure', description: 'Azure OpenAI; fallback of the GPT group', priceMultiplier: '2', formats: ['chat-completions'] },
  { name: 'beta', displayName: 'Gemini', description: 'Gemini family', priceMultiplier: '1.5', formats: ['generateContent', 'chat-completions'] },
  {
    name: 'multi_forward',
    displayName: 'Multi-model forwarding',
    description: 'Many vendors behind one group; fallback of the Gemini group',
    priceMultiplier: '1',
    formats: ['chat-completions', 'messages', 'generateContent', 'responses'],
  },
  {
    name: 'image',
    displayName: 'Image generation',
    description: 'Image and video models',
    priceMultiplier: '1',
    formats: ['chat-completions', 'images', 'videos', 'generateContent'],
  },
  { name: 'open_source_1', displayName: 'Open-source 1', description: 'Open-source models', priceMultiplier: '0.35', formats: ['chat-completions'] },
  { name: 'open_source_2', displayName: 'Open-source 2', description: 'Open-source models; fallback of open-source 1', priceMultiplier: '0.5', formats: ['chat-completions'] },
  {
    name: 'per_request',
    displayName: 'Claude per request',
    description: 'A fixed price per request (the model’s per-request price)',
    priceMultiplier: '1',
    formats: CLAUDE_FORMATS,
    billingKind: BillingKind.PerRequest,
    autoRoute: false,
  },
];

/** The seeded USD -> RMB rate. */
const SEED_EXCHANGE_RATE = '7.2';

/** Name of the seeded demo channel. */
const DEMO_CHANNEL_NAME = 'demo';

/** The models the demo channel serves: priced like small, medium and large real models, with per-request prices for `per_request`. */
const DEMO_MODELS: readonly { modelId: string; prices: Partial<PriceTable>; contextLimit: number; outputLimit: number }[] = [
  { modelId: 'demo-small', prices: { input: '0.1', output: '0.4', perRequest: '0.002' }, contextLimit: 128_000, outputLimit: 8192 },
  { modelId: 'demo-chat', prices: { input: '1', output: '2', cacheRead: '0.1', perRequest: '0.01' }, contextLimit: 128_000, outputLimit: 16_384 },
  {
    modelId: 'demo-large',
    prices: { input: '3', output: '15', cacheRead: '0.3', cacheWrite5m: '3.75', cacheWrite1h: '6', perRequest: '0.05' },
    contextLimit: 200_000,
    outputLimit: 64_000,
  },
];

/**
 * Runs the seeding steps that never ran on this database. It notifies no one: `Services.start`
 * publishes the catalog once afterwards (a publish from inside a step would see it uncommitted).
 */
export async function seedCatalog(em: EntityManager, now: Date): Promise<void> {
  await step(em, 'groups', async (tx) => {
    for (const g of SEED_GROUPS) {
      if (await tx.findOne(Group, { name: g.name })) continue;
      tx.create(Group, { ...g, recommendedFormat: g.formats[0] });
    }
  });
  // Databases seeded before the media endpoints existed: their image group takes them on once.
  await step(em, 'image-group-media-formats', async (tx) => {
    const group = await tx.findOne(Group, { name: 'image' });
    if (group) group.formats = [...group.formats, ...(['images', 'videos'] as const).filter((f) => !group.formats.includes(f))];
  });
  await step(em, 'exchange-rate', async (tx) => {
    tx.create(ExchangeRate, { rate: SEED_EXCHANGE_RATE, note: 'built-in default; set the real rate with setExchangeRate', setBy: null });
  });
  await step(em, 'demo-channel', async (tx) => {
    for (const m of DEMO_MODELS) {
      if (await tx.findOne(CatalogModel, { modelId: m.modelId })) continue;
      const prices = Object.assign(new PriceTable(), m.prices);
      tx.create(CatalogModel, { modelId: m.modelId, vendor: 'meridian', prices, contextLimit: m.contextLimit, outputLimit: m.outputLimit, source: 'demo' });
    }
    if (await tx.findOne(Channel, { name: DEMO_CHANNEL_NAME })) return;
    const channel = tx.create(Channel, { name: DEMO_CHANNEL_NAME, kind: ChannelKind.Demo, models: DEMO_MODELS.map((m) => m.modelId) });
    for (const group of await tx.find(Group, {})) tx.create(ChannelGroup, { channel, group });
  });
  await step(em, 'model-import', async (tx) => {
    await importModels(tx, readGenaiPrices(now));
  });
  await step(em, 'media-models', async (tx) => {
    for (const m of MEDIA_MODELS) {
      if (await tx.findOne(CatalogModel, { modelId: m.modelId })) continue;
      const prices = Object.assign(new PriceTable(), m.prices);
      tx.create(CatalogModel, { modelId: m.modelId, vendor: m.vendor, kind: m.kind, prices, unitPrices: m.unitPrices, manualPriceOverride: true, source: 'official-media' });
    }
  });
}

/** Runs `work` and records `name` in one transaction, unless `name` was recorded before. */
async function step(em: EntityManager, name: string, work: (tx: EntityManager) => Promise<void>): Promise<void> {
  await em.transactional(async (tx) => {
    const claimed = await tx.execute<{ step: string }[]>(
      'insert into catalog_seed (step, applied_at) values (?, now()) on conflict do nothing returning step',
      [name],
    );
    if (claimed.length === 0) return;
    await work(tx);
  });
}
