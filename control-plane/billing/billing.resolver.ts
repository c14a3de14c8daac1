import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import type { GraphQLContext } from '../graphql/context.js';
import { requireViewer } from '../graphql/auth-checker.js';
import { BALANCE_CHANGED, type BalanceChangedPayload } from './billing.js';
import { UsageFilter } from './billing.input.js';
import { BalanceView, LedgerEntryView, LedgerPage, ReconciliationRunView, ReconciliationView, UsagePage, UsageRecordView, UsageTotal } from './billing.types.js';

const PAGE = { nullable: true, defaultValue: 50 } as const;

/** Balances, the ledger, usage records and reconciliation: the viewer's own, and administrators' views across accounts. */
@Resolver()
export class BillingResolver {
  @Authorized()
  @Query(() => BalanceView, { description: "The viewer's balance: ledger (RMB) and spendable now" })
  myBalance(@Ctx() ctx: GraphQLContext): Promise<BalanceView> {
    return balanceOf(ctx, requireViewer(ctx).accountId);
  }

  @Authorized()
  @Query(() => LedgerPage, { description: "The viewer's ledger, newest first" })
  myLedger(@Ctx() ctx: GraphQLContext, @Arg('first', () => Int, PAGE) first: number, @Arg('after', () => String, { nullable: true }) after?: string): Promise<LedgerPage> {
    return ledgerOf(ctx, requireViewer(ctx).accountId, first, after);
  }

  @Authorized()
  @Query(() => UsagePage, { description: "The viewer's usage records, newest first, filtered by token, model, group and time" })
  myUsage(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => UsageFilter, { nullable: true }) filter: UsageFilter | undefined,
    @Arg('first', () => Int, PAGE) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<UsagePage> {
    return usageOf(ctx, requireViewer(ctx).accountId, filter ?? {}, first, after);
  }

  @Authorized()
  @Query(() => [UsageTotal], { description: "The viewer's usage totals by day (UTC) and model, newest day first" })
  myUsageTotals(@Ctx() ctx: GraphQLContext, @Arg('filter', () => UsageFilter, { nullable: true }) filter?: UsageFilter): Promise<UsageTotal[]> {
    return ctx.services.billing.queries.usageTotals(ctx.em, requireViewer(ctx).accountId, filter ?? {});
  }

  @Authorized(Role.Admin)
  @Query(() => BalanceView, { description: "Administrators: any account's balance" })
  accountBalance(@Ctx() ctx: GraphQLContext, @Arg('accountId', () => ID) accountId: string): Promise<BalanceView> {
    return balanceOf(ctx, accountId);
  }

