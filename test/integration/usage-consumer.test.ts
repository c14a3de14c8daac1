import { LedgerKind } from '../../control-plane/ledger/ledger-entry.entity.js';
import { UsageRecord } from '../../control-plane/usage/usage-record.entity.js';
import type { LedgeredRecord } from '../../control-plane/usage/ledgered-marks.js';
import { USAGE_CONSUMER_GROUP, UsageConsumer } from '../../control-plane/usage/usage.consumer.js';
import { writeUsageEvents } from '../../control-plane/usage/usage.writer.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { seedAccount } from '../support/seeded-accounts.js';
import { sampleUsageEvent } from '../support/usage-event.js';
import { eventually } from '../contract/harness.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { redisPorts } from '../../shared/ports/factory.js';
import { RedisKeys } from '../../shared/redis/keys.js';
import { encodeUsageEntry } from '../../shared/billing/usage-event-codec.js';

let cp: TestControlPlane;
let accountId: string;

beforeAll(async () => {
  cp = await startTestControlPlane({ overrides: { consumeUsage: false } });
  accountId = (await seedAccount(cp.services)).account.id;
  await cp.services.ledger.credit(cp.services.deps.orm.em.fork(), {
    accountId,
    kind: LedgerKind.TrialCredit,
    amountMicro: 200_000n,
    idempotencyKey: `trial:${accountId}`,
  });
});

afterAll(async () => {
  await cp.stop();
});

const queue = () => cp.services.deps.ports.usage;
const em = () => cp.services.deps.orm.em.fork();
const ledger = () => cp.services.ledger.balanceMicro(accountId);
const event = (eventId: string, chargeMicro: string) => sampleUsageEvent({ eventId, accountId, chargeMicro });

test('each event becomes one usage record and one ledger entry; a replayed event writes nothing', async () => {
  const before = await ledger();
  await queue().append(
    sampleUsageEvent({
      eventId: 'ev-full',
      accountId,
      chargeMicro: '1234',
      usage: makeUsage({ input: 100, output: 50, cacheRead: 10, cacheWrite5m: 5, cacheWrite1h: 2, reasoning: 20 }),
      rawUsage: { prompt_tokens: 117, completion_tokens: 50 },
      stream: true,
      formatIn: 'messages',
      formatOut: 'chat-completions',
      firstByteMs: 42,
    }),
  );
  await queue().append(event('ev-2', '766'));
  expect(await cp.services.billing.consumer.drain()).toBe(2);
  expect(await ledger()).toBe(before - 2000n);

  const record = await em().findOneOrFail(UsageRecord, { eventId: 'ev-full' });
  expect(record).toMatchObject({
    account: expect.objectContaining({ id: accountId }),
    inputTokens: 100,
    outputTokens: 50,
    cacheReadTokens: 10,
    cacheWrite5mTokens: 5,
    cacheWrite1hTokens: 2,
    reasoningTokens: 20,
    rawUsage: { prompt_tokens: 117, completion_tokens: 50 },
    chargeMicro: '1234',
    stream: true,
    formatIn: 'messages',
    formatOut: 'chat-completions',
    firstByteMs: 42,
    prices: { input: '1', output: '2' },
    exchangeRate: '7',
  });

  // the same event appended again (a retried XADD) and delivered again
  await queue().append(event('ev-2', '766'));
  expect(await cp.services.billing.consumer.drain()).toBe(1);
  expect(await ledger()).toBe(before - 2000n);
  expect(await em().count(UsageRecord, { eventId: 'ev-2' })).toBe(1);
  expect(await queue().unconsumed(USAGE_CONSUMER_GROUP)).toEqual([]);
});

test('a control plane that crashed after commit but before ack writes nothing twice', async () => {
  const before = await ledger();
  await queue().append(event('crash-1', '100'));
  await queue().append(event('crash-2', '200'));
  // the "dead" consumer reads and commits, then dies before acknowledging
  const read = await queue().read(USAGE_CONSUMER_GROUP, 'dead', 10, 0);
  await em().transactional((tx) => writeUsageEvents(tx, read.map((r) => r.event)));
  expect(await ledger()).toBe(before - 300n);
  expect(await queue().unconsumed(USAGE_CONSUMER_GROUP)).toHaveLength(2);

  // its successor claims the stale entries and acknowledges them without writing again
  expect(await cp.services.billing.consumer.drain(0)).toBe(2);
  expect(await ledger()).toBe(before - 300n);
  expect(await em().count(UsageRecord, { eventId: { $in: ['crash-1', 'crash-2'] } })).toBe(2);
  expect(await queue().unconsumed(USAGE_CONSUMER_GROUP)).toEqual([]);
});

