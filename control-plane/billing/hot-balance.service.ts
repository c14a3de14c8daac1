import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../shared/log.js';
import { everyWhileHeld, type JobLease, type Schedule } from '../jobs/job-lease.js';
import type { BalanceStore, HotAccount, UnledgeredCharge } from '../../shared/ports/balance-store.js';
import type { QueuedUsageEvent, UsageQueue } from '../../shared/ports/usage-queue.js';
import { Account } from '../accounts/account.entity.js';
import { USAGE_CONSUMER_GROUP } from '../usage/usage.consumer.js';
import { readLedgerFacts } from './ledger-view.js';

const log = createLogger('hot-balance');

/** Accounts loaded per round when rebuilding. */
const REBUILD_PAGE = 500;

/** How often reservations past their expiry are looked for. */
const EXPIRE_EVERY_MS = 10_000;

/** One account's expected hot state, derived from the ledger and the queue. */
export interface ExpectedHot {
  ledgerMicro: bigint;
  /** Charges of usage events not yet in the ledger, by event id. */
  unledgered: Map<string, UnledgeredCharge>;
  /** Spend per token: usage records plus unconsumed events (open reservations not included). */
  tokenSpend: Map<string, bigint>;
  /** The ledger's credits and debits (idempotency key -> amount): a loaded balance includes them. */
  credits: Map<string, bigint>;
  /** Event ids whose charges the ledger holds, among the queued ones and those `held` (see {@link HotBalanceService.expected}). */
  accounted: Set<string>;
}

/**
 * Keeps the hot balances (Redis) in step with the ledger (PostgreSQL):
 * - loads a missing balance from the ledger: ledger - open reservations - unconsumed usage
 *   (at start for every account, on a data plane's load request, after a credit found none);
 * - pushes credits (top-ups, adjustments, redemptions) to the hot balance once each;
 * - releases reservations past their expiry periodically, on one control plane at a time.
 */
