/**
 * Upstreams that break off or fall silent mid-answer, as a client sees them through the official
 * SDKs: a Responses stream cut by its upstream ends with a `response.failed` that continues the
 * stream (numbering, response id, the output delivered), passed through or translated.
 */
import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';

let bed: RelayBed;
let openai: OpenAI;

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
  openai = new OpenAI({ apiKey: await bed.token({ groups: ['all'] }), baseURL: `${bed.url}/v1`, maxRetries: 0 });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

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
