/**
 * Failover through a real data plane: a channel answering 5xx, 429, 401, timing out, resetting
 * the connection or cutting a stream before its first event is replaced by the next channel
 * (priority levels, then fallback groups); a stream cut after bytes reached the client ends with
 * an in-format error event and is not retried; breakers skip failing channels and recover.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { Behaviour } from '../fakes/upstream.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { TEST_TIMEOUTS, keyOf, patientRelayCatalog, withTimeouts } from '../support/relay-catalog.js';

let bed: RelayBed;
let key: string;
let openai: OpenAI;
let anthropic: Anthropic;
/** The data plane's clock (breakers): moved forward between tests so each starts with closed breakers. */
let now = Date.now();

const HIGH = keyOf('f-high');
const LOW = keyOf('f-low');
const BACKUP = keyOf('f-backup');
const MESSAGES = [{ role: 'user' as const, content: 'Hi' }];

/**
 * Every channel has a first-byte limit a loaded machine cannot trip, so a slow answer never
 * passes for a failure; a test about a timeout gives the short limit to the channel it makes hang
 * (which never answers, so the limit fires however busy the machine is) and puts the patient
 * catalog back after itself.
 */
let hasty = false;
async function hang(channelId: string, key: string): Promise<void> {
  hasty = true;
  await bed.publish(withTimeouts(patientRelayCatalog(bed.upstream.url), channelId, TEST_TIMEOUTS));
  bed.upstream.script(key, { kind: 'hang' });
}

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog, { pipeline: { now: () => now, breakers: { failureThreshold: 2, windowMs: 10_000, openMs: 5_000 } } });
  key = await bed.token({ groups: ['primary', 'backup'] });
  openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
  anthropic = new Anthropic({ apiKey: key, baseURL: bed.url, maxRetries: 0 });
});
afterAll(() => bed?.stop());
beforeEach(() => {
  now += 60_000;
  bed.upstream.reset();
});
afterEach(async () => {
  if (hasty) await bed.publish(patientRelayCatalog(bed.upstream.url));
  hasty = false;
  expect(bed.upstream.violations).toEqual([]);
});

function calls(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of bed.upstream.requests) out[r.key] = (out[r.key] ?? 0) + 1;
  return out;
}

async function chat(): Promise<{ text: string | null; group: string | null }> {
  const { data, response } = await openai.chat.completions.create({ model: 'm-fail', messages: MESSAGES }).withResponse();
  return { text: data.choices[0].message.content, group: response.headers.get('x-meridian-group') };
}

test.each<[string, Behaviour]>([
  ['500', { kind: 'error', status: 500 }],
  ['503', { kind: 'error', status: 503 }],
  ['429', { kind: 'error', status: 429 }],
  ['529 (overloaded)', { kind: 'error', status: 529 }],
  ['a timeout', { kind: 'hang' }],
  ['a connection reset', { kind: 'reset' }],
])('a channel answering %s hands over to the next priority level', async (_name, behaviour) => {
  if (behaviour.kind === 'hang') await hang('f-high', HIGH);
  else bed.upstream.script(HIGH, behaviour);
  expect(await chat()).toEqual({ text: 'Hello from the fake upstream.', group: 'primary' });
  expect(calls()).toEqual({ [HIGH]: 1, [LOW]: 1 });
});

test('a channel whose only key the upstream rejects hands over to the next priority level; the key is out until a new snapshot; the breaker does not count it', async () => {
  let round = 0;
  const republish = () => bed.publish({ ...patientRelayCatalog(bed.upstream.url), settings: { 'test.round': ++round } });
  bed.upstream.script(HIGH, { kind: 'error', status: 401 }, { kind: 'error', status: 401 });
  expect(await chat()).toEqual({ text: 'Hello from the fake upstream.', group: 'primary' });
  expect(calls()).toEqual({ [HIGH]: 1, [LOW]: 1 });
  // f-high has no other key: it is skipped without a call.
  await chat();
  expect(calls()).toEqual({ [HIGH]: 1, [LOW]: 2 });
  // A new snapshot still offering the key (the control plane has not acted): tried, rejected again.
  await republish();
  await chat();
  expect(calls()).toEqual({ [HIGH]: 2, [LOW]: 3 });
  // Two rejections reach the breaker threshold (2) in its window, yet f-high stays closed: a key failure is not the channel's.
  expect(bed.pipeline.breakers.allow('f-high')).toBe(true);
  expect((await bed.ports.keyInvalidations.take(10)).map((r) => [r.channelId, r.keyId, r.status])).toEqual([
    ['f-high', 'f-high-k', 401],
    ['f-high', 'f-high-k', 401],
  ]);
  await republish();
  await chat();
  expect(calls()).toEqual({ [HIGH]: 3, [LOW]: 3 });
});

