import type { EntityManager } from '@mikro-orm/postgresql';
import { decimalToString, parseDecimal } from '../../shared/decimal.js';
import type { ModelPrices, PriceKind } from '../../shared/pricing/prices.js';
import {
  SNAPSHOT_SCHEMA_VERSION,
  type SnapshotChannel,
  type SnapshotContent,
  type SnapshotGroup,
  type SnapshotMembership,
  type SnapshotModel,
  type SnapshotSettings,
} from '../../shared/snapshot/types.js';
import { ChannelGroup } from '../catalog/channel-group.entity.js';
import { ChannelKey } from '../catalog/channel-key.entity.js';
import { Channel, ChannelKind, ChannelStatus, isDemoKind } from '../catalog/channel.entity.js';
import { ExchangeRate } from '../catalog/exchange-rate.entity.js';
import { BillingKind, Group, GroupStatus } from '../catalog/group.entity.js';
import { CatalogModel } from '../catalog/model.entity.js';

const PRICE_KINDS: readonly PriceKind[] = ['input', 'output', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h', 'image', 'videoSecond', 'perRequest'];

function toGroup(g: Group): SnapshotGroup {
  return {
    name: g.name,
    formats: [...g.formats],
    recommendedFormat: g.recommendedFormat,
    multiplier: g.priceMultiplier,
    billing: g.billingKind === BillingKind.PerRequest ? 'per-request' : 'tokens',
    autoRoute: g.autoRoute,
    status: g.status === GroupStatus.Active ? 'active' : 'disabled',
  };
}

/** A channel row from a plain query (see ModelRow); its keys come from their own query. */
type ChannelRow = Pick<
  Channel,
  'id' | 'name' | 'kind' | 'baseUrl' | 'models' | 'modelMapping' | 'connectTimeoutMs' | 'firstByteTimeoutMs' | 'totalTimeoutMs' | 'azureApiVersion' | 'azureDeployment' | 'status'
>;

/** A key row; `channel` is the channel id. */
type KeyRow = Pick<ChannelKey, 'id' | 'keyEncrypted' | 'enabled'> & { channel: string };

/** A channel (a row or the entity) as the snapshot carries it, with `keys` (still sealed). */
export function toChannel(c: ChannelRow, keys: KeyRow[]): SnapshotChannel {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    isDemo: isDemoKind(c.kind),
    baseUrl: c.baseUrl === '' ? null : c.baseUrl,
    // The database ciphertext as is: keys travel sealed with SECRET_KEY and are opened by the data plane.
    keys: keys.map((k) => ({ id: k.id, sealed: k.keyEncrypted, enabled: k.enabled })),
    models: [...c.models].sort().map((model) => ({ model, upstreamModel: c.modelMapping[model] ?? model })),
    timeouts: { connectMs: c.connectTimeoutMs, firstByteMs: c.firstByteTimeoutMs, totalMs: c.totalTimeoutMs },
    azure: c.kind === ChannelKind.AzureOpenAI ? { apiVersion: c.azureApiVersion ?? '', deployment: c.azureDeployment ?? null } : null,
    status: c.status === ChannelStatus.Active ? 'active' : 'disabled',
  };
}

/**
 * A model row as the query builder maps it without hydrating entities: the embedded price table
 * comes flattened (`prices_<kind>`) and decimals as PostgreSQL prints them ("3.000000").
 */
type ModelRow = Pick<CatalogModel, 'modelId' | 'aliases' | 'vendor' | 'kind' | 'multiplier' | 'contextLimit' | 'outputLimit' | 'defaultMaxOutputTokens'> &
  Partial<Record<`prices_${PriceKind}`, string | null>>;

/** "3.000000" -> "3": the strings the entities (and the admin) use. */
function canonical(decimal: string): string {
  return decimalToString(parseDecimal(decimal));
}

function toModel(m: ModelRow): SnapshotModel {
  // Only the prices that are set: an absent price and a null one mean the same, and absent is shorter.
  const prices: Partial<Record<PriceKind, string>> = {};
  for (const kind of PRICE_KINDS) {
    const v = m[`prices_${kind}`];
    if (v != null) prices[kind] = canonical(v);
  }
  return {
    id: m.modelId,
    aliases: [...m.aliases].sort(),
    vendor: m.vendor,
    kind: m.kind,
    prices: prices as ModelPrices,
    multiplier: canonical(m.multiplier),
    limits: { contextTokens: m.contextLimit ?? null, maxOutputTokens: m.outputLimit ?? null },
    defaultMaxOutputTokens: m.defaultMaxOutputTokens ?? null,
  };
}

function toMembership(ms: ChannelGroup): SnapshotMembership {
  return { group: ms.group.name, channelId: ms.channel.id, priority: ms.priority, weight: ms.weight };
}

/**
 * Reads the routing catalog from PostgreSQL into snapshot content: the only bridge between the
 * catalog tables and the wire snapshot. Every list is sorted, so equal catalogs give equal hashes.
 * Throws when no exchange rate has been set (nothing could be charged).
 */
export async function buildSnapshotContent(em: EntityManager, settings: SnapshotSettings = {}): Promise<SnapshotContent> {
  // Channels and models are read-only here and the bulk of the catalog: plain queries are ~5x
  // faster than hydrating entities (their array, JSON and decimal columns included).
  const [groups, channels, keys, memberships, models, [rate]] = await Promise.all([
    em.find(Group, {}, { orderBy: { name: 'asc' } }),
    em.createQueryBuilder(Channel).select('*').orderBy({ id: 'asc' }).execute<ChannelRow[]>('all', true),
    em.createQueryBuilder(ChannelKey).select(['id', 'channel', 'keyEncrypted', 'enabled']).orderBy({ channel: 'asc', position: 'asc' }).execute<KeyRow[]>('all', true),
    em.find(ChannelGroup, {}, { orderBy: { group: 'asc', channel: 'asc' } }),
    em.createQueryBuilder(CatalogModel).select('*').orderBy({ modelId: 'asc' }).execute<ModelRow[]>('all', true),
    em.find(ExchangeRate, {}, { orderBy: { id: 'desc' }, limit: 1 }),
  ]);
  if (!rate) throw new Error('no exchange rate is set: cannot build a routing snapshot');
  const keysByChannel = new Map<string, KeyRow[]>();
  for (const k of keys) {
    const list = keysByChannel.get(k.channel);
    if (list) list.push(k);
    else keysByChannel.set(k.channel, [k]);
  }
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    groups: groups.map(toGroup),
    channels: channels.map((c) => toChannel(c, keysByChannel.get(c.id) ?? [])),
    memberships: memberships.map(toMembership),
    models: models.map(toModel),
    exchangeRate: rate.rate,
    settings,
  };
}
