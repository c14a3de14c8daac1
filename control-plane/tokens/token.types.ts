import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { formatMicroRmb } from '../../shared/money.js';
import { limitsOf } from '../limits/rate-limit-columns.js';
import { RateLimitsView } from '../limits/rate-limits.types.js';
import { TokenStatus, type Token } from './token.entity.js';

/** GraphQL names for the token statuses (the stored values stay lower-case). */
export const TokenStatusEnum = { ACTIVE: TokenStatus.Active, DISABLED: TokenStatus.Disabled } as const;
registerEnumType(TokenStatusEnum, { name: 'TokenStatus', description: "A token's own switch: ACTIVE or DISABLED; expiry is reported separately (`expired`)" });

/** An API token as its owner (or an administrator) sees it in the console: never the full key. */
@ObjectType('ApiToken', { description: 'An API token (`sk-` key) as shown in the console token list' })
export class ApiTokenView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'The owning account' })
  accountId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The key with all but its first and last characters hidden, e.g. `sk-Ab...x9Qz`; the full key comes from `tokenKey`' })
  maskedKey!: string;

  @Field(() => [String], { description: 'Ordered group names: the main group, then fallbacks. Empty: automatic routing' })
  groups!: string[];

  @Field(() => TokenStatusEnum)
  status!: TokenStatus;

  @Field(() => Date, { nullable: true, description: 'When the token stops working; null: never' })
  expiresAt!: Date | null;

  @Field(() => Boolean, { description: 'True once `expiresAt` has passed' })
  expired!: boolean;

  @Field(() => String, { nullable: true, description: 'Spending cap in RMB (decimal string), or null for none' })
  spendCap!: string | null;

  @Field(() => String, { nullable: true, description: 'Spending cap in micro-RMB (integer string), or null for none' })
  spendCapMicro!: string | null;

  @Field(() => [String], { nullable: true, description: 'Models this token may call; null: any model' })
  modelAllowList!: string[] | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => RateLimitsView, { description: "The token's own rate limits (its account's apply as well)" })
  limits!: RateLimitsView;

  /** The view of `token` at time `now`. */
  static of(token: Token, now: Date): ApiTokenView {
    return Object.assign(new ApiTokenView(), {
      id: token.id,
      accountId: token.account.id,
      name: token.name,
      maskedKey: token.keyMasked,
      groups: token.groups,
      status: token.status,
      expiresAt: token.expiresAt ?? null,
      expired: token.expiresAt ? token.expiresAt.getTime() <= now.getTime() : false,
      spendCap: token.spendCapMicro ? formatMicroRmb(BigInt(token.spendCapMicro), { trim: true }) : null,
      spendCapMicro: token.spendCapMicro ?? null,
      modelAllowList: token.modelAllowList ?? null,
      createdAt: token.createdAt,
      limits: limitsOf(token),
    });
  }
}
