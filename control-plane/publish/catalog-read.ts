import type { EntityManager } from '@mikro-orm/postgresql';

/** A group row, as the snapshot needs it; `multiplier` as PostgreSQL prints a numeric ("1.500000"). */
export interface GroupRow {
  name: string;
  formats: string[];
  recommendedFormat: string;
  multiplier: string;
  /** The `billing_kind` enum value (see BillingKind). */
  billingKind: string;
  autoRoute: boolean;
  /** The `group_status` enum value (see GroupStatus). */
  status: string;
  /** Rate limits (null: none). */
  rpm: number | null;
  tpm: number | null;
  concurrency: number | null;
}

/** A channel's place in a group: `group` is the group name, `channel` the channel id. */
export interface MembershipRow {
  group: string;
  channel: string;
  priority: number;
  weight: number;
}

/** A row's id and version: PostgreSQL's `xmin`, which every update of the row changes, whoever makes it. */
export interface VersionRow {
  id: string;
  version: string;
}

/** A channel key; `channel` is the channel id. */
export interface KeyRow {
  id: string;
  channel: string;
  keyEncrypted: string;
  enabled: boolean;
}

/**
 * A table (or two) read as a fingerprint of its row versions, and the versions themselves only
 * when the fingerprint is not the one the reader already had.
 */
export interface VersionedRead<T> {
  /** md5 of every row version: equal fingerprints, equal rows (see versionsOf). */
  fingerprint: string;
  /** Null when `fingerprint` is the one given (nothing changed). */
  changed: T | null;
}

/** What one build reads: the small tables whole, models and channels by fingerprint. */
export interface CatalogRead {
  groups: GroupRow[];
  memberships: MembershipRow[];
  /** The rate in force (as PostgreSQL prints it), null when none was ever set. */
  rate: string | null;
  /** Model row versions in model-id order (the snapshot's). */
  models: VersionedRead<VersionRow[]>;
  /** Channel row versions in id order and every key in round-robin order: a key change changes its channel. */
  channels: VersionedRead<{ versions: VersionRow[]; keys: KeyRow[] }>;
}

/**
 * A table's row versions as text ('' for an empty table, so its md5 is never null). Any committed
 * insert or update brings a version (the writing transaction's id) the table did not hold, and a
 * delete shortens the list: equal lists, equal rows. In scan order, not sorted (a sort was half
 * the statement's time): a table that did not change is scanned in the same order, and a
 * different order would only cost a needless rebuild, never a missed change.
 */
const versionsOf = (table: string) => `coalesce((select string_agg(xmin::text, ',') from "${table}"), '')`;

/*
 * One statement, so one round trip and one consistent view of the catalog: the ORM's queries cost
 * about 1.5 ms of client time each, and a build made six. The version lists of models and channels
 * (a thousand rows) are only sent when their fingerprint moved. `materialized`: each fingerprint
 * is computed once, not once per reference.
 */
const CATALOG_SQL = `
with fp as materialized (
  select md5(${versionsOf('model')}) as models, md5(${versionsOf('channel')} || '/' || ${versionsOf('channel_key')}) as channels
)
select
  (select coalesce(json_agg(json_build_object(
     'name', name, 'formats', formats, 'recommendedFormat', recommended_format, 'multiplier', price_multiplier::text,
     'billingKind', billing_kind, 'autoRoute', auto_route, 'status', status,
     'rpm', rate_rpm, 'tpm', rate_tpm, 'concurrency', rate_concurrency) order by name), '[]') from route_group) as groups,
  (select coalesce(json_agg(json_build_object('group', group_name, 'channel', channel_id, 'priority', priority, 'weight', weight)
     order by group_name, channel_id), '[]') from channel_group) as memberships,
  (select rate::text from exchange_rate order by id desc limit 1) as rate,
  fp.models as models_fingerprint,
  case when fp.models is distinct from ? then
    (select coalesce(json_agg(json_build_object('id', id, 'version', xmin::text) order by model_id), '[]') from model) end as model_versions,
  fp.channels as channels_fingerprint,
  case when fp.channels is distinct from ? then
    (select coalesce(json_agg(json_build_object('id', id, 'version', xmin::text) order by id), '[]') from channel) end as channel_versions,
  case when fp.channels is distinct from ? then
    (select coalesce(json_agg(json_build_object('id', id, 'channel', channel_id, 'keyEncrypted', key_encrypted, 'enabled', enabled)
       order by channel_id, position), '[]') from channel_key) end as keys
from fp`;

interface CatalogRow {
  groups: GroupRow[];
  memberships: MembershipRow[];
  rate: string | null;
  models_fingerprint: string;
  model_versions: VersionRow[] | null;
  channels_fingerprint: string;
  channel_versions: VersionRow[] | null;
  keys: KeyRow[] | null;
}

/** Reads the catalog in one statement; `known`: the fingerprints of the models and channels the caller holds. */
export async function readCatalog(em: EntityManager, known: { models: string | null; channels: string | null }): Promise<CatalogRead> {
  const [row] = await em.getConnection().execute<CatalogRow[]>(CATALOG_SQL, [known.models, known.channels, known.channels]);
  return {
    groups: row.groups,
    memberships: row.memberships,
    rate: row.rate,
    models: { fingerprint: row.models_fingerprint, changed: row.model_versions },
    channels: { fingerprint: row.channels_fingerprint, changed: row.channel_versions && { versions: row.channel_versions, keys: row.keys ?? [] } },
  };
}
