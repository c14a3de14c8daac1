/**
 * The one reader of upstream event streams (shared/wire/sse/read.ts), on all four upstream
 * formats: whatever the chunking and the framing, each event comes once, with its bytes exactly as
 * sent (their concatenation is the stream) and its data parsed once.
 */
import type { WireFormat } from '../../shared/formats.js';
import { frameEventText } from '../../shared/wire/sse/frame.js';
import { SseEventTooLarge, SseReader, rawOf, type SseEvent } from '../../shared/wire/sse/read.js';
import type { StreamEvent } from '../../shared/wire/translate/translator.js';
import { messagesStream } from '../fakes/wire/anthropic-messages.js';
import { geminiStream } from '../fakes/wire/gemini.js';
import { chatStream } from '../fakes/wire/openai-chat.js';
import { responsesStream } from '../fakes/wire/openai-responses.js';
import type { CannedReply, ReplyContext } from '../fakes/wire/reply.js';

/** Feeds `bytes` to a fresh reader in the given chunk sizes (cycled), then ends it. */
function readInChunks(bytes: Buffer, sizes: number[], reader = new SseReader()): SseEvent[] {
  const out: SseEvent[] = [];
  let pos = 0;
  for (let i = 0; pos < bytes.length; i++) {
    const size = sizes[i % sizes.length];
    out.push(...reader.push(bytes.subarray(pos, pos + size)));
    pos += size;
  }
  out.push(...reader.end());
  return out;
}

/** What an event says, without its bytes. */
const fields = (events: SseEvent[]) => events.map(({ event, data, malformed }) => ({ event, data, malformed }));

const CHUNKINGS = [[1, 4, 2], [7], [64], [100_000]];

const REPLY: CannedReply = {
  text: 'Grüße 👋 with "quotes", a\nline break and data: inside',
  toolCalls: [{ id: 'call_1', name: 'lookup', arguments: { city: 'Zürich' } }],
  usage: { input: 5, cacheRead: 0, cacheWrite: 0, output: 9, reasoning: 0 },
};
const CTX: ReplyContext = { model: 'm', body: { stream: true, stream_options: { include_usage: true } }, serial: 1 };
const STREAMS: Record<WireFormat, StreamEvent[]> = {
  'chat-completions': [...chatStream(REPLY, CTX, 'openai')],
  messages: [...messagesStream(REPLY, CTX)],
  generateContent: [...geminiStream(REPLY, CTX)],
  responses: [...responsesStream(REPLY, CTX)],
};

/** The upstream's stream as text, framed with `eol`, with a keep-alive comment after every `every` events. */
function upstreamText(format: WireFormat, eol: string, every = 0): string {
  return STREAMS[format]
    .map((e, i) => frameEventText(format, e).replace(/\n/g, eol) + (every > 0 && i % every === every - 1 ? `: keep-alive${eol}${eol}` : ''))
    .join('');
}

describe.each(Object.keys(STREAMS) as WireFormat[])('%s', (format) => {
  const expected = STREAMS[format].map((e) => ({ event: e.event ?? (format === 'messages' || format === 'responses' ? (e.data as { type: string }).type : undefined), data: e.data, malformed: false }));

  test.each(['\n', '\r\n', '\r'])('every event once, its data parsed and its bytes as sent, in any chunking (line end %j, keep-alives between)', (eol) => {
    const bytes = Buffer.from(upstreamText(format, eol, 3), 'utf8');
    for (const sizes of CHUNKINGS) {
      const events = readInChunks(bytes, sizes);
      expect(Buffer.concat(events.map((e) => e.raw))).toEqual(bytes);
      expect(fields(events.filter((e) => e.data !== undefined))).toEqual(expected);
      for (const e of events) expect(e.raw.toString('latin1').endsWith(eol + eol)).toBe(true);
    }
  });

  test('each event is parsed once, however its bytes were split', () => {
    const bytes = Buffer.from(upstreamText(format, '\n'), 'utf8');
    const parsed: string[] = [];
    const counting = (text: string) => {
      parsed.push(text);
      return JSON.parse(text) as unknown;
    };
    readInChunks(bytes, [1, 4, 2], new SseReader(undefined, counting));
    expect(parsed).toEqual(STREAMS[format].filter((e) => e.data !== '[DONE]').map((e) => JSON.stringify(e.data)));
  });
});

