/** SSE framing of the gateway's own events (shared/wire/sse/frame.ts); reading is test/unit/sse-read.test.ts. */
import { frameEvent, frameEventText } from '../../shared/wire/sse/frame.js';
import { SseReader } from '../../shared/wire/sse/read.js';

describe('frameEvent', () => {
  test('chat: data lines only, [DONE] verbatim', () => {
    expect(frameEventText('chat-completions', { data: { id: 'c', choices: [] } })).toBe('data: {"id":"c","choices":[]}\n\n');
    expect(frameEventText('chat-completions', { data: '[DONE]' })).toBe('data: [DONE]\n\n');
  });

  test('messages: event line from the event name or the payload type', () => {
    expect(frameEventText('messages', { event: 'message_stop', data: { type: 'message_stop' } })).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(frameEventText('messages', { data: { type: 'ping' } })).toBe('event: ping\ndata: {"type":"ping"}\n\n');
  });

  test('returns UTF-8 bytes that the reader reads back', () => {
    const events = [
      { event: 'content_block_delta', data: { type: 'content_block_delta', delta: { text: 'a\nb "ü" 👋' } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ];
    const bytes = Buffer.concat(events.map((e) => frameEvent('messages', e)));
    const reader = new SseReader();
    const read = [];
    for (let at = 0; at < bytes.length; at += 3) read.push(...reader.push(bytes.subarray(at, at + 3)));
    expect(read.map(({ event, data }) => ({ event, data }))).toEqual(events);
  });
});
