import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import { requireViewer } from '../graphql/auth-checker.js';
import type { GraphQLContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { ExchangeRateView } from './exchange-rate.types.js';

/** The USD -> RMB exchange rate: public current value, administrators set it and read the history. */
@Resolver(() => ExchangeRateView)
export class ExchangeRateResolver {
  @Query(() => ExchangeRateView, { description: 'The USD -> RMB rate in force (used for top-ups and charges)' })
  async exchangeRate(@Ctx() ctx: GraphQLContext): Promise<ExchangeRateView> {
    return ExchangeRateView.of(await ctx.services.exchangeRates.require(ctx.em));
  }

  @Authorized(Role.Admin)
  @Query(() => [ExchangeRateView], { description: 'Administrators: rate changes, newest first' })
  async exchangeRateHistory(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 50, description: '1 to 500' }) first: number,
  ): Promise<ExchangeRateView[]> {
    if (first < 1 || first > 500) throw badInput('first', 'must be from 1 to 500');
    return (await ctx.services.exchangeRates.history(ctx.em, first)).map(ExchangeRateView.of);
  }

  @Authorized(Role.Admin)
  @Mutation(() => ExchangeRateView, { description: 'Administrators: sets a new USD -> RMB rate (RMB per USD, decimal string > 0); the old one stays in the history' })
  async setExchangeRate(
    @Ctx() ctx: GraphQLContext,
    @Arg('rate', () => String) rate: string,
    @Arg('note', () => String, { defaultValue: '' }) note: string,
  ): Promise<ExchangeRateView> {
    if (note.length > 500) throw badInput('note', 'at most 500 characters');
    return ExchangeRateView.of(await ctx.services.exchangeRates.set(ctx.em, rate, note, requireViewer(ctx).accountId));
  }
}
