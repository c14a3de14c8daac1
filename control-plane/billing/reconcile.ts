import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BalanceStore, HotAccount } from '../../shared/ports/balance-store.js';
import type { UsageQueue } from '../../shared/ports/usage-queue.js';
import { LEDGERED_MARK_DELAY_MS, type LedgeredMarks, type LedgeredRecord } from '../usage/ledgered-marks.js';
import { USAGE_CONSUMER_GROUP } from '../usage/usage.consumer.js';
import { ledgerBalances, recordedEvents } from './ledger-view.js';

/** The reconciliation of one account: Redis balance against ledger - open reservations - charges the ledger lacks. */
export interface AccountReconciliation {
  accountId: string;
  ledgerMicro: bigint;
  openReservationsMicro: bigint;
  /** Charges on the hot balance that the ledger does not hold yet (usage events not yet written). */
  unconsumedMicro: bigint;
  /**
   * Charges on the hot balance whose usage event was lost (charged over LOST_AFTER_MS ago, neither
   * in the ledger nor queued: a node died between the charge and the event). Not counted as
   * unconsumed: the ledger will never get them, so they show as drift.
   */
  lostMicro: bigint;
  /** ledger - open reservations - unconsumed charges. */
  expectedMicro: bigint;
  /** The Redis balance, or null when it is missing. */
  hotMicro: bigint | null;
  /** hot - expected (0 when in step; null when the hot balance is missing). */
  driftMicro: bigint | null;
  status: 'ok' | 'drift' | 'missing';
}

/** What reconciliation reads and where it hands back charges the ledger already holds. */
export interface ReconcileDeps {
  balances: BalanceStore;
  /** The usage events still queued: where an old unledgered charge's event should be. */
  usage: UsageQueue;
  /** Clears unledgered charges found in the ledger (left behind when a mark was lost). */
  ledgered: LedgeredMarks;
  pause?: () => Promise<void>;
  now?: () => number;
}

/** How many times a drifting account is measured before its drift is reported (a credit in flight moves one side first). */
const RECHECKS = 3;
/** Accounts measured together, in one snapshot. */
const ACCOUNTS_PER_MEASUREMENT = 100;
/** How many times a measurement slower than LEDGERED_MARK_DELAY_MS is taken again before it is kept as it is. */
const SLOW_RETRIES = 3;
/** An unledgered charge this old whose event is neither in the ledger nor queued was lost (its event follows the charge within milliseconds). */
const LOST_AFTER_MS = 60_000;

/**
 * Proves, per account, that the hot balance equals ledger - open reservations - charges the ledger
 * does not hold yet (docs/architecture.md, "Money"). Drift is reported, never corrected here.
 *
 * A measurement is exact under live traffic. It reads the ledger in a repeatable-read snapshot
 * taken first; then each account's hot state in one atomic read: the balance, its reservations and
 * its unledgered charges (written by the same script as each charge, shared/ports/balance-store.ts);
 * then, in the same snapshot, which of those charges the ledger already holds. Every charge is on
 * the hot balance and counted once on the other side: in the snapshot's ledger, or as unledgered.
 * The one way to miss a charge would be a commit after the snapshot whose unledgered copy is
 * cleared before the Redis read: clearing waits LEDGERED_MARK_DELAY_MS after the commit, and a
 * measurement slower than that is taken again.
 *
 * An unledgered charge whose usage event never reached the queue (a node died in between) would
 * count as unconsumed forever: one older than {@link LOST_AFTER_MS} is looked for in the queue
 * (read before the snapshot, so an event committed meanwhile is in one or the other), and counted
 * as lost when it is not there.
 *
 * Credits stay transient: the ledger commits one a moment before the hot balance receives it. So
 * an account that drifts is measured again (up to {@link RECHECKS} times) and reported only when
 * every measurement drifts.
 */
