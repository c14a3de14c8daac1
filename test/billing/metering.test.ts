/**
 * Metering through a real data plane (relay pipeline, fake upstream) and a real control plane
 * (PostgreSQL ledger, usage consumer) sharing Redis for balances and usage events.
 */
import OpenAI from 'openai';
import { LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { UsageRecord } from '../../control-plane/usage/usage-record.entity.js';
import { USAGE_CONSUMER_GROUP } from '../../control-plane/usage/usage.consumer.js';
import { Metering } from '../../data-plane/billing/metering.js';
import type { UsageEvent } from '../../shared/billing/usage-event.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { BalanceStore } from '../../shared/ports/balance-store.js';
import type { Ports } from '../../shared/ports/ports.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { eventually } from '../contract/harness.js';
import { fieldOf, minuteOf } from '../../shared/health/outcome.js';

let cp: TestControlPlane;
let bed: RelayBed;
let billing: Ports;
let metering: Metering;

beforeAll(async () => {
  cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  // Balances and usage events live under the control plane's prefix; the bed keeps its own snapshot and tokens.
  billing = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
  metering = new Metering({ balances: billing.balances, usage: billing.usage, node: 'relay-test' });
  // Patient upstreams: these tests are about charges, and a slow first request must not turn into a 504.
  bed = await startRelayBed(patientRelayCatalog, { pipeline: { meter: (ctx, next) => metering.middleware(ctx, next) } });
});

beforeEach(() => bed.upstream.reset());

afterAll(async () => {
  await bed?.stop();
  await metering?.close();
  await billing?.close();
  await cp?.stop();
});

/** A fresh account holding `micro` in its ledger and hot balance, and a token key in group `all`. */
async function fundedAccount(micro: bigint, token: { spendCapMicro?: string } = {}): Promise<{ accountId: string; key: string; tokenId: string }> {
  const { account } = await seedAccount(cp.services);
  await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro: micro, idempotencyKey: `fund:${account.id}` });
  await cp.services.billing.hot.ensureLoaded(account.id);
  const tokenId = crypto.randomUUID();
  const key = await bed.token({ accountId: account.id, tokenId, groups: ['all'], spendCapMicro: token.spendCapMicro ?? null });
  return { accountId: account.id, key, tokenId };
}

/** The hot account once the requests answered so far are settled (answers go out before their settlement is confirmed). */
async function inspect(accountId: string) {
  await metering.idle();
  return billing.balances.inspect(accountId);
}
const hot = async (accountId: string) => (await inspect(accountId)).balanceMicro;
const ledger = (accountId: string) => cp.services.ledger.balanceMicro(accountId);

