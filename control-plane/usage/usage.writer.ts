import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { UsageEvent } from '../../shared/billing/usage-event.js';

/** The columns of `usage_record` filled from an event, with their SQL types (for jsonb_to_recordset). */
const COLUMNS: readonly [column: string, sqlType: string, value: (e: UsageEvent) => unknown][] = [
  ['event_id', 'text', (e) => e.eventId],
  ['request_id', 'text', (e) => e.requestId],
  ['account_id', 'uuid', (e) => e.accountId],
  ['token_id', 'text', (e) => e.tokenId],
  ['model', 'text', (e) => e.model],
  ['group', 'text', (e) => e.group],
  ['channel_id', 'text', (e) => e.channelId],
  ['node', 'text', (e) => e.node],
  ['format_in', 'text', (e) => e.formatIn],
  ['format_out', 'text', (e) => e.formatOut],
  ['stream', 'boolean', (e) => e.stream],
  ['input_tokens', 'int', (e) => e.usage.input],
  ['output_tokens', 'int', (e) => e.usage.output],
  ['cache_read_tokens', 'int', (e) => e.usage.cacheRead],
  ['cache_write5m_tokens', 'int', (e) => e.usage.cacheWrite5m],
  ['cache_write1h_tokens', 'int', (e) => e.usage.cacheWrite1h],
  ['reasoning_tokens', 'int', (e) => e.usage.reasoning],
  ['images', 'int', (e) => e.usage.images],
  ['video_seconds', 'int', (e) => e.usage.videoSeconds],
  ['unit_size', 'text', (e) => e.units?.size ?? null],
  ['unit_quality', 'text', (e) => e.units?.quality ?? null],
  ['raw_usage', 'jsonb', (e) => e.rawUsage ?? null],
  ['usage_source', 'text', (e) => e.usageSource],
  ['prices', 'jsonb', (e) => e.prices],
  ['billing', 'text', (e) => e.billing],
  ['group_multiplier', 'text', (e) => e.groupMultiplier],
  ['model_multiplier', 'text', (e) => e.modelMultiplier],
  ['exchange_rate', 'text', (e) => e.exchangeRate],
  ['charge_micro', 'bigint', (e) => e.chargeMicro],
  ['reserved_micro', 'bigint', (e) => e.reservedMicro],
  ['status', 'text', (e) => e.status],
  ['http_status', 'int', (e) => e.httpStatus],
  ['latency_ms', 'int', (e) => e.latencyMs],
  ['first_byte_ms', 'int', (e) => e.firstByteMs],
  ['created_at', 'timestamptz', (e) => new Date(e.createdAt).toISOString()],
];

const quoted = (column: string): string => `"${column}"`;

/**
 * One statement: insert the records (skipping event ids already written), then one ledger entry
 * (kind usage, minus the charge, key `usage:<eventId>`) per record actually inserted with a charge.
 * A replayed event inserts neither. The whole batch travels as one jsonb parameter.
 */
const INSERT_SQL = `
with batch as (
  select * from jsonb_to_recordset(?::jsonb) as x(${COLUMNS.map(([c, t]) => `${quoted(c)} ${t}`).join(', ')})
), inserted as (
  insert into usage_record (${COLUMNS.map(([c]) => quoted(c)).join(', ')}, recorded_at)
  select ${COLUMNS.map(([c]) => quoted(c)).join(', ')}, now() from batch
  on conflict (event_id) do nothing
  returning event_id, account_id, charge_micro, model
), ledger as (
  insert into ledger_entry (account_id, kind, amount_micro, idempotency_key, memo, created_at)
  select account_id, 'usage', -charge_micro, 'usage:' || event_id, left(model, 500), now() from inserted where charge_micro > 0
  on conflict (idempotency_key) do nothing
  returning account_id
)
select distinct account_id::text as account_id from inserted`;

/**
 * Writes usage events as usage records and ledger entries inside `em`'s transaction, idempotently
 * by event id. Returns the accounts that got at least one new record.
 */
export async function writeUsageEvents(em: EntityManager, events: readonly UsageEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((event) => Object.fromEntries(COLUMNS.map(([column, , value]) => [column, value(event)])));
  // Through knex, not `em.execute`: MikroORM inlines parameters into the SQL text, so a batch of
  // 1,000 events became a 1 MB quoted literal that PostgreSQL had to lex and plan as a constant.
  // knex sends it as a real bind parameter.
  const knex = em.getTransactionContext<Knex.Transaction>() ?? em.getKnex();
  const result = await knex.raw<{ rows: { account_id: string }[] }>(INSERT_SQL, [JSON.stringify(rows)]);
  return result.rows.map((r) => r.account_id);
}
