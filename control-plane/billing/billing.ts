import { hostname } from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CONSOLE_PATHS } from '../../shared/console-paths.js';
import { Account } from '../accounts/account.entity.js';
import type { Viewer } from '../auth/viewer.js';
import type { JobLease } from '../jobs/job-lease.js';
import { badInput, notFound } from '../graphql/errors.js';
import { LedgerEntry, LedgerKind } from '../ledger/ledger-entry.entity.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { AppDeps } from '../app-deps.js';
import { EpayProvider } from '../topup/epay.js';
import { RedemptionService, rmbArgument } from '../topup/redemption.service.js';
import { TopUpService } from '../topup/topup.service.js';
import { LedgeredMarks } from '../usage/ledgered-marks.js';
import { UsageConsumer } from '../usage/usage.consumer.js';
import { BillingQueries } from './billing-queries.js';
import { Credits } from './credits.js';
import { HotBalanceService } from './hot-balance.service.js';
import { reconcile, type AccountReconciliation } from './reconcile.js';
import { ReconciliationJob } from './reconcile.job.js';

/** Topic of the `balanceChanged` subscription; payload {@link BalanceChangedPayload}. */
export const BALANCE_CHANGED = 'BALANCE_CHANGED';

/** What is published on {@link BALANCE_CHANGED}. */
export interface BalanceChangedPayload {
  accountId: string;
}

/** Options of the billing services (tests tune them; production uses the defaults). */
export interface BillingOptions {
  /** Start the usage consumer loop (default true). Tests drive it with `consumer.drain()` instead. */
  consumeUsage?: boolean;
  now?: () => number;
}

/** Accounts the reconciliation job takes at a time. */
const RECONCILE_PAGE = 500;

/** Largest single adjustment, micro-RMB. */
const MAX_ADJUSTMENT_MICRO = 1_000_000n * 1_000_000n;

/**
 * The money side of the control plane: hot balances kept in step with the ledger, the usage
 * consumer, top-ups, redemption codes, adjustments, reconciliation and the read models.
 */
export class Billing {
  readonly hot: HotBalanceService;
  readonly consumer: UsageConsumer;
  /** Clears the unledgered charges of what the consumer wrote to the ledger. */
  readonly ledgered: LedgeredMarks;
  /** Reconciles every account periodically (RECONCILE_EVERY_MS). */
  readonly reconciliation: ReconciliationJob;
  readonly credits: Credits;
  readonly topUps: TopUpService;
  readonly redemptions: RedemptionService;
  readonly queries = new BillingQueries();

  constructor(private readonly deps: AppDeps & { ledger: LedgerService }, private readonly options: BillingOptions = {}) {
    const now = options.now ?? Date.now;
    const publish = (accountId: string): void => {
      void deps.events.pubSub.publish(BALANCE_CHANGED, { accountId } satisfies BalanceChangedPayload);
    };
    this.hot = new HotBalanceService({ orm: deps.orm, balances: deps.ports.balances, usage: deps.ports.usage, onChanged: publish, now });
    this.ledgered = new LedgeredMarks(deps.ports.balances);
    this.consumer = new UsageConsumer(deps.orm, deps.ports.usage, {
      consumer: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
      balances: deps.ports.balances,
      onCommitted: (accounts) => accounts.forEach(publish),
      onLedgered: (events) => this.ledgered.add(events),
    });
    this.reconciliation = new ReconciliationJob(deps.orm, deps.ports.ephemeral, (em, after) => this.reconcile(em, null, RECONCILE_PAGE, after), deps.config.reconcileEveryMs);
    this.credits = new Credits(deps.ledger, this.hot);
    const { payment, publicBaseUrl } = deps.config;
    const base = publicBaseUrl?.replace(/\/+$/, '');
    this.topUps = new TopUpService({
      credits: this.credits,
      provider: payment ? new EpayProvider(payment) : null,
      urls: payment && base ? { notifyUrl: `${base}/pay/notify`, walletUrl: `${base}${CONSOLE_PATHS.wallet}` } : null,
      now,
    });
    this.redemptions = new RedemptionService({ credits: this.credits, now });
  }

