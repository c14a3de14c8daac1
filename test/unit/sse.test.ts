import { SseParser, type SseRecord } from '../../shared/wire/sse/parse.js';
import { frameEvent, frameEventText } from '../../shared/wire/sse/frame.js';

/** Feed `bytes` to a fresh parser in the given chunk sizes (cycled), then end it. */
function parseInChunks(bytes: Buffer, sizes: number[]): SseRecord[] {
  const parser = new SseParser();
  const out: SseRecord[] = [];
  let pos = 0;
  for (let i = 0; pos < bytes.length; i++) {
    const size = sizes[i % sizes.length];
    out.push(...parser.push(bytes.subarray(pos, pos + size)));
    pos += size;
  }
  out.push(...parser.end());
  return out;
}

const STREAM = Buffer.from(
  ': keep-alive\r\n' +
    'event: message_start\r\ndata: {"type":"message_start","text":"héllo 👋 日本"}\r\n\r\n' +
    'data:no-space\n\n' +
    'data: line one\ndata: line two\n\n' +
    'event: ping\rdata: {"type":"ping"}\r\r' +
    'data: [DONE]\n\n',
  'utf8',
);
const EXPECTED: SseRecord[] = [
  { event: 'message_start', data: '{"type":"message_start","text":"héllo 👋 日本"}' },
  { data: 'no-space' },
  { data: 'line one\nline two' },
  { event: 'ping', data: '{"type":"ping"}' },
  { data: '[DONE]' },
];

describe('SseParser', () => {
  test('parses LF, CRLF and CR line endings, comments, multi-line data and optional space', () => {
    expect(parseInChunks(STREAM, [STREAM.length])).toEqual(EXPECTED);
  });

  test.each([[[1]], [[2]], [[3]], [[5]], [[7]], [[1, 4, 2]]])('gives the same events with chunk sizes %j (splits inside CRLF and UTF-8)', (sizes) => {
    expect(parseInChunks(STREAM, sizes)).toEqual(EXPECTED);
  });

  test('a CR at the end of one chunk and LF at the start of the next make one line break', () => {
    const parser = new SseParser();
    expect(parser.push(Buffer.from('data: a\r'))).toEqual([]);
    expect(parser.push(Buffer.from('\n\r'))).toEqual([{ data: 'a' }]);
    expect(parser.push(Buffer.from('\ndata: b\r\n\r\n'))).toEqual([{ data: 'b' }]);
  });

  test('returns events as soon as their blank line arrives, not at the end', () => {
    const parser = new SseParser();
    expect(parser.push(Buffer.from('data: 1\n\ndata: 2'))).toEqual([{ data: '1' }]);
    expect(parser.push(Buffer.from('\n\n'))).toEqual([{ data: '2' }]);
    expect(parser.end()).toEqual([]);
  });

  test('an event name without data is not dispatched and does not leak into the next event', () => {
    const parser = new SseParser();
    expect(parser.push(Buffer.from('event: lonely\n\ndata: x\n\n'))).toEqual([{ data: 'x' }]);
  });

  test('an empty data field still makes an event', () => {
    expect(new SseParser().push(Buffer.from('data:\n\n'))).toEqual([{ data: '' }]);
  });

  test('end() delivers an unterminated last event and flushes a split character', () => {
    const parser = new SseParser();
    const bytes = Buffer.from('data: é', 'utf8');
    expect(parser.push(bytes.subarray(0, bytes.length - 1))).toEqual([]);
    expect(parser.push(bytes.subarray(bytes.length - 1))).toEqual([]);
    expect(parser.end()).toEqual([{ data: 'é' }]);
  });

  test('ignores id, retry and unknown fields', () => {
    expect(new SseParser().push(Buffer.from('id: 7\nretry: 10\nfoo: bar\ndata: ok\n\n'))).toEqual([{ data: 'ok' }]);
  });

  test('memory is bounded: an endless line throws instead of growing', () => {
    const parser = new SseParser(1000);
    expect(() => {
      for (let i = 0; i < 100; i++) parser.push(Buffer.from('data: ' + 'x'.repeat(100)));
    }).toThrow('SSE line longer than 1000');
    const events = new SseParser(1000);
    expect(() => {
      for (let i = 0; i < 100; i++) events.push(Buffer.from('data: ' + 'x'.repeat(100) + '\n'));
    }).toThrow('SSE event longer than 1000');
  });

  test('parseComplete gives what push then end give: byte order mark, every line ending, invalid UTF-8, a last event without its blank line', () => {
    const invalid = Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xe6, 0x97, 0x41, 0xff, 0xc3, 0x0a, 0x0a]); // "data: " + a cut 3-byte character, 0xff, a cut 2-byte one
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    for (const bytes of [STREAM, Buffer.concat([bom, STREAM]), invalid, Buffer.from('data: a\n\ndata: last')]) {
      expect(SseParser.parseComplete(bytes)).toEqual(parseInChunks(bytes, [bytes.length]));
    }
    expect(SseParser.parseComplete(Buffer.concat([bom, Buffer.from('data: first\n\n')]))).toEqual([{ data: 'first' }]);
  });

  test('keeps only the unfinished line between chunks', () => {
    const parser = new SseParser();
    for (let i = 0; i < 10_000; i++) parser.push(Buffer.from(`data: {"n":${i}}\n\n`));
    parser.push(Buffer.from('data: par'));
    expect((parser as unknown as { partial: string }).partial).toBe('data: par');
  });
});

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

  test('returns UTF-8 bytes that the parser reads back', () => {
    const events = [
      { event: 'content_block_delta', data: { type: 'content_block_delta', delta: { text: 'a\nb "ü" 👋' } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ];
    const bytes = Buffer.concat(events.map((e) => frameEvent('messages', e)));
    const parsed = parseInChunks(bytes, [3]);
    expect(parsed.map((r) => ({ event: r.event, data: JSON.parse(r.data) as unknown }))).toEqual(events);
  });
});