async function chat(key: string, body: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const res = await fetch(`${bed.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm-openai', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
  return { status: res.status, text: await res.text() };
}

/** The usage events of `accountId` still in the queue. */
async function eventsOf(accountId: string): Promise<UsageEvent[]> {
  await metering.idle();
  return (await billing.usage.unconsumed(USAGE_CONSUMER_GROUP)).map((q) => q.event).filter((e) => e.accountId === accountId);
}

test('a plain request is charged what the upstream reported, and the ledger, records and hot balance agree', async () => {
  const { accountId, key } = await fundedAccount(200_000n);
  const r = await chat(key, {});
  expect(r.status).toBe(200);
  const [event] = await eventsOf(accountId);
  // fake usage: prompt 16 of which 4 cached, completion 7; input $1/M, output $2/M, no cache-read price, rate 7.2
  expect(event).toMatchObject({ usageSource: 'upstream', status: 'success', formatIn: 'chat-completions', formatOut: 'chat-completions', group: 'all', stream: false, httpStatus: 200 });
  expect(event.usage).toMatchObject({ input: 12, cacheRead: 4, output: 7 });
  expect(event.chargeMicro).toBe('187'); // (12 x 1 + 7 x 2) x 7.2 = 187.2 -> 187
  expect(await hot(accountId)).toBe(200_000n - 187n);
  await cp.services.billing.consumer.drain();
  expect(await ledger(accountId)).toBe(200_000n - 187n);
});

test('streaming and translated requests are charged by the same rule', async () => {
  const { accountId, key } = await fundedAccount(200_000n);
  const streamed = await chat(key, { stream: true, stream_options: { include_usage: true } });
  expect(streamed.status).toBe(200);
  const translated = await fetch(`${bed.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm-openai', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(translated.status).toBe(200);
  await translated.text();
  const events = await eventsOf(accountId);
  expect(events.map((e) => [e.formatIn, e.formatOut, e.stream, e.usageSource, e.chargeMicro])).toEqual([
    ['chat-completions', 'chat-completions', true, 'upstream', '187'],
    ['messages', 'chat-completions', true, 'upstream', '187'],
  ]);
  expect(await hot(accountId)).toBe(200_000n - 374n);
});

describe('chat-completions streams always get the final usage from the upstream', () => {
  /** Streams a chat completion with the official SDK; returns every chunk the client saw. */
  async function stream(key: string, includeUsage: boolean): Promise<OpenAI.ChatCompletionChunk[]> {
    const client = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    const options = includeUsage ? { stream_options: { include_usage: true } } : {};
    for await (const chunk of await client.chat.completions.create({ model: 'm-openai', messages: [{ role: 'user', content: 'hi' }], stream: true, ...options })) chunks.push(chunk);
    return chunks;
  }
  const usageChunks = (chunks: OpenAI.ChatCompletionChunk[]) => chunks.filter((c) => c.choices.length === 0 && c.usage);

  test('a client that did not ask for usage: the upstream is asked anyway, the client sees no usage chunk, the charge is the upstream usage', async () => {
    const { accountId, key } = await fundedAccount(200_000n);
    const chunks = await stream(key, false);
    const [sent] = bed.upstream.requestsFor(keyOf('ch-openai'));
    expect(sent.body.stream_options).toEqual({ include_usage: true });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Hello from the fake upstream.');
    expect(usageChunks(chunks)).toEqual([]);
    expect(chunks.at(-1)!.choices[0].finish_reason).toBe('stop');
    const [event] = await eventsOf(accountId);
    expect(event).toMatchObject({ status: 'success', usageSource: 'upstream', stream: true, chargeMicro: '187' });
    expect(event.usage).toMatchObject({ input: 12, cacheRead: 4, output: 7 });
  });

  test('a client that asked for usage gets the usage chunk', async () => {
    const { accountId, key } = await fundedAccount(200_000n);
    const chunks = await stream(key, true);
    expect(bed.upstream.requestsFor(keyOf('ch-openai'))[0].body.stream_options).toEqual({ include_usage: true });
    expect(usageChunks(chunks).map((c) => c.usage)).toEqual([expect.objectContaining({ prompt_tokens: 16, completion_tokens: 7 })]);
    const [event] = await eventsOf(accountId);
    expect(event).toMatchObject({ usageSource: 'upstream', chargeMicro: '187' });
  });
});

test('a balance Redis does not hold (a new account, or Redis lost its data) is loaded from the ledger on the first request, which is then served and charged', async () => {
  const { account } = await seedAccount(cp.services);
  await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), { accountId: account.id, kind: LedgerKind.TopUp, amountMicro: 200_000n, idempotencyKey: `fund:${account.id}` });
  expect((await billing.balances.inspect(account.id)).balanceMicro).toBeNull();
  const key = await bed.token({ accountId: account.id, tokenId: crypto.randomUUID(), groups: ['all'] });
  const r = await chat(key, {});
  expect(r.status).toBe(200);
  const [event] = await eventsOf(account.id);
  expect(event).toMatchObject({ status: 'success', usageSource: 'upstream' });
  expect(await hot(account.id)).toBe(200_000n - BigInt(event.chargeMicro));
});

test('a request that fails before any output is charged nothing and its reservation is released', async () => {
  const { accountId, key } = await fundedAccount(200_000n);
  bed.upstream.script(keyOf('ch-openai'), { kind: 'error', status: 500 });
  const r = await chat(key, {});
  expect(r.status).toBeGreaterThanOrEqual(500);
  const [event] = await eventsOf(accountId);
  expect(event).toMatchObject({ status: 'failed', usageSource: 'none', chargeMicro: '0' });
  expect(event.httpStatus).toBe(r.status);
  expect(await inspect(accountId)).toMatchObject({ balanceMicro: 200_000n, reservations: [] });
});

