import { ArrayMaxSize, IsInt, IsOptional, Length, Matches, Max, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { ModelKind } from './model.entity.js';

/** A request parameter as a model may refuse it: a top-level field, or one inside an object field (`generationConfig.topK`). */
const PARAMETER = /^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z_][A-Za-z0-9_]{0,63})?$/;

/** Most parameters a model may refuse. */
const MAX_REJECTED_PARAMETERS = 20;

/** Most aliases per model. */
const MAX_ALIASES = 20;
/** Largest token limit accepted (context, output). */
const MAX_TOKEN_LIMIT = 100_000_000;

/**
 * Official USD unit prices as decimal strings (token prices per million tokens, image per image,
 * videoSecond per second of video, perRequest per request). Zero is allowed (free models);
 * negative never. In an update, a field left out keeps its price and `null` clears it.
 */
@InputType({ description: 'Official USD prices as decimal strings; token prices per million tokens. 0 = free; null clears (updates)' })
export class PricesInput {
  @Field(() => String, { nullable: true })
  input?: string | null;

  @Field(() => String, { nullable: true })
  output?: string | null;

  @Field(() => String, { nullable: true })
  cacheRead?: string | null;

  @Field(() => String, { nullable: true })
  cacheWrite5m?: string | null;

  @Field(() => String, { nullable: true })
  cacheWrite1h?: string | null;

  @Field(() => String, { nullable: true })
  image?: string | null;

  @Field(() => String, { nullable: true })
  videoSecond?: string | null;

  @Field(() => String, { nullable: true })
  perRequest?: string | null;
}

/** Most unit price variants per model. */
export const MAX_UNIT_PRICES = 40;

/** A per-unit price for one size and/or quality (see shared/pricing/unit-variants.ts). */
@InputType({ description: 'USD per image (or per second of video) at a size and/or quality; omit one to match any' })
export class UnitPriceInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 32)
  size?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 32)
  quality?: string | null;

  @Field(() => String, { description: 'Decimal string >= 0' })
  usd!: string;
}

/** A new model. Its prices count as set by hand: the catalog import leaves them alone. */
@InputType({ description: 'A new model (its prices count as set by hand)' })
export class CreateModelInput {
  @Field(() => String, { description: 'The id clients send; no whitespace' })
  @Length(1, 200)
  modelId!: string;

  @Field(() => [String], { defaultValue: [], description: 'Other names for it, unique across all models' })
  @ArrayMaxSize(MAX_ALIASES)
  @Length(1, 200, { each: true })
  aliases!: string[];

  @Field(() => String, { description: 'Lower-case vendor, e.g. anthropic' })
  vendor!: string;

  @Field(() => ModelKind, { defaultValue: ModelKind.Text })
  kind!: ModelKind;

  @Field(() => PricesInput)
  prices!: PricesInput;

  @Field(() => [UnitPriceInput], { defaultValue: [], description: 'Image and video models: prices by size and quality' })
  @ArrayMaxSize(MAX_UNIT_PRICES)
  unitPrices!: UnitPriceInput[];

  @Field(() => String, { defaultValue: '1', description: 'Model multiplier, decimal string > 0' })
  multiplier!: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIMIT)
  contextLimit?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIMIT)
  outputLimit?: number | null;

  @Field(() => Int, { nullable: true, description: 'max_tokens used when a request gives none' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIMIT)
  defaultMaxOutputTokens?: number | null;

  @Field(() => [String], { defaultValue: [], description: 'Request parameters its upstream refuses, named as in the upstream format (e.g. top_p, reasoning_effort, generationConfig.topK): dropped from translated requests' })
  @ArrayMaxSize(MAX_REJECTED_PARAMETERS)
  @Matches(PARAMETER, { each: true })
  rejectedParameters!: string[];
}

/**
 * Changes to a model: fields left out stay. Any change to `prices` marks them as set by hand
 * (`manualPriceOverride`), unless `manualPriceOverride: false` is given to hand them back to the import.
 */
@InputType({ description: 'Changes to a model; omitted fields stay. Editing prices sets manualPriceOverride' })
export class UpdateModelInput {
  @Field(() => [String], { nullable: true, description: 'Replaces the aliases' })
  @IsOptional()
  @ArrayMaxSize(MAX_ALIASES)
  @Length(1, 200, { each: true })
  aliases?: string[];

  @Field(() => String, { nullable: true })
  vendor?: string;

  @Field(() => ModelKind, { nullable: true })
  kind?: ModelKind;

  @Field(() => PricesInput, { nullable: true, description: 'Given fields replace those prices; null clears one' })
  prices?: PricesInput;

  @Field(() => [UnitPriceInput], { nullable: true, description: 'Replaces the prices by size and quality (counts as a price edit)' })
  @IsOptional()
  @ArrayMaxSize(MAX_UNIT_PRICES)
  unitPrices?: UnitPriceInput[];

  @Field(() => String, { nullable: true })
  multiplier?: string;

  @Field(() => Int, { nullable: true, description: 'null clears' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIMIT)
  contextLimit?: number | null;

  @Field(() => Int, { nullable: true, description: 'null clears' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIMIT)
  outputLimit?: number | null;

  @Field(() => Int, { nullable: true, description: 'null clears' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIMIT)
  defaultMaxOutputTokens?: number | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the parameters its upstream refuses' })
  @IsOptional()
  @ArrayMaxSize(MAX_REJECTED_PARAMETERS)
  @Matches(PARAMETER, { each: true })
  rejectedParameters?: string[];

  @Field(() => Boolean, { nullable: true, description: 'false hands the prices back to the catalog import (next import overwrites them)' })
  manualPriceOverride?: boolean;
}

/** Filters of the model list. */
@InputType({ description: 'Model list filters (all optional, combined with AND)' })
export class ModelFilter {
  @Field(() => String, { nullable: true })
  vendor?: string | null;

  @Field(() => ModelKind, { nullable: true })
  kind?: ModelKind | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive substring of the model id or an alias' })
  @IsOptional()
  @Length(0, 200)
  search?: string | null;
}
