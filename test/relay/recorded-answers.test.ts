/**
 * Real-world answers (test/fakes/fixtures/: recorded-style streams and bodies with what the
 * providers' documentation leaves out or only sketches) through a real data plane, to every client
 * format the upstream serves, pass-through and translated, read by the official SDKs: the tool
 * calls, text and usage each client gets, and the errors it gets when the upstream fails
 * mid-stream. Signed reasoning from a recorded answer must survive a round trip through a client
 * that is not the upstream's own format.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { WIRE_FORMATS, type WireFormat } from '../../shared/formats.js';
import type { ChannelKind } from '../../shared/snapshot/types.js';
import { FIXTURES_DIR } from '../fakes/upstream.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, kindModel, patientRelayCatalog } from '../support/relay-catalog.js';
import { sdkClient, type Answer, type FormatClient, type ToolSpec } from '../support/sdk-clients.js';

let bed: RelayBed;
let key: string;
let openai: OpenAI;
const clients = new Map<WireFormat, FormatClient>();

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
  key = await bed.token({ groups: ['all'] });
  for (const format of WIRE_FORMATS) clients.set(format, sdkClient(format, bed.url, key));
  openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

const TOOLS: ToolSpec[] = [
  { name: 'get_weather', description: 'Weather in a city' },
  { name: 'get_time', description: 'Local time in a city' },
];

const WEATHER = { name: 'get_weather', args: { city: 'Zürich', unit: 'celsius' } };

/** One recorded answer: where it is served from, to which clients, and what they must read. */
interface Recording {
  /** The fixture's name without extension; `.sse` is the streamed answer, `.json` (when `body`) the complete one. */
  fixture: string;
  kind: Exclude<ChannelKind, 'demo'>;
  formats: readonly WireFormat[];
  body: boolean;
  /** What every client reads, or `error` when the stream fails midway. */
  expected: Answer | 'error';
}

const RECORDINGS: Recording[] = [
  // Signed thinking, text, a tool call whose first input_json_delta is empty; cache read; message_delta with output_tokens only.
  { fixture: 'anthropic-thinking-tool-use', kind: 'anthropic', formats: WIRE_FORMATS, body: true, expected: { text: 'Let me check the weather in Zürich.', toolCalls: [WEATHER], usage: { input: 1614, output: 96 } } },
  // A cache write with its 5m breakdown; message_delta repeating the cumulative input and cache counts (current API).
  { fixture: 'anthropic-cache-write', kind: 'anthropic', formats: WIRE_FORMATS, body: false, expected: { text: 'Cached prompt, fresh answer.', toolCalls: [], usage: { input: 2051, output: 9 } } },
  { fixture: 'anthropic-overloaded', kind: 'anthropic', formats: WIRE_FORMATS, body: false, expected: 'error' },
  // Two calls, the first opened in the role chunk (content null); arguments in token fragments; obfuscation; cached prompt.
  {
    fixture: 'openai-chat-tool-calls',
    kind: 'openai-compatible',
    formats: WIRE_FORMATS,
    body: true,
    expected: { text: '', toolCalls: [WEATHER, { name: 'get_time', args: { city: 'Zürich' } }], usage: { input: 1412, output: 57 } },
  },
  // Azure: a first chunk with no choices (prompt filter results), content filter results on every choice.
  { fixture: 'azure-chat-content-filter', kind: 'azure-openai', formats: WIRE_FORMATS, body: false, expected: { text: 'The capital of France is Paris.', toolCalls: [], usage: { input: 24, output: 8 } } },
  // Thought summary parts, a function call without id carrying a thought signature, cached and thought tokens.
  { fixture: 'gemini-thinking-function-call', kind: 'gemini', formats: WIRE_FORMATS, body: true, expected: { text: '', toolCalls: [WEATHER], usage: { input: 1650, output: 83 } } },
  // Parallel calls carrying ids (the API may send them), the first signed.
  { fixture: 'gemini-function-call-ids', kind: 'gemini', formats: WIRE_FORMATS, body: true, expected: { text: '', toolCalls: [WEATHER, { name: 'get_time', args: { city: 'Zürich' } }], usage: { input: 220, output: 31 } } },
  { fixture: 'gemini-overloaded', kind: 'gemini', formats: WIRE_FORMATS, body: false, expected: 'error' },
  // A reasoning item with a summary, then a function call; cached and reasoning tokens. Responses clients only (pass-through).
  { fixture: 'openai-responses-reasoning-function-call', kind: 'openai', formats: ['responses'], body: true, expected: { text: '', toolCalls: [WEATHER], usage: { input: 1412, output: 148 } } },
  { fixture: 'openai-responses-failed', kind: 'openai', formats: ['responses'], body: false, expected: 'error' },
];

