import { IsOptional, Length, Matches, ArrayMaxSize } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { RateLimitsInput } from '../limits/rate-limits.types.js';
import { BillingKind, GroupStatus } from './group.entity.js';

/** Group names: lower-case letters, digits, `_` and `-`, as tokens refer to them. */
const GROUP_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A new group. */
@InputType({ description: 'A new group (routing pool with a price multiplier)' })
export class CreateGroupInput {
  @Field(() => String, { description: 'Stable id tokens refer to: lower-case letters, digits, _ and -, at most 64' })
  @Matches(GROUP_NAME_PATTERN, { message: 'lower-case letters, digits, _ and -, 1 to 64 characters' })
  name!: string;

  @Field(() => String)
  @Length(1, 100)
  displayName!: string;

  @Field(() => String, { defaultValue: '' })
  @Length(0, 2000)
  description!: string;

  @Field(() => String, { description: 'Decimal string > 0, e.g. "4.5" (at most 6 decimals)' })
  priceMultiplier!: string;

  @Field(() => [String], { description: 'Formats: chat-completions, messages, generateContent, responses, and the media endpoints images and videos' })
  @ArrayMaxSize(4)
  formats!: string[];

  @Field(() => String, { nullable: true, description: 'One of `formats`; default: the first' })
  @IsOptional()
  recommendedFormat?: string | null;

  @Field(() => BillingKind, { defaultValue: BillingKind.Tokens })
  billingKind!: BillingKind;

  @Field(() => Boolean, { defaultValue: true, description: 'May tokens without groups be routed here automatically?' })
  autoRoute!: boolean;

  @Field(() => Boolean, { defaultValue: true, description: 'Shown to everyone (fee list, group list), or to administrators only' })
  isPublic!: boolean;

  @Field(() => GroupStatus, { defaultValue: GroupStatus.Active })
  status!: GroupStatus;

  @Field(() => RateLimitsInput, { nullable: true, description: "Rate limits on the group's whole traffic; left out: none" })
  limits?: RateLimitsInput | null;
}

/** Changes to a group: fields left out stay as they are. The name cannot change. */
@InputType({ description: 'Changes to a group; omitted fields stay as they are' })
export class UpdateGroupInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 100)
  displayName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  description?: string;

  @Field(() => String, { nullable: true, description: 'Decimal string > 0' })
  priceMultiplier?: string;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(4)
  formats?: string[];

  @Field(() => String, { nullable: true, description: 'One of the (new) formats; when formats change and this is omitted, it is kept if still listed, else the first' })
  recommendedFormat?: string;

  @Field(() => BillingKind, { nullable: true })
  billingKind?: BillingKind;

  @Field(() => Boolean, { nullable: true })
  autoRoute?: boolean;

  @Field(() => Boolean, { nullable: true })
  isPublic?: boolean;

  @Field(() => GroupStatus, { nullable: true })
  status?: GroupStatus;

  @Field(() => RateLimitsInput, { nullable: true, description: 'New rate limits (replacing all three)' })
  limits?: RateLimitsInput | null;
}
