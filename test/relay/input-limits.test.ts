/**
 * Input limits of the data plane, each answered with 400 (431 for headers) in the caller's own
 * format before anything else happens: JSON nesting depth (MAX_JSON_DEPTH), numbers out of the
 * range the real API accepts, headers over Node's limit. None of them reaches an upstream, and
 * none counts against a channel.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { WIRE_FORMATS, type WireFormat } from '../../shared/formats.js';
import { attemptsOf, failuresOf, minuteOf, totalsByKey } from '../../shared/health/outcome.js';
import { eventually } from '../support/eventually.js';
import { rawRequest } from '../support/raw-http.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { patientRelayCatalog } from '../support/relay-catalog.js';

let bed: RelayBed;
let key: string;
const started = Date.now();

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
  key = await bed.token({ groups: ['all'] });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

interface Sent {
  status: number;
  headers: Headers;
  body: { type?: string; error: { message: string; type?: string; code?: number | string; status?: string } };
}

/** Path and auth headers of each format's generation endpoint. */
function endpoint(format: WireFormat, model: string): { path: string; headers: Record<string, string> } {
  switch (format) {
    case 'chat-completions':
      return { path: '/v1/chat/completions', headers: { authorization: `Bearer ${key}` } };
    case 'responses':
      return { path: '/v1/responses', headers: { authorization: `Bearer ${key}` } };
    case 'messages':
      return { path: '/v1/messages', headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' } };
    case 'generateContent':
      return { path: `/v1beta/models/${model}:generateContent`, headers: { 'x-goog-api-key': key } };
  }
}

/** A valid body of `format` whose conversation holds `nested` as a value (deep in its text part). */
function bodyAround(format: WireFormat, model: string, nested: string): string {
  switch (format) {
    case 'chat-completions':
      return `{"model":"${model}","messages":[{"role":"user","content":"Hi","name":"u"}],"metadata_extra":${nested}}`;
    case 'responses':
      return `{"model":"${model}","input":"Hi","extra":${nested}}`;
    case 'messages':
      return `{"model":"${model}","max_tokens":16,"messages":[{"role":"user","content":"Hi"}],"extra":${nested}}`;
    case 'generateContent':
      return `{"contents":[{"role":"user","parts":[{"text":"Hi"}]}],"extra":${nested}}`;
  }
}

async function post(format: WireFormat, model: string, body: string, headers: Record<string, string> = {}): Promise<Sent> {
  const { path, headers: auth } = endpoint(format, model);
  const res = await fetch(bed.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...auth, ...headers }, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Sent['body'] };
}

/** Asserts an error in `format`'s own envelope and returns its message. */
function expectError(format: WireFormat, sent: Sent, status: number): string {
  expect(sent.status).toBe(status);
  if (format === 'messages') {
    expect(sent.body.type).toBe('error');
    expect(sent.body.error.type).toBe(status === 431 ? 'request_too_large' : 'invalid_request_error');
  } else if (format === 'generateContent') {
    expect(sent.body.error.code).toBe(status);
    expect(sent.body.error.status).toBe('INVALID_ARGUMENT');
  } else {
    expect(sent.body.error.type).toBe('invalid_request_error');
  }
  expect(sent.body.error.message).toContain('request id: req_');
  return sent.body.error.message;
}

/** Attempts and failures counted for the demo channel since the file started. */
async function demoChannelTotals(): Promise<{ attempts: number; failures: number }> {
  const minutes: number[] = [];
  for (let m = minuteOf(started) - 1; m <= minuteOf(Date.now()) + 1; m++) minutes.push(m);
  let attempts = 0;
  let failures = 0;
  for (const { key: k, totals } of totalsByKey(await bed.ports.outcomes.read(minutes)).values()) {
    if (k.channel !== 'ch-demo') continue;
    attempts += attemptsOf(totals);
    failures += failuresOf(totals);
  }
  return { attempts, failures };
}

