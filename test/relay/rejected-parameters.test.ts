/**
 * Parameters a model's upstream refuses (the catalog's `rejectedParameters`, named as in the
 * upstream's format) are dropped from translated requests, at the top level and inside an object
 * (`generationConfig.topK`); pass-through requests keep the client's body as sent.
 */
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';

let bed: RelayBed;
let openai: OpenAI;
let anthropic: Anthropic;
let key: string;

/** The patient relay catalog, with Claude refusing top_p beside temperature, Gemini refusing topK, and the openai model refusing reasoning_effort. */
function catalog(upstreamUrl: string): SnapshotContent {
  const base = patientRelayCatalog(upstreamUrl);
  const refuses: Record<string, string[]> = { 'm-anthropic': ['top_p'], 'm-gemini': ['generationConfig.topK'], 'm-openai': ['reasoning_effort'] };
  return { ...base, models: base.models.map((m) => ({ ...m, rejectedParameters: refuses[m.id] ?? [] })) };
}

beforeAll(async () => {
  bed = await startRelayBed(catalog);
  key = await bed.token({ groups: ['all'] });
  openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
  anthropic = new Anthropic({ apiKey: key, baseURL: bed.url, maxRetries: 0 });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

const lastBody = (channel: string) => bed.upstream.requestsFor(keyOf(channel)).at(-1)!.body;

test('chat -> messages: temperature goes on, the refused top_p does not', async () => {
  await openai.chat.completions.create({ model: 'm-anthropic', messages: [{ role: 'user', content: 'Hi' }], temperature: 0.3, top_p: 0.9 });
  const sent = lastBody('ch-anthropic');
  expect(sent.temperature).toBe(0.3);
  expect(sent).not.toHaveProperty('top_p');
});

test('messages -> generateContent: a refused field inside generationConfig is dropped, its neighbours kept', async () => {
  // As an older Anthropic client sends it (SDK 1.x no longer has sampling fields).
  const res = await fetch(`${bed.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: 'm-gemini', max_tokens: 50, messages: [{ role: 'user', content: 'Hi' }], temperature: 0.4, top_k: 20 }),
  });
  expect(res.status).toBe(200);
  const config = lastBody('ch-gemini').generationConfig as Record<string, unknown>;
  expect(config).toMatchObject({ temperature: 0.4, maxOutputTokens: 50 });
  expect(config).not.toHaveProperty('topK');
});

test('messages -> chat: thinking turned into reasoning_effort is dropped for a model without reasoning; the client body is kept for pass-through', async () => {
  await anthropic.messages.create({ model: 'm-openai', max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: 'Hi' }] });
  expect(lastBody('ch-openai')).not.toHaveProperty('reasoning_effort');
  // chat -> chat passes the client's bytes through: its parameters are its own business
  await openai.chat.completions.create({ model: 'm-openai', messages: [{ role: 'user', content: 'Hi' }], reasoning_effort: 'low' });
  expect(lastBody('ch-openai').reasoning_effort).toBe('low');
});