  /**
   * Loads missing hot balances, then starts the usage consumer (on every control plane: the queue
   * hands each event to one) and, under their job leases, the expiry sweep and reconciliation.
   */
  async start(leases: { reservationExpiry: JobLease; reconciliation: JobLease }): Promise<void> {
    await this.hot.start(leases.reservationExpiry);
    if (this.options.consumeUsage !== false) await this.consumer.start();
    this.reconciliation.start(leases.reconciliation);
  }

  /** Stops the background jobs. */
  async stop(): Promise<void> {
    await this.reconciliation.stop();
    await this.consumer.stop();
    await this.ledgered.close();
    await this.hot.stop();
  }

  /**
   * The ledger balance and the spendable hot balance of an account. The blocks that data planes
   * lease for a rich account's coming requests (reservations without a token) count as
   * spendable: they are set aside, not spent, and go back when the traffic stops.
   */
  async balance(em: EntityManager, accountId: string): Promise<{ ledgerMicro: bigint; hotMicro: bigint | null }> {
    const [ledgerMicro, hot] = await Promise.all([this.deps.ledger.balanceMicro(accountId, em), this.deps.ports.balances.inspect(accountId)]);
    const leased = hot.reservations.reduce((sum, r) => (r.tokenId === null ? sum + r.amountMicro : sum), 0n);
    return { ledgerMicro, hotMicro: hot.balanceMicro === null ? null : hot.balanceMicro + leased };
  }

  /**
   * An administrator's credit (positive) or debit (negative) of an account, with a reason; returns
   * the new ledger balance. With a `requestKey` of the caller's, a retry (say, after a network
   * error) changes nothing more; the same key for another account or amount is refused.
   */
  async adjust(em: EntityManager, admin: Viewer, accountId: string, amountRmb: string, reason: string, requestKey?: string): Promise<bigint> {
    const amount = rmbArgument('amountRmb', amountRmb, { allowNegative: true });
    if (amount === 0n) throw badInput('amountRmb', 'must not be zero');
    if (amount > MAX_ADJUSTMENT_MICRO || -amount > MAX_ADJUSTMENT_MICRO) throw badInput('amountRmb', 'must be within 1000000 RMB either way');
    const memo = reason.trim();
    if (memo.length < 3 || memo.length > 500) throw badInput('reason', 'must be 3 to 500 characters');
    if (requestKey !== undefined && !/^[\x21-\x7e]{8,100}$/.test(requestKey)) throw badInput('idempotencyKey', 'must be 8 to 100 printable characters without spaces');
    if (!(await em.count(Account, { id: accountId }))) throw notFound('Account');
    const idempotencyKey = `adjust:${requestKey ?? randomUUID()}`;
    await this.credits.apply(em, async (tx) => {
      const earlier = requestKey === undefined ? null : await tx.findOne(LedgerEntry, { idempotencyKey }, { fields: ['account', 'amountMicro'] });
      if (earlier && (earlier.account.id !== accountId || BigInt(earlier.amountMicro) !== amount)) {
        throw badInput('idempotencyKey', 'was already used for another adjustment');
      }
      // A retry appends nothing (same key) and applies the hot credit at most once (same key).
      return { entry: { accountId, kind: LedgerKind.Adjustment, amountMicro: amount, idempotencyKey, memo: `${memo} (by ${admin.accountId})` }, result: undefined };
    });
    return this.deps.ledger.balanceMicro(accountId, em.fork());
  }

  /** Reconciles the given accounts, or every account (in id order, at most `limit`, those after `after`). */
  async reconcile(em: EntityManager, accountIds: readonly string[] | null, limit = 1000, after?: string): Promise<AccountReconciliation[]> {
    const ids = accountIds ?? (await em.find(Account, after ? { id: { $gt: after } } : {}, { fields: ['id'], orderBy: { id: 'asc' }, limit })).map((a) => a.id);
    return reconcile(em, { balances: this.deps.ports.balances, usage: this.deps.ports.usage, ledgered: this.ledgered, now: this.options.now }, ids);
  }
}