test('when the whole main group fails, the fallback group serves (and the headers say so)', async () => {
  await hang('f-low', LOW);
  bed.upstream.script(HIGH, { kind: 'error', status: 502 });
  const { data, response } = await openai.chat.completions.create({ model: 'm-fail', messages: MESSAGES }).withResponse();
  expect(data.choices[0].message.content).toBe('Hello from the fake upstream.');
  expect(response.headers.get('x-meridian-group')).toBe('backup');
  expect(response.headers.get('x-meridian-channel-kind')).toBe('openai');
  expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  expect(calls()).toEqual({ [HIGH]: 1, [LOW]: 1, [BACKUP]: 1 });
});

test('when every channel fails, the client gets the last error in its format, with nothing about the upstream', async () => {
  for (const k of [HIGH, LOW, BACKUP]) bed.upstream.script(k, { kind: 'error', status: 500 });
  const err = await openai.chat.completions.create({ model: 'm-fail', messages: MESSAGES }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OpenAI.InternalServerError);
  const e = err as InstanceType<typeof OpenAI.InternalServerError>;
  expect(e.status).toBe(500);
  expect(e.message).toContain('request id: req_');
  const body = JSON.stringify(e.error);
  for (const leak of [HIGH, LOW, BACKUP, bed.upstream.url, '127.0.0.1', '10.0.0.7']) expect(body).not.toContain(leak);
  expect(calls()).toEqual({ [HIGH]: 1, [LOW]: 1, [BACKUP]: 1 });
});

test('every channel rate limited: 429 in the client format', async () => {
  for (const k of [HIGH, LOW, BACKUP]) bed.upstream.script(k, { kind: 'error', status: 429 });
  const err = await anthropic.messages.create({ model: 'm-fail', max_tokens: 10, messages: MESSAGES }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Anthropic.RateLimitError);
  expect((err as InstanceType<typeof Anthropic.RateLimitError>).error).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
});

test('an Anthropic channel answering 529 (overloaded): 503 in the client\'s format, reported as an overload, with nothing of the upstream', async () => {
  const all = await bed.token({ groups: ['all'] });
  const ANTHROPIC = keyOf('ch-anthropic');
  bed.upstream.script(ANTHROPIC, { kind: 'error', status: 529 }, { kind: 'error', status: 529 });
  const viaMessages = await new Anthropic({ apiKey: all, baseURL: bed.url, maxRetries: 0 })
    .messages.create({ model: 'm-anthropic', max_tokens: 10, messages: MESSAGES })
    .catch((e: unknown) => e);
  expect(viaMessages).toBeInstanceOf(Anthropic.InternalServerError);
  const m = viaMessages as InstanceType<typeof Anthropic.InternalServerError>;
  expect(m.status).toBe(503);
  expect(m.error).toMatchObject({ type: 'error', error: { type: 'overloaded_error', message: expect.stringContaining('The upstream failed with status 529') } });
  const viaChat = await new OpenAI({ apiKey: all, baseURL: `${bed.url}/v1`, maxRetries: 0 })
    .chat.completions.create({ model: 'm-anthropic', messages: MESSAGES })
    .catch((e: unknown) => e);
  expect(viaChat).toBeInstanceOf(OpenAI.InternalServerError);
  const c = viaChat as InstanceType<typeof OpenAI.InternalServerError>;
  expect(c.status).toBe(503);
  expect(c.error).toMatchObject({ type: 'service_unavailable', code: 'service_unavailable' });
  for (const body of [JSON.stringify(m.error), JSON.stringify(c.error)]) {
    for (const leak of [ANTHROPIC, bed.upstream.url, '10.0.0.7']) expect(body).not.toContain(leak);
  }
  expect(bed.upstream.requestsFor(ANTHROPIC)).toHaveLength(2);
});

