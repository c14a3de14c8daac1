import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WireFormat } from '../../shared/formats.js';
import { UsageTap } from '../../data-plane/billing/usage-tap.js';
import { frameEventText } from '../../shared/wire/sse/frame.js';
import { SseReader } from '../../shared/wire/sse/read.js';
import type { StreamEvent } from '../../shared/wire/translate/translator.js';

/**
 * The tap counts what the upstream reported and delivered from the events the relay read once
 * (shared/wire/sse/read.ts): whatever the bytes' framing, chunking and JSON spelling, the same
 * usage and the same delivered output as the events themselves carry.
 */
const SHORT: Record<string, WireFormat> = { chat: 'chat-completions', messages: 'messages', gemini: 'generateContent', responses: 'responses' };
const golden = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

/** Every golden non-streamed answer, on both sides: [name, format, body]. */
function goldenAnswers(): [string, WireFormat, Record<string, unknown>][] {
  const out: [string, WireFormat, Record<string, unknown>][] = [];
  for (const pair of readdirSync(golden).filter((d) => d.includes('-to-'))) {
    const [from, to] = pair.split('-to-').map((s) => SHORT[s]);
    for (const file of readdirSync(join(golden, pair)).filter((f) => f.endsWith('.json'))) {
      const response = (JSON.parse(readFileSync(join(golden, pair, file), 'utf8')) as { response?: { in: Record<string, unknown>; out: Record<string, unknown> } }).response;
      if (!response) continue;
      out.push([`${pair}/${file} upstream side`, to, response.in], [`${pair}/${file} client side`, from, response.out]);
    }
  }
  return out;
}

/** Every golden stream, on both sides: [name, format, events]. */
function goldenStreams(): [string, WireFormat, StreamEvent[]][] {
  const out: [string, WireFormat, StreamEvent[]][] = [];
  for (const pair of readdirSync(golden).filter((d) => d.includes('-to-'))) {
    const [from, to] = pair.split('-to-').map((s) => SHORT[s]);
    for (const file of readdirSync(join(golden, pair)).filter((f) => f.endsWith('.json'))) {
      const stream = (JSON.parse(readFileSync(join(golden, pair, file), 'utf8')) as { stream?: { in: StreamEvent[]; out: StreamEvent[] } }).stream;
      if (!stream) continue;
      out.push([`${pair}/${file} upstream side`, to, stream.in], [`${pair}/${file} client side`, from, stream.out]);
    }
  }
  return out;
}

/** Output text that only an exact reading counts right: escapes, quotes, non-ASCII, key names inside text. */
const TRICKY = 'Line\n"quoted" \\ back, 中文 and emoji 😀, a fake "content":"x" inside, \u00e9, a lone surrogate \ud800 and \u0800';

/** JSON text with every non-ASCII character escaped as \uXXXX, as upstreams written in Python send it (json.dumps' ensure_ascii). */
const asciiEscaped = (text: string) => text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const handMade: [string, WireFormat, StreamEvent[]][] = [
  [
    'chat with escapes, tool arguments, logprobs and usage',
    'chat-completions',
    [
      { data: { choices: [{ index: 0, delta: { role: 'assistant', content: TRICKY }, logprobs: { content: [{ token: 'x', logprob: -1 }] } }] } },
      { data: { choices: [{ index: 0, delta: { reasoning_content: TRICKY } }] } },
      { data: { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'f', arguments: '{"city":"Paris \\"x\\""}' } }] } }] } },
      { data: { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: null } },
      { data: { choices: [], usage: { prompt_tokens: 9, completion_tokens: 20, total_tokens: 29 } } },
      { data: '[DONE]' },
    ],
  ],
  [
    'messages with text, thinking, tool input and a start text',
    'messages',
    [
      { event: 'message_start', data: { type: 'message_start', message: { id: 'm', content: [], usage: { input_tokens: 5, output_tokens: 1 } } } },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'not counted' } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: TRICKY } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 1, delta: { type: 'thinking_delta', thinking: TRICKY } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"a":' } } },
      { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 30 } } },
    ],
  ],
  [
    'generateContent with text, a function call and grounding',
    'generateContent',
    [
      { data: { candidates: [{ content: { role: 'model', parts: [{ text: TRICKY }] } }] } },
      { data: { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { q: TRICKY } } }] } }] } },
      { data: { candidates: [{ content: { parts: [{ text: 'a' }] }, groundingMetadata: { groundingSupports: [{ segment: { text: 'not output' } }] } }] } },
      { data: { candidates: [{ content: { parts: [{ text: '' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 7 } } },
    ],
  ],
  [
    'responses with deltas and a done text',
    'responses',
    [
      { event: 'response.output_text.delta', data: { type: 'response.output_text.delta', delta: TRICKY } },
      { event: 'response.function_call_arguments.delta', data: { type: 'response.function_call_arguments.delta', delta: '{"x":1}' } },
      { event: 'response.output_text.done', data: { type: 'response.output_text.done', text: 'whole text, not counted again' } },
      { event: 'response.completed', data: { type: 'response.completed', response: { usage: { input_tokens: 4, output_tokens: 12 } } } },
    ],
  ],
];

/** Chunks that start alike, as an OpenAI stream's do. */
const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ data: { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta }], ...extra } });

