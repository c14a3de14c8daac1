import { Account } from '../../control-plane/accounts/account.entity.js';
import { LedgerEntry, LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { startTestControlPlane, TEST_ADMIN, type TestControlPlane } from '../support/control-plane.js';

let cp: TestControlPlane;
let accountId: string;

beforeAll(async () => {
  cp = await startTestControlPlane();
  // The admin starts with an empty ledger.
  accountId = (await cp.services.deps.orm.em.fork().findOneOrFail(Account, { usernameLower: TEST_ADMIN.username })).id;
});

afterAll(async () => {
  await cp?.stop();
});

const credit = (key: string, amountMicro: bigint) => ({ accountId, kind: LedgerKind.Adjustment, amountMicro, idempotencyKey: key });

test('credit is idempotent by key, also when retried concurrently; the balance is the sum of entries', async () => {
  const { orm } = cp.services.deps;
  expect(await cp.services.ledger.balanceMicro(accountId)).toBe(0n);
  const inserted = await Promise.all(
    [1, 2, 3, 4].map(() => orm.em.fork().transactional((tx) => cp.services.ledger.credit(tx, credit('test:once', 1_500_000n)))),
  );
  expect(inserted.filter(Boolean)).toHaveLength(1);
  await orm.em.fork().transactional((tx) => cp.services.ledger.credit(tx, credit('test:other', 250n)));
  expect(await orm.em.fork().count(LedgerEntry, { account: accountId })).toBe(2);
  expect(await cp.services.ledger.balanceMicro(accountId)).toBe(1_500_250n);
});

test('a credit inside a transaction that rolls back leaves no entry', async () => {
  const { orm } = cp.services.deps;
  await expect(
    orm.em.fork().transactional(async (tx) => {
      await cp.services.ledger.credit(tx, credit('test:rolled-back', 7n));
      expect(await cp.services.ledger.balanceMicro(accountId, tx)).toBe(1_500_257n);
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
  expect(await orm.em.fork().count(LedgerEntry, { idempotencyKey: 'test:rolled-back' })).toBe(0);
});

test('credits must be positive', async () => {
  await expect(cp.services.deps.orm.em.fork().transactional((tx) => cp.services.ledger.credit(tx, credit('test:zero', 0n)))).rejects.toThrow(/positive/);
});