const cases = RECORDINGS.flatMap((r) => r.formats.map((format) => [r.fixture, format, r] as const));

describe.each(cases)('%s to a %s client', (_fixture, format, recording) => {
  const upstreamKey = keyOf(`ch-${recording.kind}`);
  const model = kindModel(recording.kind).model;

  test('streamed', async () => {
    bed.upstream.script(upstreamKey, { kind: 'recorded', fixture: `${recording.fixture}.sse` });
    if (recording.expected !== 'error') {
      expect(await clients.get(format)!.stream(model, 'Weather in Zürich?', TOOLS)).toEqual(recording.expected);
    } else if (format === 'responses') {
      // A failed Responses stream ends with response.failed, which the SDK returns rather than throws.
      const final = await openai.responses.stream({ model, input: 'Weather in Zürich?' }).finalResponse();
      expect(final.status).toBe('failed');
      expect(final.error?.message).toMatch(/request id: req_/);
    } else {
      await expect(clients.get(format)!.stream(model, 'Weather in Zürich?', TOOLS)).rejects.toThrow(/request id: req_/);
    }
  });

  if (recording.body) {
    test('complete', async () => {
      bed.upstream.script(upstreamKey, { kind: 'recorded', fixture: `${recording.fixture}.json` });
      expect(await clients.get(format)!.call(model, 'Weather in Zürich?', TOOLS)).toEqual(recording.expected);
    });
  }
});

/** POSTs a chat completion to the data plane; the body as JSON. */
async function chat(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${bed.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const CHAT_TOOLS = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } } } } }];

/** The thought or thinking signature a recorded complete answer holds. */
function recordedSignature(fixture: string): string {
  const text = readFileSync(join(FIXTURES_DIR, fixture), 'utf8');
  return /"(?:thoughtSignature|signature)"\s*:\s*"([^"]+)"/.exec(text)![1];
}

type ChatMessage = { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; reasoning_content?: string; reasoning_signature?: string };

test("a chat client carries Claude's recorded signed thinking back: the next turn opens with that block, signature intact", async () => {
  const anthropic = keyOf('ch-anthropic');
  bed.upstream.script(anthropic, { kind: 'recorded', fixture: 'anthropic-thinking-tool-use.json' });
  const question = { role: 'user', content: 'Weather in Zürich?' };
  const first = await chat({ model: 'm-anthropic', messages: [question], tools: CHAT_TOOLS, reasoning_effort: 'high' });
  const message = (first.choices as { message: ChatMessage }[])[0].message;
  expect(message.reasoning_content).toBe('The user wants the weather in Zürich. I should call get_weather with the city and celsius.');
  expect(message.reasoning_signature).toBe(recordedSignature('anthropic-thinking-tool-use.json'));
  const call = message.tool_calls![0];
  expect(call.id).toBe('toolu_01A09q90qw90lq917835lq9');

  const second = await chat({ model: 'm-anthropic', messages: [question, message, { role: 'tool', tool_call_id: call.id, content: '18°C, cloudy' }], tools: CHAT_TOOLS, reasoning_effort: 'high' });
  expect((second.choices as { message: ChatMessage }[])[0].message.content).toBe('Hello from the fake upstream.');
  const sent = bed.upstream.requestsFor(anthropic).at(-1)!.body as { thinking?: unknown; messages: { role: string; content: Record<string, unknown>[] }[] };
  expect(sent.thinking).toMatchObject({ type: 'enabled' });
  expect(sent.messages[1].content[0]).toEqual({ type: 'thinking', thinking: message.reasoning_content, signature: message.reasoning_signature });
  expect(sent.messages[1].content.at(-1)).toEqual({ type: 'tool_use', id: call.id, name: 'get_weather', input: { city: 'Zürich', unit: 'celsius' } });
  expect(sent.messages[2].content).toEqual([{ type: 'tool_result', tool_use_id: call.id, content: '18°C, cloudy' }]);
});

