/**
 * Every client format against every channel kind, through a real data plane, with the official
 * SDKs as clients: plain text and a turn with two tool calls, streaming and not. The stream
 * helpers must accept every stream and yield what the non-streaming call returns. Then a whole
 * tool conversation (question, tool calls, results, answer) per client format and channel kind,
 * pass-through and translated: what the upstream receives in the second turn (its calls' ids and
 * arguments, the results) must be right for the upstream's documented format.
 */
import { WIRE_FORMATS, type WireFormat } from '../../shared/formats.js';
import type { ChannelKind } from '../../shared/snapshot/types.js';
import { TEXT_REPLY, type CannedReply, type FakeApi, type RecordedRequest } from '../fakes/upstream.js';
import { SKIP_THOUGHT_SIGNATURE } from '../fakes/wire/gemini.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { UPSTREAM_KINDS, keyOf, kindModel, patientRelayCatalog } from '../support/relay-catalog.js';
import { sdkClient, type FormatClient, type ToolSpec } from '../support/sdk-clients.js';

let bed: RelayBed;
const clients = new Map<WireFormat, FormatClient>();

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
  const key = await bed.token({ groups: ['all'] });
  for (const format of WIRE_FORMATS) clients.set(format, sdkClient(format, bed.url, key));
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

/** The native API each kind's channel must have been called on, and the model name it must carry. */
const API_OF: Record<Exclude<ChannelKind, 'demo'>, FakeApi[]> = {
  openai: ['openai-chat', 'openai-responses'],
  'azure-openai': ['azure-chat'],
  'openai-compatible': ['openai-chat'],
  anthropic: ['anthropic-messages'],
  gemini: ['gemini'],
};

const TOOLS: ToolSpec[] = [
  { name: 'get_weather', description: 'Weather in a city' },
  { name: 'get_time', description: 'Local time in a city' },
];

const cases = WIRE_FORMATS.flatMap((format) => [...UPSTREAM_KINDS, 'demo' as const].map((kind) => [format, kind] as const));

