/**
 * Client-caused failures never count against a channel: an upstream's 4xx answer to a request it
 * finds malformed (400, 413, 422) reaches the client in its format, but neither opens the channel's
 * breaker nor counts as a failure for its health, so another account is still served.
 */
import OpenAI from 'openai';
import { attemptsOf, failuresOf, minuteOf, totalsByKey } from '../../shared/health/outcome.js';
import { eventually } from '../support/eventually.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';

let bed: RelayBed;
const started = Date.now();

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

/** Attempts and failures counted for `channel` since the file started. */
async function totalsOf(channel: string): Promise<{ attempts: number; failures: number }> {
  const minutes: number[] = [];
  for (let m = minuteOf(started) - 1; m <= minuteOf(Date.now()) + 1; m++) minutes.push(m);
  let attempts = 0;
  let failures = 0;
  for (const { key, totals } of totalsByKey(await bed.ports.outcomes.read(minutes)).values()) {
    if (key.channel !== channel) continue;
    attempts += attemptsOf(totals);
    failures += failuresOf(totals);
  }
  return { attempts, failures };
}

test("many requests the upstream refuses as malformed leave the channel's breaker and health alone; another account is served", async () => {
  const sender = new OpenAI({ apiKey: await bed.token({ groups: ['primary'], accountId: 'acct-sender' }), baseURL: `${bed.url}/v1`, maxRetries: 0 });
  // The breaker opens after 5 failures within 30 s: 3 x 10 refusals would open it many times over.
  for (const status of [400, 413, 422]) {
    bed.upstream.setDefault(keyOf('f-high'), { kind: 'error', status, message: `Invalid 'messages[0].content': malformed (${status})` });
    for (let i = 0; i < 10; i++) {
      const err = (await sender.chat.completions.create({ model: 'm-fail', messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e)) as { status?: number; message?: string };
      expect(err.status).toBe(status);
      expect(err.message).toContain(`malformed (${status})`);
    }
  }
  expect(bed.pipeline.breakers.state('f-high', 'm-fail')).toBe('closed');
  // The refusals came from the channel the client asked: none was passed on to another channel.
  expect(bed.upstream.requestsFor(keyOf('f-high'))).toHaveLength(30);
  expect(bed.upstream.requestsFor(keyOf('f-low'))).toHaveLength(0);

  bed.upstream.setDefault(keyOf('f-high'), { kind: 'reply' });
  const other = new OpenAI({ apiKey: await bed.token({ groups: ['primary'], accountId: 'acct-other' }), baseURL: `${bed.url}/v1`, maxRetries: 0 });
  const answer = await other.chat.completions.create({ model: 'm-fail', messages: [{ role: 'user', content: 'Hi' }] });
  expect(answer.choices[0].message.content).toBe('Hello from the fake upstream.');
  expect(bed.upstream.requestsFor(keyOf('f-high'))).toHaveLength(31);

  // Health saw one attempt (the served one) and no failure.
  await eventually(async () => {
    expect(await totalsOf('f-high')).toEqual({ attempts: 1, failures: 0 });
  }, 'the served request is counted');
});

test('the same number of upstream 500s does open the breaker (the test above could fail)', async () => {
  const client = new OpenAI({ apiKey: await bed.token({ groups: ['primary'] }), baseURL: `${bed.url}/v1`, maxRetries: 0 });
  bed.upstream.setDefault(keyOf('f-high'), { kind: 'error', status: 500 });
  for (let i = 0; i < 5; i++) await client.chat.completions.create({ model: 'm-fail', messages: [{ role: 'user', content: 'Hi' }] });
  expect(bed.pipeline.breakers.state('f-high', 'm-fail')).toBe('open');
  await eventually(async () => {
    expect((await totalsOf('f-high')).failures).toBe(5);
  }, 'the failures are counted');
});

test("an upstream's in-band overload error counts against the channel like the 503 it stands for", async () => {
  const client = new OpenAI({ apiKey: await bed.token({ groups: ['all'] }), baseURL: `${bed.url}/v1`, maxRetries: 0 });
  bed.upstream.script(keyOf('ch-openai'), { kind: 'cut', afterEvents: 0, ending: 'error-event' });
  const err = (await client.chat.completions
    .create({ model: 'm-openai', messages: [{ role: 'user', content: 'Hi' }], stream: true })
    .then(async (stream) => {
      for await (const _chunk of stream) void _chunk;
    })
    .catch((e: unknown) => e)) as { status?: number };
  expect(err.status).toBe(503);
  await eventually(async () => {
    expect(await totalsOf('ch-openai')).toEqual({ attempts: 1, failures: 1 });
  }, 'the in-band failure is counted');
});
