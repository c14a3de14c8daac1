import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
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
}
