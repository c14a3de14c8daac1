import { LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import type { TestControlPlane } from './control-plane.js';
import { gqlOk } from './graphql.js';
import { seedAccount } from './seeded-accounts.js';

/**
 * A new account credited `amountMicro` (a ledger top-up, its hot balance loaded) with one `sk-`
 * key made over GraphQL, as a user would: for tests and benchmarks that send model requests.
 */
export async function fundedKey(cp: TestControlPlane, amountMicro: bigint): Promise<{ accountId: string; key: string }> {
  const { account, session } = await seedAccount(cp.services);
  await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro, idempotencyKey: `fund:${account.id}` });
  await cp.services.billing.hot.ensureLoaded(account.id);
  const { createToken } = await gqlOk<{ createToken: { id: string } }>(cp.server.url, 'mutation { createToken(input: { name: "funded" }) { id } }', {}, { session });
  const { tokenKey } = await gqlOk<{ tokenKey: string }>(cp.server.url, 'query ($id: ID!) { tokenKey(id: $id) }', { id: createToken.id }, { session });
  return { accountId: account.id, key: tokenKey };
}