test('an upstream 400 describes the request: not retried, same status, upstream details redacted', async () => {
  bed.upstream.script(HIGH, { kind: 'error', status: 400, message: `context too long for ${HIGH} at ${bed.upstream.url}/v1/chat/completions` });
  const err = await openai.chat.completions.create({ model: 'm-fail', messages: MESSAGES }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OpenAI.BadRequestError);
  const message = (err as Error).message;
  expect(message).toContain('context too long');
  expect(message).not.toContain(HIGH);
  expect(message).not.toContain(bed.upstream.url);
  expect(calls()).toEqual({ [HIGH]: 1 });
});

test('a stream cut before its first event is retried on the next channel', async () => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 0 });
  const final = await openai.chat.completions.stream({ model: 'm-fail', messages: MESSAGES }).finalChatCompletion();
  expect(final.choices[0].message.content).toBe('Hello from the fake upstream.');
  expect(calls()).toEqual({ [HIGH]: 1, [LOW]: 1 });
});

test('a pass-through stream cut midway ends with an in-format error event and is not retried', async () => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 3 });
  const stream = openai.chat.completions.stream({ model: 'm-fail', messages: MESSAGES });
  const seen: string[] = [];
  stream.on('content', (delta) => seen.push(delta));
  const err = await stream.finalChatCompletion().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OpenAI.APIError);
  expect((err as Error).message).toContain('broke off');
  expect(seen.join('')).toBe('Hello from');
  expect(calls()).toEqual({ [HIGH]: 1 });
});

test('a translated stream cut midway ends with an Anthropic error event and is not retried', async () => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 3 });
  const err = await anthropic.messages.stream({ model: 'm-fail', max_tokens: 10, messages: MESSAGES }).finalMessage().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Anthropic.APIError);
  expect((err as Error).message).toContain('broke off');
  expect(calls()).toEqual({ [HIGH]: 1 });
});

/** Two 500s from f-high for m-fail: that model's breaker on f-high opens (threshold 2 here); the channel's stays closed. */
async function openHighBreaker(): Promise<void> {
  bed.upstream.script(HIGH, { kind: 'error', status: 500 }, { kind: 'error', status: 500 });
  await chat();
  await chat();
  expect(bed.pipeline.breakers.state('f-high', 'm-fail')).toBe('open');
  expect(bed.pipeline.breakers.state('f-high')).toBe('closed');
}

/** The gateway's own error message: what it `says`, the request id, and nothing of the upstream's key or address. */
function expectGatewayMessage(message: string, says: string): void {
  expect(message).toContain(says);
  expect(message).toMatch(/request id: req_[0-9a-f]{32}/);
  expect(message).not.toContain(HIGH);
  expect(message).not.toContain(bed.upstream.url);
}

test('an error event the upstream sends before anything else fails the channel: the next one answers, and the breaker counts it', async () => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 0, ending: 'error-event' }, { kind: 'cut', afterEvents: 0, ending: 'error-event' });
  const final = await openai.chat.completions.stream({ model: 'm-fail', messages: MESSAGES }).finalChatCompletion();
  expect(final.choices[0].message.content).toBe('Hello from the fake upstream.');
  expect(calls()).toEqual({ [HIGH]: 1, [LOW]: 1 });
  // translated too (messages client, chat upstream)
  const message = await anthropic.messages.stream({ model: 'm-fail', max_tokens: 10, messages: MESSAGES }).finalMessage();
  expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hello from the fake upstream.' })]);
  expect(bed.pipeline.breakers.state('f-high', 'm-fail')).toBe('open');
});