describe('SseReader', () => {
  const STREAM = Buffer.from(
    ': keep-alive\r\n' +
      'event: message_start\r\ndata: {"type":"message_start","text":"héllo 👋 日本"}\r\n\r\n' +
      'data:no-space\n\n' +
      'data: {"a":\ndata: 1}\n\n' +
      'event: ping\rdata: {"type":"ping"}\r\r' +
      'id: 7\nretry: 10\nfoo: bar\ndata: [DONE]\n\n',
    'utf8',
  );

  test('reads LF, CRLF and CR line endings, comments, multi-line data, the optional space and unknown fields', () => {
    for (const sizes of CHUNKINGS) {
      const events = readInChunks(STREAM, sizes);
      expect(fields(events)).toEqual([
        { event: 'message_start', data: { type: 'message_start', text: 'héllo 👋 日本' }, malformed: false },
        { event: undefined, data: 'no-space', malformed: true },
        { event: undefined, data: { a: 1 }, malformed: false },
        { event: 'ping', data: { type: 'ping' }, malformed: false },
        { event: undefined, data: '[DONE]', malformed: false },
      ]);
      expect(Buffer.concat(events.map((e) => e.raw))).toEqual(STREAM);
    }
  });

  test('a byte order mark is passed on in the bytes and is no part of the first field', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('data: {"n":1}\n\n')]);
    const [event] = new SseReader().push(bytes);
    expect(event).toMatchObject({ data: { n: 1 }, raw: bytes });
  });

  test('a CR at the end of one chunk and a LF at the start of the next make one line break', () => {
    const reader = new SseReader();
    expect(reader.push(Buffer.from('data: 1\r'))).toEqual([]);
    expect(fields(reader.push(Buffer.from('\n\r')))).toEqual([]);
    const [event] = reader.push(Buffer.from('\ndata: 2\r\n\r\n'));
    expect(event).toMatchObject({ data: 1, raw: Buffer.from('data: 1\r\n\r\n') });
  });

  test('returns events as soon as their blank line arrives; the bytes of one push are one buffer', () => {
    const reader = new SseReader();
    const chunk = Buffer.from('data: 1\n\n: ping\n\ndata: 2\n\ndata: 3');
    const events = reader.push(chunk);
    expect(fields(events)).toEqual([
      { event: undefined, data: 1, malformed: false },
      { event: undefined, data: undefined, malformed: false },
      { event: undefined, data: 2, malformed: false },
    ]);
    const joined = rawOf(events);
    expect(joined.toString()).toBe('data: 1\n\n: ping\n\ndata: 2\n\n');
    expect(joined.buffer).toBe(chunk.buffer);
    expect(rawOf(events, 1, 2).toString()).toBe(': ping\n\n');
    expect(fields(reader.push(Buffer.from('\n\n')))).toEqual([{ event: undefined, data: 3, malformed: false }]);
    expect(reader.end()).toEqual([]);
  });

  test('an event name without data makes a block without data and does not leak into the next event', () => {
    expect(fields(new SseReader().push(Buffer.from('event: lonely\n\ndata: 1\n\n')))).toEqual([
      { event: 'lonely', data: undefined, malformed: false },
      { event: undefined, data: 1, malformed: false },
    ]);
  });

  test('end() completes a last event without its blank line, and drops a blank rest', () => {
    const reader = new SseReader();
    const bytes = Buffer.from('data: {"t":"é"}', 'utf8');
    expect(reader.push(bytes.subarray(0, bytes.length - 3))).toEqual([]);
    expect(reader.push(bytes.subarray(bytes.length - 3))).toEqual([]);
    const [last] = reader.end();
    expect(last).toMatchObject({ data: { t: 'é' }, raw: Buffer.concat([bytes, Buffer.from('\n\n')]) });
    const blank = new SseReader();
    expect(blank.push(Buffer.from('data: 1\n\n \n'))).toHaveLength(1);
    expect(blank.end()).toEqual([]);
  });

  test('memory is bounded: an endless event throws instead of growing, and only the unfinished event is kept', () => {
    const reader = new SseReader(1000);
    expect(() => {
      for (let i = 0; i < 100; i++) reader.push(Buffer.from(`data: ${'x'.repeat(100)}\n`));
    }).toThrow(SseEventTooLarge);
    const long = new SseReader(1000);
    for (let i = 0; i < 10_000; i++) long.push(Buffer.from(`data: {"n":${i}}\n\n`));
    long.push(Buffer.from('data: par'));
    expect((long as unknown as { pending: Buffer }).pending.toString()).toBe('data: par');
  });
});

test('rawOf joins events of separate pushes too', () => {
  const reader = new SseReader();
  const events = [...reader.push(Buffer.from('data: 1\n\n')), ...reader.push(Buffer.from('data: 2\n\n'))];
  expect(rawOf(events).toString()).toBe('data: 1\n\ndata: 2\n\n');
});
