import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { formatMicroRmb } from '../../shared/money.js';
import { Role } from '../accounts/account.entity.js';
import { BalanceView, RedemptionBatch, TopUpCheckout, TopUpOrderView, TopUpPage, TopUpQuote } from '../billing/billing.types.js';
import type { GraphQLContext } from '../graphql/context.js';
import { requireViewer } from '../graphql/auth-checker.js';
import { notFound } from '../graphql/errors.js';
import { rmbArgument } from './redemption.service.js';

const PAGE = { nullable: true, defaultValue: 50 } as const;

/** Top-ups (orders paid through the payment provider) and redemption codes. */
@Resolver()
export class TopUpResolver {
  @Authorized()
  @Mutation(() => TopUpCheckout, { description: 'Starts a top-up of `amountUsd` (at least 10), converted to RMB at the rate in force now; pay at `payUrl`' })
  async createTopUp(
    @Ctx() ctx: GraphQLContext,
    @Arg('amountUsd', () => String) amountUsd: string,
    @Arg('payType', () => String, { nullable: true, defaultValue: 'alipay', description: 'alipay, wxpay or qqpay' }) payType: string,
  ): Promise<TopUpCheckout> {
    const { order, payUrl } = await ctx.services.billing.topUps.create(ctx.em, requireViewer(ctx), amountUsd, payType);
    return { order: TopUpOrderView.of(order), payUrl };
  }

  @Authorized()
  @Query(() => TopUpQuote, {
    description: 'What a top-up of `amountUsd` would cost and credit at the rate in force now (the preview before `createTopUp`); BAD_USER_INPUT on `amountUsd` as `createTopUp` would answer',
  })
  async topUpQuote(@Ctx() ctx: GraphQLContext, @Arg('amountUsd', () => String) amountUsd: string): Promise<TopUpQuote> {
    return TopUpQuote.of(await ctx.services.billing.topUps.quote(ctx.em, amountUsd));
  }

  @Authorized()
  @Query(() => TopUpOrderView, { description: "One of the viewer's top-up orders by its order number (`outTradeNo`, as the payment page's return address names it); NOT_FOUND otherwise" })
  async myTopUp(@Ctx() ctx: GraphQLContext, @Arg('outTradeNo', () => String) outTradeNo: string): Promise<TopUpOrderView> {
    await ctx.services.billing.topUps.expireStale(ctx.em);
    const order = await ctx.services.billing.queries.topUp(ctx.em, requireViewer(ctx).accountId, outTradeNo);
    if (!order) throw notFound('Top-up order');
    return TopUpOrderView.of(order);
  }

  @Authorized()
  @Query(() => TopUpPage, { description: "The viewer's top-up orders, newest first" })
  async myTopUps(@Ctx() ctx: GraphQLContext, @Arg('first', () => Int, PAGE) first: number, @Arg('after', () => String, { nullable: true }) after?: string): Promise<TopUpPage> {
    return topUpsOf(ctx, requireViewer(ctx).accountId, first, after);
  }

  @Authorized(Role.Admin)
  @Query(() => TopUpPage, { description: 'Administrators: top-up orders of one account, or of all' })
  topUpOrders(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountId', () => ID, { nullable: true }) accountId: string | undefined,
    @Arg('first', () => Int, PAGE) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<TopUpPage> {
    return topUpsOf(ctx, accountId ?? null, first, after);
  }

  @Authorized()
  @Mutation(() => BalanceView, {
    description:
      'Redeems a redemption code once for its fixed RMB amount; returns the new balance. BAD_USER_INPUT on `code` with `extensions.reason` UNKNOWN_CODE or ALREADY_REDEEMED',
  })
  async redeemCode(@Ctx() ctx: GraphQLContext, @Arg('code', () => String) code: string): Promise<BalanceView> {
    const viewer = requireViewer(ctx);
    await ctx.services.billing.redemptions.redeem(ctx.em, viewer, code);
    const { ledgerMicro, hotMicro } = await ctx.services.billing.balance(ctx.em.fork(), viewer.accountId);
    return BalanceView.of(viewer.accountId, ledgerMicro, hotMicro);
  }

  @Authorized(Role.Admin)
  @Mutation(() => RedemptionBatch, { description: 'Administrators: makes `count` single-use codes worth `amountRmb` each; the codes are shown only in this answer' })
  async createRedemptionCodes(
    @Ctx() ctx: GraphQLContext,
    @Arg('count', () => Int) count: number,
    @Arg('amountRmb', () => String) amountRmb: string,
    @Arg('name', () => String, { nullable: true, defaultValue: '' }) name: string,
  ): Promise<RedemptionBatch> {
    const batch = await ctx.services.billing.redemptions.createBatch(ctx.em, requireViewer(ctx), count, amountRmb, name);
    return { batchId: batch.batchId, amountRmb: formatMicroRmb(rmbArgument('amountRmb', amountRmb)), codes: batch.codes };
  }
}

async function topUpsOf(ctx: GraphQLContext, accountId: string | null, first: number, after?: string): Promise<TopUpPage> {
  await ctx.services.billing.topUps.expireStale(ctx.em);
  const page = await ctx.services.billing.queries.topUps(ctx.em, accountId, first, after);
  return { items: page.items.map(TopUpOrderView.of), pageInfo: page.pageInfo };
}
