import type { EntityManager } from '@mikro-orm/postgresql';
import { validatePrices, type BillingMode, type PricedAs } from '../../shared/pricing/prices.js';
import type { UnitPriceVariant } from '../../shared/snapshot/types.js';
import { badInput, notFound } from '../graphql/errors.js';
import { decodeCursor, encodeCursor, pageSize, type PageInfo } from '../graphql/pagination.js';
import { ADMIN_SOURCE, CatalogModel, ModelKind, PRICE_KINDS, PriceTable } from './model.entity.js';
import type { CreateModelInput, ModelFilter, PricesInput, UnitPriceInput, UpdateModelInput } from './model.input.js';
import { readGenaiPrices } from './import/genai-prices.js';
import { importModels, type ImportCounts } from './import/import-models.js';
import { decimalInput, likePattern, MULTIPLIER_COLUMN, PRICE_COLUMN } from './validate.js';

const VENDOR_RE = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const NAME_RE = /^\S{1,200}$/;

/** Models and their prices: public reads, administrator writes. */
export class ModelService {
  /** `onChange` runs after every committed change (the snapshot publisher listens). */
  constructor(private readonly onChange: () => void) {}

  /** A page of models by model id, filtered. */
  async list(
    em: EntityManager,
    filter: ModelFilter,
    first: number,
    after: string | null,
  ): Promise<{ nodes: CatalogModel[]; totalCount: number; pageInfo: PageInfo }> {
    const size = pageSize(first);
    const qb = em.createQueryBuilder(CatalogModel, 'm');
    if (filter.vendor) qb.andWhere({ vendor: filter.vendor.toLowerCase() });
    if (filter.kind) qb.andWhere({ kind: filter.kind });
    if (filter.search) {
      const pattern = likePattern(filter.search);
      qb.andWhere(`(m.model_id ilike ? or exists (select 1 from unnest(m.aliases) a where a ilike ?))`, [pattern, pattern]);
    }
    const totalCount = await qb.clone().getCount();
    if (after !== null) qb.andWhere({ modelId: { $gt: decodeCursor(after, 1)[0] } });
    const rows = await qb.orderBy({ modelId: 'asc' }).limit(size + 1).getResultList();
    const nodes = rows.slice(0, size);
    const last = nodes.at(-1);
    return { nodes, totalCount, pageInfo: { endCursor: last ? encodeCursor([last.modelId]) : null, hasNextPage: rows.length > size } };
  }

  /** The model with this id or alias, or NOT_FOUND. */
  async get(em: EntityManager, idOrAlias: string): Promise<CatalogModel> {
    const model = await em.findOne(CatalogModel, { $or: [{ modelId: idOrAlias }, { aliases: { $contains: [idOrAlias] } }] });
    if (!model) throw notFound('Model');
    return model;
  }

  /** Creates a model; its prices count as set by hand. */
  async create(em: EntityManager, input: CreateModelInput): Promise<CatalogModel> {
    if (!NAME_RE.test(input.modelId)) throw badInput('modelId', 'must be 1 to 200 characters without whitespace');
    const aliases = aliasesInput(input.modelId, input.aliases);
    await assertNamesFree(em, [input.modelId, ...aliases], null);
    const prices = pricesInput(input.kind, new PriceTable(), input.prices);
    const model = em.create(CatalogModel, {
      modelId: input.modelId,
      aliases,
      vendor: vendorInput(input.vendor),
      kind: input.kind,
      prices,
      unitPrices: unitPricesInput(input.unitPrices ?? []),
      multiplier: decimalInput('multiplier', input.multiplier, MULTIPLIER_COLUMN, { allowZero: false }),
      contextLimit: input.contextLimit ?? null,
      outputLimit: input.outputLimit ?? null,
      defaultMaxOutputTokens: input.defaultMaxOutputTokens ?? null,
      rejectedParameters: [...new Set(input.rejectedParameters)].sort(),
      manualPriceOverride: true,
      source: ADMIN_SOURCE,
    });
    assertLimits(model);
    await em.flush();
    this.onChange();
    return model;
  }

  /** Applies the given changes; editing prices sets `manualPriceOverride` unless told otherwise. */
  async update(em: EntityManager, modelId: string, input: UpdateModelInput): Promise<CatalogModel> {
    const model = await em.findOne(CatalogModel, { modelId });
    if (!model) throw notFound('Model');
    if (input.aliases != null) {
      const aliases = aliasesInput(model.modelId, input.aliases);
      await assertNamesFree(em, aliases, model.id);
      model.aliases = aliases;
    }
    if (input.vendor != null) model.vendor = vendorInput(input.vendor);
    if (input.kind != null) model.kind = input.kind;
    if (input.prices != null || input.kind != null) {
      model.prices = pricesInput(model.kind, model.prices, input.prices ?? {});
    }
    if (input.unitPrices != null) model.unitPrices = unitPricesInput(input.unitPrices);
    if (input.prices != null || input.unitPrices != null) model.manualPriceOverride = true;
    if (input.manualPriceOverride != null) model.manualPriceOverride = input.manualPriceOverride;
    if (input.multiplier != null) model.multiplier = decimalInput('multiplier', input.multiplier, MULTIPLIER_COLUMN, { allowZero: false });
    if (input.contextLimit !== undefined) model.contextLimit = input.contextLimit;
    if (input.outputLimit !== undefined) model.outputLimit = input.outputLimit;
    if (input.defaultMaxOutputTokens !== undefined) model.defaultMaxOutputTokens = input.defaultMaxOutputTokens;
    if (input.rejectedParameters != null) model.rejectedParameters = [...new Set(input.rejectedParameters)].sort();
    assertLimits(model);
    await em.flush();
    this.onChange();
    return model;
  }

