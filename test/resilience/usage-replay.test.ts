/**
 * A usage event Redis lost with its data before the control plane read it: the data plane that
 * appended it notices the loss (the generation marker changed) and appends it again, so the
 * request is charged in the ledger exactly once, and the hot balance, loaded again from the
 * ledger meanwhile, agrees with it to the micro-RMB.
 */
import { USAGE_CONSUMER_GROUP } from '../../control-plane/usage/usage.consumer.js';
import { eventually } from '../support/eventually.js';
import { chatOnce, startRedisBed, type RedisBed } from './redis-bed.js';

let bed: RedisBed;

beforeAll(async () => {
  // No consumer loop: the event waits in the queue until the test drains it, as it would behind a slow control plane.
  bed = await startRedisBed({ cpOverrides: { consumeUsage: false } });
});

afterAll(async () => {
  await bed?.stop();
});

/** The account's usage records: how many, and their charges' sum in micro-RMB. */
async function usage(accountId: string): Promise<{ records: number; chargedMicro: bigint }> {
  const [row] = await bed.cp.services.deps.orm.em
    .fork()
    .getConnection()
    .execute<{ n: string; total: string }[]>('select count(*)::text as n, coalesce(sum(charge_micro), 0)::text as total from usage_record where account_id = ?', [accountId]);
  return { records: Number(row.n), chargedMicro: BigInt(row.total) };
}

test('an event lost unread with Redis’ data is appended again: charged once in the ledger, and the hot balance agrees', async () => {
  const account = await bed.account('5');
  const client = bed.client(account.key);
  expect((await chatOnce(client)).status).toBe(200);
  const queue = bed.cp.services.deps.ports.usage;
  await eventually(async () => (await queue.unconsumed(USAGE_CONSUMER_GROUP)).some((q) => q.event.accountId === account.accountId), 'the answer’s usage event queued');

  await bed.redis.flushAll();
  // The control plane loads the balance from the ledger, which lacks the lost charge; the data plane appends the event again.
  await eventually(async () => (await queue.unconsumed(USAGE_CONSUMER_GROUP)).some((q) => q.event.accountId === account.accountId && q.replayed), 'the lost event appended again');
  await eventually(async () => (await bed.cp.services.billing.hot.ensureLoaded(account.accountId)) || (await bed.cp.services.deps.ports.balances.inspect(account.accountId)).balanceMicro !== null, 'the balance loaded again');

  expect(await bed.reconciled(account.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
  const charged = await usage(account.accountId);
  expect(charged.records).toBe(1);
  expect(charged.chargedMicro).toBeGreaterThan(0n);
  // Served again afterwards, and still in agreement.
  expect((await chatOnce(client)).status).toBe(200);
  await eventually(async () => {
    await bed.cp.services.billing.consumer.drain(0);
    return (await usage(account.accountId)).records === 2;
  }, 'the next answer recorded');
  expect(await bed.reconciled(account.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
});
