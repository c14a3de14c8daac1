import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What each token of an account has spent so far, in micro-RMB: the sum of its usage records'
 * charges, as the ledger holds them (a token's spending cap counts the same charges, plus its
 * open reservations and the charges of the last moments not recorded yet, in the hot balance).
 * Tokens without usage are absent.
 */
export async function spendByToken(em: EntityManager, accountId: string): Promise<Map<string, bigint>> {
  const rows = await em.execute<{ token_id: string; total: string }[]>(
    'select token_id, sum(charge_micro)::text as total from usage_record where account_id = ? group by token_id',
    [accountId],
  );
  return new Map(rows.map((r) => [r.token_id, BigInt(r.total)]));
}
