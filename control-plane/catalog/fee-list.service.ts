import type { EntityManager } from '@mikro-orm/postgresql';
import { decimalToString, mulDecimal, parseDecimal, type Decimal } from '../../shared/decimal.js';
import type { ModelPrices } from '../../shared/pricing/prices.js';
import { Role } from '../accounts/account.entity.js';
import type { Viewer } from '../auth/viewer.js';
import { decodeCursor, encodeCursor, pageSize } from '../graphql/pagination.js';
import type { ExchangeRateService } from './exchange-rate.service.js';
import type { FeeListFilter } from './fee-list.input.js';
import type { FeeListConnection, FeeListEntry } from './fee-list.types.js';
import { Group } from './group.entity.js';
import { CatalogModel, PRICE_KINDS } from './model.entity.js';
import { PricesView } from './model.types.js';
import { likePattern } from './validate.js';

/** A served (model, group) pair as the query finds it. */
interface ServedRow {
  model_pk: string;
  model_id: string;
  group_name: string;
  demo_only: boolean;
}

/**
 * The fee list: every model with every group that serves it (some active channel in an active
 * group lists the model, by id or alias, and can be used: demo, or with an enabled key), priced in
 * RMB after both multipliers. Non-administrators see public groups only.
 */
export class FeeListService {
  constructor(private readonly rates: ExchangeRateService) {}

  /** One page of entries, ordered by model id then group name. */
  async list(em: EntityManager, viewer: Viewer | null, filter: FeeListFilter, first: number, after: string | null): Promise<FeeListConnection> {
    const size = pageSize(first);
    const rate = await this.rates.require(em);
    const where: string[] = [];
    const params: unknown[] = [];
    if (viewer?.role !== Role.Admin) where.push('g.is_public');
    if (filter.vendor) {
      where.push('m.vendor = ?');
      params.push(filter.vendor.toLowerCase());
    }
    if (filter.kind) {
      where.push('m.kind = ?');
      params.push(filter.kind);
    }
    if (filter.group) {
      where.push('g.name = ?');
      params.push(filter.group);
    }
    if (filter.search) {
      where.push('(m.model_id ilike ? or exists (select 1 from unnest(m.aliases) a where a ilike ?))');
      params.push(likePattern(filter.search), likePattern(filter.search));
    }
    const conn = em.getConnection();
    const [{ count }] = await conn.execute<{ count: number }[]>(`select count(*)::int as count from (${servedSql(where)}) t`, params);
    if (after !== null) {
      const [modelId, group] = decodeCursor(after, 2);
      where.push('(m.model_id, g.name) > (?, ?)');
      params.push(modelId, group);
    }
    const rows = await conn.execute<ServedRow[]>(`${servedSql(where)} order by m.model_id, g.name limit ?`, [...params, size + 1]);
    const page = rows.slice(0, size);
    const models = new Map((await em.find(CatalogModel, { id: { $in: page.map((r) => r.model_pk) } })).map((m) => [m.id, m]));
    const groups = new Map((await em.find(Group, { name: { $in: page.map((r) => r.group_name) } })).map((g) => [g.name, g]));
    const rateDecimal = parseDecimal(rate.rate);
    const nodes = page.map((r) => entry(models.get(r.model_pk)!, groups.get(r.group_name)!, rate.rate, rateDecimal, r.demo_only));
    const last = page.at(-1);
    return { nodes, totalCount: count, pageInfo: { endCursor: last ? encodeCursor([last.model_id, last.group_name]) : null, hasNextPage: rows.length > size } };
  }

  /** The vendors of the models on the viewer's fee list, sorted (choices for its vendor filter). */
  async vendors(em: EntityManager, viewer: Viewer | null): Promise<string[]> {
    const where = viewer?.role === Role.Admin ? [] : ['g.is_public'];
    const rows = await em
      .getConnection()
      .execute<{ vendor: string }[]>(`select distinct m.vendor from model m where m.id in (select model_pk from (${servedSql(where)}) t) order by m.vendor`);
    return rows.map((r) => r.vendor);
  }
}

/** The served (model, group) pairs matching `where`. */
function servedSql(where: string[]): string {
  return `select m.id as model_pk, m.model_id, g.name as group_name, bool_and(c.kind = 'demo') as demo_only
    from model m
    join channel c on c.status = 'active'
      and (m.model_id = any(c.models) or m.aliases && c.models)
      and (c.kind = 'demo' or exists (select 1 from channel_key k where k.channel_id = c.id and k.enabled))
    join channel_group cg on cg.channel_id = c.id
    join route_group g on g.name = cg.group_name and g.status = 'active'
    ${where.length ? `where ${where.join(' and ')}` : ''}
    group by m.id, m.model_id, g.name`;
}

function entry(model: CatalogModel, group: Group, rateText: string, rate: Decimal, demoOnly: boolean): FeeListEntry {
  const factor = mulDecimal(mulDecimal(parseDecimal(group.priceMultiplier), parseDecimal(model.multiplier)), rate);
  return {
    modelId: model.modelId,
    aliases: model.aliases,
    vendor: model.vendor,
    kind: model.kind,
    group: group.name,
    groupDisplayName: group.displayName,
    billingKind: group.billingKind,
    groupMultiplier: group.priceMultiplier,
    modelMultiplier: model.multiplier,
    exchangeRate: rateText,
    isDemo: demoOnly,
    usdPrices: PricesView.of(model.prices),
    prices: PricesView.of(effectivePrices(model.prices, factor)),
    unitPrices: (model.unitPrices ?? []).map((v) => ({
      size: v.size ?? null,
      quality: v.quality ?? null,
      usd: v.usd,
      rmb: decimalToString(mulDecimal(parseDecimal(v.usd), factor)),
    })),
  };
}

/** Each set price times `factor`, exactly, as canonical decimal strings. */
function effectivePrices(usd: ModelPrices, factor: Decimal): ModelPrices {
  const out: Record<string, string | null> = {};
  for (const k of PRICE_KINDS) {
    const p = usd[k];
    out[k] = p == null ? null : decimalToString(mulDecimal(parseDecimal(p), factor));
  }
  return out;
}
