import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { CaptchaPurpose } from './captcha.service.js';

registerEnumType(CaptchaPurpose, {
  name: 'CaptchaPurpose',
  description:
    'EMAIL_CODE: solved when asking for the e-mail code; REGISTER: solved when submitting the registration; LOGIN: solved when logging in to an account after several failed logins (login answers CAPTCHA_REQUIRED)',
});

/** An image captcha to show the user; its answer stays on the server. */
@ObjectType()
export class Captcha {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'SVG image (markup); show it, e.g. as `data:image/svg+xml;utf8,` + encodeURIComponent(image)' })
  image!: string;

  @Field(() => Date, { description: 'After this the captcha is refused; it is also refused after one attempt' })
  expiresAt!: Date;
}

/** Confirms a code was mailed. */
@ObjectType()
export class EmailCodeSent {
  @Field(() => String)
  email!: string;

  @Field(() => Date, { description: 'When the code stops working' })
  expiresAt!: Date;
}