test("a chat client's tool call from Gemini's recorded stream brings its thought signature back on the next turn", async () => {
  const gemini = keyOf('ch-gemini');
  bed.upstream.script(gemini, { kind: 'recorded', fixture: 'gemini-thinking-function-call.sse' });
  const question = { role: 'user', content: 'Weather in Zürich?' };
  const res = await fetch(`${bed.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: 'm-gemini', messages: [question], tools: CHAT_TOOLS, stream: true }),
  });
  const chunks = (await res.text()).split('\n\n').filter((e) => e.startsWith('data: {')).map((e) => JSON.parse(e.slice(6)) as { choices: { delta: { tool_calls?: { id?: string; function: { name?: string; arguments: string } }[] } }[] });
  const call = chunks.flatMap((c) => c.choices.flatMap((ch) => ch.delta.tool_calls ?? [])).find((t) => t.id !== undefined)!;
  expect(call.function).toEqual({ name: 'get_weather', arguments: JSON.stringify(WEATHER.args) });

  await chat({
    model: 'm-gemini',
    messages: [question, { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: call.function }] }, { role: 'tool', tool_call_id: call.id, content: '18°C, cloudy' }],
    tools: CHAT_TOOLS,
  });
  const sent = bed.upstream.requestsFor(gemini).at(-1)!.body as { contents: { role: string; parts: Record<string, unknown>[] }[] };
  expect(sent.contents[1]).toEqual({ role: 'model', parts: [{ functionCall: { name: 'get_weather', args: WEATHER.args }, thoughtSignature: recordedSignature('gemini-thinking-function-call.json') }] });
  expect(sent.contents[2]).toEqual({ role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '18°C, cloudy' } } }] });
});

test('calls Gemini sent with ids are answered under those ids on the next turn, from a chat and from a messages client', async () => {
  const gemini = keyOf('ch-gemini');
  const expectEchoed = () => {
    const sent = bed.upstream.requestsFor(gemini).at(-1)!.body as { contents: { role: string; parts: { functionCall?: { id?: string }; functionResponse?: { id?: string; name: string } }[] }[] };
    expect(sent.contents[1].parts.map((p) => p.functionCall?.id)).toEqual(['t8z4m1q6v0', 'k2w7p5r9x3']);
    expect(sent.contents[2].parts.map((p) => [p.functionResponse?.id, p.functionResponse?.name])).toEqual([['t8z4m1q6v0', 'get_weather'], ['k2w7p5r9x3', 'get_time']]);
  };

  bed.upstream.script(gemini, { kind: 'recorded', fixture: 'gemini-function-call-ids.json' });
  const question = { role: 'user', content: 'Weather and time in Zürich?' };
  const first = await chat({ model: 'm-gemini', messages: [question], tools: CHAT_TOOLS });
  const reply = (first.choices as { message: ChatMessage }[])[0].message;
  const results = reply.tool_calls!.map((c) => ({ role: 'tool', tool_call_id: c.id, content: c.function.name === 'get_weather' ? '18°C' : '14:05' }));
  await chat({ model: 'm-gemini', messages: [question, { role: 'assistant', content: null, tool_calls: reply.tool_calls!.map((c) => ({ ...c, type: 'function' })) }, ...results], tools: CHAT_TOOLS });
  expectEchoed();

  bed.upstream.script(gemini, { kind: 'recorded', fixture: 'gemini-function-call-ids.sse' });
  const messages = async (body: Record<string, unknown>) => {
    const res = await fetch(`${bed.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' }, body: JSON.stringify({ model: 'm-gemini', max_tokens: 256, ...body }) });
    expect(res.status).toBe(200);
    return res;
  };
  const tools = [{ name: 'get_weather', input_schema: { type: 'object' } }, { name: 'get_time', input_schema: { type: 'object' } }];
  const stream = await (await messages({ messages: [question], tools, stream: true })).text();
  const uses = stream.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)) as { type: string; content_block?: { type: string; id: string; name: string } }).flatMap((e) => (e.type === 'content_block_start' && e.content_block?.type === 'tool_use' ? [e.content_block] : []));
  expect(uses.map((u) => u.name)).toEqual(['get_weather', 'get_time']);
  await messages({
    messages: [
      question,
      { role: 'assistant', content: uses.map((u) => ({ type: 'tool_use', id: u.id, name: u.name, input: u.name === 'get_weather' ? WEATHER.args : { city: 'Zürich' } })) },
      { role: 'user', content: uses.map((u) => ({ type: 'tool_result', tool_use_id: u.id, content: u.name === 'get_weather' ? '18°C' : '14:05' })) },
    ],
    tools,
  });
  expectEchoed();
});
