import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RateLimitsView } from '../limits/rate-limits.types.js';
import { PageInfo } from '../graphql/pagination.js';
import { Role } from './account.entity.js';

/** GraphQL names for the roles (the stored values stay lower-case). */
export const AccountRole = { USER: Role.User, ADMIN: Role.Admin } as const;
registerEnumType(AccountRole, { name: 'AccountRole', description: 'What an account may do: USER, or ADMIN (catalog and operations)' });

/** An account as its owner sees it. */
@ObjectType('Account')
export class AccountView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'As typed at registration (unique ignoring case)' })
  username!: string;

  @Field(() => String)
  email!: string;

  @Field(() => AccountRole)
  role!: Role;

  @Field(() => String, { description: 'This account\'s own invite code, to give to people it invites' })
  inviteCode!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => String, { description: 'Balance in RMB as a decimal string with six fractional digits, e.g. "0.200000"' })
  balanceRmb!: string;

  @Field(() => String, { description: 'Balance in micro-RMB (1 RMB = 1,000,000) as an integer string, e.g. "200000"' })
  balanceMicro!: string;

  @Field(() => String, { nullable: true, description: 'Username of the account whose invite code was used at registration' })
  invitedBy?: string;

  @Field(() => Boolean, { description: 'Disabled by an administrator: it cannot log in and its tokens answer 403' })
  disabled!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was disabled; null while enabled' })
  disabledAt!: Date | null;

  @Field(() => String, { nullable: true, description: "The administrator's reason for disabling it; null while enabled" })
  disabledReason!: string | null;

  @Field(() => RateLimitsView, { description: "The account's rate limits, all its tokens together (administrators set them; each token's own stay within them)" })
  limits!: RateLimitsView;
}

/** A page of accounts, for administrators. */
@ObjectType('AccountPage')
export class AccountPage {
  @Field(() => [AccountView], { description: 'Accounts by username (case ignored)' })
  items!: AccountView[];

  @Field(() => PageInfo, { description: 'Pass `endCursor` as `after` for the next page' })
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'Accounts matching the search, on all pages' })
  totalCount!: number;
}
