import { Authorized, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import { PageInfo } from '../graphql/pagination.js';
import type { UnitPriceVariant } from '../../shared/snapshot/types.js';
import { ModelKind, type CatalogModel, type PriceTable } from './model.entity.js';

registerEnumType(ModelKind, { name: 'ModelKind', description: 'What a model produces (and so how it is priced)' });

/** A price table as decimal strings; null = not priced for that usage. */
@ObjectType('Prices', { description: 'Unit prices as decimal strings (token prices per million tokens); null: not priced' })
export class PricesView {
  @Field(() => String, { nullable: true })
  input!: string | null;

  @Field(() => String, { nullable: true })
  output!: string | null;

  @Field(() => String, { nullable: true })
  cacheRead!: string | null;

  @Field(() => String, { nullable: true })
  cacheWrite5m!: string | null;

  @Field(() => String, { nullable: true })
  cacheWrite1h!: string | null;

  @Field(() => String, { nullable: true })
  image!: string | null;

  @Field(() => String, { nullable: true })
  videoSecond!: string | null;

  @Field(() => String, { nullable: true })
  perRequest!: string | null;

  /** The view of a price table (nulls for unset prices). */
  static of(p: Partial<Record<keyof PriceTable, string | null | undefined>>): PricesView {
    return Object.assign(new PricesView(), {
      input: p.input ?? null,
      output: p.output ?? null,
      cacheRead: p.cacheRead ?? null,
      cacheWrite5m: p.cacheWrite5m ?? null,
      cacheWrite1h: p.cacheWrite1h ?? null,
      image: p.image ?? null,
      videoSecond: p.videoSecond ?? null,
      perRequest: p.perRequest ?? null,
    });
  }
}

/** A per-unit price for one size and/or quality. */
@ObjectType('UnitPrice', { description: 'USD per image (or per second of video) made at this size and/or quality; a missing one matches any' })
export class UnitPriceView {
  @Field(() => String, { nullable: true, description: 'E.g. 1024x1536' })
  size!: string | null;

  @Field(() => String, { nullable: true, description: 'E.g. low, medium, high, standard, hd' })
  quality!: string | null;

  @Field(() => String, { description: 'USD, decimal string' })
  usd!: string;

  static of(v: UnitPriceVariant): UnitPriceView {
    return Object.assign(new UnitPriceView(), { size: v.size ?? null, quality: v.quality ?? null, usd: v.usd });
  }
}

/** A catalog model. */
@ObjectType('Model', { description: 'A model clients can call, with official USD prices' })
export class ModelView {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  modelId!: string;

  @Field(() => [String])
  aliases!: string[];

  @Field(() => String)
  vendor!: string;

  @Field(() => ModelKind)
  kind!: ModelKind;

  @Field(() => PricesView, { description: 'Official USD prices' })
  prices!: PricesView;

  @Field(() => [UnitPriceView], { description: 'Image and video models: unit prices by size and quality, where they differ from prices.image or prices.videoSecond' })
  unitPrices!: UnitPriceView[];

  @Field(() => String, { description: 'Model multiplier, decimal string' })
  multiplier!: string;

  @Field(() => Int, { nullable: true })
  contextLimit!: number | null;

  @Field(() => Int, { nullable: true })
  outputLimit!: number | null;

  @Field(() => Int, { nullable: true })
  defaultMaxOutputTokens!: number | null;

  @Field(() => [String], { description: 'Request parameters its upstream refuses, dropped from translated requests' })
  rejectedParameters!: string[];

  @Authorized(Role.Admin)
  @Field(() => Boolean, { description: 'Administrators: prices were set by hand, so the catalog import leaves them alone' })
  manualPriceOverride!: boolean;

  @Authorized(Role.Admin)
  @Field(() => String, { description: 'Administrators: "admin", "genai-prices:<provider>" or "official-media"' })
  source!: string;

  /** The view of `model`. */
  static of(model: CatalogModel): ModelView {
    return Object.assign(new ModelView(), {
      id: model.id,
      modelId: model.modelId,
      aliases: model.aliases,
      vendor: model.vendor,
      kind: model.kind,
      prices: PricesView.of(model.prices),
      unitPrices: (model.unitPrices ?? []).map((v) => UnitPriceView.of(v)),
      multiplier: model.multiplier,
      contextLimit: model.contextLimit ?? null,
      outputLimit: model.outputLimit ?? null,
      defaultMaxOutputTokens: model.defaultMaxOutputTokens ?? null,
      rejectedParameters: model.rejectedParameters,
      manualPriceOverride: model.manualPriceOverride,
      source: model.source,
    });
  }
}

/** One page of models. */
@ObjectType('ModelConnection')
export class ModelConnection {
  @Field(() => [ModelView])
  nodes!: ModelView[];

  @Field(() => Int, { description: 'Models matching the filter, on all pages' })
  totalCount!: number;

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

/** What a catalog import did. */
@ObjectType('ModelImportResult')
export class ModelImportResult {
  @Field(() => Int, { description: 'Models in the package that could be imported' })
  total!: number;

  @Field(() => Int)
  created!: number;

  @Field(() => Int, { description: 'Existing imported models whose prices or limits changed' })
  updated!: number;

  @Field(() => Int, { description: 'Models left alone because an administrator set their prices by hand' })
  keptManual!: number;

  @Field(() => Int, { description: 'Package entries skipped (no usable price, or an id taken by another model)' })
  skipped!: number;
}
