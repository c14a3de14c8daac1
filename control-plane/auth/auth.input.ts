import { Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../accounts/account.rules.js';

/** Credentials for `login`. */
@InputType()
export class LoginInput {
  @Field(() => String, { description: 'Username or e-mail address (case does not matter)' })
  @Length(1, EMAIL_MAX_LENGTH, { message: 'must be a username or e-mail address' })
  login!: string;

  @Field(() => String)
  @Length(1, PASSWORD_MAX_LENGTH, { message: 'must not be empty' })
  password!: string;
}
