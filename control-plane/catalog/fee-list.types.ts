import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../graphql/pagination.js';
import { BillingKind } from './group.entity.js';
import { ModelKind } from './model.entity.js';
import { PricesView } from './model.types.js';

/** A price by size and quality of an image or video model, official and effective. */
@ObjectType('FeeUnitPrice', { description: 'An image (or video second) price at a size and/or quality; a missing one matches any' })
export class FeeUnitPrice {
  @Field(() => String, { nullable: true })
  size!: string | null;

  @Field(() => String, { nullable: true })
  quality!: string | null;

  @Field(() => String, { description: 'Official USD price, decimal string' })
  usd!: string;

  @Field(() => String, { description: 'Effective RMB price: USD price x group multiplier x model multiplier x rate, exact' })
  rmb!: string;
}

/** What one model costs in one group. */
@ObjectType('FeeListEntry', { description: 'A model served in a group, with its effective RMB prices' })
export class FeeListEntry {
  @Field(() => String)
  modelId!: string;

  @Field(() => [String])
  aliases!: string[];

  @Field(() => String)
  vendor!: string;

  @Field(() => ModelKind)
  kind!: ModelKind;

  @Field(() => String, { description: 'Group name' })
  group!: string;

  @Field(() => String)
  groupDisplayName!: string;

  @Field(() => BillingKind)
  billingKind!: BillingKind;

  @Field(() => String, { description: 'Decimal string' })
  groupMultiplier!: string;

  @Field(() => String, { description: 'Decimal string' })
  modelMultiplier!: string;

  @Field(() => String, { description: 'RMB per USD used for `prices`' })
  exchangeRate!: string;

  @Field(() => Boolean, { description: 'Served in this group only by the built-in demo channel (canned answers)' })
  isDemo!: boolean;

  @Field(() => PricesView, { description: 'Official USD prices' })
  usdPrices!: PricesView;

  @Field(() => PricesView, { description: 'Effective RMB prices: USD price x group multiplier x model multiplier x rate, exact' })
  prices!: PricesView;

  @Field(() => [FeeUnitPrice], { description: 'Image and video models: prices by size and quality, where they differ from prices.image or prices.videoSecond' })
  unitPrices!: FeeUnitPrice[];
}

/** One page of the fee list. */
@ObjectType('FeeListConnection')
export class FeeListConnection {
  @Field(() => [FeeListEntry])
  nodes!: FeeListEntry[];

  @Field(() => Int, { description: 'Entries matching the filter, on all pages' })
  totalCount!: number;

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
