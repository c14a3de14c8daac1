import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueuedUsageEvent } from '../../shared/ports/usage-queue.js';

/** What the ledger knows of some accounts, read in one consistent snapshot. */
export interface LedgerFacts {
  /** Ledger balance per account (accounts without entries are 0). */
  balances: Map<string, bigint>;
  /** Charged usage per account and token, from usage records. */
  tokenSpend: Map<string, Map<string, bigint>>;
  /** The events among those given (queued, and `alsoEventIds`) whose usage record already exists (committed, maybe not yet acked). */
  recorded: Set<string>;
  /** Every entry that is not usage (credits and debits), per account: idempotency key -> amount. */
  credits: Map<string, Map<string, bigint>>;
}

/**
 * Reads ledger balances, token spend, credits and which queued events are already recorded, in ONE
 * repeatable-read snapshot: an event committed by the consumer is then counted either in the
 * ledger or as unconsumed, never both and never neither, however the two race.
 */
export async function readLedgerFacts(em: EntityManager, accountIds: readonly string[], queued: readonly QueuedUsageEvent[], alsoEventIds: readonly string[] = []): Promise<LedgerFacts> {
  return em.fork().transactional(
    async (tx) => {
      const balances = await ledgerBalances(tx, accountIds);
      const tokenSpend = new Map<string, Map<string, bigint>>(accountIds.map((id) => [id, new Map()]));
      const credits = new Map<string, Map<string, bigint>>(accountIds.map((id) => [id, new Map()]));
      if (accountIds.length === 0) return { balances, tokenSpend, credits, recorded: new Set<string>() };
      const spend = await tx.execute<{ account_id: string; token_id: string; total: string }[]>(
        'select account_id::text as account_id, token_id::text as token_id, sum(charge_micro)::text as total from usage_record where account_id in (select jsonb_array_elements_text(?::jsonb)::uuid) group by account_id, token_id',
        [JSON.stringify(accountIds)],
      );
      for (const row of spend) tokenSpend.get(row.account_id)?.set(row.token_id, BigInt(row.total));
      const entries = await tx.execute<{ account_id: string; idempotency_key: string; amount_micro: string }[]>(
        "select account_id::text as account_id, idempotency_key, amount_micro::text as amount_micro from ledger_entry where kind <> 'usage' and account_id in (select jsonb_array_elements_text(?::jsonb)::uuid)",
        [JSON.stringify(accountIds)],
      );
      for (const row of entries) credits.get(row.account_id)?.set(row.idempotency_key, BigInt(row.amount_micro));
      return { balances, tokenSpend, credits, recorded: await recordedEvents(tx, [...queued.map((q) => q.event.eventId), ...alsoEventIds]) };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ },
  );
}

/** The ledger balance of each account (0 without entries), in `em`'s transaction. */
export async function ledgerBalances(em: EntityManager, accountIds: readonly string[]): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>(accountIds.map((id) => [id, 0n]));
  if (accountIds.length === 0) return balances;
  // Lists travel as one jsonb parameter: knex would expand an array into many placeholders.
  const sums = await em.execute<{ account_id: string; total: string }[]>(
    'select account_id::text as account_id, sum(amount_micro)::text as total from ledger_entry where account_id in (select jsonb_array_elements_text(?::jsonb)::uuid) group by account_id',
    [JSON.stringify(accountIds)],
  );
  for (const row of sums) balances.set(row.account_id, BigInt(row.total));
  return balances;
}

/** Those of `eventIds` whose usage record (and so ledger entry) exists, in `em`'s transaction. */
export async function recordedEvents(em: EntityManager, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await em.execute<{ event_id: string }[]>('select event_id from usage_record where event_id in (select jsonb_array_elements_text(?::jsonb))', [JSON.stringify(eventIds)]);
  return new Set(rows.map((r) => r.event_id));
}
