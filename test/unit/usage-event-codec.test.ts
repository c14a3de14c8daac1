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

  test('media events keep their format and units (size, quality) as a last value; text events have none', () => {
    const image = sampleUsageEvent({ formatIn: 'images', formatOut: 'generateContent', usage: makeUsage({ images: 3 }), units: { size: '1024x1536', quality: 'high' } });
    const video = sampleUsageEvent({ eventId: 'job', formatIn: 'videos', formatOut: 'videos', usage: makeUsage({ videoSeconds: 8 }), units: { size: '1280x720' } });
    const text = sampleUsageEvent({ eventId: 'text' });
    const lines = encodeUsageEntry([image, video, text]).split('\n');
    expect(lines.filter((l) => l.endsWith('{"size":"1024x1536","quality":"high"}]'))).toHaveLength(1);
    const decoded = decodeUsageEntry(lines.join('\n'));
    expect(decoded).toEqual([image, video, text]);
    expect('units' in decoded[2]).toBe(false);
  });

  test('what events share is written once, in a context line and a usage shape line before them; an event line holds its own values', () => {
    const prices = { input: '1', output: '2' };
    const rawUsage = (i: number) => ({ prompt_tokens: 10, completion_tokens: 20 + i, total_tokens: 30 + i, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: i } });
    const events = Array.from({ length: 10 }, (_, i) =>
      sampleUsageEvent({ eventId: `req_0c91987746104ef9af346aad38acd01${i}`, prices, chargeBatch: 'lease:n1:3f2a:0:17', usage: makeUsage({ input: 10, output: 20 + i, reasoning: i }), rawUsage: rawUsage(i) }),
    );
    const lines = encodeUsageEntry(events).split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toContain('lease:n1:3f2a:0:17');
    expect(lines[1]).toBe('[3,{"prompt_tokens":0,"completion_tokens":0,"total_tokens":0,"prompt_tokens_details":{"cached_tokens":0},"completion_tokens_details":{"reasoning_tokens":0}}]');
    // The request id equal to the event id is not repeated, zero usage counts at the end are left out, and the raw usage is its values.
    expect(lines[3]).toBe(`[4,"${events[1].eventId}",0,[10,21,0,0,0,1],[10,21,31,[0],[1]],"upstream","350","1000","success",200,12,5,${events[1].createdAt}]`);
    expect(decodeUsageEntry(lines.join('\n'))).toEqual(events);
    // A quarter of the text of the events each written whole, their JSON objects.
    expect(lines.join('\n').length).toBeLessThan(events.map((e) => JSON.stringify(e)).join('\n').length / 4);
  });

  test('a raw usage of another shape writes its own shape line; one with none (not a plain object, a __proto__ key) is written whole', () => {
    const shaped = [
      { prompt_tokens: 1, completion_tokens: 2 },
      { prompt_tokens: 3, completion_tokens: 4 },
      { input_tokens: 5, output_tokens: 6, cache_creation: { ephemeral_5m_input_tokens: 1, ephemeral_1h_input_tokens: 0 }, server_tool_use: null, service_tier: 'standard' },
      { promptTokenCount: 7, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 7 }], thoughts: true },
      { prompt_tokens: 8, completion_tokens: 9 },
      {},
    ];
    const whole: unknown[] = [null, 'text', [1, 2], JSON.parse('{"__proto__":{"x":1},"y":2}'), { when: new Date(Date.UTC(2026, 10, 26)) }, { a: { b: { c: { d: { e: 1 } } } } }];
    const prices = { input: '1', output: '2' };
    const events = [...shaped, ...whole].map((rawUsage, i) => sampleUsageEvent({ eventId: `e${i}`, rawUsage, prices }));
    const text = encodeUsageEntry(events);
    expect(text.split('\n').map((line) => (JSON.parse(line) as unknown[])[0])).toEqual([0, 3, 4, 4, 3, 4, 3, 4, 3, 4, 3, 4, 2, 2, 2, 2, 2, 2]);
    const decoded = decodeUsageEntry(text);
    // As the control plane stores it: JSON (a Date as its text; the __proto__ key an own key, as JSON.parse made it).
    expect(decoded.map((e) => JSON.stringify(e.rawUsage))).toEqual(events.map((e) => JSON.stringify(e.rawUsage)));
    expect(Object.keys(decoded[9].rawUsage as object)).toEqual(['__proto__', 'y']);
    expect(decoded.slice(0, 6)).toEqual(events.slice(0, 6));
  });

  test('a context line goes again wherever an event\'s context differs from the one before it', () => {
    const a = sampleUsageEvent({ eventId: 'a', chargeBatch: 'batch-1' });
    const b = sampleUsageEvent({ eventId: 'b', chargeBatch: 'batch-2' });
    const c = sampleUsageEvent({ eventId: 'c', accountId: 'other', chargeBatch: 'batch-2' });
    const d = sampleUsageEvent({ eventId: 'd', accountId: 'other', chargeBatch: 'batch-2', prices: { ...c.prices } });
    const text = encodeUsageEntry([a, b, c, d]);
    // (The raw usage keeps its shape across contexts.)
    expect(text.split('\n').map((line) => (JSON.parse(line) as unknown[])[0])).toEqual([0, 3, 4, 0, 4, 0, 4, 0, 4]);
    expect(decodeUsageEntry(text)).toEqual([a, b, c, d]);
    // Only a real difference: the same context repeated needs no line.
    expect(encodeUsageEntry([a, { ...a, eventId: 'a2' }]).split('\n')).toHaveLength(4);
  });

  test('the writer gives the same text as UTF-8 bytes, and events appended a few at a time make one entry', () => {
    const writer = new UsageEntryWriter();
    const first = sampleUsageEvent({ eventId: 'é', rawUsage: { note: 'two\nlines\r\n', emoji: '🙂' } });
    const events = [first, sampleUsageEvent({ eventId: 'b', usage: makeUsage({}), rawUsage: null, prices: first.prices })];
    for (const event of events) writer.add(event);
    expect(writer.bytes().toString('utf8')).toBe(writer.text());
    expect(writer.text().split('\n')).toHaveLength(4);
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
    // and goes on from the context and usage shape it took: c's are the last ones, so an event like c needs no lines of its own
    const lines = first.text().split('\n').length;
    first.add({ ...c, eventId: 'd' });
    expect(first.text().split('\n')).toHaveLength(lines + 1);
    expect(decodeUsageEntry(first.text())).toEqual([a, b, c, { ...c, eventId: 'd' }]);
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
    const [context, shape, event] = encodeUsageEntry([sampleUsageEvent()]).split('\n');
    expect(() => decodeUsageEntry(event)).toThrow(/an event line before any context line/);
    expect(() => decodeUsageEntry(`${context}\n${event}`)).toThrow(/raw usage values before any usage shape line/);
    expect(() => decodeUsageEntry(`${context}\n${shape}\n${event.replace('[10,20],[10,20]', '[10,20],[10]')}`)).toThrow(/1 raw usage values for a shape of 2 keys/);
    expect(() => decodeUsageEntry(`${context}\n${shape}\n${event.replace('[10,20],[10,20]', '[10,20],{}')}`)).toThrow(/raw usage values that do not fit their shape/);
    expect(() => decodeUsageEntry(`${context}\n[3]`)).toThrow(/not a usage shape line/);
    expect(() => decodeUsageEntry(`${context}\n[2,"x"]`)).toThrow(/not an event line/);
    expect(() => decodeUsageEntry('[0,"x"]')).toThrow(/not a context line/);
    expect(() => decodeUsageEntry('[1,"x"]')).toThrow(/not a usage entry line/);
    expect(() => decodeUsageEntry('[7,"x"]')).toThrow(/not a usage entry line/);
    expect(() => decodeUsageEntry('"text"')).toThrow(/not a usage entry line/);
    const slots = JSON.parse(context) as unknown[];
    slots[7] = 9; // formatIn: no such wire format
    expect(() => decodeUsageEntry(`${JSON.stringify(slots)}\n${shape}\n${event}`)).toThrow(/unknown format index 9/);
    expect(() => decodeUsageEntry('{broken')).toThrow(SyntaxError);
  });
});
