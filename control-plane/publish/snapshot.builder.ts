import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { decimalToString, parseDecimal } from '../../shared/decimal.js';
import { canonicalContent, canonicalJson, sectionOfJson, type CanonicalContent, type SectionJson } from '../../shared/snapshot/hash.js';
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
import { Channel, ChannelKind, ChannelStatus, isDemoKind } from '../catalog/channel.entity.js';
import { BillingKind, GroupStatus } from '../catalog/group.entity.js';
import { CatalogModel } from '../catalog/model.entity.js';
import type { GroupFormat } from '../../shared/formats.js';
import { hasRateLimit } from '../../shared/limits/rate-limits.js';
import { readCatalog, type GroupRow, type KeyRow, type MembershipRow, type VersionedRead, type VersionRow } from './catalog-read.js';

const PRICE_KINDS: readonly PriceKind[] = ['input', 'output', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h', 'image', 'videoSecond', 'perRequest'];

function toGroup(g: GroupRow): SnapshotGroup {
  const limits = { rpm: g.rpm, tpm: g.tpm, concurrency: g.concurrency };
  return {
    name: g.name,
    formats: g.formats as GroupFormat[],
    recommendedFormat: g.recommendedFormat as GroupFormat,
    multiplier: canonical(g.multiplier),
    billing: g.billingKind === BillingKind.PerRequest ? 'per-request' : 'tokens',
    autoRoute: g.autoRoute,
    status: g.status === GroupStatus.Active ? 'active' : 'disabled',
    // Only when set: an absent field means none (and leaves the hash of a snapshot without limits as it was).
    ...(hasRateLimit(limits) ? { limits } : {}),
  };
}

/** A channel row from a plain query (see ModelRow); its keys come from their own query. */
type ChannelRow = Pick<
  Channel,
  'id' | 'name' | 'kind' | 'baseUrl' | 'models' | 'modelMapping' | 'connectTimeoutMs' | 'firstByteTimeoutMs' | 'totalTimeoutMs' | 'idleTimeoutSeconds' | 'azureApiVersion' | 'azureDeployment' | 'status'
>;

/** The channel's mapping restricted to what the snapshot carries: served models whose upstream name differs. */
function renamedModels(c: Pick<Channel, 'models' | 'modelMapping'>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const model of c.models) {
    // Own properties only: a model named like an Object.prototype member ("constructor") is no mapping.
    if (Object.hasOwn(c.modelMapping, model) && c.modelMapping[model] !== model) renamed[model] = c.modelMapping[model];
  }
  return renamed;
}

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
    models: [...c.models].sort(),
    modelMapping: renamedModels(c),
    timeouts: {
      connectMs: c.connectTimeoutMs,
      firstByteMs: c.firstByteTimeoutMs,
      totalMs: c.totalTimeoutMs,
      idleMs: c.idleTimeoutSeconds == null ? null : c.idleTimeoutSeconds * 1000,
    },
    azure: c.kind === ChannelKind.AzureOpenAI ? { apiVersion: c.azureApiVersion ?? '', deployment: c.azureDeployment ?? null } : null,
    status: c.status === ChannelStatus.Active ? 'active' : 'disabled',
  };
}

/**
 * A model row as the query builder maps it without hydrating entities: the embedded price table
 * comes flattened (`prices_<kind>`) and decimals as PostgreSQL prints them ("3.000000").
 */
type ModelRow = Pick<CatalogModel, 'modelId' | 'aliases' | 'vendor' | 'kind' | 'multiplier' | 'contextLimit' | 'outputLimit' | 'defaultMaxOutputTokens' | 'rejectedParameters' | 'unitPrices'> &
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
    // Only when there are some: the snapshots of text models stay as they were.
    ...(m.unitPrices?.length ? { unitPrices: m.unitPrices.map((v) => ({ ...v, usd: canonical(v.usd) })) } : {}),
    multiplier: canonical(m.multiplier),
    limits: { contextTokens: m.contextLimit ?? null, maxOutputTokens: m.outputLimit ?? null },
    defaultMaxOutputTokens: m.defaultMaxOutputTokens ?? null,
    rejectedParameters: [...(m.rejectedParameters ?? [])],
  };
}

function toMembership(ms: MembershipRow): SnapshotMembership {
  return { group: ms.group, channelId: ms.channel, priority: ms.priority, weight: ms.weight };
}

/** The snapshot part of one row, serialised, as of a row version. */
interface CachedPart<T> {
  version: string;
  part: T;
  json: string;
}

/** Above this many changed rows, one query for the whole table beats a list of ids. */
const MAX_IDS_PER_QUERY = 100;

/** Selects the row version beside the columns (see VersionRow). */
const VERSION = raw('xmin::text as version');

/** The last build's models or channels: the fingerprint of the rows they were built from, their parts, and the section's JSON. */
interface Section<T> {
  fingerprint: string | null;
  parts: CachedPart<T>[];
  section: SectionJson;
}

const EMPTY_SECTION = sectionOfJson('[]');

