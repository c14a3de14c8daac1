import { ArrayMaxSize, IsOptional, Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { RateLimitsInput } from '../limits/rate-limits.types.js';

/** Most characters in a token name. */
export const TOKEN_NAME_MAX = 64;
/** Most groups on one token (a main group and its fallbacks). */
export const TOKEN_GROUPS_MAX = 10;
/** Most models on one allow-list. */
export const MODEL_ALLOW_LIST_MAX = 500;
/** Longest model id on an allow-list. */
export const MODEL_ID_MAX = 200;

/** A new API token. */
@InputType({ description: 'A new API token' })
export class CreateTokenInput {
  @Field(() => String, { description: `1 to ${TOKEN_NAME_MAX} characters` })
  @Length(1, TOKEN_NAME_MAX)
  name!: string;

  @Field(() => [String], { defaultValue: [], description: 'Ordered group names: main group first, then fallbacks; empty for automatic routing' })
  @ArrayMaxSize(TOKEN_GROUPS_MAX)
  @Length(1, 64, { each: true })
  groups!: string[];

  @Field(() => Date, { nullable: true, description: 'When the token stops working (must be in the future); null: never' })
  expiresAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'Spending cap in RMB as a decimal string, e.g. "50" or "12.5" (> 0); null: none' })
  spendCap?: string | null;

  @Field(() => [String], { nullable: true, description: 'Model ids the token may call; null: any model' })
  @IsOptional()
  @ArrayMaxSize(MODEL_ALLOW_LIST_MAX)
  @Length(1, MODEL_ID_MAX, { each: true })
  modelAllowList?: string[] | null;

  @Field(() => RateLimitsInput, { nullable: true, description: "The token's own rate limits, never above its account's; null: none of its own" })
  limits?: RateLimitsInput | null;
}

/**
 * Changes to a token: a field left out stays as it is; `null` clears `expiresAt`, `spendCap`,
 * `modelAllowList` and `limits` (never expires, no cap, any model, no limits of its own).
 */
@InputType({ description: 'Changes to a token: omitted fields stay; null clears expiresAt, spendCap, modelAllowList and limits' })
export class UpdateTokenInput {
  @Field(() => String, { nullable: true, description: `New name, 1 to ${TOKEN_NAME_MAX} characters` })
  @IsOptional()
  @Length(1, TOKEN_NAME_MAX)
  name?: string | null;

  @Field(() => [String], { nullable: true, description: 'New ordered group list; [] for automatic routing' })
  @IsOptional()
  @ArrayMaxSize(TOKEN_GROUPS_MAX)
  @Length(1, 64, { each: true })
  groups?: string[] | null;

  @Field(() => Date, { nullable: true })
  expiresAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'RMB decimal string (> 0)' })
  spendCap?: string | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(MODEL_ALLOW_LIST_MAX)
  @Length(1, MODEL_ID_MAX, { each: true })
  modelAllowList?: string[] | null;

  @Field(() => RateLimitsInput, { nullable: true, description: "The token's own rate limits, never above its account's; null: none of its own" })
  limits?: RateLimitsInput | null;
}