describe('JSON nesting depth (MAX_JSON_DEPTH, default 64)', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  test.each(WIRE_FORMATS)('%s: 100,000 nested arrays get 400 in-format at once; the channel is untouched', async (format) => {
    const before = performance.now();
    const sent = await post(format, 'm-demo', bodyAround(format, 'm-demo', deep(100_000)));
    // Generous for a busy machine; a body that reached the relay used to take the channel down instead.
    expect(performance.now() - before).toBeLessThan(10_000);
    expect(expectError(format, sent, 400)).toContain('deeper than the limit of 64 levels');
    expect(bed.pipeline.breakers.state('ch-demo')).toBe('closed');
  });

  test('brackets inside strings do not count, and a body at the limit is served', async () => {
    const inString = JSON.stringify('['.repeat(10_000));
    expect((await post('chat-completions', 'm-demo', bodyAround('chat-completions', 'm-demo', inString))).status).toBe(200);
    // The body object is level 1, the extra field's arrays levels 2..64.
    expect((await post('messages', 'm-demo', bodyAround('messages', 'm-demo', deep(63)))).status).toBe(200);
    expectError('messages', await post('messages', 'm-demo', bodyAround('messages', 'm-demo', deep(64))), 400);
  });

  test("the refused bodies never counted for the channel's health: only the two served requests did", async () => {
    await eventually(async () => {
      expect(await demoChannelTotals()).toEqual({ attempts: 2, failures: 0 });
    }, 'the served requests are counted');
    // Another account is served by the same channel.
    const other = await bed.token({ groups: ['all'], accountId: 'acct-2' });
    const openai = new OpenAI({ apiKey: other, baseURL: `${bed.url}/v1`, maxRetries: 0 });
    const answer = await openai.chat.completions.create({ model: 'm-demo', messages: [{ role: 'user', content: 'Hi' }] });
    expect(answer.choices[0].message.content).toContain('demo channel');
  });
});