test('a stream the upstream cuts without reporting usage is charged for what was delivered', async () => {
  const { accountId, key } = await fundedAccount(200_000n);
  const reply = { text: 'one two three four five six seven eight', toolCalls: [], usage: { input: 12, cacheRead: 0, cacheWrite: 0, output: 50, reasoning: 0 } };
  bed.upstream.script(keyOf('ch-openai'), { kind: 'cut', afterEvents: 4, reply });
  const r = await chat(key, { stream: true, stream_options: { include_usage: true } });
  expect(r.status).toBe(200);
  const [event] = await eventsOf(accountId);
  expect(event.status).toBe('aborted');
  expect(event.usageSource).toBe('delivered');
  expect(event.rawUsage).toBeNull();
  // delivered: "one", " two", " three" (role chunk first) = 13 bytes -> 5 tokens; prompt estimated from the body's bytes
  expect(event.usage.output).toBe(5);
  expect(event.usage.input).toBeGreaterThan(0);
  expect(BigInt(event.chargeMicro)).toBeGreaterThan(0n);
  expect(await hot(accountId)).toBe(200_000n - BigInt(event.chargeMicro));
});

test('a stream the upstream ends with an error event after some output is charged as cut short: at least what was delivered', async () => {
  const { accountId, key } = await fundedAccount(200_000n);
  // Anthropic reports output_tokens: 1 in message_start; the error comes after three text deltas.
  const reply = { text: 'one two three four five six seven eight', toolCalls: [], usage: { input: 12, cacheRead: 0, cacheWrite: 0, output: 50, reasoning: 0 } };
  bed.upstream.script(keyOf('ch-anthropic'), { kind: 'cut', afterEvents: 5, reply, ending: 'error-event' });
  const r = await chat(key, { model: 'm-anthropic', stream: true });
  expect(r.status).toBe(200);
  expect(r.text).toContain('The upstream reported an error');
  const [event] = await eventsOf(accountId);
  expect(event).toMatchObject({ status: 'aborted', usageSource: 'delivered' });
  expect(event.usage.input).toBe(12); // what the upstream reported stands
  expect(event.usage.output).toBeGreaterThan(1); // raised to the delivered text
  expect(await hot(accountId)).toBe(200_000n - BigInt(event.chargeMicro));
});

test('a stream that is nothing but an error event is charged nothing', async () => {
  const { accountId, key } = await fundedAccount(200_000n);
  bed.upstream.script(keyOf('ch-anthropic'), { kind: 'cut', afterEvents: 0, ending: 'error-event' });
  const r = await chat(key, { model: 'm-anthropic', stream: true });
  expect(r.status).toBe(503);
  const [event] = await eventsOf(accountId);
  expect(event).toMatchObject({ status: 'failed', usageSource: 'none', chargeMicro: '0' });
  expect(await inspect(accountId)).toMatchObject({ balanceMicro: 200_000n, reservations: [] });
});