describe.each(cases)('%s client -> %s channel', (format, kind) => {
  const model = kindModel(kind).model;

  function checkUpstream(stream: boolean) {
    if (kind === 'demo') return;
    const sent = bed.upstream.requestsFor(keyOf(`ch-${kind}`)).at(-1)!;
    expect(API_OF[kind]).toContain(sent.api);
    expect(sent.model).toBe(kindModel(kind).upstream);
    expect(sent.stream).toBe(stream);
  }

  test('text, streaming and not', async () => {
    const client = clients.get(format)!;
    const plain = await client.call(model, 'Hi', []);
    checkUpstream(false);
    const streamed = await client.stream(model, 'Hi', []);
    checkUpstream(true);
    expect(plain.text).toBe(kind === 'demo' ? `This is the Meridian demo channel answering as up-demo: no upstream model was called.` : 'Hello from the fake upstream.');
    expect(plain.toolCalls).toEqual([]);
    expect(plain.usage.input).toBeGreaterThan(0);
    expect(plain.usage.output).toBeGreaterThan(0);
    expect(streamed).toEqual(plain);
  });

  if (kind !== 'demo') {
    test('two tool calls in one turn, streaming and not', async () => {
      const client = clients.get(format)!;
      const plain = await client.call(model, 'Weather and time in Paris?', TOOLS);
      checkUpstream(false);
      const streamed = await client.stream(model, 'Weather and time in Paris?', TOOLS);
      checkUpstream(true);
      expect(plain.text).toBe('Let me check.');
      expect(plain.toolCalls).toEqual([
        { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
        { name: 'get_time', args: { city: 'Paris', unit: 'kelvin' } },
      ]);
      expect(plain.usage).toEqual({ input: 30, output: 18 });
      expect(streamed).toEqual(plain);
    });
  }
});

/** What the tools return in the conversations. */
const RESULTS: Record<string, string> = { get_weather: '18°C, cloudy', get_time: '14:05' };
const CALLED = [
  { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
  { name: 'get_time', args: { city: 'Paris' } },
];

/** The first turn's answer: two calls, with ids as the upstream writes them (Gemini's Developer API sends none). */
function callingReply(kind: Exclude<ChannelKind, 'demo'>): CannedReply {
  const ids = kind === 'anthropic' ? ['toolu_01Wea7HxQm2k9DpLs4', 'toolu_01Tim3PqR8sLv2Xc7'] : ['call_Wx7pQ2mZ9sLk4Rt1vB6nY3cD', 'call_Tm4kN8qR2sLv6Xp0aZ3wE9yF'];
  return {
    text: 'Let me check.',
    toolCalls: CALLED.map((c, i) => ({ id: ids[i], name: c.name, arguments: c.args })),
    usage: { input: 40, cacheRead: 0, cacheWrite: 0, output: 25, reasoning: 0 },
  };
}

type Loose = Record<string, unknown>;

/** A tool result's text, from a string or text parts (chat `text`, Responses `input_text`, Anthropic `text`). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as { text?: string }[]).map((p) => p.text ?? '').join('');
}

/** Checks the second turn's request in the upstream's own format: the calls as the upstream made them, each answered by its result. */
function expectAnswered(sent: RecordedRequest, ids: string[]): void {
  const body = sent.body;
  switch (sent.api) {
    case 'openai-chat':
    case 'azure-chat': {
      const messages = body.messages as Loose[];
      const at = messages.findIndex((m) => m.role === 'assistant' && Array.isArray(m.tool_calls));
      const calls = messages[at].tool_calls as { id: string; type: string; function: { name: string; arguments: unknown } }[];
      for (const c of calls) expect(typeof c.function.arguments).toBe('string');
      expect(calls.map((c) => ({ id: c.id, type: c.type, name: c.function.name, args: JSON.parse(c.function.arguments as string) }))).toEqual(CALLED.map((c, i) => ({ id: ids[i], type: 'function', ...c })));
      const results = messages.slice(at + 1, at + 3) as { role: string; tool_call_id: string; content: unknown }[];
      expect(results.map((m) => ({ role: m.role, tool_call_id: m.tool_call_id, content: textOf(m.content) }))).toEqual(CALLED.map((c, i) => ({ role: 'tool', tool_call_id: ids[i], content: RESULTS[c.name] })));
      return;
    }
    case 'openai-responses': {
      const input = body.input as Loose[];
      const calls = input.filter((i) => i.type === 'function_call') as { call_id: string; name: string; arguments: unknown }[];
      for (const c of calls) expect(typeof c.arguments).toBe('string');
      expect(calls.map((c) => ({ call_id: c.call_id, name: c.name, args: JSON.parse(c.arguments as string) }))).toEqual(CALLED.map((c, i) => ({ call_id: ids[i], ...c })));
      const outputs = input.filter((i) => i.type === 'function_call_output') as { call_id: string; output: unknown }[];
      expect(outputs.map((o) => ({ call_id: o.call_id, output: textOf(o.output) }))).toEqual(CALLED.map((c, i) => ({ call_id: ids[i], output: RESULTS[c.name] })));
      expect(input.findIndex((i) => i.type === 'function_call_output')).toBeGreaterThan(input.findIndex((i) => i.type === 'function_call'));
      return;
    }
    case 'anthropic-messages': {
      const messages = body.messages as { role: string; content: Loose[] }[];
      const at = messages.findIndex((m) => m.role === 'assistant' && Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_use'));
      expect(messages[at].content.filter((b) => b.type === 'tool_use')).toEqual(CALLED.map((c, i) => ({ type: 'tool_use', id: ids[i], name: c.name, input: c.args })));
      const next = messages[at + 1];
      expect(next.role).toBe('user');
      const results = next.content.slice(0, 2) as { type: string; tool_use_id: string; content: unknown }[];
      expect(results.map((b) => ({ type: b.type, tool_use_id: b.tool_use_id, content: textOf(b.content) }))).toEqual(CALLED.map((c, i) => ({ type: 'tool_result', tool_use_id: ids[i], content: RESULTS[c.name] })));
      return;
    }
    case 'gemini': {
      const contents = body.contents as { role?: string; parts: Loose[] }[];
      const at = contents.findIndex((c) => c.role === 'model' && c.parts.some((p) => p.functionCall));
      const calls = contents[at].parts.filter((p) => p.functionCall);
      // No ids: the upstream gave none. The first call carries the signature it gave, not the skip value.
      expect(calls.map((p) => p.functionCall)).toEqual(CALLED.map((c) => ({ name: c.name, args: c.args })));
      expect(calls[0].thoughtSignature).toEqual(expect.any(String));
      expect(calls[0].thoughtSignature).not.toBe(SKIP_THOUGHT_SIGNATURE);
      const next = contents[at + 1];
      expect(next.role ?? 'user').toBe('user');
      expect(next.parts.filter((p) => p.functionResponse).map((p) => p.functionResponse)).toEqual(CALLED.map((c) => ({ name: c.name, response: { output: RESULTS[c.name] } })));
      return;
    }
  }
}

const conversations = WIRE_FORMATS.flatMap((format) => UPSTREAM_KINDS.flatMap((kind) => [false, true].map((stream) => [format, kind, stream ? 'streamed' : 'not streamed'] as const)));

describe.each(conversations)('%s client -> %s channel, a tool conversation, %s', (format, kind, mode) => {
  test('the results reach the upstream paired with its calls, and the answer comes back', async () => {
    const key = keyOf(`ch-${kind}`);
    const reply = callingReply(kind);
    bed.upstream.script(key, { kind: 'reply', reply }, { kind: 'reply', reply: TEXT_REPLY });
    const before = bed.upstream.requestsFor(key).length;
    const { first, second } = await clients.get(format)!.converse(kindModel(kind).model, 'Weather and time in Paris?', TOOLS, RESULTS, mode === 'streamed');
    expect(first.toolCalls).toEqual(CALLED);
    expect(second).toEqual({ text: TEXT_REPLY.text, toolCalls: [], usage: expect.anything() });

    const sent = bed.upstream.requestsFor(key).slice(before);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.stream)).toEqual([mode === 'streamed', mode === 'streamed']);
    expect(sent[1].api).toBe(sent[0].api);
    expectAnswered(sent[1], reply.toolCalls.map((c) => c.id));
  });
});