  @Authorized(Role.Admin)
  @Query(() => LedgerPage, { description: "Administrators: any account's ledger" })
  accountLedger(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountId', () => ID) accountId: string,
    @Arg('first', () => Int, PAGE) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<LedgerPage> {
    return ledgerOf(ctx, accountId, first, after);
  }

  @Authorized(Role.Admin)
  @Query(() => UsagePage, { description: 'Administrators: usage records of one account, or of all' })
  usageRecords(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountId', () => ID, { nullable: true }) accountId: string | undefined,
    @Arg('filter', () => UsageFilter, { nullable: true }) filter: UsageFilter | undefined,
    @Arg('first', () => Int, PAGE) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<UsagePage> {
    return usageOf(ctx, accountId ?? null, filter ?? {}, first, after);
  }

  @Authorized(Role.Admin)
  @Query(() => [UsageTotal], { description: 'Administrators: usage totals by day and model, of one account or of all' })
  usageTotals(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountId', () => ID, { nullable: true }) accountId?: string,
    @Arg('filter', () => UsageFilter, { nullable: true }) filter?: UsageFilter,
  ): Promise<UsageTotal[]> {
    return ctx.services.billing.queries.usageTotals(ctx.em, accountId ?? null, filter ?? {});
  }

  @Authorized(Role.Admin)
  @Query(() => [ReconciliationView], {
    description: 'Administrators: per account, hot balance == ledger - open reservations - unconsumed usage; drift is reported, never corrected',
  })
  async reconciliation(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountIds', () => [ID], { nullable: true }) accountIds?: string[],
    @Arg('limit', () => Int, { nullable: true, defaultValue: 1000 }) limit?: number,
    @Arg('after', () => ID, { nullable: true, description: 'Without accountIds: only accounts whose id comes after this one (the last id of the previous page)' }) after?: string,
  ): Promise<ReconciliationView[]> {
    const reports = await ctx.services.billing.reconcile(ctx.em, accountIds ?? null, Math.min(Math.max(limit ?? 1000, 1), 10_000), after);
    return reports.map(ReconciliationView.of);
  }

  @Authorized(Role.Admin)
  @Query(() => ReconciliationRunView, { nullable: true, description: 'Administrators: what the periodic reconciliation of every account found last (null before its first run)' })
  async reconciliationRun(@Ctx() ctx: GraphQLContext): Promise<ReconciliationRunView | null> {
    const last = await ctx.services.billing.reconciliation.last();
    return last ? ReconciliationRunView.of(last) : null;
  }

  @Authorized(Role.Admin)
  @Mutation(() => ReconciliationRunView, { description: 'Administrators: reconciles every account now (joins a run in progress) and returns what it found' })
  async runReconciliation(@Ctx() ctx: GraphQLContext): Promise<ReconciliationRunView> {
    return ReconciliationRunView.of(await ctx.services.billing.reconciliation.run());
  }

  @Authorized(Role.Admin)
  @Mutation(() => Int, { description: 'Administrators: loads every missing hot balance from the ledger (after Redis lost its data); returns how many' })
  rebuildHotBalances(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.billing.hot.rebuildMissing();
  }

  @Authorized(Role.Admin)
  @Mutation(() => BalanceView, { description: 'Administrators: credits (positive) or debits (negative) an account in RMB, with a reason' })
  async adjustBalance(
    @Ctx() ctx: GraphQLContext,
    @Arg('accountId', () => ID) accountId: string,
    @Arg('amountRmb', () => String) amountRmb: string,
    @Arg('reason', () => String) reason: string,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'A key of the caller: the same adjustment sent again with it (a retry) changes nothing more' })
    idempotencyKey?: string,
  ): Promise<BalanceView> {
    await ctx.services.billing.adjust(ctx.em, requireViewer(ctx), accountId, amountRmb, reason, idempotencyKey ?? undefined);
    return balanceOf(ctx, accountId);
  }

  @Authorized()
  @Subscription(() => BalanceView, {
    topics: BALANCE_CHANGED,
    filter: ({ payload, context }) => (payload as BalanceChangedPayload).accountId === (context as GraphQLContext).viewer?.accountId,
    description: "The viewer's balance, again each time it changes (usage recorded, credits)",
  })
  balanceChanged(@Root() payload: BalanceChangedPayload, @Ctx() ctx: GraphQLContext): Promise<BalanceView> {
    return balanceOf(ctx, payload.accountId);
  }
}

async function balanceOf(ctx: GraphQLContext, accountId: string): Promise<BalanceView> {
  const { ledgerMicro, hotMicro } = await ctx.services.billing.balance(ctx.em.fork(), accountId);
  return BalanceView.of(accountId, ledgerMicro, hotMicro);
}

async function ledgerOf(ctx: GraphQLContext, accountId: string, first: number, after?: string): Promise<LedgerPage> {
  const page = await ctx.services.billing.queries.ledger(ctx.em, accountId, first, after);
  return { items: page.items.map(LedgerEntryView.of), pageInfo: page.pageInfo };
}

async function usageOf(ctx: GraphQLContext, accountId: string | null, filter: UsageFilter, first: number, after?: string): Promise<UsagePage> {
  const { queries } = ctx.services.billing;
  const page = await queries.usage(ctx.em, accountId, filter, first, after);
  const kinds = await queries.channelKinds(ctx.em, page.items);
  return { items: page.items.map((r) => UsageRecordView.of(r, (r.channelId && kinds.get(r.channelId)) || null)), pageInfo: page.pageInfo };
}