/**
 * Reads the routing catalog from PostgreSQL into canonical snapshot content: the only bridge
 * between the catalog tables and the wire snapshot. Every list is sorted, so equal catalogs give
 * equal hashes. Incremental: models and channels (the bulk of the snapshot) are cached per row
 * with their canonical JSON, keyed by the row version. A build is one statement (see readCatalog)
 * when neither table changed; otherwise it fetches and serialises only the rows that changed, and
 * joins the rest. Builds must not overlap (the publisher runs one at a time). Throws when no
 * exchange rate has been set (nothing could be charged).
 */
export class SnapshotBuilder {
  private readonly models = new Map<string, CachedPart<SnapshotModel>>();
  private readonly channels = new Map<string, CachedPart<SnapshotChannel> & { row: ChannelRow; keys: string }>();
  private modelSection: Section<SnapshotModel> = { fingerprint: null, parts: [], section: EMPTY_SECTION };
  private channelSection: Section<SnapshotChannel> = { fingerprint: null, parts: [], section: EMPTY_SECTION };

  constructor(private readonly settings: SnapshotSettings = {}) {}

  async build(em: EntityManager): Promise<CanonicalContent> {
    const read = await readCatalog(em, { models: this.modelSection.fingerprint, channels: this.channelSection.fingerprint });
    if (read.rate === null) throw new Error('no exchange rate is set: cannot build a routing snapshot');
    const [models, channels] = await Promise.all([
      this.section(this.modelSection, read.models, (versions) => this.buildModels(em, versions)),
      this.section(this.channelSection, read.channels, ({ versions, keys }) => this.buildChannels(em, versions, keys)),
    ]);
    this.modelSection = models;
    this.channelSection = channels;
    const content: SnapshotContent = {
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      groups: read.groups.map(toGroup),
      channels: channels.parts.map((c) => c.part),
      memberships: read.memberships.map(toMembership),
      models: models.parts.map((m) => m.part),
      exchangeRate: canonical(read.rate),
      settings: this.settings,
    };
    return canonicalContent(content, { channels: channels.section, models: models.section });
  }

  /**
   * The section as read: the previous one when its fingerprint did not move (its JSON and digest
   * too), else rebuilt from the versions read (joined from the rows' parts, and hashed, once).
   */
  private async section<T, V>(previous: Section<T>, read: VersionedRead<V>, rebuild: (changed: V) => Promise<CachedPart<T>[]>): Promise<Section<T>> {
    if (read.changed === null) return previous;
    const parts = await rebuild(read.changed);
    return { fingerprint: read.fingerprint, parts, section: sectionOfJson(`[${parts.map((p) => p.json).join(',')}]`) };
  }

  /** Models in model-id order, re-read and re-serialised only where their row changed. */
  private async buildModels(em: EntityManager, versions: VersionRow[]): Promise<CachedPart<SnapshotModel>[]> {
    const stale = versions.filter((v) => this.models.get(v.id)?.version !== v.version).map((v) => v.id);
    if (stale.length > 0) {
      const qb = em.createQueryBuilder(CatalogModel).select(['*', VERSION]);
      if (stale.length <= MAX_IDS_PER_QUERY) qb.where({ id: { $in: stale } });
      for (const row of await qb.execute<(ModelRow & VersionRow)[]>('all', true)) {
        const part = toModel(row);
        this.models.set(row.id, { version: row.version, part, json: canonicalJson(part) });
      }
    }
    return this.current(this.models, versions);
  }

  /** Channels in id order with their keys; a channel is re-serialised when its row or its keys changed. */
  private async buildChannels(em: EntityManager, versions: VersionRow[], keys: KeyRow[]): Promise<CachedPart<SnapshotChannel>[]> {
    const keysByChannel = new Map<string, KeyRow[]>();
    for (const k of keys) {
      const list = keysByChannel.get(k.channel);
      if (list) list.push(k);
      else keysByChannel.set(k.channel, [k]);
    }
    const stale = versions.filter((v) => this.channels.get(v.id)?.version !== v.version).map((v) => v.id);
    const rows = new Map<string, ChannelRow & VersionRow>();
    if (stale.length > 0) {
      const qb = em.createQueryBuilder(Channel).select(['*', VERSION]);
      if (stale.length <= MAX_IDS_PER_QUERY) qb.where({ id: { $in: stale } });
      for (const row of await qb.execute<(ChannelRow & VersionRow)[]>('all', true)) rows.set(row.id, row);
    }
    for (const { id } of versions) {
      const channelKeys = keysByChannel.get(id) ?? [];
      const keysSignature = JSON.stringify(channelKeys);
      const cached = this.channels.get(id);
      const row = rows.get(id);
      if (!row && cached?.keys === keysSignature) continue;
      if (!row && !cached) continue; // created after the version query: the next build has it
      const source = row ?? cached!.row;
      const part = toChannel(source, channelKeys);
      this.channels.set(id, { version: row?.version ?? cached!.version, row: source, keys: keysSignature, part, json: canonicalJson(part) });
    }
    return this.current(this.channels, versions);
  }

  /** The cached parts of `versions`, in their order; forgets rows that no longer exist. */
  private current<T extends CachedPart<unknown>>(cache: Map<string, T>, versions: VersionRow[]): T[] {
    const live = new Set(versions.map((v) => v.id));
    for (const id of cache.keys()) if (!live.has(id)) cache.delete(id);
    return versions.flatMap((v) => cache.get(v.id) ?? []);
  }
}
