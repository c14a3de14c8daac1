import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireViewer } from '../graphql/auth-checker.js';
import type { GraphQLContext } from '../graphql/context.js';
import { LoginInput } from './auth.input.js';
import { AuthPayload } from './auth.types.js';

/** Console login and logout. */
@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Starts a console session: sets the httpOnly cookie and returns the bearer session token' })
  login(@Arg('input', () => LoginInput) input: LoginInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return ctx.services.auth.login(ctx.em, ctx.http, input);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends the current session and clears the cookie' })
  async logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.auth.logout(ctx.em, ctx.http, requireViewer(ctx));
    return true;
  }
}
