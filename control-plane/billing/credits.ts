import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credit, LedgerService } from '../ledger/ledger.service.js';
import type { HotBalanceService } from './hot-balance.service.js';

/**
 * Money added to (or, for adjustments, taken from) an account outside metering: the ledger entry
 * is written in the caller's transaction, then, after commit, the same amount reaches the hot
 * balance once (keyed by the entry's idempotency key, so a retried call after a crash between the
 * two applies it exactly once).
 */
export class Credits {
  constructor(private readonly ledger: LedgerService, private readonly hot: HotBalanceService) {}

  /**
   * Runs `work` in a transaction; the entry it returns is appended to the ledger in that same
   * transaction (signed; once per idempotency key), then applied to the hot balance.
   */
  async apply<T>(em: EntityManager, work: (tx: EntityManager) => Promise<{ entry: Credit | null; result: T }>): Promise<T> {
    const { entry, result } = await em.transactional(async (tx) => {
      const done = await work(tx);
      if (done.entry) await this.ledger.append(tx, done.entry);
      return done;
    });
    if (entry) await this.hot.applyCredit(entry.accountId, entry.amountMicro, entry.idempotencyKey);
    return result;
  }
}
