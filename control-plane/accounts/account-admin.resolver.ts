import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../graphql/auth-checker.js';
import type { GraphQLContext } from '../graphql/context.js';
import { RateLimitsInput } from '../limits/rate-limits.types.js';
import { Role } from './account.entity.js';
import { AccountPage, AccountView } from './account.types.js';

/** Administrators' view of every account: search, one account, and the switch that disables it. */
@Resolver()
export class AccountAdminResolver {
  @Authorized(Role.Admin)
  @Query(() => AccountPage, { description: 'Administrators: accounts by username, with their balances; `search` matches part of the username or e-mail address (or an account id)' })
  accounts(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', () => String, { nullable: true, description: 'Case-insensitive substring of the username or e-mail address, or an account id' }) search: string | null | undefined,
    @Arg('first', () => Int, { defaultValue: 50, description: '1 to 200' }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<AccountPage> {
    return ctx.services.accountAdmin.list(ctx.em, search, first, after);
  }

  @Authorized(Role.Admin)
  @Query(() => AccountView, { description: 'Administrators: one account, with its balance' })
  account(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<AccountView> {
    return ctx.services.accountAdmin.get(ctx.em, id);
  }

  @Authorized(Role.Admin)
  @Mutation(() => AccountView, {
    description:
      'Administrators: disables an account (a reason is required: its sessions end, login is refused, its tokens answer 403 on every node within a second) or enables it again',
  })
  setAccountDisabled(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountId', () => ID) accountId: string,
    @Arg('disabled', () => Boolean) disabled: boolean,
    @Arg('reason', () => String, { nullable: true, description: 'Why (required when disabling, at most 500 characters)' }) reason?: string | null,
  ): Promise<AccountView> {
    return ctx.services.accountAdmin.setDisabled(ctx.em, requireViewer(ctx), accountId, disabled, reason);
  }

  @Authorized(Role.Admin)
  @Mutation(() => AccountView, {
    description:
      "Administrators: sets an account's rate limits (requests and tokens per minute, concurrent requests: all its tokens together; null: none); every data plane applies them within a second",
  })
  setAccountRateLimits(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountId', () => ID) accountId: string,
    @Arg('limits', () => RateLimitsInput) limits: RateLimitsInput,
  ): Promise<AccountView> {
    return ctx.services.accountAdmin.setLimits(ctx.em, requireViewer(ctx), accountId, limits);
  }
}
