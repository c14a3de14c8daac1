import { Field, ObjectType } from 'type-graphql';
import { AccountView } from '../accounts/account.types.js';

/** A new console session. */
@ObjectType()
export class AuthPayload {
  @Field(() => String, { description: 'Session secret: send as `Authorization: Bearer <token>` (browsers also get it as an httpOnly cookie)' })
  token!: string;

  @Field(() => Date)
  expiresAt!: Date;

  @Field(() => AccountView)
  account!: AccountView;
}
