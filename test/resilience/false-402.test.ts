/**
 * The false 402 ("available balance is 0.000816 RMB" on an account holding 0.186): requests piling
 * up on a lease growth while Redis was slow drew nearly the whole balance into one node's lease,
 * where it stayed, and the account's next requests, reserved alone, were refused for want of it.
 * A request now waits for one growth at most, and money in this node's lease goes back to the
 * balance before any refusal for want of balance.
 */
import { randomUUID } from 'node:crypto';
import { LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { USAGE_CONSUMER_GROUP } from '../../control-plane/usage/usage.consumer.js';
import { BalanceLeases } from '../../data-plane/billing/balance-leases.js';
import { Metering } from '../../data-plane/billing/metering.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { patientRelayCatalog } from '../support/relay-catalog.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { seedAccount } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let bed: RelayBed;
let billing: Ports;
let metering: Metering;

beforeAll(async () => {
  cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  billing = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  metering = new Metering({ balances: billing.balances, usage: billing.usage, node: 'false-402' });
  bed = await startRelayBed(patientRelayCatalog, { pipeline: { meter: (ctx, next) => metering.middleware(ctx, next) } });
});

afterAll(async () => {
  await bed?.stop();
  await metering?.close();
  await billing?.close();
  await cp?.stop();
});

test('requests piling up on a lease growth take one growth at most; the others are reserved alone', async () => {
  const account = `pile-${randomUUID()}`;
  await billing.balances.load(account, 186_000n, new Map());
  const leases = new BalanceLeases({ balances: billing.balances, node: 'pile', ttlMs: 60_000, now: Date.now, onBalance: () => undefined, onSent: () => undefined });
  try {
    // 300 requests of 600 each arrive while the first growth (64 of them) is on its way.
    const taken = await Promise.all(Array.from({ length: 300 }, () => leases.take(account, 600n, 38_400n)));
    expect(taken.filter((t) => t !== undefined)).toHaveLength(64);
    // One growth is held, not 300 requests' worth: the rest of the balance is there for the others.
    expect(await billing.balances.inspect(account)).toMatchObject({ balanceMicro: 186_000n - 38_400n, reservations: [{ amountMicro: 38_400n }] });
  } finally {
    await leases.close();
  }
});

/** A large request's prompt: its estimate is then far above a small one's. */
const LONG = 'lorem ipsum '.repeat(12_000);

/** One chat completion for `m-openai` with `maxTokens` (and the long prompt with 8192); the status and body. */
async function chat(key: string, maxTokens: number): Promise<{ status: number; text: string }> {
  const res = await fetch(`${bed.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm-openai', max_tokens: maxTokens, messages: [{ role: 'user', content: maxTokens > 1 ? LONG : 'hi' }] }),
  });
  return { status: res.status, text: await res.text() };
}

/** A fresh account holding `micro` (ledger and hot balance) and a key. */
async function funded(micro: bigint): Promise<{ accountId: string; key: string }> {
  const { account } = await seedAccount(cp.services);
  await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro: micro, idempotencyKey: `fund:${account.id}` });
  await cp.services.billing.hot.ensureLoaded(account.id);
  return { accountId: account.id, key: await bed.token({ accountId: account.id, tokenId: randomUUID(), groups: ['all'], spendCapMicro: null }) };
}

/** What metering reserved for each request of `accountId` so far, in order. */
async function reservations(accountId: string): Promise<bigint[]> {
  await metering.idle();
  const events = (await billing.usage.unconsumed(USAGE_CONSUMER_GROUP)).map((q) => q.event).filter((e) => e.accountId === accountId);
  return events.map((e) => BigInt(e.reservedMicro));
}

test("money in this node's lease is counted before a refusal: no 402 while the account holds enough", async () => {
  // What a small request (max_tokens 1) and a large one (8192) reserve.
  const probe = await funded(10_000_000n);
  expect((await chat(probe.key, 1)).status).toBe(200);
  expect((await chat(probe.key, 8192)).status).toBe(200);
  const [small, large] = await reservations(probe.accountId);
  // The account holds the large request's reservation and a little more, and is rich enough for
  // its small requests to be served from a lease (a balance of 1,000 of them).
  const balance = large + 32n * small;
  expect(balance).toBeGreaterThanOrEqual(1000n * small);
  const account = await funded(balance);
  expect((await chat(account.key, 1)).status).toBe(200); // reserved alone: the balance is now known
  expect((await chat(account.key, 1)).status).toBe(200); // from a lease of 64 small reservations
  await metering.idle();
  const hot = await billing.balances.inspect(account.accountId);
  // The lease took 64 small reservations (less what it has charged since): the large one no
  // longer fits the balance Redis shows ...
  expect(hot.reservations).toHaveLength(1);
  expect(hot.reservations[0].amountMicro).toBeGreaterThan(32n * small);
  expect(hot.balanceMicro!).toBeLessThan(large);
  // ... but it fits the account's money: the lease gives its rest back and the request is served.
  const answer = await chat(account.key, 8192);
  expect(answer).toMatchObject({ status: 200 });
  await metering.idle();
  expect((await billing.balances.inspect(account.accountId)).reservations).toEqual([]);
});
