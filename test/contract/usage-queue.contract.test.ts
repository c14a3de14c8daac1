import { compareStreamIds } from '../../shared/ports/stream-id.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { sampleUsageEvent } from '../support/usage-event.js';
import { describeContract } from './harness.js';

describeContract('UsageQueue', (ports) => {
  const q = () => ports().usage;

  test('a group reads every event appended before it was created, in order, once', async () => {
    await q().append(sampleUsageEvent({ eventId: 'e1' }));
    await q().append(sampleUsageEvent({ eventId: 'e2' }));
    await q().ensureGroup('g');
    await q().ensureGroup('g'); // idempotent
    const first = await q().read('g', 'c1', 10, 0);
    expect(first.map((e) => e.event.eventId)).toEqual(['e1', 'e2']);
    expect(first[0].event).toEqual(expect.objectContaining({ usage: expect.objectContaining({ input: 10, output: 20 }) }));
    expect(await q().read('g', 'c2', 10, 0)).toEqual([]);
  });

  test('an event reads back exactly as appended, every field', async () => {
    const rich = sampleUsageEvent({
      eventId: 'rich',
      requestId: 'req_other',
      group: null,
      channelId: 'ch-1',
      formatIn: 'responses',
      formatOut: null,
      stream: true,
      usage: makeUsage({ input: 3, output: 9, cacheRead: 2, cacheWrite5m: 1, cacheWrite1h: 4, reasoning: 5, images: 1, videoSeconds: 6 }),
      rawUsage: { input_tokens: 3, nested: { list: [1, 'two', null] }, text: 'quote " and ✓,\nline breaks\r\n\n' },
      usageSource: 'delivered',
      prices: { input: '0.15', output: '0.6', cacheRead: null },
      billing: 'per-request',
      status: 'aborted',
      httpStatus: 499,
      firstByteMs: null,
    });
    const plain = sampleUsageEvent({ eventId: 'plain', usage: makeUsage({}), rawUsage: null });
    // Together: one write for both (the Redis queue joins their texts by line breaks).
    await q().append(rich, plain);
    await q().ensureGroup('g');
    expect((await q().read('g', 'c1', 10, 0)).map((e) => e.event)).toEqual([rich, plain]);
  });

  test('events appended together share one entry: one id, delivered, claimed and acknowledged together', async () => {
    await q().append(sampleUsageEvent({ eventId: 's1' }));
    await q().append(...['b1', 'b2', 'b3'].map((id) => sampleUsageEvent({ eventId: id })));
    await q().append();
    await q().append(sampleUsageEvent({ eventId: 's2' }));
    await q().ensureGroup('g');
    // count counts entries: two entries are four events
    const read = await q().read('g', 'c1', 2, 0);
    expect(read.map((e) => e.event.eventId)).toEqual(['s1', 'b1', 'b2', 'b3']);
    const [single, batch] = [read[0].id, read[1].id];
    expect(read.map((e) => e.id)).toEqual([single, batch, batch, batch]);
    expect(compareStreamIds(single, batch)).toBeLessThan(0);
    expect((await q().read('g', 'c1', 2, 0)).map((e) => e.event.eventId)).toEqual(['s2']);
    // acknowledging the entry acknowledges its three events; the other entries stay pending
    await q().ack('g', [batch]);
    expect((await q().unconsumed('g')).map((e) => e.event.eventId)).toEqual(['s1', 's2']);
    expect((await q().claimStale('g', 'c2', 0, 1)).map((e) => e.event.eventId)).toEqual(['s1']);
    await q().ack('g', [single]);
    expect((await q().claimStale('g', 'c2', 0, 10)).map((e) => e.event.eventId)).toEqual(['s2']);
  });

  test('claiming counts entries: a pending entry of several events comes back whole', async () => {
    await q().ensureGroup('g');
    await q().append(...['a1', 'a2'].map((id) => sampleUsageEvent({ eventId: id })));
    await q().append(...['b1', 'b2', 'b3'].map((id) => sampleUsageEvent({ eventId: id })));
    expect(await q().read('g', 'dead', 10, 0)).toHaveLength(5);
    expect((await q().claimStale('g', 'alive', 0, 1)).map((e) => e.event.eventId)).toEqual(['a1', 'a2']);
    expect((await q().claimStale('g', 'other', 0, 5)).map((e) => e.event.eventId)).toEqual(['a1', 'a2', 'b1', 'b2', 'b3']);
  });

  test('count bounds a read; a blocking read wakes on append', async () => {
    await q().ensureGroup('g');
    for (const id of ['a', 'b', 'c']) await q().append(sampleUsageEvent({ eventId: id }));
    expect((await q().read('g', 'c1', 2, 0)).map((e) => e.event.eventId)).toEqual(['a', 'b']);
    // A blocking read that finds entries answers at once (and readies the connection blocking reads use).
    expect((await q().read('g', 'c1', 2, 5_000)).map((e) => e.event.eventId)).toEqual(['c']);
    // Sent before the append, with nothing left to read: a read that did not wait would answer
    // nothing; one that waits answers the entry appended after it.
    const waiting = q().read('g', 'c1', 10, 5_000);
    await q().append(sampleUsageEvent({ eventId: 'd' }));
    expect((await waiting).map((e) => e.event.eventId)).toEqual(['d']);
  });

  test('unacknowledged events stay pending and are claimed by another consumer; acked ones are not', async () => {
    await q().ensureGroup('g');
    await q().append(sampleUsageEvent({ eventId: 'e1' }));
    await q().append(sampleUsageEvent({ eventId: 'e2' }));
    const read = await q().read('g', 'dead', 10, 0);
    await q().ack('g', [read[0].id]);
    // not idle long enough yet
    expect(await q().claimStale('g', 'alive', 60_000, 10)).toEqual([]);
    const claimed = await q().claimStale('g', 'alive', 0, 10);
    expect(claimed.map((e) => e.event.eventId)).toEqual(['e2']);
    await q().ack('g', [claimed[0].id]);
    expect(await q().claimStale('g', 'alive', 0, 10)).toEqual([]);
  });

  test("a consumer gets its own unacknowledged entries again, in order, and no other consumer's", async () => {
    await q().ensureGroup('g');
    await q().append(sampleUsageEvent({ eventId: 'r1' }), sampleUsageEvent({ eventId: 'r2' }));
    await q().append(sampleUsageEvent({ eventId: 'r3' }));
    await q().append(sampleUsageEvent({ eventId: 'other' }));
    // Delivered, as by a read whose answer never came back.
    const mine = await q().read('g', 'me', 2, 0);
    await q().read('g', 'someone', 1, 0);
    expect((await q().redeliver('g', 'me', 10)).map((e) => e.event.eventId)).toEqual(['r1', 'r2', 'r3']);
    expect((await q().redeliver('g', 'me', 1)).map((e) => e.event.eventId)).toEqual(['r1', 'r2']);
    await q().ack('g', [mine[0].id]);
    expect((await q().redeliver('g', 'me', 10)).map((e) => e.event.eventId)).toEqual(['r3']);
    expect((await q().redeliver('g', 'nobody', 10)).map((e) => e.event.eventId)).toEqual([]);
    // Getting them again is no read: nothing new was delivered.
    expect((await q().read('g', 'me', 10, 0)).map((e) => e.event.eventId)).toEqual([]);
  });

  test('unconsumed lists pending and never-delivered events; trimming keeps them', async () => {
    await q().ensureGroup('g');
    for (const id of ['e1', 'e2', 'e3', 'e4']) await q().append(sampleUsageEvent({ eventId: id }));
    const read = await q().read('g', 'c', 2, 0);
    await q().ack('g', [read[0].id]);
    expect((await q().unconsumed('g')).map((e) => e.event.eventId)).toEqual(['e2', 'e3', 'e4']);
    expect(await q().trimConsumed('g')).toBe(1);
    expect((await q().unconsumed('g')).map((e) => e.event.eventId)).toEqual(['e2', 'e3', 'e4']);
    await q().ack('g', [read[1].id]);
    expect((await q().read('g', 'c', 10, 0)).map((e) => e.event.eventId)).toEqual(['e3', 'e4']);
    expect((await q().unconsumed('g')).map((e) => e.event.eventId)).toEqual(['e3', 'e4']);
  });

  test('a replayed entry reads back marked as replayed; others are not', async () => {
    await q().ensureGroup('g');
    await q().append(sampleUsageEvent({ eventId: 'e1' }));
    await q().replay([sampleUsageEvent({ eventId: 'e1' }), sampleUsageEvent({ eventId: 'e2' })]);
    await q().replay([]);
    const read = await q().read('g', 'c', 10, 0);
    expect(read.map((e) => [e.event.eventId, e.replayed ?? false])).toEqual([
      ['e1', false],
      ['e1', true],
      ['e2', true],
    ]);
  });

  test('a group that does not exist has nothing unconsumed', async () => {
    expect(await q().unconsumed('nope')).toEqual([]);
    expect(await q().trimConsumed('nope')).toBe(0);
  });

  test('before its group is made, every event appended is unconsumed (the group will read them all)', async () => {
    // As after Redis lost its data: data planes append before a control plane makes the group again.
    for (const id of ['e1', 'e2']) await q().append(sampleUsageEvent({ eventId: id }));
    expect((await q().unconsumed('g')).map((e) => e.event.eventId)).toEqual(['e1', 'e2']);
    expect(await q().trimConsumed('g')).toBe(0);
    await q().ensureGroup('g');
    expect((await q().read('g', 'c', 10, 0)).map((e) => e.event.eventId)).toEqual(['e1', 'e2']);
  });

  test('the backlog counts entries not yet acknowledged, delivered or not, and dates the oldest by its id', async () => {
    expect(await q().backlog('g')).toEqual({ entries: 0, oldestMs: null });
    const before = Date.now();
    await q().append(sampleUsageEvent({ eventId: 'e1' }), sampleUsageEvent({ eventId: 'e2' }));
    await q().append(sampleUsageEvent({ eventId: 'e3' }));
    await q().ensureGroup('g');
    const waiting = await q().backlog('g');
    expect(waiting.entries).toBe(2);
    expect(waiting.oldestMs).toBeGreaterThanOrEqual(before - 1000);
    expect(waiting.oldestMs).toBeLessThanOrEqual(Date.now() + 1000);
    const [first] = await q().read('g', 'c', 1, 0);
    expect((await q().backlog('g')).entries).toBe(2); // delivered, not acknowledged
    await q().ack('g', [first.id]);
    const rest = await q().read('g', 'c', 10, 0);
    expect(await q().backlog('g')).toEqual({ entries: 1, oldestMs: Number(rest[0].id.split('-')[0]) });
    await q().ack('g', [rest[0].id]);
    expect(await q().backlog('g')).toEqual({ entries: 0, oldestMs: null });
  });
});
