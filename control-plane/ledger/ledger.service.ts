import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { LedgerEntry, type LedgerKind } from './ledger-entry.entity.js';

/** One credit to write; `idempotencyKey` names the business event, so a retry writes nothing new. */
export interface Credit {
  accountId: string;
  kind: LedgerKind;
  /** Micro-RMB, greater than zero. */
  amountMicro: bigint;
  idempotencyKey: string;
  memo?: string;
}

/** Writes to and reads from the append-only ledger (the truth of every balance). */
export class LedgerService {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Appends a credit inside the caller's transaction (`em`), once per idempotency key: a second
   * call with the same key, even a concurrent one, inserts nothing. Returns whether it inserted.
   * The account must already be flushed (the entry references it).
   */
  async credit(em: EntityManager, credit: Credit): Promise<boolean> {
    if (credit.amountMicro <= 0n) throw new Error(`ledger credit must be positive, got ${credit.amountMicro}`);
    return this.append(em, credit);
  }

  /** Like {@link LedgerService.credit} for a signed, non-zero amount (an administrator's debit adjustment). */
  async append(em: EntityManager, credit: Credit): Promise<boolean> {
    if (credit.amountMicro === 0n) throw new Error('ledger entry must not be zero');
    // INSERT .. ON CONFLICT DO NOTHING rather than find-then-insert: concurrent retries race.
    const result = await em
      .createQueryBuilder(LedgerEntry)
      .insert({
        account: credit.accountId,
        kind: credit.kind,
        amountMicro: credit.amountMicro.toString(),
        idempotencyKey: credit.idempotencyKey,
        memo: credit.memo,
        createdAt: new Date(),
      })
      .onConflict('idempotency_key')
      .ignore()
      .execute('run');
    return result.affectedRows === 1;
  }

  /** The ledger balance of an account (sum of its entries) in micro-RMB; `em` to read inside a transaction. */
  async balanceMicro(accountId: string, em: EntityManager = this.orm.em.fork()): Promise<bigint> {
    const [row] = await em.execute<{ total: string }[]>(
      'select coalesce(sum(amount_micro), 0)::text as total from ledger_entry where account_id = ?',
      [accountId],
    );
    return BigInt(row.total);
  }

  /** Ledger balances of several accounts in one query, in micro-RMB; an account without entries has 0. */
  async balancesMicro(accountIds: readonly string[], em: EntityManager = this.orm.em.fork()): Promise<Map<string, bigint>> {
    const balances = new Map<string, bigint>(accountIds.map((id) => [id, 0n]));
    if (accountIds.length === 0) return balances;
    const rows = await em.execute<{ account_id: string; total: string }[]>(
      'select account_id, sum(amount_micro)::text as total from ledger_entry where account_id in (?) group by account_id',
      [accountIds],
    );
    for (const row of rows) balances.set(row.account_id, BigInt(row.total));
    return balances;
  }
}