export async function reconcile(em: EntityManager, deps: ReconcileDeps, accountIds: readonly string[]): Promise<AccountReconciliation[]> {
  let results = await measureAll(em, deps, accountIds);
  for (let attempt = 1; attempt < RECHECKS; attempt += 1) {
    const drifting = results.filter((r) => r.status === 'drift').map((r) => r.accountId);
    if (drifting.length === 0) break;
    await (deps.pause ?? (() => new Promise<void>((r) => setTimeout(r, 50))))();
    const again = new Map((await measureAll(em, deps, drifting)).map((r) => [r.accountId, r]));
    results = results.map((r) => again.get(r.accountId) ?? r);
  }
  return results;
}

async function measureAll(em: EntityManager, deps: ReconcileDeps, accountIds: readonly string[]): Promise<AccountReconciliation[]> {
  const results: AccountReconciliation[] = [];
  for (let i = 0; i < accountIds.length; i += ACCOUNTS_PER_MEASUREMENT) {
    const ids = accountIds.slice(i, i + ACCOUNTS_PER_MEASUREMENT);
    let measured = await measure(em, deps, ids, false);
    for (let retry = 0; (!measured.inTime || measured.needsQueue) && retry < SLOW_RETRIES; retry += 1) measured = await measure(em, deps, ids, measured.needsQueue);
    results.push(...measured.results);
  }
  return results;
}

/**
 * One measurement of `accountIds`; `inTime` when its Redis read ended within LEDGERED_MARK_DELAY_MS
 * of its snapshot; `needsQueue` when it found old unledgered charges and did not read the queue.
 */
async function measure(
  em: EntityManager,
  deps: ReconcileDeps,
  accountIds: readonly string[],
  readQueue: boolean,
): Promise<{ results: AccountReconciliation[]; inTime: boolean; needsQueue: boolean }> {
  const queued = readQueue ? new Set((await deps.usage.unconsumed(USAGE_CONSUMER_GROUP)).map((q) => q.event.eventId)) : undefined;
  const { ledger, hot, recorded, inTime } = await em.fork().transactional(
    async (tx) => {
      const started = performance.now();
      const ledger = await ledgerBalances(tx, accountIds); // the snapshot is taken by this first statement
      const hot: HotAccount[] = await Promise.all(accountIds.map((id) => deps.balances.inspect(id)));
      const inTime = performance.now() - started < LEDGERED_MARK_DELAY_MS;
      const recorded = await recordedEvents(tx, hot.flatMap((h) => [...h.unledgered.keys()]));
      return { ledger, hot, recorded, inTime };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ },
  );
  const stale: LedgeredRecord[] = [];
  const oldBefore = (deps.now ?? Date.now)() - LOST_AFTER_MS;
  let needsQueue = false;
  const results = accountIds.map((accountId, i): AccountReconciliation => {
    const ledgerMicro = ledger.get(accountId)!;
    const openReservationsMicro = hot[i].reservations.reduce((sum, r) => sum + r.amountMicro, 0n);
    let unconsumedMicro = 0n;
    let lostMicro = 0n;
    for (const [eventId, { chargeMicro, at }] of hot[i].unledgered) {
      if (recorded.has(eventId)) stale.push({ accountId, recordId: eventId });
      else if (at > oldBefore || queued?.has(eventId)) unconsumedMicro += chargeMicro;
      else if (queued) lostMicro += chargeMicro;
      else needsQueue = true;
    }
    for (const [batchId, eventIds] of hot[i].unledgeredBatches) if (eventIds.every((id) => recorded.has(id))) stale.push({ accountId, recordId: batchId });
    const expectedMicro = ledgerMicro - openReservationsMicro - unconsumedMicro;
    const hotMicro = hot[i].balanceMicro;
    const driftMicro = hotMicro === null ? null : hotMicro - expectedMicro;
    const status = driftMicro === null ? 'missing' : driftMicro === 0n ? 'ok' : 'drift';
    return { accountId, ledgerMicro, openReservationsMicro, unconsumedMicro, lostMicro, expectedMicro, hotMicro, driftMicro, status };
  });
  // Committed before the snapshot, so clearing them after the delay is as safe as the consumer's own marks.
  deps.ledgered.add(stale);
  return { results, inTime, needsQueue };
}