test.each([
  ['an error event', 'error-event' as const, 'The upstream reported an error: Overloaded'],
  ['a clean close before the end', 'close' as const, 'ended before the answer was complete'],
])('a pass-through stream that reports %s midway ends with the gateway\'s own error event: request id, nothing of the upstream', async (_name, ending, says) => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 3, ending });
  const stream = openai.chat.completions.stream({ model: 'm-fail', messages: MESSAGES });
  const seen: string[] = [];
  stream.on('content', (delta) => seen.push(delta));
  const err = await stream.finalChatCompletion().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OpenAI.APIError);
  expectGatewayMessage((err as Error).message, says);
  expect(seen.join('')).toBe('Hello from');
  expect(calls()).toEqual({ [HIGH]: 1 });
});

test.each([
  ['an error event', 'error-event' as const, 'The upstream reported an error: Overloaded'],
  ['a clean close before the end', 'close' as const, 'ended before the answer was complete'],
])('a translated stream that reports %s midway ends with an Anthropic error event, not a made-up end', async (_name, ending, says) => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 3, ending });
  const stream = anthropic.messages.stream({ model: 'm-fail', max_tokens: 10, messages: MESSAGES });
  const events: string[] = [];
  stream.on('streamEvent', (event) => events.push(event.type));
  const err = await stream.finalMessage().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Anthropic.APIError);
  expectGatewayMessage((err as Error).message, says);
  expect(events).not.toContain('message_stop');
  expect(calls()).toEqual({ [HIGH]: 1 });
});

test('a probe the upstream answers with a refusal of the request (400) closes the breaker: the channel is working', async () => {
  await openHighBreaker();
  now += 5_000;
  bed.upstream.reset();
  bed.upstream.script(HIGH, { kind: 'error', status: 400, message: 'context too long' });
  expect(await openai.chat.completions.create({ model: 'm-fail', messages: MESSAGES }).catch((e: unknown) => e)).toBeInstanceOf(OpenAI.BadRequestError);
  expect(bed.pipeline.breakers.state('f-high', 'm-fail')).toBe('closed');
  expect(await chat()).toEqual({ text: 'Hello from the fake upstream.', group: 'primary' });
  expect(calls()).toEqual({ [HIGH]: 2 });
});

const MIDWAY: [string, 'reset' | 'error-event'][] = [
  ['cut', 'reset'],
  ['error event', 'error-event'],
];

test.each(MIDWAY)('a Responses client: a stream ended midway (%s) reaches the SDK as a failed response with the request id', async (_name, ending) => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 3, ending });
  const stream = openai.responses.stream({ model: 'm-fail', input: 'Hi' });
  const failed: unknown[] = [];
  stream.on('response.failed', (event) => failed.push(event.response.error));
  // The SDK resolves with the failed response rather than throwing: its status says so.
  const outcome = await stream.finalResponse().then((r) => r.status, (e: unknown) => e);
  expect(outcome === 'failed' || outcome instanceof Error).toBe(true);
  expect(failed).toEqual([expect.objectContaining({ message: expect.stringMatching(/request id: req_/) })]);
  expect(calls()).toEqual({ [HIGH]: 1 });
});

test.each(MIDWAY)('a Gemini client: a stream ended midway (%s) makes the SDK throw, with the request id', async (_name, ending) => {
  bed.upstream.script(HIGH, { kind: 'cut', afterEvents: 3, ending });
  const genai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: bed.url } });
  let text = '';
  const err = await (async () => {
    for await (const chunk of await genai.models.generateContentStream({ model: 'm-fail', contents: 'Hi' })) text += chunk.text ?? '';
  })().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Error);
  expect((err as Error).message).toMatch(/request id: req_/);
  expect(text).toBe('Hello from');
  expect(calls()).toEqual({ [HIGH]: 1 });
});

test('the breaker opens after repeated failures, skips the channel, then probes it and recovers', async () => {
  await openHighBreaker();
  bed.upstream.reset();
  await chat();
  expect(calls()).toEqual({ [LOW]: 1 });
  now += 5_000;
  expect(bed.pipeline.breakers.state('f-high', 'm-fail')).toBe('half-open');
  await chat();
  expect(calls()).toEqual({ [LOW]: 1, [HIGH]: 1 });
  expect(bed.pipeline.breakers.state('f-high', 'm-fail')).toBe('closed');
});