export class HotBalanceService {
  private sweep: Schedule | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      balances: BalanceStore;
      usage: UsageQueue;
      /** Told every account whose hot balance changed (the `balanceChanged` subscription). */
      onChanged?: (accountId: string) => void;
      now?: () => number;
    },
  ) {}

  /** Rebuilds missing balances, answers load requests, and starts the expiry sweep (while this control plane holds `expiryLease`). */
  async start(expiryLease: JobLease): Promise<void> {
    // The group must exist before any event counts as "unconsumed" (see `expected`).
    await this.deps.usage.ensureGroup(USAGE_CONSUMER_GROUP);
    this.unsubscribe = await this.deps.balances.onLoadRequest((accountId) => {
      this.ensureLoaded(accountId).catch((error: unknown) => log.error('balance load failed', { accountId, error: String(error) }));
    });
    await this.rebuildMissing();
    this.sweep = everyWhileHeld(expiryLease, EXPIRE_EVERY_MS, () => this.expire());
  }

  /** Stops the sweep and the load-request subscription. */
  async stop(): Promise<void> {
    await this.sweep?.stop();
    await this.unsubscribe?.();
  }

  /** Releases reservations past their expiry (their node died); returns how many. */
  expire(now = (this.deps.now ?? Date.now)()): Promise<number> {
    return this.deps.balances.expire(now);
  }

  /**
   * Applies a committed ledger credit (signed micro-RMB) to the hot balance, once per key. When
   * the balance is not loaded yet it is loaded from the ledger instead, which holds the credit.
   */
  async applyCredit(accountId: string, amountMicro: bigint, idempotencyKey: string): Promise<void> {
    const result = await this.deps.balances.credit(accountId, amountMicro, idempotencyKey);
    if (result.status === 'unknown') await this.ensureLoaded(accountId);
    this.deps.onChanged?.(accountId);
  }

  /** Loads the account's hot balance from the ledger if it is missing; returns whether it loaded. */
  async ensureLoaded(accountId: string): Promise<boolean> {
    return (await this.loadMissing([accountId])) === 1;
  }

  /** Loads every account whose hot balance is missing (Redis lost its data, or a new deployment); returns how many were loaded. */
  async rebuildMissing(): Promise<number> {
    const em = this.deps.orm.em.fork();
    let loaded = 0;
    let after = '';
    for (;;) {
      const page = await em.find(Account, { id: { $gt: after || '00000000-0000-0000-0000-000000000000' } }, { fields: ['id'], orderBy: { id: 'asc' }, limit: REBUILD_PAGE });
      if (page.length === 0) break;
      loaded += await this.loadMissing(page.map((a) => a.id));
      after = page[page.length - 1].id;
      em.clear();
    }
    if (loaded > 0) log.info('hot balances loaded from the ledger', { accounts: loaded });
    return loaded;
  }

  /**
   * What the hot state of `accountIds` should be, apart from open reservations: the ledger, minus
   * the charges of usage events still in the queue and not yet recorded, and minus the charges
   * `held` unledgered by the store while the balance was missing (settlements after Redis lost
   * its data) whose events are not recorded yet (for loading a balance).
   */
  async expected(em: EntityManager, accountIds: readonly string[], held: ReadonlyMap<string, ReadonlyMap<string, UnledgeredCharge>> = new Map()): Promise<Map<string, ExpectedHot>> {
    const wanted = new Set(accountIds);
    const queued = (await this.deps.usage.unconsumed(USAGE_CONSUMER_GROUP)).filter((q) => wanted.has(q.event.accountId));
    const facts = await readLedgerFacts(em, accountIds, queued, [...held.values()].flatMap((charges) => [...charges.keys()]));
    const result = new Map<string, ExpectedHot>();
    for (const id of accountIds) {
      const accounted = new Set([...(held.get(id)?.keys() ?? [])].filter((eventId) => facts.recorded.has(eventId)));
      result.set(id, { ledgerMicro: facts.balances.get(id) ?? 0n, unledgered: new Map(), tokenSpend: facts.tokenSpend.get(id) ?? new Map(), credits: facts.credits.get(id) ?? new Map(), accounted });
    }
    for (const q of queued) if (facts.recorded.has(q.event.eventId)) result.get(q.event.accountId)!.accounted.add(q.event.eventId);
    for (const q of pendingOnly(queued, facts.recorded)) {
      const expected = result.get(q.event.accountId)!;
      const charge = BigInt(q.event.chargeMicro);
      if (charge > 0n) expected.unledgered.set(q.event.eventId, { chargeMicro: charge, at: q.event.createdAt });
      expected.tokenSpend.set(q.event.tokenId, (expected.tokenSpend.get(q.event.tokenId) ?? 0n) + charge);
    }
    for (const [accountId, charges] of held) {
      const expected = result.get(accountId)!;
      for (const [eventId, charge] of charges) if (!expected.accounted.has(eventId) && !expected.unledgered.has(eventId)) expected.unledgered.set(eventId, charge);
    }
    return result;
  }

  private async loadMissing(accountIds: readonly string[]): Promise<number> {
    const hot = new Map<string, HotAccount>();
    for (const id of accountIds) {
      const state = await this.deps.balances.inspect(id);
      if (state.balanceMicro === null) hot.set(id, state);
    }
    if (hot.size === 0) return 0;
    // Charges kept while the balance was missing (settled after Redis lost its data) count as unledgered unless the ledger holds them.
    const held = new Map([...hot].map(([id, state]) => [id, state.unledgered]));
    const expected = await this.expected(this.deps.orm.em.fork(), [...hot.keys()], held);
    let loaded = 0;
    for (const [id, state] of hot) {
      const e = expected.get(id)!;
      const reserved = state.reservations.reduce((sum, r) => sum + r.amountMicro, 0n);
      const spend = new Map(e.tokenSpend);
      for (const r of state.reservations) if (r.tokenId) spend.set(r.tokenId, (spend.get(r.tokenId) ?? 0n) + r.amountMicro);
      const unledgered = [...e.unledgered.values()].reduce((sum, charge) => sum + charge.chargeMicro, 0n);
      // The credits go with it: a retried credit (a replayed payment callback) must not add again.
      if (await this.deps.balances.load(id, e.ledgerMicro - unledgered - reserved, spend, e.unledgered, e.credits, e.accounted)) {
        loaded += 1;
        this.deps.onChanged?.(id);
      }
    }
    return loaded;
  }
}

/** The queued events whose record is not written yet, each event id once (a retried append may queue one twice). */
function pendingOnly(queued: readonly QueuedUsageEvent[], recorded: ReadonlySet<string>): QueuedUsageEvent[] {
  const seen = new Set(recorded);
  return queued.filter((q) => !seen.has(q.event.eventId) && seen.add(q.event.eventId));
}
