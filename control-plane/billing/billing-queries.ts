import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { badInput } from '../graphql/errors.js';
import { decodeCursor, encodeCursor, pageSize, type PageInfo } from '../graphql/pagination.js';
import { Channel } from '../catalog/channel.entity.js';
import { isUuid } from '../catalog/validate.js';
import { LedgerEntry } from '../ledger/ledger-entry.entity.js';
import { TopUpOrder } from '../topup/top-up-order.entity.js';
import { UsageRecord } from '../usage/usage-record.entity.js';
import type { UsageFilter } from './billing.input.js';
import type { UsageTotal } from './billing.types.js';
import { formatMicroRmb } from '../../shared/money.js';

/** A page of entities, newest first, with the cursor of the last. */
export interface Page<T> {
  items: T[];
  pageInfo: PageInfo;
}

/** Pages by descending bigint id (ledger entries, usage records): `find` gets the id bound and the row limit. */
async function pageById<T extends { id: string }>(
  find: (idBound: Record<string, unknown>, limit: number) => Promise<T[]>,
  first: number,
  after: string | null | undefined,
): Promise<Page<T>> {
  const size = pageSize(first);
  // GraphQL clients send `after: null` for the first page as often as they leave it out.
  const before = after == null ? undefined : decodeCursor(after, 1)[0];
  if (before !== undefined && !/^\d{1,19}$/.test(before)) throw badInput('after', 'not a cursor of this list');
  const rows = await find(before === undefined ? {} : { id: { $lt: before } }, size + 1);
  const items = rows.slice(0, size);
  return { items, pageInfo: { endCursor: items.length ? encodeCursor([items[items.length - 1].id]) : null, hasNextPage: rows.length > size } };
}

function usageWhere(accountId: string | null, filter: UsageFilter): Record<string, unknown> {
  const where: Record<string, unknown> = {};
  if (accountId) where.account = accountId;
  if (filter.tokenId) where.tokenId = filter.tokenId;
  if (filter.model) where.model = filter.model;
  if (filter.group) where.group = filter.group;
  if (filter.from || filter.to) where.createdAt = Object.assign({}, filter.from ? { $gte: filter.from } : {}, filter.to ? { $lt: filter.to } : {});
  return where;
}

/** Reads of the money tables for the console (own account) and administrators (any account, or all). */
export class BillingQueries {
  /** Ledger entries of an account, newest first. */
  ledger(em: EntityManager, accountId: string, first: number, after?: string): Promise<Page<LedgerEntry>> {
    return pageById((where, limit) => em.find(LedgerEntry, { account: accountId, ...where }, { orderBy: { id: 'desc' }, limit }), first, after);
  }

  /** Usage records (of an account, or of all when `accountId` is null), newest first. */
  usage(em: EntityManager, accountId: string | null, filter: UsageFilter, first: number, after?: string): Promise<Page<UsageRecord>> {
    return pageById((where, limit) => em.find(UsageRecord, { ...usageWhere(accountId, filter), ...where } as FilterQuery<UsageRecord>, { orderBy: { id: 'desc' }, limit }), first, after);
  }

  /** Usage totals by day (UTC) and model, newest day first. */
  async usageTotals(em: EntityManager, accountId: string | null, filter: UsageFilter): Promise<UsageTotal[]> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      conditions.push(sql);
      params.push(value);
    };
    if (accountId) add('account_id = ?', accountId);
    if (filter.tokenId) add('token_id = ?', filter.tokenId);
    if (filter.model) add('model = ?', filter.model);
    if (filter.group) add('"group" = ?', filter.group);
    if (filter.from) add('created_at >= ?', filter.from);
    if (filter.to) add('created_at < ?', filter.to);
    const rows = await em.execute<{ day: string; model: string; requests: number; prompt_tokens: string; output_tokens: string; images: number; video_seconds: number; charge_micro: string }[]>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, model, count(*)::int as requests,
              sum(input_tokens + cache_read_tokens + cache_write5m_tokens + cache_write1h_tokens)::text as prompt_tokens,
              sum(output_tokens)::text as output_tokens, sum(images)::int as images, sum(video_seconds)::int as video_seconds,
              sum(charge_micro)::text as charge_micro
         from usage_record ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
        group by 1, 2 order by 1 desc, 2 asc`,
      params,
    );
    return rows.map((r) => ({
      day: r.day,
      model: r.model,
      requests: r.requests,
      promptTokens: r.prompt_tokens,
      outputTokens: r.output_tokens,
      images: r.images,
      videoSeconds: r.video_seconds,
      chargeMicro: r.charge_micro,
      chargeRmb: formatMicroRmb(BigInt(r.charge_micro)),
    }));
  }

  /** The kinds of the channels that answered `records`, by channel id (deleted channels are missing). */
  async channelKinds(em: EntityManager, records: readonly UsageRecord[]): Promise<Map<string, string>> {
    // Channel ids are UUIDs; anything else (a record written by hand) names no channel.
    const ids = [...new Set(records.map((r) => r.channelId).filter((id): id is string => !!id && isUuid(id)))];
    if (!ids.length) return new Map();
    const channels = await em.find(Channel, { id: { $in: ids } }, { fields: ['id', 'kind'] });
    return new Map(channels.map((c) => [c.id, c.kind]));
  }

  /** One top-up order of an account by its order number, or null. */
  topUp(em: EntityManager, accountId: string, outTradeNo: string): Promise<TopUpOrder | null> {
    return em.findOne(TopUpOrder, { account: accountId, outTradeNo });
  }

  /** Top-up orders (of an account, or all), newest first. */
  async topUps(em: EntityManager, accountId: string | null, first: number, after?: string): Promise<Page<TopUpOrder>> {
    const size = pageSize(first);
    const where: FilterQuery<TopUpOrder> = accountId ? { account: accountId } : {};
    const [createdAt, id] = after ? decodeCursor(after, 2) : [];
    const cursor: FilterQuery<TopUpOrder> = after ? { $or: [{ createdAt: { $lt: new Date(createdAt) } }, { createdAt: new Date(createdAt), id: { $lt: id } }] } : {};
    const rows = await em.find(TopUpOrder, { $and: [where, cursor] }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: size + 1 });
    const items = rows.slice(0, size);
    const last = items[items.length - 1];
    return { items, pageInfo: { endCursor: last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null, hasNextPage: rows.length > size } };
  }
}
