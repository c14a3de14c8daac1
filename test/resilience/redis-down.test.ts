/**
 * Redis stopped, then started again empty (no persistence): requests that need it get 503 in
 * their own format with Retry-After, at once, never 401 or 500; what can be served from memory is
 * (a key the data plane knows, an account whose balance lease it holds), and its usage reaches the
 * ledger once Redis is back. GraphQL answers a bounded, plain error.
 */
import { Redis } from 'ioredis';
import { RedisKeys } from '../../shared/redis/keys.js';
import { gql } from '../support/graphql.js';
import { eventually } from '../support/eventually.js';
import { chatOnce, MODEL, startRedisBed, type BedAccount, type RedisBed } from './redis-bed.js';

let bed: RedisBed;

beforeAll(async () => {
  bed = await startRedisBed();
});

afterAll(async () => {
  await bed?.stop();
});

/** How many connections listen on each channel of the bed's Redis. */
async function listeners(channels: string[]): Promise<number[]> {
  const client = new Redis(bed.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    const flat = (await client.call('PUBSUB', 'NUMSUB', ...channels)) as (string | number)[];
    return channels.map((_, i) => Number(flat[2 * i + 1]));
  } finally {
    client.disconnect();
  }
}

/** The usage records of an account in the ledger's database. */
async function usageCount(accountId: string): Promise<number> {
  const rows = await bed.cp.services.deps.orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*) as n from usage_record where account_id = ?', [accountId]);
  return Number(rows[0].n);
}

test('while Redis is stopped: 503 with Retry-After at once, what memory holds is served; then it heals', async () => {
  // Rich: its requests reserve from this node's lease. Poor: each is reserved alone, in Redis.
  const rich = await bed.account('5');
  const poor: BedAccount = await bed.account('0.01');
  for (let i = 0; i < 3; i++) expect((await chatOnce(bed.client(rich.key))).status).toBe(200);
  expect((await chatOnce(bed.client(poor.key))).status).toBe(200);
  const neverSeen = await bed.newKey(poor);

  await bed.redis.stop();
  try {
    const refused = await chatOnce(bed.client(poor.key));
    expect(refused).toMatchObject({ status: 503, retryAfter: '2', body: { type: 'service_unavailable' } });
    expect(refused.ms).toBeLessThan(2000);
    // A key it cannot check is not "invalid".
    expect(await chatOnce(bed.client(neverSeen))).toMatchObject({ status: 503, retryAfter: '2' });
    // The messages format's own error shape.
    const messages = await fetch(`${bed.dp.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': poor.key, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(messages.status).toBe(503);
    expect(messages.headers.get('retry-after')).toBe('2');
    expect(await messages.json()).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
    // Served from memory: the key is known and the account's lease is held here.
    for (let i = 0; i < 2; i++) expect((await chatOnce(bed.client(rich.key))).status).toBe(200);
    // Not ready, and it says why.
    const ready = await fetch(`${bed.dp.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { missing: string[] }).missing).toEqual([expect.stringMatching(/^Redis/)]);
    // GraphQL: bounded by REDIS_TIMEOUT_MS, and plain about it.
    const started = Date.now();
    const balance = await gql(bed.cp.server.url, 'query { myBalance { spendableRmb } }', {}, { session: rich.session });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(balance.errors?.[0]).toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE' } });
  } finally {
    await bed.redis.restart();
  }

  // Back (empty): everything heals, and the requests served meanwhile are charged.
  await eventually(async () => (await chatOnce(bed.client(poor.key))).status === 200 && (await chatOnce(bed.client(neverSeen))).status === 200, 'served again after the restart');
  expect((await fetch(`${bed.dp.url}/readyz`)).status).toBe(200);
  // The subscriptions came back by themselves: token changes and snapshot announcements are heard.
  const keys = new RedisKeys(bed.cp.redisPrefix);
  await eventually(async () => (await listeners([keys.tokenInvalidations, keys.snapshotAnnouncements])).every((n) => n >= 1), 'subscribed again');
  await eventually(async () => (await usageCount(rich.accountId)) === 5, 'the rich account\'s 5 requests in the ledger');
  expect(await bed.reconciled(rich.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
  expect(await bed.reconciled(poor.accountId)).toMatchObject({ status: 'ok', driftMicro: 0n });
});