  /** Imports official prices from the bundled `@pydantic/genai-prices` catalog; prices set by hand are kept. */
  async importCatalog(em: EntityManager, now = new Date()): Promise<ImportCounts> {
    const counts = await importModels(em, readGenaiPrices(now));
    this.onChange();
    return counts;
  }

  /** Deletes a model. Channels that list it keep the id (it is simply unpriced, so not served). */
  async delete(em: EntityManager, modelId: string): Promise<void> {
    if ((await em.nativeDelete(CatalogModel, { modelId })) === 0) throw notFound('Model');
    this.onChange();
  }
}

/**
 * How `validatePrices` should judge a price table: token prices make it a text-priced model (even
 * an image model priced by tokens); a text model with only `perRequest` is billed per request.
 */
export function pricingExpectation(kind: ModelKind, prices: PriceTable): { billing?: BillingMode; pricedAs?: PricedAs } {
  if (prices.input != null || prices.output != null) return { pricedAs: 'text' };
  if (kind === ModelKind.Text && prices.perRequest != null) return { billing: 'per-request' };
  return { pricedAs: kind };
}

/** `current` with the given prices applied (canonical strings; null clears), checked with `validatePrices`. */
function pricesInput(kind: ModelKind, current: PriceTable, given: PricesInput): PriceTable {
  const next = Object.assign(new PriceTable(), current);
  for (const k of PRICE_KINDS) {
    const value = given[k];
    if (value === undefined) continue;
    next[k] = value === null ? null : decimalInput(`prices.${k}`, value, PRICE_COLUMN, { allowZero: true });
  }
  const problem = validatePrices(next, pricingExpectation(kind, next))[0];
  if (problem) throw badInput(`prices.${problem.kind}`, problem.message);
  return next;
}

/** Unit price variants: canonical prices, each size and quality pair once. */
function unitPricesInput(given: readonly UnitPriceInput[]): UnitPriceVariant[] {
  const seen = new Set<string>();
  return given.map((v, i) => {
    const key = `${v.size ?? ''}\n${v.quality ?? ''}`;
    if (seen.has(key)) throw badInput(`unitPrices.${i}`, 'this size and quality are priced twice');
    seen.add(key);
    const usd = decimalInput(`unitPrices.${i}.usd`, v.usd, PRICE_COLUMN, { allowZero: true });
    return { ...(v.size != null ? { size: v.size } : {}), ...(v.quality != null ? { quality: v.quality } : {}), usd };
  });
}

function vendorInput(vendor: string): string {
  const v = vendor.trim().toLowerCase();
  if (!VENDOR_RE.test(v)) throw badInput('vendor', 'lower-case letters, digits, ".", "_" and "-", 1 to 64 characters');
  return v;
}

function aliasesInput(modelId: string, aliases: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of aliases) {
    if (!NAME_RE.test(a)) throw badInput('aliases', 'each alias must be 1 to 200 characters without whitespace');
    if (a === modelId) throw badInput('aliases', `"${a}" is the model id itself`);
    if (out.includes(a)) throw badInput('aliases', `"${a}" is listed twice`);
    out.push(a);
  }
  return out;
}

/** No other model may have any of `names` as its id or an alias. */
async function assertNamesFree(em: EntityManager, names: string[], selfId: string | null): Promise<void> {
  if (names.length === 0) return;
  const clash = await em.findOne(CatalogModel, {
    $and: [{ $or: [{ modelId: { $in: names } }, { aliases: { $overlap: names } }] }, ...(selfId ? [{ id: { $ne: selfId } }] : [])],
  });
  if (!clash) return;
  const taken = names.find((n) => n === clash.modelId || clash.aliases.includes(n));
  const field = taken === names[0] && selfId === null ? 'modelId' : 'aliases';
  throw badInput(field, `"${taken}" is already used by model "${clash.modelId}"`);
}

function assertLimits(model: CatalogModel): void {
  if (model.outputLimit != null && model.contextLimit != null && model.outputLimit > model.contextLimit) {
    throw badInput('outputLimit', 'must not exceed contextLimit');
  }
  if (model.defaultMaxOutputTokens != null && model.outputLimit != null && model.defaultMaxOutputTokens > model.outputLimit) {
    throw badInput('defaultMaxOutputTokens', 'must not exceed outputLimit');
  }
}
