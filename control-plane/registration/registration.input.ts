import { IsEmail, IsOptional, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '../accounts/account.rules.js';

const CAPTCHA_ANSWER = { max: 32 };

/** Asks for an e-mail verification code; needs a solved EMAIL_CODE captcha. */
@InputType()
export class RequestEmailCodeInput {
  @Field(() => String)
  @IsEmail({}, { message: 'must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `must be at most ${EMAIL_MAX_LENGTH} characters` })
  email!: string;

  @Field(() => ID, { description: 'Id of a captcha created with purpose EMAIL_CODE' })
  @IsUUID('4', { message: 'must be the id of a captcha' })
  captchaId!: string;

  @Field(() => String, { description: 'The characters shown in the captcha image (case does not matter)' })
  @Length(1, CAPTCHA_ANSWER.max, { message: 'must be the characters shown in the captcha' })
  captchaAnswer!: string;
}

/** Everything registration asks for (spec, "Account"), plus a solved REGISTER captcha. */
@InputType()
export class RegisterInput {
  @Field(() => String, { description: '4 to 12 letters, digits or underscores; unique ignoring case' })
  @Matches(USERNAME_PATTERN, { message: 'must be 4 to 12 letters, digits or underscores' })
  username!: string;

  @Field(() => String, { description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` })
  @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, { message: `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` })
  password!: string;

  @Field(() => String, { description: 'Must equal password' })
  passwordConfirmation!: string;

  @Field(() => String)
  @IsEmail({}, { message: 'must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `must be at most ${EMAIL_MAX_LENGTH} characters` })
  email!: string;

  @Field(() => String, { description: 'The 6-digit code mailed by requestEmailCode' })
  @Matches(/^\d{6}$/, { message: 'must be the 6-digit code from the e-mail' })
  emailCode!: string;

  @Field(() => String, { nullable: true, description: 'Invite code of the account that invited you' })
  @IsOptional()
  @Length(1, 32, { message: 'is not a valid invite code' })
  inviteCode?: string;

  @Field(() => ID, { description: 'Id of a captcha created with purpose REGISTER' })
  @IsUUID('4', { message: 'must be the id of a captcha' })
  captchaId!: string;

  @Field(() => String)
  @Length(1, CAPTCHA_ANSWER.max, { message: 'must be the characters shown in the captcha' })
  captchaAnswer!: string;
}
