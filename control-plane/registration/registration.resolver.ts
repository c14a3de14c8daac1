import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { AccountView } from '../accounts/account.types.js';
import type { GraphQLContext } from '../graphql/context.js';
import { CaptchaPurpose } from './captcha.service.js';
import { RegisterInput, RequestEmailCodeInput } from './registration.input.js';
import { Captcha, EmailCodeSent } from './registration.types.js';

/** Public registration operations (no session needed). */
@Resolver()
export class RegistrationResolver {
  @Mutation(() => Captcha, { description: 'A new image captcha for one step of registration; expires, and is spent by one attempt' })
  createCaptcha(@Arg('purpose', () => CaptchaPurpose) purpose: CaptchaPurpose, @Ctx() ctx: GraphQLContext): Promise<Captcha> {
    return ctx.services.registration.captcha(ctx.http.ip, purpose);
  }

  @Mutation(() => EmailCodeSent, { description: 'Mails a 6-digit verification code (valid 10 minutes); needs a solved EMAIL_CODE captcha' })
  requestEmailCode(@Arg('input', () => RequestEmailCodeInput) input: RequestEmailCodeInput, @Ctx() ctx: GraphQLContext): Promise<EmailCodeSent> {
    return ctx.services.registration.requestEmailCode(ctx.em, ctx.http.ip, input);
  }

  @Mutation(() => AccountView, {
    description: 'Creates an account with the trial credit and an initial token (no group); needs a solved REGISTER captcha and the mailed code',
  })
  register(@Arg('input', () => RegisterInput) input: RegisterInput, @Ctx() ctx: GraphQLContext): Promise<AccountView> {
    return ctx.services.registration.register(ctx.em, ctx.http.ip, input);
  }
}
