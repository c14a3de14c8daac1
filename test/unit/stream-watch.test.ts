/**
 * How an upstream stream ended, read from its events (shared/wire/stream-watch.ts), in every
 * upstream format, as given and as read from their bytes (shared/wire/sse/read.ts): the terminal
 * event, a stream cut before it, and an error event inside a 200 stream, found where it starts.
 */
import type { WireFormat } from '../../shared/formats.js';
import { StreamWatch } from '../../shared/wire/stream-watch.js';
import { frameEventText } from '../../shared/wire/sse/frame.js';
import { SseReader } from '../../shared/wire/sse/read.js';
import type { StreamEvent } from '../../shared/wire/translate/translator.js';
import { messagesStream } from '../fakes/wire/anthropic-messages.js';
import { geminiStream } from '../fakes/wire/gemini.js';
import { chatStream } from '../fakes/wire/openai-chat.js';
import { responsesStream } from '../fakes/wire/openai-responses.js';
import type { CannedReply, ReplyContext } from '../fakes/wire/reply.js';

const FORMATS: WireFormat[] = ['chat-completions', 'messages', 'responses', 'generateContent'];
const REPLY: CannedReply = {
  // text that names every marker the watch looks for: content is never taken for an event
  text: 'say "error" and [DONE] and message_stop and event: error and "finishReason" and response.failed',
  toolCalls: [{ id: 'call_1', name: 'lookup', arguments: { error: 'none', finishReason: 'x' } }],
  usage: { input: 5, cacheRead: 0, cacheWrite: 0, output: 9, reasoning: 0 },
};

/** An upstream's stream of REPLY in `format`, as the provider documents it (the fake upstream's encoders), as events. */
const events = (format: WireFormat): StreamEvent[] => {
  const ctx: ReplyContext = { model: 'm', body: { stream: true, stream_options: { include_usage: true } }, serial: 1 };
  switch (format) {
    case 'chat-completions':
      return [...chatStream(REPLY, ctx, 'openai')];
    case 'messages':
      return [...messagesStream(REPLY, ctx)];
    case 'responses':
      return [...responsesStream(REPLY, ctx)];
    case 'generateContent':
      return [...geminiStream(REPLY, ctx)];
  }
};
const raw = (format: WireFormat, list: StreamEvent[]) => Buffer.from(list.map((e) => frameEventText(format, e)).join(''));

/** What the watch says of each event of `list` read back from its bytes: the index and error of the first error, if any. */
function watchRead(watch: StreamWatch, format: WireFormat, list: StreamEvent[]): { at: number; message: string } | undefined {
  const read = new SseReader().push(raw(format, list));
  for (const [at, event] of read.entries()) {
    const error = watch.event(event);
    if (error) return { at, message: error.message };
  }
  return undefined;
}

/** The error event each upstream sends inside a stream it cannot finish, and its message. */
const ERROR_EVENT: Record<WireFormat, [StreamEvent, string]> = {
  'chat-completions': [{ data: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } } }, 'Rate limit reached'],
  messages: [{ event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } }, 'Overloaded'],
  responses: [{ event: 'response.failed', data: { type: 'response.failed', response: { status: 'failed', error: { code: 'server_error', message: 'The server had an error' } } } }, 'The server had an error'],
  generateContent: [{ data: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } } }, 'Internal error encountered.'],
};

describe.each(FORMATS)('%s', (format) => {
  test('a whole stream is finished, with no error; one cut before its last event is not', () => {
    const all = events(format);
    const whole = new StreamWatch(format);
    expect(watchRead(whole, format, all)).toBeUndefined();
    expect(whole.finished).toBe(true);
    const parsed = new StreamWatch(format);
    expect(all.map((e) => parsed.event(e)).filter(Boolean)).toEqual([]);
    expect(parsed.finished).toBe(true);

    const cut = all.slice(0, -2);
    const scanned = new StreamWatch(format);
    expect(watchRead(scanned, format, cut)).toBeUndefined();
    expect(scanned.finished).toBe(false);
    const cutParsed = new StreamWatch(format);
    cut.forEach((e) => cutParsed.event(e));
    expect(cutParsed.finished).toBe(false);
  });

  test('an error event after some of the answer is found where it starts, with its message', () => {
    const before = events(format).slice(0, 3);
    const [error, message] = ERROR_EVENT[format];
    expect(watchRead(new StreamWatch(format), format, [...before, error, ...before])).toEqual({ at: before.length, message });
    expect(new StreamWatch(format).event(error)?.message).toBe(message);
  });
});

test('overload and rate limits are told apart from other errors', () => {
  expect(new StreamWatch('messages').event(ERROR_EVENT.messages[0])).toEqual({ message: 'Overloaded', overloaded: true, refusesRequest: false });
  expect(new StreamWatch('chat-completions').event(ERROR_EVENT['chat-completions'][0])).toMatchObject({ overloaded: true });
  expect(new StreamWatch('generateContent').event(ERROR_EVENT.generateContent[0])).toMatchObject({ overloaded: false });
  expect(new StreamWatch('generateContent').event({ data: { error: { code: 503, message: 'x', status: 'UNAVAILABLE' } } })).toMatchObject({ overloaded: true });
});

test('an error saying the request itself is invalid is told apart (the client\'s mistake, not the channel\'s)', () => {
  const refused: [WireFormat, StreamEvent][] = [
    ['messages', { event: 'error', data: { type: 'error', error: { type: 'invalid_request_error', message: 'messages.1: bad' } } }],
    ['generateContent', { data: { error: { code: 400, message: 'Invalid JSON payload', status: 'INVALID_ARGUMENT' } } }],
    ['responses', { event: 'response.failed', data: { type: 'response.failed', response: { status: 'failed', error: { code: 'invalid_prompt', message: 'Invalid prompt' } } } }],
    ['chat-completions', { data: { error: { message: 'bad', type: 'invalid_request_error', code: null } } }],
  ];
  for (const [format, event] of refused) expect(new StreamWatch(format).event(event)).toMatchObject({ refusesRequest: true, overloaded: false });
  for (const format of FORMATS) expect(new StreamWatch(format).event(ERROR_EVENT[format][0])).toMatchObject({ refusesRequest: false });
});
