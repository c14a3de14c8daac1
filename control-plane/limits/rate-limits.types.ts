import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { RateLimits } from '../../shared/limits/rate-limits.js';

/** Rate limits as GraphQL shows them. */
@ObjectType('RateLimits', { description: 'Rate limits; null: no limit of this kind' })
export class RateLimitsView implements RateLimits {
  @Field(() => Int, { nullable: true, description: 'Requests per minute' })
  rpm!: number | null;

  @Field(() => Int, { nullable: true, description: 'Tokens (input + output) per minute' })
  tpm!: number | null;

  @Field(() => Int, { nullable: true, description: 'Requests in flight at once' })
  concurrency!: number | null;
}

/** Rate limits to set. */
@InputType('RateLimitsInput', { description: 'Rate limits to set: each a whole number from 1, or null (or left out) for no limit' })
export class RateLimitsInput implements Partial<RateLimits> {
  @Field(() => Int, { nullable: true, description: 'Requests per minute' })
  rpm?: number | null;

  @Field(() => Int, { nullable: true, description: 'Tokens (input + output) per minute' })
  tpm?: number | null;

  @Field(() => Int, { nullable: true, description: 'Requests in flight at once' })
  concurrency?: number | null;
}

/** What a token used in its current rate-limit window. */
@ObjectType('RateUse', { description: "A token's use in its current one-minute window, counted while it or its account has a limit (all zero otherwise)" })
export class RateUseView {
  @Field(() => Int)
  requestsThisMinute!: number;

  @Field(() => Int, { description: 'Input + output tokens: estimated at admission, corrected once each answer is known' })
  tokensThisMinute!: number;

  @Field(() => Int)
  inFlight!: number;
}