test('entries delivered to a consumer by a read whose answer it never got are written at once, not a minute later', async () => {
  await queue().append(event('unseen-1', '7'), event('unseen-2', '8'));
  // Delivered to 'phoenix' (as by a read Redis served after the client had given up on it), never written.
  expect(await queue().read(USAGE_CONSUMER_GROUP, 'phoenix', 10, 0)).toHaveLength(2);
  // The stale claim would wait an hour: only reading its own pending entries again writes them.
  const loop = new UsageConsumer(cp.services.deps.orm, queue(), { consumer: 'phoenix', blockMs: 50, claimIdleMs: 3_600_000 });
  await loop.start();
  try {
    await eventually(async () => expect(await em().count(UsageRecord, { eventId: { $in: ['unseen-1', 'unseen-2'] } })).toBe(2));
    await eventually(async () => expect(await queue().unconsumed(USAGE_CONSUMER_GROUP)).toEqual([]));
  } finally {
    await loop.stop();
  }
});

test('a running consumer writes, within a few seconds, entries a read it gave up on delivered to it', async () => {
  const loop = new UsageConsumer(cp.services.deps.orm, queue(), { consumer: 'survivor-2', blockMs: 50, claimIdleMs: 3_600_000, redeliverEveryMs: 200 });
  await loop.start();
  try {
    // Appended and delivered to 'survivor-2' in one transaction, as by a read Redis served after
    // the client had given up on it: the loop's own read can never see it.
    const raw = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
    try {
      const stream = new RedisKeys(cp.redisPrefix).usageStream;
      const results = await raw.redis.cmd
        .multi()
        .xadd(stream, '*', 'e', encodeUsageEntry([event('stranded', '9')]))
        .xreadgroup('GROUP', USAGE_CONSUMER_GROUP, 'survivor-2', 'COUNT', 10, 'STREAMS', stream, '>')
        .exec();
      expect(results?.map(([error]) => error)).toEqual([null, null]);
    } finally {
      await raw.close();
    }
    await eventually(async () => expect(await em().count(UsageRecord, { eventId: 'stranded' })).toBe(1));
  } finally {
    await loop.stop();
  }
});

test('a consumer that was down catches up with the backlog, in batches', async () => {
  const before = await ledger();
  for (let i = 0; i < 25; i += 1) await queue().append(event(`backlog-${i}`, '10'));
  const late = new UsageConsumer(cp.services.deps.orm, queue(), { consumer: 'late', batchSize: 7 });
  expect(await late.drain()).toBe(25);
  expect(await ledger()).toBe(before - 250n);
});

