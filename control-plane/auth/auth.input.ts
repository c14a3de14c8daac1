import { IsOptional, IsUUID, Length } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
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

  @Field(() => ID, { nullable: true, description: 'Id of a captcha created with purpose LOGIN: needed after several failed logins to the account (CAPTCHA_REQUIRED)' })
  @IsOptional()
  @IsUUID('4', { message: 'must be the id of a captcha' })
  captchaId?: string | null;

  @Field(() => String, { nullable: true, description: 'The characters shown in that captcha (case does not matter)' })
  @IsOptional()
  @Length(1, 32, { message: 'must be the characters shown in the captcha' })
  captchaAnswer?: string | null;
}
