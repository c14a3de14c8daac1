import { Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account.rules.js';

/** A password change. */
@InputType()
export class ChangePasswordInput {
  @Field(() => String)
  @Length(1, PASSWORD_MAX_LENGTH, { message: 'must not be empty' })
  currentPassword!: string;

  @Field(() => String, { description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` })
  @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, { message: `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` })
  newPassword!: string;

  @Field(() => String, { description: 'Must equal newPassword' })
  newPasswordConfirmation!: string;
}
