/**
 * Thinking with tools on an Anthropic upstream, from clients of other formats: Anthropic refuses a
 * request with thinking on whose last assistant turn calls a tool without its signed thinking
 * block (the fake upstream enforces that rule). A client that carried the signature back
 * (`reasoning_signature`, Meridian's chat extension) continues the cycle with thinking; one that
 * kept none (a rebuilt chat history, Gemini calls) gets that turn without thinking, not a 400.
 */
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';

let bed: RelayBed;
let openai: OpenAI;
let gemini: GoogleGenAI;

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
  const key = await bed.token({ groups: ['all'] });
  openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
  gemini = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: bed.url } });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

const sent = () => bed.upstream.requestsFor(keyOf('ch-anthropic')).at(-1)!.body as { thinking?: unknown; temperature?: number; messages: { role: string; content: { type: string; signature?: string }[] }[] };

const tools: OpenAI.Chat.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
];

/** A chat history in the middle of a tool cycle; `assistant` adds fields to the assistant turn. */
function cycle(assistant: Record<string, unknown>): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    { role: 'user', content: 'Weather in Oslo?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }], ...assistant },
    { role: 'tool', tool_call_id: 'call_1', content: '-3C' },
  ];
}

test('chat client, signature carried back: the cycle continues with thinking, its signed block first', async () => {
  const messages = cycle({ reasoning_content: 'Need the tool.', reasoning_signature: 'EqQBsig' });
  const res = await openai.chat.completions.create({ model: 'm-anthropic', messages, tools, reasoning_effort: 'high' });
  expect(res.choices[0].message.content).toBeTruthy();
  expect(sent().thinking).toMatchObject({ type: 'enabled' });
  expect(sent().messages[1].content[0]).toEqual({ type: 'thinking', thinking: 'Need the tool.', signature: 'EqQBsig' });
});

test('chat client, history rebuilt without the signature: answered without thinking for this turn (was an upstream 400)', async () => {
  const res = await openai.chat.completions.create({ model: 'm-anthropic', messages: cycle({ reasoning_content: 'Need the tool.' }), tools, reasoning_effort: 'high', temperature: 0.3 });
  expect(res.choices[0].message.content).toBeTruthy();
  expect(sent()).not.toHaveProperty('thinking');
  expect(sent().temperature).toBe(0.3); // sampling is allowed again without thinking
  // The next question, after the cycle closed, thinks again.
  await openai.chat.completions.create({ model: 'm-anthropic', messages: [...cycle({}), { role: 'assistant', content: 'It is -3C.' }, { role: 'user', content: 'And tomorrow?' }], tools, reasoning_effort: 'high' });
  expect(sent().thinking).toMatchObject({ type: 'enabled' });
});

test('a second tool round: the first assistant message of the turn holds the signed thinking, the later one none; thinking stays (and goes when only a later one is signed)', async () => {
  const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } });
  const rounds = (first: Record<string, unknown>, second: Record<string, unknown>): OpenAI.Chat.ChatCompletionMessageParam[] => [
    { role: 'user', content: 'Weather in Oslo, twice?' },
    { role: 'assistant', content: null, tool_calls: [call('call_1')], ...first },
    { role: 'tool', tool_call_id: 'call_1', content: '-3C' },
    { role: 'assistant', content: null, tool_calls: [call('call_2')], ...second },
    { role: 'tool', tool_call_id: 'call_2', content: '-4C' },
  ];
  const signed = { reasoning_content: 'Need the tool.', reasoning_signature: 'EqQBsig' };
  await openai.chat.completions.create({ model: 'm-anthropic', messages: rounds(signed, {}), tools, reasoning_effort: 'high' });
  expect(sent().thinking).toMatchObject({ type: 'enabled' });
  expect(sent().messages[1].content[0]).toMatchObject({ type: 'thinking', signature: 'EqQBsig' });
  await openai.chat.completions.create({ model: 'm-anthropic', messages: rounds({}, signed), tools, reasoning_effort: 'high' });
  expect(sent()).not.toHaveProperty('thinking');
});

test('Gemini client with thinking, calls from another model in its history: answered without thinking', async () => {
  const res = await gemini.models.generateContent({
    model: 'm-anthropic',
    contents: [
      { role: 'user', parts: [{ text: 'Weather in Oslo?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } }, thoughtSignature: 'CiQBgemini' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: '-3C' } } }] },
    ],
    config: { thinkingConfig: { thinkingBudget: 2048 } },
  });
  expect(res.text).toBeTruthy();
  expect(sent()).not.toHaveProperty('thinking');
});
