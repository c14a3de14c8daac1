import { ArrayType, Embeddable, Embedded, Entity, Enum, JsonType, Property, Unique, type Opt } from '@mikro-orm/core';
import type { ModelPrices, PriceKind } from '../../shared/pricing/prices.js';
import type { UnitPriceVariant } from '../../shared/snapshot/types.js';
import { BaseEntity } from '../db/base.entity.js';
import { CanonicalDecimalType } from './decimal-column.js';

/** What a model produces, which decides how it is priced (tokens, images, seconds of video). */
export enum ModelKind {
  Text = 'text',
  Image = 'image',
  Video = 'video',
}

/**
 * Options of a price column: up to 18 fractional digits, like `parseDecimal` accepts, so nothing is
 * rounded on save. A fresh object each time because MikroORM writes the property name into it.
 */
function price() {
  return { type: CanonicalDecimalType, precision: 30, scale: 18, nullable: true };
}

/**
 * A model's official USD prices as canonical decimal strings (see `shared/pricing/prices.ts`):
 * token prices per million tokens, `image` per image, `videoSecond` per second, `perRequest` per
 * request. null = not priced for that kind of usage. Zero is allowed (free models).
 */
@Embeddable()
export class PriceTable implements ModelPrices {
  @Property(price())
  input?: string | null;

  @Property(price())
  output?: string | null;

  @Property(price())
  cacheRead?: string | null;

  @Property(price())
  cacheWrite5m?: string | null;

  @Property(price())
  cacheWrite1h?: string | null;

  @Property(price())
  image?: string | null;

  @Property(price())
  videoSecond?: string | null;

  @Property(price())
  perRequest?: string | null;
}

/** The price kinds, in display order (the columns of {@link PriceTable}). */
export const PRICE_KINDS: readonly PriceKind[] = ['input', 'output', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h', 'image', 'videoSecond', 'perRequest'];

/** Where a catalog row came from: an admin, the price catalog package (`genai-prices:<provider>`), or the seeded official media prices (`official-media`). */
export const ADMIN_SOURCE = 'admin';

/** A model clients can call, with its official prices and limits. */
@Entity({ tableName: 'model' })
export class CatalogModel extends BaseEntity {
  /** The id clients send in `model` (or the generateContent path). Unique. */
  @Unique()
  @Property({ type: 'string', length: 200 })
  modelId!: string;

  /** Other names clients may use; unique across all model ids and aliases (checked by the service). */
  @Property({ type: ArrayType })
  aliases: string[] & Opt = [];

  /** Lower-case vendor, e.g. `anthropic`, `openai`, `google`, `deepseek`. */
  @Property({ type: 'string', length: 64, index: true })
  vendor!: string;

  @Enum({ items: () => ModelKind, nativeEnumName: 'model_kind' })
  kind: ModelKind & Opt = ModelKind.Text;

  @Embedded(() => PriceTable, { prefix: 'price_' })
  prices: PriceTable & Opt = new PriceTable();

  /**
   * Image and video models: the per-image (or per-second) prices that differ by size or quality
   * from `prices.image` (or `prices.videoSecond`), see shared/pricing/unit-variants.ts.
   */
  @Property({ type: JsonType, default: "'[]'" })
  unitPrices: UnitPriceVariant[] & Opt = [];

  /** Model multiplier (canonical decimal string, > 0); charge = price x group x model multiplier x rate. */
  @Property({ type: CanonicalDecimalType, precision: 12, scale: 6, default: 1 })
  multiplier: string & Opt = '1';

  /** Context window in tokens, when known. */
  @Property({ type: 'integer', nullable: true })
  contextLimit?: number | null;

  /** Most output tokens the model can produce, when known. */
  @Property({ type: 'integer', nullable: true })
  outputLimit?: number | null;

  /** `max_tokens` used when a request gives none (reservations and formats that require it). */
  @Property({ type: 'integer', nullable: true })
  defaultMaxOutputTokens?: number | null;

  /**
   * Request parameters this model's upstream refuses, named as in the upstream's format (e.g.
   * `top_p` for Claude models that refuse it beside `temperature`; `reasoning_effort` for a model
   * without reasoning; `generationConfig.topK`): dropped from translated requests.
   */
  @Property({ type: ArrayType, default: '{}' })
  rejectedParameters: string[] & Opt = [];

  /** Set when an admin edits prices by hand: the catalog import then leaves this model's prices alone. */
  @Property({ type: 'boolean', default: false })
  manualPriceOverride: boolean & Opt = false;

  /** `admin`, or `genai-prices:<provider id>` for imported rows. */
  @Property({ type: 'string', length: 100, default: ADMIN_SOURCE })
  source: string & Opt = ADMIN_SOURCE;

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
