/**
 * Upstreams that break off or fall silent mid-answer, as a client sees them through the official
 * SDKs: a stream whose upstream stalls fails over before its first byte and ends with the format's
 * error event after it (the channel's idle timeout, or the data plane's UPSTREAM_IDLE_TIMEOUT_MS),
 * and health counts it; a Responses stream cut by its upstream ends with a `response.failed` that
 * continues the stream (numbering, response id, the output delivered), passed through or translated.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { minuteOf, totalsByKey } from '../../shared/health/outcome.js';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { eventually } from '../support/eventually.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { PATIENT_TIMEOUTS, keyOf, patientRelayCatalog, withTimeouts } from '../support/relay-catalog.js';

/** The data plane's own idle limit in this file (channels without one of their own). */
const NODE_IDLE_MS = 3000;
/** The idle limit of channel `f-high`. */
const CHANNEL_IDLE_MS = 300;

/** The relay catalog; `f-high` (first of group `primary`) gives up on a silent stream after 300 ms. */
function catalog(upstreamUrl: string): SnapshotContent {
  return withTimeouts(patientRelayCatalog(upstreamUrl), 'f-high', { ...PATIENT_TIMEOUTS, idleMs: CHANNEL_IDLE_MS });
}

let bed: RelayBed;
let openai: OpenAI;
let key: string;
const started = Date.now();

