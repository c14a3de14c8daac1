import { createLogger } from '../../shared/log.js';
import type { BalanceStore } from '../../shared/ports/balance-store.js';

const log = createLogger('ledgered-marks');

/**
 * How long after the ledger holds a charge its unledgered copy in Redis is cleared. Reconciliation
 * reads the ledger in a snapshot taken before it reads Redis: a charge committed after that
 * snapshot must still be unledgered when Redis is read, or it would be counted on neither side. So
 * a reconciliation trusts a measurement only when its snapshot and its Redis read are less than
 * this apart (control-plane/billing/reconcile.ts).
 */
export const LEDGERED_MARK_DELAY_MS = 1000;

/**
 * An unledgered record in the hot store whose charges the ledger holds: a usage event's own (by its
 * event id), or a lease batch's (by the batch id) once the ledger holds all of the batch's events.
 */
export interface LedgeredRecord {
  accountId: string;
  recordId: string;
}

/**
 * Clears the unledgered records whose charges the ledger holds ({@link BalanceStore.markLedgered}),
 * {@link LEDGERED_MARK_DELAY_MS} after they were handed in, one call per account and batch. A mark
 * lost (Redis unreachable, or the process stopped) leaves a charge that reconciliation finds in the
 * ledger and hands in again.
 */
export class LedgeredMarks {
  /** Batches in the order handed in, so in the order they fall due. */
  private readonly due: { at: number; byAccount: Map<string, string[]> }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private marking: Promise<void> = Promise.resolve();

  constructor(private readonly balances: BalanceStore) {}

  /** Marks these records ledgered once the delay has passed (call it after the commit of their charges). */
  add(records: Iterable<LedgeredRecord>): void {
    const byAccount = new Map<string, string[]>();
    for (const { accountId, recordId } of records) {
      const ids = byAccount.get(accountId);
      if (ids) ids.push(recordId);
      else byAccount.set(accountId, [recordId]);
    }
    if (byAccount.size === 0) return;
    this.due.push({ at: performance.now() + LEDGERED_MARK_DELAY_MS, byAccount });
    this.schedule();
  }

  /** At shutdown: waits out the delay of every batch handed in, then marks them. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const last = this.due.at(-1);
    if (last) await new Promise((resolve) => setTimeout(resolve, Math.max(0, last.at - performance.now())));
    await this.markDue();
  }

  private schedule(): void {
    if (this.timer || this.due.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.markDue().then(() => this.schedule());
    }, Math.max(0, this.due[0].at - performance.now()));
    this.timer.unref();
  }

  /** Marks every batch that fell due, one batch after another. */
  private markDue(): Promise<void> {
    this.marking = this.marking.then(async () => {
      while (this.due.length > 0 && this.due[0].at <= performance.now()) {
        const { byAccount } = this.due.shift()!;
        await Promise.all(
          [...byAccount].map(([accountId, ids]) =>
            this.balances.markLedgered(accountId, ids).catch((error: unknown) => log.warn('unledgered charges not cleared', { accountId, records: ids.length, error: String(error) })),
          ),
        );
      }
    });
    return this.marking;
  }
}