describe('numbers out of range get 400 in every format, as the upstream would answer', () => {
  /** Runs `call` expecting the SDK to throw a 400; returns the error message it carried. */
  async function refused(call: () => Promise<unknown>): Promise<string> {
    const before = bed.upstream.requests.length;
    const err = (await call().then(
      () => new Error('the request was served'),
      (e: unknown) => e,
    )) as { status?: number; message: string };
    expect(err.status).toBe(400);
    expect(bed.upstream.requests.length).toBe(before);
    return err.message;
  }

  test('chat-completions (openai SDK): max_tokens -5 and 1e12, fractions, temperature, top_p, n', async () => {
    const openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
    const chat = (extra: Record<string, unknown>) => () => openai.chat.completions.create({ model: 'm-openai', messages: [{ role: 'user', content: 'Hi' }], ...extra });
    expect(await refused(chat({ max_tokens: -5 }))).toContain("Invalid 'max_tokens': integer below minimum value. Expected a value >= 1, but got -5 instead.");
    expect(await refused(chat({ max_tokens: 1e12 }))).toContain("Invalid 'max_tokens': integer above maximum value");
    expect(await refused(chat({ max_completion_tokens: 0 }))).toContain("'max_completion_tokens'");
    expect(await refused(chat({ max_tokens: 1.5 }))).toContain("Invalid type for 'max_tokens': expected an integer");
    expect(await refused(chat({ temperature: 2.5 }))).toContain("Invalid 'temperature': decimal above maximum value. Expected a value <= 2");
    expect(await refused(chat({ top_p: -0.1 }))).toContain("'top_p'");
    expect(await refused(chat({ n: 0 }))).toContain("'n'");
    expect(await refused(chat({ presence_penalty: 3 }))).toContain("'presence_penalty'");
    // In range: served.
    const ok = await chat({ max_tokens: 5, temperature: 2, top_p: 1, n: 1 })();
    expect(ok.choices[0].message.role).toBe('assistant');
  });

  test('responses (openai SDK): max_output_tokens -5 and 1e12, temperature', async () => {
    const openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
    const create = (extra: Record<string, unknown>) => () => openai.responses.create({ model: 'm-openai', input: 'Hi', ...extra });
    expect(await refused(create({ max_output_tokens: -5 }))).toContain("Invalid 'max_output_tokens': integer below minimum value");
    expect(await refused(create({ max_output_tokens: 1e12 }))).toContain("'max_output_tokens'");
    expect(await refused(create({ temperature: 3 }))).toContain("'temperature'");
    expect(await refused(create({ top_p: 2 }))).toContain("'top_p'");
  });

  test('messages (Anthropic SDK): max_tokens -5, 0 and 1e12, temperature over 1, negative top_k', async () => {
    // A timeout of its own: else the SDK itself refuses a huge max_tokens without streaming.
    const anthropic = new Anthropic({ apiKey: key, baseURL: bed.url, maxRetries: 0, timeout: 60_000 });
    const create = (extra: Record<string, unknown>) => () => anthropic.messages.create({ model: 'm-anthropic', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }], ...extra });
    expect(await refused(create({ max_tokens: -5 }))).toContain('max_tokens: Input should be greater than or equal to 1');
    expect(await refused(create({ max_tokens: 0 }))).toContain('max_tokens: Input should be greater than or equal to 1');
    expect(await refused(create({ max_tokens: 1e12 }))).toContain('max_tokens: Input should be less than or equal to 1000000');
    expect(await refused(create({ temperature: 1.5 }))).toContain('temperature: Input should be less than or equal to 1');
    expect(await refused(create({ top_k: -1 }))).toContain('top_k: Input should be greater than or equal to 0');
  });

  test('generateContent (genai SDK): maxOutputTokens -5, fractions, temperature, topP, candidateCount', async () => {
    const genai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: bed.url } });
    const generate = (config: Record<string, unknown>) => () => genai.models.generateContent({ model: 'm-gemini', contents: 'Hi', config });
    expect(await refused(generate({ maxOutputTokens: -5 }))).toContain("Invalid value at 'generationConfig.maxOutputTokens'");
    expect(await refused(generate({ maxOutputTokens: 2.5 }))).toContain("'generationConfig.maxOutputTokens'");
    expect(await refused(generate({ temperature: 3 }))).toContain("'generationConfig.temperature'");
    expect(await refused(generate({ topP: 1.5 }))).toContain("'generationConfig.topP'");
    expect(await refused(generate({ candidateCount: 0 }))).toContain("'generationConfig.candidateCount'");
    const ok = await generate({ maxOutputTokens: 5, temperature: 0 })();
    expect(ok.text).toBeDefined();
  });

  test('each error comes in the format of its endpoint (raw requests)', async () => {
    for (const format of WIRE_FORMATS) {
      const model = format === 'generateContent' ? 'm-gemini' : 'm-openai';
      const body =
        format === 'generateContent'
          ? { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: { maxOutputTokens: -5 } }
          : format === 'responses'
            ? { model, input: 'Hi', max_output_tokens: -5 }
            : { model, max_tokens: -5, messages: [{ role: 'user', content: 'Hi' }] };
      expectError(format, await post(format, model, JSON.stringify(body)), 400);
    }
  });
});

describe("headers over Node's limit get 431 with a JSON body in the path's format", () => {
  const big = `X-Padding: ${'a'.repeat(20 * 1024)}`;

  test.each([
    ['chat-completions', '/v1/chat/completions'],
    ['responses', '/v1/responses'],
    ['messages', '/v1/messages'],
    ['generateContent', '/v1beta/models/m-gemini:generateContent'],
    ['chat-completions', '/no/such/path'],
  ] as const)('%s (%s)', async (format, path) => {
    const before = bed.upstream.requests.length;
    const answer = await rawRequest(bed.url, `POST ${path} HTTP/1.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${big}`);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
    const body = JSON.parse(answer.body) as Sent['body'];
    if (format === 'messages') expect(body).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
    else if (format === 'generateContent') expect(body.error).toMatchObject({ code: 431, status: 'INVALID_ARGUMENT' });
    else expect(body.error).toMatchObject({ type: 'invalid_request_error', param: null });
    expect(answer.status).toBe(431);
    expect(body.error.message).toContain('headers are larger than the server accepts');
    expect(body.error.message).toContain(answer.headers['x-request-id']);
    expect(bed.upstream.requests.length).toBe(before);
  });

  test('the node keeps serving after refusing them', async () => {
    const res = await fetch(`${bed.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm-demo', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
