import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../graphql/auth-checker.js';
import type { GraphQLContext } from '../graphql/context.js';
import { ChangePasswordInput } from './account.input.js';
import { AccountView } from './account.types.js';

/** The viewer's own account. */
@Resolver()
export class AccountResolver {
  @Authorized()
  @Query(() => AccountView, { description: 'The logged-in account, with its balance' })
  me(@Ctx() ctx: GraphQLContext): Promise<AccountView> {
    return ctx.services.accounts.view(ctx.em, requireViewer(ctx).accountId);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Changes the password and ends every other session of the account' })
  async changePassword(@Arg('input', () => ChangePasswordInput) input: ChangePasswordInput, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.accounts.changePassword(ctx.em, requireViewer(ctx), input);
    return true;
  }
}
