import { UsageEntryWriter, decodeUsageEntry, encodeUsageEntry } from '../../shared/billing/usage-event-codec.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { sampleUsageEvent } from '../support/usage-event.js';

/** An event as a data plane of layout 1 wrote it (before events named their lease batch), and what it reads as. */
const LAYOUT_1_LINE =
  '[1,"req_old",0,"acc","tok","demo-chat","alpha",null,"test",0,0,0,[10,20],{"prompt_tokens":10,"completion_tokens":20},"upstream",{"input":"1","output":"2"},"tokens","1","1","7","350","1000","success",200,12,5,1795678138586]';
const LAYOUT_1_EVENT = sampleUsageEvent({ eventId: 'req_old', accountId: 'acc', tokenId: 'tok', createdAt: 1795678138586 });

describe('usage stream entry text', () => {
  test('round-trips every field, including nulls, a distinct request id, every usage kind and the lease batch', () => {
    const event = sampleUsageEvent({
      requestId: 'req_retry',
      group: null,
      channelId: null,
      formatIn: 'generateContent',
      formatOut: 'messages',
      stream: true,
      usage: makeUsage({ input: 1, output: 2, cacheRead: 3, cacheWrite5m: 4, cacheWrite1h: 5, reasoning: 2, images: 7, videoSeconds: 8 }),
      rawUsage: { promptTokenCount: 1, details: [{ modality: 'TEXT' }] },
      usageSource: 'none',
      status: 'failed',
      firstByteMs: null,
    });
    const leased = sampleUsageEvent({ chargeBatch: 'lease:n1:3f2a:0:17', formatOut: null });
    expect(decodeUsageEntry(encodeUsageEntry([event, leased]))).toEqual([event, leased]);
  });

  test('what events share is written once, in a context line before them; an event line holds its own values', () => {
    const prices = { input: '1', output: '2' };
    const events = Array.from({ length: 3 }, (_, i) => sampleUsageEvent({ eventId: `req_0c91987746104ef9af346aad38acd01${i}`, prices, chargeBatch: 'lease:n1:3f2a:0:17' }));
    const lines = encodeUsageEntry(events).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('lease:n1:3f2a:0:17');
    // The request id equal to the event id is not repeated, and zero usage counts at the end are left out.
    expect(lines[1]).toBe(`[2,"${events[0].eventId}",0,[10,20],{"prompt_tokens":10,"completion_tokens":20},"upstream","350","1000","success",200,12,5,${events[0].createdAt}]`);
    // A third of the text of the events each written whole, their JSON objects.
    expect(lines.join('\n').length).toBeLessThan(events.map((e) => JSON.stringify(e)).join('\n').length / 3);
  });

  test('a context line goes again wherever an event\'s context differs from the one before it', () => {
    const a = sampleUsageEvent({ eventId: 'a', chargeBatch: 'batch-1' });
    const b = sampleUsageEvent({ eventId: 'b', chargeBatch: 'batch-2' });
    const c = sampleUsageEvent({ eventId: 'c', accountId: 'other', chargeBatch: 'batch-2' });
    const d = sampleUsageEvent({ eventId: 'd', accountId: 'other', chargeBatch: 'batch-2', prices: { ...c.prices } });
    const text = encodeUsageEntry([a, b, c, d]);
    expect(text.split('\n').map((line) => (JSON.parse(line) as unknown[])[0])).toEqual([0, 2, 0, 2, 0, 2, 0, 2]);
    expect(decodeUsageEntry(text)).toEqual([a, b, c, d]);
    // Only a real difference: the same context repeated needs no line.
    expect(encodeUsageEntry([a, { ...a, eventId: 'a2' }]).split('\n')).toHaveLength(3);
  });

  test('the writer gives the same text as UTF-8 bytes, and events appended a few at a time make one entry', () => {
    const writer = new UsageEntryWriter();
    const first = sampleUsageEvent({ eventId: 'é', rawUsage: { note: 'two\nlines\r\n', emoji: '🙂' } });
    const events = [first, sampleUsageEvent({ eventId: 'b', usage: makeUsage({}), rawUsage: null, prices: first.prices })];
    for (const event of events) writer.add(event);
    expect(writer.bytes().toString('utf8')).toBe(writer.text());
    expect(writer.text().split('\n')).toHaveLength(3);
    expect(decodeUsageEntry(writer.text())).toEqual(events);
    expect(new UsageEntryWriter().bytes()).toHaveLength(0);
  });

  test('one writer takes what another wrote after its own events, and counts them', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((eventId, i) => sampleUsageEvent({ eventId, chargeBatch: `batch-${i}` }));
    const first = new UsageEntryWriter();
    first.add(a);
    const second = new UsageEntryWriter();
    second.add(b);
    second.add(c);
    first.addWritten(second);
    expect([first.size, second.size]).toEqual([3, 2]);
    expect(decodeUsageEntry(first.text())).toEqual([a, b, c]);
    // and goes on from the context it took: c's is the last one, so an event like c needs none of its own
    first.add({ ...c, eventId: 'd' });
    expect(first.text().split('\n')).toHaveLength(7);
  });

  test('entries written by older data planes still read: whole events of layout 1 and plain JSON objects, alone or among new lines', () => {
    expect(decodeUsageEntry(LAYOUT_1_LINE)).toEqual([LAYOUT_1_EVENT]);
    const plain = sampleUsageEvent();
    const { chargeBatch: _none, ...older } = plain;
    expect(decodeUsageEntry(JSON.stringify(older))).toEqual([plain]);
    const fresh = sampleUsageEvent({ eventId: 'new', chargeBatch: 'batch-1' });
    expect(decodeUsageEntry([LAYOUT_1_LINE, encodeUsageEntry([fresh]), JSON.stringify(older)].join('\n'))).toEqual([LAYOUT_1_EVENT, fresh, plain]);
  });

  test('anything else is refused with a reason', () => {
    const [context, event] = encodeUsageEntry([sampleUsageEvent()]).split('\n');
    expect(() => decodeUsageEntry(event)).toThrow(/an event line before any context line/);
    expect(() => decodeUsageEntry(`${context}\n[2,"x"]`)).toThrow(/not an event line/);
    expect(() => decodeUsageEntry('[0,"x"]')).toThrow(/not a context line/);
    expect(() => decodeUsageEntry('[1,"x"]')).toThrow(/not a usage entry line/);
    expect(() => decodeUsageEntry('[7,"x"]')).toThrow(/not a usage entry line/);
    expect(() => decodeUsageEntry('"text"')).toThrow(/not a usage entry line/);
    const slots = JSON.parse(context) as unknown[];
    slots[7] = 9; // formatIn: no such wire format
    expect(() => decodeUsageEntry(`${JSON.stringify(slots)}\n${event}`)).toThrow(/unknown wire format index 9/);
    expect(() => decodeUsageEntry('{broken')).toThrow(SyntaxError);
  });
});
