/**
 * After a fault: do the ledger, the balances and the usage records agree to the micro-RMB, with
 * every answered request charged exactly once? Read from the control plane's database and its
 * administrator GraphQL API, against what the clients saw (./sdk-traffic.ts outcomes).
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { eventually } from './eventually.js';
import type { FaultAccount } from './fault-accounts.js';
import type { Outcome } from './sdk-traffic.js';

/** What the checks need of the service. */
export interface LedgerSource {
  databaseUrl: string;
  gql<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

interface UsageRow {
  request_id: string;
  account_id: string;
  charge_micro: string;
  status: string;
}

interface Reconciliation {
  accountId: string;
  status: string;
  driftMicro: string | null;
  openReservationsMicro: string;
}

/**
 * Asserts, waiting up to `boundMs` for usage still on its way:
 * - every request a client saw answered whole (`ok`) has exactly one usage record, charging something;
 * - no request has two records (no charge doubled), and no request refused before any answer
 *   (an HTTP error status) was charged;
 * - per account, the usage ledger entries are the charged usage records' charges, one for one (a
 *   record charging nothing has no entry), and the
 *   balance GraphQL reports is the ledger's sum (all read together once no charge is on its way);
 * - reconciliation finds every account's hot balance equal to the ledger minus what is reserved
 *   and not yet ledgered (no drift), and a full `runReconciliation` reports no drifting account.
 */
export async function expectMoneyAgrees(service: LedgerSource, accounts: FaultAccount[], outcomes: Outcome[], boundMs = 20_000): Promise<void> {
  const orm = await MikroORM.init({ clientUrl: service.databaseUrl, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    const sql = <T>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
    const ids = accounts.map((a) => a.id);
    const answered = outcomes.filter((o) => o.result === 'ok');
    const refused = outcomes.filter((o) => o.result === 'http-error' && o.requestId);

    const rows = await eventually(
      async () => {
        const found = await sql<UsageRow>('select request_id, account_id, charge_micro::text, status from usage_record where account_id in (?)', [ids]);
        const recorded = new Set(found.map((r) => r.request_id));
        const missing = answered.filter((o) => !o.requestId || !recorded.has(o.requestId));
        if (missing.length > 0) throw new Error(`${missing.length} of ${answered.length} answered requests have no usage record, e.g. ${JSON.stringify(missing.slice(0, 3))}`);
        return found;
      },
      'every answered request has its usage record',
      boundMs,
    );

    const byRequest = new Map<string, UsageRow[]>();
    for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
    expect([...byRequest].filter(([, list]) => list.length > 1)).toEqual([]);
    for (const o of answered) expect({ requestId: o.requestId, charged: BigInt(byRequest.get(o.requestId!)![0].charge_micro) > 0n }).toEqual({ requestId: o.requestId, charged: true });
    expect(refused.filter((o) => byRequest.get(o.requestId!)?.some((r) => BigInt(r.charge_micro) > 0n))).toEqual([]);

    // Requests the scenario did not list (its healing probes) may still be on their way: the
    // records, the ledger and the balance must agree once they are in, each read after the other.
    await eventually(
      async () => {
        for (const id of ids) {
          const [usage] = await sql<{ n: string; total: string }>('select count(*)::text as n, coalesce(sum(charge_micro), 0)::text as total from usage_record where account_id = ? and charge_micro > 0', [id]);
          const [ledgered] = await sql<{ n: string; total: string }>(
            "select count(*)::text as n, coalesce(-sum(amount_micro), 0)::text as total from ledger_entry where account_id = ? and kind = 'usage'",
            [id],
          );
          if (usage.n !== ledgered.n || usage.total !== ledgered.total) throw new Error(`account ${id}: usage records ${JSON.stringify(usage)}, usage ledger entries ${JSON.stringify(ledgered)}`);
          const [ledger] = await sql<{ total: string }>('select coalesce(sum(amount_micro), 0)::text as total from ledger_entry where account_id = ?', [id]);
          const balance = await service.gql<{ accountBalance: { balanceMicro: string } }>('query($id: ID!) { accountBalance(accountId: $id) { balanceMicro } }', { id });
          if (balance.accountBalance.balanceMicro !== ledger.total) throw new Error(`account ${id}: balance ${balance.accountBalance.balanceMicro}, ledger ${ledger.total}`);
        }
        return true;
      },
      'usage records, usage ledger entries and balances agree',
      boundMs,
    );

    await eventually(
      async () => {
        const { reconciliation } = await service.gql<{ reconciliation: Reconciliation[] }>(
          'query($ids: [ID!]) { reconciliation(accountIds: $ids) { accountId status driftMicro openReservationsMicro } }',
          { ids },
        );
        const off = reconciliation.filter((r) => r.status !== 'ok');
        if (off.length > 0 || reconciliation.length !== ids.length) throw new Error(`reconciliation: ${JSON.stringify(reconciliation)}`);
        const { runReconciliation } = await service.gql<{ runReconciliation: { drifting: Reconciliation[] } }>('mutation { runReconciliation { drifting { accountId status driftMicro } } }');
        if (runReconciliation.drifting.length > 0) throw new Error(`runReconciliation: ${JSON.stringify(runReconciliation.drifting)}`);
        return true;
      },
      'reconciliation reports no drift',
      boundMs,
    );
  } finally {
    await orm.close();
  }
}
