/**
 * A data plane told to stop (what SIGTERM runs): new connections are refused at once; a stream in
 * flight finishes within SHUTDOWN_GRACE_MS; one still open when the grace ends is ended with the
 * format's own error event naming the request id (chat-completions and messages through their
 * official SDKs), never a silent end of stream.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { CannedReply } from '../fakes/upstream.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, kindModel, patientRelayCatalog } from '../support/relay-catalog.js';

const EVENTS = 40;
const REPLY: CannedReply = { text: 'tick ', repeat: EVENTS, toolCalls: [], usage: { input: 5, cacheRead: 0, cacheWrite: 0, output: EVENTS, reasoning: 0 } };

let bed: RelayBed | undefined;
afterEach(async () => {
  // Closing twice is harmless: the tests close it themselves.
  await bed?.stop();
  bed = undefined;
});

async function startBed(graceMs: number, gapMs: number): Promise<{ bed: RelayBed; openai: OpenAI; anthropic: Anthropic }> {
  const started = await startRelayBed(patientRelayCatalog, { env: { SHUTDOWN_GRACE_MS: String(graceMs) } });
  for (const kind of ['openai', 'anthropic'] as const) started.upstream.setDefault(keyOf(`ch-${kind}`), { kind: 'reply', reply: REPLY, gapMs });
  const key = await started.token({ groups: ['all'] });
  return {
    bed: started,
    openai: new OpenAI({ apiKey: key, baseURL: `${started.url}/v1`, maxRetries: 0 }),
    anthropic: new Anthropic({ apiKey: key, baseURL: started.url, maxRetries: 0 }),
  };
}

/** Whether a new connection to `url` is refused. */
async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`);
    return false;
  } catch (err) {
    return ((err as { cause?: { code?: string } }).cause?.code ?? '') === 'ECONNREFUSED';
  }
}

test('a stream still open when the grace ends gets its format error event with the request id', async () => {
  const started = await startBed(300, 500);
  bed = started.bed;
  const chat = await started.openai.chat.completions.create({ model: kindModel('openai').model, messages: [{ role: 'user', content: 'count' }], stream: true });
  const messages = started.anthropic.messages.stream({ model: kindModel('anthropic').model, max_tokens: 100, messages: [{ role: 'user', content: 'count' }] });
  const chatRead = (async () => {
    let text = '';
    for await (const chunk of chat) text += chunk.choices[0]?.delta?.content ?? '';
    return text;
  })();
  let anthropicText = '';
  messages.on('text', (t) => (anthropicText += t));
  const anthropicDone = messages.finalMessage();
  // Both streams have started (their first event came) before the stop.
  const first = new Promise<void>((resolve) => messages.once('text', () => resolve()));
  await first;

  const closing = bed.dataPlane.close();
  expect(await refused(bed.url)).toBe(true);

  await expect(chatRead).rejects.toThrow(/shutting down.*request id: req_[0-9a-f]{32}/);
  await expect(anthropicDone).rejects.toThrow(/shutting down.*request id: req_[0-9a-f]{32}/);
  expect(anthropicText).toMatch(/^(tick )+$/);
  await closing;
}, 30_000);

test('a stream that ends within the grace is delivered whole', async () => {
  const started = await startBed(20_000, 20);
  bed = started.bed;
  const chat = await started.openai.chat.completions.create({ model: kindModel('openai').model, messages: [{ role: 'user', content: 'count' }], stream: true });
  const iterator = chat[Symbol.asyncIterator]();
  const firstChunk = await iterator.next();
  expect(firstChunk.done).toBe(false);

  const closing = bed.dataPlane.close();
  expect(await refused(bed.url)).toBe(true);
  let finish: string | null | undefined;
  let text = firstChunk.value.choices[0]?.delta?.content ?? '';
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    text += next.value.choices[0]?.delta?.content ?? '';
    finish = next.value.choices[0]?.finish_reason ?? finish;
  }
  expect(text).toBe('tick '.repeat(EVENTS));
  expect(finish).toBe('stop');
  // The server closed as soon as the stream ended, long before its 20 s grace.
  await closing;
}, 30_000);