beforeAll(async () => {
  bed = await startRelayBed(catalog, { env: { UPSTREAM_IDLE_TIMEOUT_MS: String(NODE_IDLE_MS) } });
  key = await bed.token({ groups: ['primary', 'all'] });
  openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

/** Timeouts counted for `channel` since the file started. */
async function timeoutsOf(channel: string): Promise<number> {
  const minutes: number[] = [];
  for (let m = minuteOf(started) - 1; m <= minuteOf(Date.now()) + 1; m++) minutes.push(m);
  let n = 0;
  for (const { key: k, totals } of totalsByKey(await bed.ports.outcomes.read(minutes)).values()) if (k.channel === channel) n += totals.timeout;
  return n;
}

describe('an upstream that sends one event, then nothing', () => {
  test('before anything reached the client, the request fails over to the next channel', async () => {
    bed.upstream.script(keyOf('f-high'), { kind: 'cut', afterEvents: 0, ending: 'stall' });
    const answer = await openai.chat.completions.stream({ model: 'm-fail', messages: [{ role: 'user', content: 'Hi' }] }).finalChatCompletion();
    expect(answer.choices[0].message.content).toBe('Hello from the fake upstream.');
    expect(bed.upstream.requestsFor(keyOf('f-high'))).toHaveLength(1);
    expect(bed.upstream.requestsFor(keyOf('f-low'))).toHaveLength(1);
  });

  test("after the first event, the client's stream ends with the format's error event (chat, then messages)", async () => {
    bed.upstream.script(keyOf('f-high'), { kind: 'cut', afterEvents: 1, ending: 'stall' });
    const chunks: unknown[] = [];
    const chat = (async () => {
      for await (const chunk of await openai.chat.completions.create({ model: 'm-fail', messages: [{ role: 'user', content: 'Hi' }], stream: true })) chunks.push(chunk);
    })();
    await expect(chat).rejects.toThrow(/The upstream stopped sending before its answer was complete \(request id: req_\w+\)/);
    // The first event reached the client; no other channel was tried after it.
    expect(chunks).toHaveLength(1);
    expect(bed.upstream.requestsFor(keyOf('f-low'))).toHaveLength(1);

    bed.upstream.script(keyOf('f-high'), { kind: 'cut', afterEvents: 1, ending: 'stall' });
    const anthropic = new Anthropic({ apiKey: key, baseURL: bed.url, maxRetries: 0 });
    const stream = anthropic.messages.stream({ model: 'm-fail', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] });
    await expect(stream.finalMessage()).rejects.toThrow(/stopped sending/);
  });

  test('a non-streamed answer that stalls mid-body fails over too', async () => {
    bed.upstream.script(keyOf('f-high'), { kind: 'cut', afterEvents: 0, ending: 'stall' });
    const answer = await openai.chat.completions.create({ model: 'm-fail', messages: [{ role: 'user', content: 'Hi' }] });
    expect(answer.choices[0].message.content).toBe('Hello from the fake upstream.');
    expect(bed.upstream.requestsFor(keyOf('f-low'))).toHaveLength(2);
  });

  test("the channel's health counts each stall as a timeout", async () => {
    await eventually(async () => {
      expect(await timeoutsOf('f-high')).toBe(4);
    }, 'the stalls are counted');
    expect(await timeoutsOf('f-low')).toBe(0);
  });

  test("a channel without an idle limit of its own uses the node's UPSTREAM_IDLE_TIMEOUT_MS", async () => {
    bed.upstream.script(keyOf('ch-openai'), { kind: 'cut', afterEvents: 1, ending: 'stall' });
    const before = performance.now();
    const chat = (async () => {
      for await (const _chunk of await openai.chat.completions.create({ model: 'm-openai', messages: [{ role: 'user', content: 'Hi' }], stream: true })) void _chunk;
    })();
    await expect(chat).rejects.toThrow(/stopped sending/);
    // Not before the node's limit (the channel's total limit of 20 s would say something else).
    expect(performance.now() - before).toBeGreaterThanOrEqual(NODE_IDLE_MS - 50);
  });
});

/** Every event of a streamed Responses call, through the SDK's own stream parser. */
async function responsesEvents(model: string): Promise<ResponseStreamEvent[]> {
  const events: ResponseStreamEvent[] = [];
  for await (const event of await openai.responses.create({ model, input: 'Say hello.', stream: true })) events.push(event);
  return events;
}

describe('a Responses stream cut by its upstream', () => {
  // [channel, model, upstream events before the cut]: the cut comes after some text was delivered.
  const cases = [
    ['pass-through (Responses upstream)', 'ch-openai', 'm-openai', 6],
    ['translated (Anthropic upstream)', 'ch-anthropic', 'm-anthropic', 4],
    ['translated (Gemini upstream)', 'ch-gemini', 'm-gemini', 2],
  ] as const;

  describe.each(cases)('%s', (_name, channel, model, afterEvents) => {
    test.each(['reset', 'close', 'error-event'] as const)('ending %s: response.failed continues the stream', async (ending) => {
      bed.upstream.script(keyOf(channel), { kind: 'cut', afterEvents, ending });
      const events = await responsesEvents(model);
      const failed = events.at(-1)!;
      expect(failed.type).toBe('response.failed');
      // Numbering continues: 0, 1, 2, ... without a gap or a restart.
      expect(events.map((e) => e.sequence_number)).toEqual(events.map((_e, i) => i));
      const created = events[0];
      if (created.type !== 'response.created' || failed.type !== 'response.failed') throw new Error('unexpected first or last event');
      expect(failed.response.id).toBe(created.response.id);
      expect(failed.response.status).toBe('failed');
      expect(failed.response.error?.message).toMatch(/request id: req_/);
      // The output holds the text that was delivered, and nothing else.
      const delivered = events.flatMap((e) => (e.type === 'response.output_text.delta' ? [e.delta] : [])).join('');
      expect(delivered).not.toBe('');
      const text = failed.response.output.flatMap((item) => (item.type === 'message' ? item.content.flatMap((c) => (c.type === 'output_text' ? [c.text] : [])) : [])).join('');
      expect(text).toBe(delivered);
      // Nothing of the upstream's address or key reached the client.
      expect(JSON.stringify(events)).not.toContain(keyOf(channel));
      expect(JSON.stringify(events)).not.toContain(bed.upstream.url);
    });
  });

  test('the SDK stream helper ends on the failure with the delivered text in its final snapshot', async () => {
    bed.upstream.script(keyOf('ch-openai'), { kind: 'cut', afterEvents: 6 });
    const stream = openai.responses.stream({ model: 'm-openai', input: 'Say hello.' });
    let failed: ResponseStreamEvent | undefined;
    stream.on('response.failed', (e) => (failed = e));
    await stream.done().catch(() => undefined);
    expect(failed?.type).toBe('response.failed');
    if (failed?.type !== 'response.failed') return;
    expect(failed.response.output).toEqual([expect.objectContaining({ type: 'message', status: 'incomplete', content: [expect.objectContaining({ type: 'output_text', text: 'Hello from' })] })]);
  });
});