test('entries of several events: a read holds about a batch of events, an entry is acked once all its events are written, and only then is its lease batch marked ledgered', async () => {
  const before = await ledger();
  // Two data-plane batches of 6 events (each a lease batch's), then one whose middle event cannot be written (its account id is no uuid).
  for (const batch of ['big-a', 'big-b']) await queue().append(...Array.from({ length: 6 }, (_, i) => ({ ...event(`${batch}-${i}`, '10'), chargeBatch: `lease-${batch}` })));
  const mixed = [event('mixed-0', '1'), sampleUsageEvent({ eventId: 'mixed-bad', accountId: 'not-a-uuid', chargeMicro: '1' }), event('mixed-2', '1')];
  await queue().append(...mixed.map((e) => ({ ...e, chargeBatch: 'lease-mixed' })));
  const seen: number[] = [];
  const told: string[] = [];
  const onLedgered = (records: readonly LedgeredRecord[]) => {
    seen.push(records.length);
    told.push(...records.map((r) => r.recordId));
  };
  const reader = new UsageConsumer(cp.services.deps.orm, queue(), { consumer: 'entries', batchSize: 4, onLedgered });
  expect(await reader.drain()).toBe(14);
  // one entry per read: the first read asks for one, the next ones for 4 events' worth (one entry of 6); each event's record and its batch's
  expect(seen.slice(0, 2)).toEqual([7, 7]);
  expect(told.filter((id) => id.startsWith('lease-'))).toEqual(['lease-big-a', 'lease-big-b']);
  expect(told).toEqual(expect.arrayContaining(['mixed-0', 'mixed-2']));
  expect(await ledger()).toBe(before - 122n);
  // the bad event's entry stays pending, whole; its good events were written once
  expect((await queue().unconsumed(USAGE_CONSUMER_GROUP)).map((q) => q.event.eventId)).toEqual(['mixed-0', 'mixed-bad', 'mixed-2']);
  expect(await em().count(UsageRecord, { eventId: { $in: ['mixed-0', 'mixed-2'] } })).toBe(2);
  // claimed again, it writes nothing twice and stays pending
  expect(await reader.drain(0)).toBe(2);
  expect(await ledger()).toBe(before - 122n);
  expect(told).not.toContain('lease-mixed');
  expect(await queue().unconsumed(USAGE_CONSUMER_GROUP)).toHaveLength(3);
  await queue().ack(USAGE_CONSUMER_GROUP, [(await queue().unconsumed(USAGE_CONSUMER_GROUP))[0].id]);
});

test('after Redis lost the stream (and its group), the running loop makes the group again and consumes what comes next', async () => {
  const loop = new UsageConsumer(cp.services.deps.orm, queue(), { consumer: 'survivor', blockMs: 50 });
  await loop.start();
  try {
    const raw = redisPorts(TEST_REDIS_URL, cp.redisPrefix);
    try {
      await raw.redis.cmd.del(new RedisKeys(cp.redisPrefix).usageStream);
    } finally {
      await raw.close();
    }
    await queue().append(event('after-the-loss', '5'));
    await eventually(async () => expect(await em().count(UsageRecord, { eventId: 'after-the-loss' })).toBe(1));
  } finally {
    await loop.stop();
  }
});

test('a zero charge writes a record but no ledger entry; the running loop consumes and publishes', async () => {
  const committed: string[] = [];
  const loop = new UsageConsumer(cp.services.deps.orm, queue(), { consumer: 'loop', blockMs: 50, onCommitted: (a) => committed.push(...a) });
  await loop.start();
  await queue().append(event('free-1', '0'));
  try {
    await eventually(() => expect(committed).toEqual([accountId]));
  } finally {
    await loop.stop();
  }
  expect(committed).toEqual([accountId]);
  expect(await em().count(UsageRecord, { eventId: 'free-1' })).toBe(1);
  const [row] = await em().execute<{ n: string }[]>(`select count(*)::text as n from ledger_entry where idempotency_key = 'usage:free-1'`);
  expect(row.n).toBe('0');
});

test('an image event keeps its format and units: images, size and quality on the record, summed in the totals', async () => {
  await queue().append(
    sampleUsageEvent({ eventId: 'ev-image', accountId, chargeMicro: '2851200', formatIn: 'images', formatOut: 'generateContent', usage: makeUsage({ images: 2 }), units: { size: '1024x1792', quality: 'hd' } }),
    sampleUsageEvent({ eventId: 'ev-video', accountId, chargeMicro: '0', formatIn: 'videos', formatOut: 'videos', usage: makeUsage({ videoSeconds: 8 }), units: { size: '1280x720' } }),
  );
  expect(await cp.services.billing.consumer.drain()).toBe(2);
  expect(await em().findOneOrFail(UsageRecord, { eventId: 'ev-image' })).toMatchObject({ formatIn: 'images', formatOut: 'generateContent', images: 2, unitSize: '1024x1792', unitQuality: 'hd' });
  expect(await em().findOneOrFail(UsageRecord, { eventId: 'ev-video' })).toMatchObject({ formatIn: 'videos', videoSeconds: 8, unitSize: '1280x720', unitQuality: null });
  const totals = await cp.services.billing.queries.usageTotals(em(), accountId, {});
  expect(totals.reduce((sum, t) => [sum[0] + t.images, sum[1] + t.videoSeconds], [0, 0])).toEqual([2, 8]);
});
