import { decodeUsageEntry, encodeUsageEntry } from '../../shared/billing/usage-event-codec.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { sampleUsageEvent } from '../support/usage-event.js';

describe('usage stream entry text', () => {
  test('round-trips every field, including nulls, a distinct request id, every usage kind, units and the lease batch', () => {
    const event = sampleUsageEvent({
      requestId: 'req_retry',
      group: null,
      channelId: null,
      formatIn: 'generateContent',
      formatOut: 'messages',
      stream: true,
      usage: makeUsage({ input: 1, output: 2, cacheRead: 3, cacheWrite5m: 4, cacheWrite1h: 5, reasoning: 2, images: 7, videoSeconds: 8 }),
      rawUsage: { promptTokenCount: 1, details: [{ modality: 'TEXT' }], note: 'two\nlines\r\n', emoji: '🙂' },
      usageSource: 'none',
      status: 'failed',
      firstByteMs: null,
    });
    const leased = sampleUsageEvent({ chargeBatch: 'lease:n1:3f2a:0:17', formatOut: null, rawUsage: null });
    const image = sampleUsageEvent({ formatIn: 'images', formatOut: 'generateContent', usage: makeUsage({ images: 3 }), units: { size: '1024x1536', quality: 'high' } });
    const decoded = decodeUsageEntry(encodeUsageEntry([event, leased, image]));
    expect(decoded).toEqual([event, leased, image]);
    expect('units' in decoded[0]).toBe(false);
  });

  test('is one line per event, each the event as a JSON object (money as decimal strings)', () => {
    const events = [sampleUsageEvent({ eventId: 'a', chargeMicro: '12345678901234567890' }), sampleUsageEvent({ eventId: 'b' })];
    const lines = encodeUsageEntry(events).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(events);
    expect(lines[0]).toContain('"chargeMicro":"12345678901234567890"');
    expect(encodeUsageEntry([])).toBe('');
    expect(decodeUsageEntry('')).toEqual([]);
  });

  test('refuses a line that is not a usage event, saying why', () => {
    const line = (overrides: Record<string, unknown>) => JSON.stringify({ ...sampleUsageEvent(), ...overrides });
    expect(() => decodeUsageEntry('{broken')).toThrow(SyntaxError);
    expect(() => decodeUsageEntry('[1,"x"]')).toThrow(/not a JSON object/);
    expect(() => decodeUsageEntry('null')).toThrow(/not a JSON object/);
    expect(() => decodeUsageEntry(line({ eventId: 7 }))).toThrow(/eventId is not a string/);
    expect(() => decodeUsageEntry(line({ accountId: undefined }))).toThrow(/accountId is not a string/);
    expect(() => decodeUsageEntry(line({ chargeMicro: 350 }))).toThrow(/chargeMicro is not a decimal string/);
    expect(() => decodeUsageEntry(line({ reservedMicro: '-1' }))).toThrow(/reservedMicro is not a decimal string/);
    expect(() => decodeUsageEntry(line({ chargeBatch: undefined }))).toThrow(/chargeBatch is neither a string nor null/);
    expect(() => decodeUsageEntry(line({ usage: null }))).toThrow(/usage is not an object/);
    // One bad line refuses the entry: its good lines are not taken alone.
    expect(() => decodeUsageEntry(`${line({})}\n${line({ eventId: null })}`)).toThrow(/eventId is not a string/);
  });
});
