import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { limitsOf } from '../limits/rate-limit-columns.js';
import { RateLimitsView } from '../limits/rate-limits.types.js';
import { BillingKind, GroupStatus, type Group } from './group.entity.js';

registerEnumType(BillingKind, { name: 'BillingKind', description: 'Tokens: pay-per-use metering; PerRequest: a fixed price per request' });
registerEnumType(GroupStatus, { name: 'GroupStatus', description: 'Whether the group takes traffic at all (health is reported separately)' });

/** A group as the API shows it. */
@ObjectType('Group', { description: 'A routing pool of upstream channels with a price multiplier; decides which wire formats a token may use' })
export class GroupView {
  @Field(() => String, { description: 'Stable id, used in tokens' })
  name!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'Price multiplier, decimal string' })
  priceMultiplier!: string;

  @Field(() => [String], { description: 'Accepted wire formats' })
  formats!: string[];

  @Field(() => String)
  recommendedFormat!: string;

  @Field(() => BillingKind)
  billingKind!: BillingKind;

  @Field(() => Boolean, { description: 'Used by automatic routing (tokens without groups)' })
  autoRoute!: boolean;

  @Field(() => Boolean)
  isPublic!: boolean;

  @Field(() => GroupStatus)
  status!: GroupStatus;

  @Field(() => RateLimitsView, { description: "Rate limits on the group's whole traffic, every account's together" })
  limits!: RateLimitsView;

  /** The view of `group`. */
  static of(group: Group): GroupView {
    return Object.assign(new GroupView(), {
      name: group.name,
      displayName: group.displayName,
      description: group.description,
      priceMultiplier: group.priceMultiplier,
      formats: group.formats,
      recommendedFormat: group.recommendedFormat,
      billingKind: group.billingKind,
      autoRoute: group.autoRoute,
      isPublic: group.isPublic,
      status: group.status,
      limits: limitsOf(group),
    });
  }
}
