/**
 * Every client format against every channel kind, through a real data plane, with the official
 * SDKs as clients: plain text and a turn with two tool calls, streaming and not. The stream
 * helpers must accept every stream and yield what the non-streaming call returns.
 */
import { WIRE_FORMATS, type WireFormat } from '../../shared/formats.js';
import type { ChannelKind } from '../../shared/snapshot/types.js';
import type { FakeApi } from '../fakes/upstream.js';
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
