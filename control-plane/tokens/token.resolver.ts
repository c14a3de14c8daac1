import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { formatMicroRmb } from '../../shared/money.js';
import { Role } from '../accounts/account.entity.js';
import type { GraphQLContext } from '../graphql/context.js';
import { requireViewer } from '../graphql/auth-checker.js';
import { CreateTokenInput, UpdateTokenInput } from './token.input.js';
import { ApiTokenView } from './token.types.js';
import { TokenStatus, type Token } from './token.entity.js';
import { spendByToken } from './token-spend.js';
import { RateUseView } from '../limits/rate-limits.types.js';

/** The console's token page: the viewer's own API tokens, and an administrator's view of any account's. */
@Resolver(() => ApiTokenView)
export class TokenResolver {
  @Authorized()
  @Query(() => [ApiTokenView], { description: "The viewer's API tokens, newest first" })
  async myTokens(@Ctx() ctx: GraphQLContext): Promise<ApiTokenView[]> {
    return views(ctx, await ctx.services.tokens.listOwn(ctx.em, requireViewer(ctx)));
  }

  @Authorized()
  @Query(() => ApiTokenView, { description: "One of the viewer's API tokens" })
  async token(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<ApiTokenView> {
    return view(ctx, await ctx.services.tokens.get(ctx.em, requireViewer(ctx), id));
  }

  @Authorized()
  @Query(() => String, { description: "The full `sk-` key of one of the viewer's own tokens (the copy button); never another account's" })
  tokenKey(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<string> {
    return ctx.services.tokens.revealKey(ctx.em, requireViewer(ctx), id);
  }

  @Authorized(Role.Admin)
  @Query(() => [ApiTokenView], { description: "Administrators: any account's API tokens (keys stay masked)" })
  async accountTokens(@Ctx() ctx: GraphQLContext, @Arg('accountId', () => ID) accountId: string): Promise<ApiTokenView[]> {
    return views(ctx, await ctx.services.tokens.listOfAccount(ctx.em, accountId));
  }

  @Authorized()
  @Mutation(() => ApiTokenView, { description: 'Creates an API token for the viewer; copy its key with `tokenKey`' })
  async createToken(@Ctx() ctx: GraphQLContext, @Arg('input', () => CreateTokenInput) input: CreateTokenInput): Promise<ApiTokenView> {
    return view(ctx, await ctx.services.tokens.create(ctx.em, requireViewer(ctx), input));
  }

  @Authorized()
  @Mutation(() => ApiTokenView, { description: 'Renames a token or changes its groups, expiry, spending cap or model allow-list' })
  async updateToken(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateTokenInput) input: UpdateTokenInput,
  ): Promise<ApiTokenView> {
    return view(ctx, await ctx.services.tokens.update(ctx.em, requireViewer(ctx), id, input));
  }

  @Authorized()
  @Mutation(() => ApiTokenView, { description: 'Stops a token working on every node (within a second) until enabled again' })
  async disableToken(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<ApiTokenView> {
    return view(ctx, await ctx.services.tokens.setStatus(ctx.em, requireViewer(ctx), id, TokenStatus.Disabled));
  }

  @Authorized()
  @Mutation(() => ApiTokenView, { description: 'Lets a disabled token work again' })
  async enableToken(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<ApiTokenView> {
    return view(ctx, await ctx.services.tokens.setStatus(ctx.em, requireViewer(ctx), id, TokenStatus.Active));
  }

  @FieldResolver(() => String, {
    description:
      'RMB (six decimals) this token has spent so far: the charges of its usage records, as the ledger holds them; the spending cap also counts requests still in flight and charges of the last moments not recorded yet',
  })
  async spentRmb(@Ctx() ctx: GraphQLContext, @Root() token: ApiTokenView): Promise<string> {
    return formatMicroRmb((await spendOf(ctx, token.accountId)).get(token.id) ?? 0n);
  }

  @FieldResolver(() => RateUseView, { description: "The token's use in its current one-minute rate-limit window, as every data plane counted it" })
  rateUse(@Ctx() ctx: GraphQLContext, @Root() token: ApiTokenView): Promise<RateUseView> {
    return ctx.services.tokens.rateUse(token.accountId, token.id);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a token for good (its key stops working everywhere); returns its id' })
  async deleteToken(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<string> {
    return (await ctx.services.tokens.delete(ctx.em, requireViewer(ctx), id)).id;
  }
}

/**
 * Spend per token, read once per operation and account: a token list asks for every token's
 * spend, which one grouped query answers (the context object lives exactly one operation).
 */
const spendOfOperation = new WeakMap<GraphQLContext, Map<string, Promise<Map<string, bigint>>>>();

function spendOf(ctx: GraphQLContext, accountId: string): Promise<Map<string, bigint>> {
  let byAccount = spendOfOperation.get(ctx);
  if (!byAccount) spendOfOperation.set(ctx, (byAccount = new Map()));
  let spend = byAccount.get(accountId);
  if (!spend) byAccount.set(accountId, (spend = spendByToken(ctx.em, accountId)));
  return spend;
}

function view(ctx: GraphQLContext, token: Token): ApiTokenView {
  return ApiTokenView.of(token, ctx.services.tokens.clock());
}

function views(ctx: GraphQLContext, tokens: Token[]): ApiTokenView[] {
  const now = ctx.services.tokens.clock();
  return tokens.map((t) => ApiTokenView.of(t, now));
}