/** Responses deltas whose start differs in every event (a sequence number before the text), then repeats. */
const numbered = (sequence: number, delta: string) => ({ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', sequence_number: sequence, delta } });

handMade.push(
  [
    'chat chunks alike: a known start, then a null, a non-ASCII text, two texts in one delta, usage after the text, a short event',
    'chat-completions',
    [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({ content: null }),
      chunk({ content: TRICKY }),
      chunk({ content: 'a' }, { usage: { prompt_tokens: 3, completion_tokens: 4 } }),
      chunk({ reasoning_content: 'why', content: 'so' }),
      chunk({ reasoning_content: 'why not', content: 'so' }),
      chunk({ reasoning_content: 'then', content: TRICKY }),
      chunk({ content: '"content":"x"' }),
      { data: { choices: [] } },
      chunk({ content: 'end' }),
      { data: '[DONE]' },
    ],
  ],
  [
    'messages block starts alike (their start carries a text that is not a delta)',
    'messages',
    [0, 1, 2].flatMap((n) => [
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'start text' } } },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'again' } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: `delta ${n}` } } },
    ]),
  ],
  [
    'messages block starts written type last',
    'messages',
    [0, 1, 2].map(() => ({ event: 'content_block_start', data: { index: 0, content_block: { type: 'text', text: 'start text' }, type: 'content_block_start' } })),
  ],
  [
    'a long gemini stream, usage in every event, growing (the last usage wins)',
    'generateContent',
    Array.from({ length: 60 }, (_, n) => ({
      data: { candidates: [{ content: { role: 'model', parts: [{ text: `part ${n} ${TRICKY}` }] } }], usageMetadata: { promptTokenCount: 7, candidatesTokenCount: n + 1, totalTokenCount: n + 8 } },
    })),
  ],
  ['responses deltas unlike each other, then alike', 'responses', [...Array.from({ length: 10 }, (_, n) => numbered(n, `d${n}`)), ...Array.from({ length: 4 }, () => numbered(99, TRICKY))]],
);

/** What a tap counts of `bytes` read by the relay's reader in chunks of `size` bytes. */
function tapOf(format: WireFormat, bytes: Buffer, size = bytes.length) {
  const tap = new UsageTap(format, () => 1);
  const reader = new SseReader();
  for (let at = 0; at < bytes.length; at += size) for (const event of reader.push(bytes.subarray(at, at + size))) tap.event(event);
  for (const event of reader.end()) tap.event(event);
  return tap.result();
}

describe('UsageTap: the events as read from their bytes count what the events carry', () => {
  test.each([...handMade, ...goldenStreams()])('%s', (_name, format, events) => {
    const direct = new UsageTap(format, () => 1);
    for (const e of events) direct.event(e);
    const expected = direct.result();
    const text = events.map((e) => frameEventText(format, e)).join('');
    const bytes = Buffer.from(text, 'utf8');
    expect(tapOf(format, bytes)).toEqual(expected);
    // Split inside lines and characters, framed with CRLF, spelled with ASCII escapes, with keep-alives between events.
    expect(tapOf(format, bytes, 7)).toEqual(expected);
    expect(tapOf(format, Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8'), 5)).toEqual(expected);
    expect(tapOf(format, Buffer.from(asciiEscaped(text), 'utf8'))).toEqual(expected);
    expect(tapOf(format, Buffer.from(text.replace(/\n\n/g, '\n\n: keep-alive\n\n'), 'utf8'))).toEqual(expected);
  });

  it('counts the unescaped UTF-8 bytes of streamed output', () => {
    const result = tapOf('chat-completions', Buffer.from(frameEventText('chat-completions', { data: { choices: [{ delta: { content: TRICKY } }] } })));
    expect(result.deliveredBytes).toBe(Buffer.byteLength(TRICKY, 'utf8'));
    expect(result.rawUsage).toBeNull();
  });

  it('reads keys spelled with spaces around the colon (some upstreams pretty-print)', () => {
    const bytes = Buffer.from('data: {"choices": [{"delta": {"content" : "h\u00e9llo"}}]}\n\ndata: {"choices": [], "usage" : {"prompt_tokens": 3, "completion_tokens": 2}}\n\n');
    expect(tapOf('chat-completions', bytes)).toMatchObject({ deliveredBytes: 6, rawUsage: { prompt_tokens: 3, completion_tokens: 2 } });
  });
});

describe('UsageTap: the usage of a whole answer', () => {
  const usageOf = (format: WireFormat, body: Record<string, unknown>) => (format === 'generateContent' ? body.usageMetadata : body.usage) ?? null;
  const tricky: [string, WireFormat, Record<string, unknown>][] = [
    [
      'messages whose tool input has a usage key of its own',
      'messages',
      {
        id: 'msg',
        content: [{ type: 'tool_use', id: 't', name: 'report', input: { usage: { input_tokens: 999 }, note: '"usage": {"x": 1} in text' } }],
        usage: { input_tokens: 10, output_tokens: 3, cache_read_input_tokens: 2 },
      },
    ],
    ['chat with usage first and braces in text', 'chat-completions', { usage: { prompt_tokens: 5, completion_tokens: 1 }, choices: [{ message: { content: '} { "usage": {' } }] }],
    ['chat without usage', 'chat-completions', { choices: [{ message: { content: 'hi' } }] }],
    ['generateContent with function args naming usage', 'generateContent', { candidates: [{ content: { parts: [{ functionCall: { name: 'f', args: { usage: {} } } }] } }], usageMetadata: { promptTokenCount: 4 } }],
  ];

  test.each([...tricky, ...goldenAnswers()])('%s', (_name, format, body) => {
    const tap = new UsageTap(format, () => 1);
    tap.body(JSON.parse(JSON.stringify(body, null, 1)));
    expect(tap.result().rawUsage).toEqual(usageOf(format, body));
  });

  test('an answer that is not a JSON object carries no usage', () => {
    const tap = new UsageTap('chat-completions', () => 1);
    tap.body(null);
    expect(tap.result()).toMatchObject({ rawUsage: null, deliveredBytes: 0, firstByteAt: 1 });
  });
});
