import { decodeUsageEntry, decodeUsageEvent, encodeUsageEntry, encodeUsageEvent } from '../../shared/billing/usage-event-codec.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { sampleUsageEvent } from '../support/usage-event.js';

describe('usage event stream text', () => {
  test('round-trips every field, including nulls, a distinct request id and every usage kind', () => {
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
    expect(decodeUsageEvent(encodeUsageEvent(event))).toEqual(event);
    const leased = sampleUsageEvent({ chargeBatch: 'lease:n1:3f2a:0:17' });
    expect(decodeUsageEvent(encodeUsageEvent(leased))).toEqual(leased);
  });

  test('a typical event takes about half the text of its JSON object', () => {
    const event = sampleUsageEvent({ eventId: 'req_0c91987746104ef9af346aad38acd018' });
    const text = encodeUsageEvent(event);
    expect(text.length).toBeLessThan(JSON.stringify(event).length * 0.6);
    // The request id equal to the event id is not repeated, and zero usage counts at the end are left out.
    expect(text.split(event.eventId)).toHaveLength(2);
    expect(text).toContain('[10,20]');
  });

  test('events written by older data planes still read: as a plain JSON object, and in layout 1 (no charge batch)', () => {
    const event = sampleUsageEvent();
    expect(decodeUsageEvent(JSON.stringify(event))).toEqual(event);
    const { chargeBatch: _none, ...older } = event;
    expect(decodeUsageEvent(JSON.stringify(older))).toEqual(event);
    const layout1 = (JSON.parse(encodeUsageEvent(event)) as unknown[]).slice(0, -1);
    layout1[0] = 1;
    expect(decodeUsageEvent(JSON.stringify(layout1))).toEqual(event);
  });

  test('an entry holds several events, a line each, even when their texts hold line breaks', () => {
    const events = [
      sampleUsageEvent({ eventId: 'a', rawUsage: { note: 'two\nlines\r\n' } }),
      sampleUsageEvent({ eventId: 'b', usage: makeUsage({}), rawUsage: null }),
      sampleUsageEvent({ eventId: 'c' }),
    ];
    const text = encodeUsageEntry(events);
    expect(text.split('\n')).toHaveLength(3);
    expect(decodeUsageEntry(text)).toEqual(events);
    // an entry of one event (or written before entries held several) is the event's own text
    expect(decodeUsageEntry(encodeUsageEvent(events[0]))).toEqual([events[0]]);
    expect(decodeUsageEntry(JSON.stringify(events[1]))).toEqual([events[1]]);
  });

  test('anything else is refused with a reason', () => {
    expect(() => decodeUsageEvent('[2,"x"]')).toThrow(/not an event of layout 1 or 2/);
    const layout1WithBatch = JSON.parse(encodeUsageEvent(sampleUsageEvent())) as unknown[];
    layout1WithBatch[0] = 1;
    expect(() => decodeUsageEvent(JSON.stringify(layout1WithBatch))).toThrow(/not an event of layout/);
    expect(() => decodeUsageEvent('"text"')).toThrow(/not an event/);
    const slots = JSON.parse(encodeUsageEvent(sampleUsageEvent())) as unknown[];
    slots[9] = 9; // formatIn: no such wire format
    expect(() => decodeUsageEvent(JSON.stringify(slots))).toThrow(/unknown wire format index 9/);
    expect(() => decodeUsageEvent('{broken')).toThrow(SyntaxError);
  });
});
