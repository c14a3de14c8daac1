import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import type { GraphQLContext } from '../graphql/context.js';
import { requireViewer } from '../graphql/auth-checker.js';
import { CreateTokenInput, UpdateTokenInput } from './token.input.js';
import { ApiTokenView } from './token.types.js';
import { TokenStatus, type Token } from './token.entity.js';

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

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a token for good (its key stops working everywhere); returns its id' })
  async deleteToken(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<string> {
    return (await ctx.services.tokens.delete(ctx.em, requireViewer(ctx), id)).id;
  }
}

function view(ctx: GraphQLContext, token: Token): ApiTokenView {
  return ApiTokenView.of(token, ctx.services.tokens.clock());
}

function views(ctx: GraphQLContext, tokens: Token[]): ApiTokenView[] {
  const now = ctx.services.tokens.clock();
  return tokens.map((t) => ApiTokenView.of(t, now));
}