test('402 in the client\'s own format when the balance cannot cover the reservation, or the spending cap is reached', async () => {
  const poor = await fundedAccount(100n);
  const r = await fetch(`${bed.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': poor.key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm-openai', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(r.status).toBe(402);
  const body = (await r.json()) as { type: string; error: { type: string; message: string } };
  expect(body.type).toBe('error');
  expect(body.error.type).toBe('billing_error');
  expect(body.error.message).toMatch(/Insufficient balance/);
  expect(await hot(poor.accountId)).toBe(100n);
  expect(await eventsOf(poor.accountId)).toEqual([]);

  const capped = await fundedAccount(10_000_000n, { spendCapMicro: '1000' });
  const c = await chat(capped.key, {});
  expect(c.status).toBe(402);
  expect(JSON.parse(c.text).error.message).toMatch(/spending cap/);
});

test('a rich account\'s requests reserve from this node\'s lease; charges reach Redis in batches, the books agree, and the rest goes back', async () => {
  const initial = 1_000_000_000n;
  const { accountId, key } = await fundedAccount(initial);
  // A metering of its own, on a clock the test moves: a lease goes idle only when the test says
  // so, however slowly a busy machine runs the requests before.
  const shared = metering;
  let clock = Date.now();
  metering = new Metering({ balances: billing.balances, usage: billing.usage, node: 'lease-test', leaseIdleMs: 300, now: () => clock });
  try {
    // The first request is reserved alone (nothing known of the balance yet); the next ones lease.
    expect((await chat(key, {})).status).toBe(200);
    expect((await inspect(accountId)).reservations).toEqual([]);
    const results = await Promise.all(Array.from({ length: 20 }, () => chat(key, {})));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    let hotNow = await inspect(accountId);
    expect(hotNow.reservations).toEqual([{ id: expect.stringMatching(/^lease:lease-test:/), amountMicro: expect.any(BigInt), expiresAt: expect.any(Number), tokenId: null }]);
    const [lease] = hotNow.reservations;
    // The lease took a block off the spendable balance; the 21 charges came out of the lease.
    expect(hotNow.balanceMicro! + lease.amountMicro).toBe(initial - 21n * 187n);
    // What the console shows as spendable counts the lease as the account's: set aside, not spent.
    expect((await cp.services.billing.balance(cp.services.deps.orm.em.fork(), accountId)).hotMicro).toBe(initial - 21n * 187n);
    const events = await eventsOf(accountId);
    expect(hotNow.tokenSpend.get(events[0].tokenId)).toBe(21n * 187n);
    // The 20 leased requests' events name the batches that hold their unledgered charges; the first, reserved alone, none.
    const byBatch = new Map<string, string[]>();
    for (const e of events) if (e.chargeBatch !== null) byBatch.set(e.chargeBatch, [...(byBatch.get(e.chargeBatch) ?? []), e.eventId]);
    expect(events.filter((e) => e.chargeBatch === null)).toHaveLength(1);
    expect(hotNow.unledgeredBatches).toEqual(byBatch);
    const em = cp.services.deps.orm.em.fork();
    const before = await cp.services.billing.reconcile(em, [accountId]);
    expect(before[0]).toMatchObject({ status: 'ok', openReservationsMicro: lease.amountMicro, unconsumedMicro: 21n * 187n });
    await cp.services.billing.consumer.drain();
    expect(await ledger(accountId)).toBe(initial - 21n * 187n);
    const after = await cp.services.billing.reconcile(cp.services.deps.orm.em.fork(), [accountId]);
    expect(after[0]).toMatchObject({ status: 'ok', driftMicro: 0n });
    // The ledger holds them all: their unledgered records go, batches included.
    await eventually(async () => expect((await inspect(accountId)).unledgered.size).toBe(0), 30_000);

    // Another node spends what the lease does not hold: this node still serves from its lease.
    await billing.balances.credit(accountId, 100n - hotNow.balanceMicro!, `drained:${accountId}`);
    expect((await chat(key, {})).status).toBe(200);
    // Idle (300 ms without requests), the lease goes back: only the charges left it.
    clock += 1_000;
    await eventually(async () => expect((await inspect(accountId)).reservations).toEqual([]), 30_000);
    hotNow = await inspect(accountId);
    expect(hotNow).toMatchObject({ balanceMicro: 100n + lease.amountMicro - 187n, reservations: [] });
    // Drained again, the next request finds no lease and a balance too small to grow one (this
    // node still believes it rich): refused before any upstream call.
    await billing.balances.credit(accountId, 100n - hotNow.balanceMicro!, `drained-again:${accountId}`);
    const calls = bed.upstream.requestsFor(keyOf('ch-openai')).length;
    const refused = await chat(key, {});
    expect(refused.status).toBe(402);
    expect(JSON.parse(refused.text).error.type).toBe('insufficient_quota');
    expect(bed.upstream.requestsFor(keyOf('ch-openai'))).toHaveLength(calls);
  } finally {
    await metering.close();
    metering = shared;
  }
});

/** The test's Redis balance store, whose named methods fail (as a dropped connection does) the next `times` calls. */
function flaky(method: 'settle' | 'consume', times: number): BalanceStore {
  const store = billing.balances;
  return new Proxy(store, {
    get(target, prop) {
      const real = Reflect.get(target, prop, target) as (...args: unknown[]) => unknown;
      if (typeof real !== 'function') return real;
      if (prop !== method) return real.bind(target);
      return (...args: unknown[]) => (times-- > 0 ? Promise.reject(new Error('read ECONNRESET')) : real.apply(target, args));
    },
  });
}

test.each([
  ['a settlement (reserved alone)', 'settle' as const, 200_000n],
  ['a lease batch', 'consume' as const, 1_000_000_000n],
])('%s that Redis refuses is sent again until it lands: the charge is never lost', async (_name, method, funds) => {
  const { accountId, key } = await fundedAccount(funds);
  const shared = metering;
  metering = new Metering({ balances: flaky(method, 2), usage: billing.usage, node: `retry-${method}`, retryDelaysMs: [20, 20, 20] });
  try {
    // A rich account's first request is reserved alone (its balance is not known yet); the next ones lease.
    for (let i = 0; i < 3; i++) expect((await chat(key, {})).status).toBe(200);
    await metering.idle();
    const hotNow = await billing.balances.inspect(accountId);
    const held = hotNow.reservations.reduce((sum, r) => sum + r.amountMicro, 0n);
    expect(hotNow.balanceMicro! + held).toBe(funds - 3n * 187n);
    expect(hotNow.reservations.filter((r) => r.tokenId !== null)).toEqual([]); // nothing left to expire and give back
    expect([...hotNow.unledgered.values()].map((c) => c.chargeMicro)).toEqual([187n, 187n, 187n]);
  } finally {
    await metering.close();
    metering = shared;
  }
});

test('a data plane that shuts down gives its leases back', async () => {
  const { accountId, key } = await fundedAccount(1_000_000_000n);
  const shared = metering;
  metering = new Metering({ balances: billing.balances, usage: billing.usage, node: 'lease-close-test' });
  try {
    await chat(key, {});
    await chat(key, {});
    expect((await inspect(accountId)).reservations).toHaveLength(1);
  } finally {
    await metering.close();
    metering = shared;
  }
  expect(await billing.balances.inspect(accountId)).toMatchObject({ balanceMicro: 1_000_000_000n - 2n * 187n, reservations: [] });
});

test('a data plane killed mid-request leaves a reservation that is released after expiry', async () => {
  const { accountId } = await fundedAccount(200_000n);
  const now = Date.now();
  // what the dead node had done: reserved, then never settled
  await billing.balances.reserve(accountId, 'req-of-a-dead-node', 50_000n, { ttlMs: 60_000, now });
  expect(await hot(accountId)).toBe(150_000n);
  expect(await cp.services.billing.hot.expire(now + 59_999)).toBe(0);
  expect(await cp.services.billing.hot.expire(now + 60_000)).toBe(1);
  expect(await inspect(accountId)).toMatchObject({ balanceMicro: 200_000n, reservations: [] });
  const [report] = await cp.services.billing.reconcile(cp.services.deps.orm.em.fork(), [accountId]);
  expect(report).toMatchObject({ status: 'ok', driftMicro: 0n });
});

test('1,000 concurrent requests on 0.20 RMB never overspend; ledger sum == balance change == sum of usage records', async () => {
  const { accountId, key } = await fundedAccount(200_000n);
  const results = await Promise.all(Array.from({ length: 1000 }, () => chat(key, {})));
  const statuses = new Set(results.map((r) => r.status));
  const ok = results.filter((r) => r.status === 200).length;
  expect(ok).toBeGreaterThan(0);
  expect(statuses.has(402)).toBe(true);
  // under this load a few upstream calls may time out: those are failures, charged nothing
  expect([...statuses].every((s) => s === 200 || s === 402 || s >= 500)).toBe(true);

  const hotAfter = (await inspect(accountId));
  expect(hotAfter.reservations).toEqual([]);
  // every estimate covered its charge, so nothing beyond the balance was ever spent
  expect(hotAfter.balanceMicro!).toBeGreaterThanOrEqual(0n);
  expect(hotAfter.balanceMicro).toBe(200_000n - BigInt(ok) * 187n);

  await cp.services.billing.consumer.drain();
  const em = cp.services.deps.orm.em.fork();
  const records = await em.find(UsageRecord, { account: accountId });
  // one record per request that got past the reservation; those that failed (timeouts under this load) are charged nothing
  expect(records.filter((r) => r.status === 'success')).toHaveLength(ok);
  expect(records.filter((r) => r.status !== 'success').every((r) => r.chargeMicro === '0')).toBe(true);
  const recorded = records.reduce((sum, r) => sum + BigInt(r.chargeMicro), 0n);
  expect(await ledger(accountId)).toBe(200_000n - recorded);
  expect(200_000n - hotAfter.balanceMicro!).toBe(recorded);
  const [report] = await cp.services.billing.reconcile(em, [accountId]);
  expect(report).toMatchObject({ status: 'ok', ledgerMicro: hotAfter.balanceMicro, unconsumedMicro: 0n });
}, 120_000);

test('when every request under-reserves, the overshoot is bounded by the under-estimates of requests in flight', async () => {
  // the client caps output at 1 token, but the upstream reports 200: every reservation is short
  const long = { text: 'long answer', toolCalls: [], usage: { input: 12, cacheRead: 0, cacheWrite: 0, output: 200, reasoning: 0 } };
  bed.upstream.setDefault(keyOf('ch-openai'), { kind: 'reply', reply: long });
  // What one such request reserves and is charged, learnt on another account.
  const probe = await fundedAccount(200_000n);
  expect((await chat(probe.key, { max_tokens: 1 })).status).toBe(200);
  const [sample] = await eventsOf(probe.accountId);
  const reservation = BigInt(sample.reservedMicro);
  const charge = BigInt(sample.chargeMicro);
  expect(charge).toBeGreaterThan(reservation); // really under-estimated

  // Room for five reservations and a half. No answer goes out before each of the 50 requests was
  // refused or reached the upstream: every admitted request is in flight with all the others.
  const initial = 5n * reservation + reservation / 2n;
  const { accountId, key } = await fundedAccount(initial);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  bed.upstream.setDefault(keyOf('ch-openai'), { kind: 'reply', reply: long, after: released });
  const refused: number[] = [];
  const sent = bed.upstream.requestsFor(keyOf('ch-openai')).length;
  const upstreamCalls = () => bed.upstream.requestsFor(keyOf('ch-openai')).length - sent;
  const requests = Array.from({ length: 50 }, () =>
    chat(key, { max_tokens: 1 }).then((r) => {
      if (r.status === 402) refused.push(r.status);
      return r;
    }),
  );
  try {
    await eventually(() => expect(refused.length + upstreamCalls()).toBe(50), 20_000);
  } finally {
    release();
  }
  const results = await Promise.all(requests);
  // Held together, the reservations fit the balance: five admitted, the rest refused up front.
  expect(upstreamCalls()).toBe(5);
  expect(results.map((r) => r.status).sort((x, y) => x - y)).toEqual([...Array(5).fill(200), ...Array(45).fill(402)]);

  const events = (await eventsOf(accountId)).filter((e) => e.status === 'success');
  expect(events).toHaveLength(5);
  const reserved = events.reduce((sum, e) => sum + BigInt(e.reservedMicro), 0n);
  const charged = events.reduce((sum, e) => sum + BigInt(e.chargeMicro), 0n);
  expect(reserved).toBeLessThanOrEqual(initial);
  const final = (await hot(accountId))!;
  expect(final).toBe(initial - charged);
  // The balance went below zero, by no more than the five requests in flight under-reserved.
  const overshoot = -final;
  expect(overshoot).toBeGreaterThan(0n);
  expect(overshoot).toBeLessThanOrEqual(charged - reserved);
  // the balance is now spent: the next request is refused up front
  expect((await chat(key, { max_tokens: 1 })).status).toBe(402);
});

test("each settled answer's prompt tokens and cache reads are counted for the channel that served it: routing state and health counters", async () => {
  const { key } = await fundedAccount(200_000n);
  const before = bed.pipeline.router.view().cacheReads.find((c) => c.channelId === 'ch-openai') ?? { promptTokens: 0, cacheReadTokens: 0 };
  expect((await chat(key, {})).status).toBe(200);
  expect((await chat(key, { stream: true })).status).toBe(200);
  await metering.idle();
  // The fake upstream reports 12 uncached input tokens and 4 read from its cache per answer.
  const after = bed.pipeline.router.view().cacheReads.find((c) => c.channelId === 'ch-openai')!;
  expect([after.promptTokens - before.promptTokens, after.cacheReadTokens - before.cacheReadTokens]).toEqual([32, 8]);
  expect(after.share).toBeCloseTo(after.cacheReadTokens / after.promptTokens, 9);
  await eventually(async () => {
    const [bucket] = await bed.ports.outcomes.read([minuteOf(Date.now())]);
    const key = { group: 'all', channel: 'ch-openai', model: 'm-openai', node: 'relay-test', format: 'chat-completions' as const };
    expect(bucket[fieldOf({ ...key, stream: false }, 'cache_read_tokens')]).toBeGreaterThanOrEqual(4);
    expect(bucket[fieldOf({ ...key, stream: true }, 'prompt_tokens')]).toBeGreaterThanOrEqual(16);
  });
});
