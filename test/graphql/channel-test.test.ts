import { FakeUpstream, TEXT_REPLY } from '../fakes/upstream.js';
import { startTestControlPlane, type TestControlPlane } from '../support/control-plane.js';
import { expectBadInput, gql, gqlOk } from '../support/graphql.js';
import { adminAndUserSessions } from '../support/seeded-accounts.js';

let cp: TestControlPlane;
let upstream: FakeUpstream;
let admin: string;
let user: string;

const OPENAI_KEY = 'sk-channel-test-openai-0123456789';
const ANTHROPIC_KEY = 'sk-ant-channel-test-0123456789abcdef';
const HANGING_KEY = 'sk-channel-test-hanging-0123456789';

interface TestResult {
  ok: boolean;
  latencyMs: number | null;
  firstByteMs: number | null;
  status: number | null;
  error: string | null;
  model: string;
  format: string;
  stream: boolean;
  sample: string | null;
}

const RESULT_FIELDS = 'ok latencyMs firstByteMs status error model format stream sample';
const TEST_CHANNEL = `mutation($id: ID!, $format: String, $stream: Boolean, $model: String) {
  testChannel(id: $id, format: $format, stream: $stream, model: $model) { ${RESULT_FIELDS} }
}`;

const testChannel = (id: string, vars: { format?: string; stream?: boolean; model?: string } = {}, session = admin) =>
  gql<{ testChannel: TestResult }>(cp.server.url, TEST_CHANNEL, { id, ...vars }, { session });
const testOk = async (id: string, vars: { format?: string; stream?: boolean; model?: string } = {}) => {
  const r = await testChannel(id, vars);
  expect(r.errors).toBeUndefined();
  return r.data!.testChannel;
};

const createChannel = async (input: Record<string, unknown>) =>
  (await gqlOk<{ createChannel: { id: string } }>(cp.server.url, 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', { i: input }, { session: admin })).createChannel.id;

let openai: string;
let anthropic: string;
let hanging: string;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  cp = await startTestControlPlane();
  ({ admin, user } = await adminAndUserSessions(cp));
  openai = await createChannel({ name: 'ct-openai', kind: 'OpenAI', baseUrl: upstream.url, keys: [OPENAI_KEY], models: [{ model: 'ct-gpt', upstreamModel: 'gpt-upstream-name' }, { model: 'ct-other' }] });
  anthropic = await createChannel({ name: 'ct-anthropic', kind: 'Anthropic', baseUrl: upstream.url, keys: [ANTHROPIC_KEY], models: [{ model: 'ct-claude' }] });
  // The fake never answers this key: the channel's first-byte timeout must fire.
  hanging = await createChannel({
    name: 'ct-hanging',
    kind: 'OpenAI',
    baseUrl: upstream.url,
    keys: [HANGING_KEY],
    models: [{ model: 'ct-gpt' }],
    connectTimeoutMs: 200,
    firstByteTimeoutMs: 300,
    totalTimeoutMs: 1000,
  });
  upstream.setDefault(HANGING_KEY, { kind: 'hang' });
});

afterAll(async () => {
  await cp?.stop();
  await upstream?.close();
});

afterEach(() => {
  expect(upstream.violations).toEqual([]);
});

describe('a working OpenAI channel', () => {
  test('non-streamed, in its native format by default: ok, with latency, status and the answer, for its first model under its upstream name', async () => {
    const before = upstream.requestsFor(OPENAI_KEY).length;
    const r = await testOk(openai);
    expect(r).toEqual({ ok: true, latencyMs: expect.any(Number), firstByteMs: null, status: 200, error: null, model: 'ct-gpt', format: 'chat-completions', stream: false, sample: TEXT_REPLY.text });
    expect(r.latencyMs).toBeGreaterThanOrEqual(0);
    const sent = upstream.requestsFor(OPENAI_KEY).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual(expect.objectContaining({ api: 'openai-chat', model: 'gpt-upstream-name', stream: false }));
    expect(sent[0].body.max_tokens).toBe(16);
  });

  test('streamed chat-completions: ok, with the time to the first byte and the streamed text', async () => {
    const r = await testOk(openai, { stream: true, model: 'ct-other' });
    expect(r).toEqual(expect.objectContaining({ ok: true, status: 200, error: null, model: 'ct-other', format: 'chat-completions', stream: true, sample: TEXT_REPLY.text }));
    expect(r.firstByteMs).toEqual(expect.any(Number));
    expect(r.latencyMs).toBeGreaterThanOrEqual(r.firstByteMs!);
    expect(upstream.requestsFor(OPENAI_KEY).at(-1)).toEqual(expect.objectContaining({ api: 'openai-chat', model: 'ct-other', stream: true }));
  });

  test.each([false, true])('in the messages format (stream: %s): translated to chat-completions and back, ok', async (stream) => {
    const r = await testOk(openai, { format: 'messages', stream });
    expect(r).toEqual(expect.objectContaining({ ok: true, status: 200, error: null, format: 'messages', stream, sample: TEXT_REPLY.text }));
    const sent = upstream.requestsFor(OPENAI_KEY).at(-1)!;
    // What reached the upstream is a chat-completions request made from the messages one.
    expect(sent).toEqual(expect.objectContaining({ api: 'openai-chat', model: 'gpt-upstream-name', stream }));
    expect(sent.body.messages).toEqual([expect.objectContaining({ role: 'user' })]);
  });

  test('a 5xx is reported with its status and without the key or the upstream address', async () => {
    upstream.script(OPENAI_KEY, { kind: 'error', status: 503 });
    const r = await testOk(openai);
    expect(r).toEqual(expect.objectContaining({ ok: false, status: 503, sample: null }));
    expect(r.error).toMatch(/503/);
    expect(r.error).not.toContain(OPENAI_KEY);
    expect(r.error).not.toContain(new URL(upstream.url).host);
  });

  test('a refusal of the request itself is reported with the status and the message of the upstream', async () => {
    upstream.script(OPENAI_KEY, { kind: 'error', status: 404, message: 'The model gpt-upstream-name does not exist' });
    const r = await testOk(openai);
    expect(r).toEqual(expect.objectContaining({ ok: false, status: 404, sample: null }));
    expect(r.error).toMatch(/^HTTP 404: .*does not exist/);
  });

  test.each([
    ['says the key is invalid', 'Your API key is invalid', true],
    ['refuses the region', 'This region is not supported', false],
  ])('a 403 that %s: the key hint only when the upstream refused the key itself', async (_case, message, keyHint) => {
    upstream.script(OPENAI_KEY, { kind: 'error', status: 403, message });
    const r = await testOk(openai);
    expect(r).toEqual(expect.objectContaining({ ok: false, status: 403 }));
    expect(r.error).toMatch(/^HTTP 403/);
    expect(r.error!.includes('not disabled')).toBe(keyHint);
  });

  test('a stream that breaks off is reported as such', async () => {
    upstream.script(OPENAI_KEY, { kind: 'cut', afterEvents: 2 });
    const r = await testOk(openai, { stream: true });
    expect(r).toEqual(expect.objectContaining({ ok: false, status: 200, stream: true }));
    expect(r.error).toMatch(/stream broke off/);
  });
});

test('an Anthropic channel answering 401: reported with the status, never the key or the URL, and the key stays enabled', async () => {
  upstream.script(ANTHROPIC_KEY, { kind: 'error', status: 401 });
  const r = await testOk(anthropic, { stream: true });
  expect(r).toEqual(expect.objectContaining({ ok: false, status: 401, format: 'messages', stream: true, model: 'ct-claude', sample: null }));
  expect(r.error).toMatch(/401/);
  expect(r.error).toMatch(/not disabled/);
  expect(r.error).not.toContain(ANTHROPIC_KEY);
  expect(r.error).not.toContain(upstream.url);
  expect(r.error).not.toContain(new URL(upstream.url).host);
  expect(upstream.requestsFor(ANTHROPIC_KEY).at(-1)).toEqual(expect.objectContaining({ api: 'anthropic-messages', model: 'ct-claude', stream: true }));

  const { channel } = await gqlOk<{ channel: { keys: { enabled: boolean }[] } }>(cp.server.url, 'query($id: ID!) { channel(id: $id) { keys { enabled } } }', { id: anthropic }, { session: admin });
  expect(channel.keys).toEqual([{ enabled: true }]);
  // And once the upstream accepts the key again, the same test passes.
  expect(await testOk(anthropic)).toEqual(expect.objectContaining({ ok: true, status: 200, sample: TEXT_REPLY.text }));
});

describe('a stream judged by its events, as the relay judges it', () => {
  test('an error event (an overloaded Anthropic upstream): reported as the stream\'s error, never with the key or the URL', async () => {
    upstream.script(ANTHROPIC_KEY, { kind: 'cut', afterEvents: 2, ending: 'error-event' });
    const r = await testOk(anthropic, { stream: true });
    expect(r).toEqual(expect.objectContaining({ ok: false, status: 200, stream: true, sample: null }));
    expect(r.error).toMatch(/stream carried an error/);
    expect(r.error).not.toContain(ANTHROPIC_KEY);
    expect(r.error).not.toContain(new URL(upstream.url).host);
  });

  test('a stream closed cleanly before its terminal event: broken off', async () => {
    upstream.script(OPENAI_KEY, { kind: 'cut', afterEvents: 2, ending: 'close' });
    const r = await testOk(openai, { stream: true, format: 'messages' });
    expect(r).toEqual(expect.objectContaining({ ok: false, status: 200, stream: true }));
    expect(r.error).toMatch(/stream broke off: .*before the answer was complete/);
  });
});

test('an upstream that never answers: a timeout error, no status', async () => {
  const r = await testOk(hanging);
  expect(r).toEqual(expect.objectContaining({ ok: false, status: null, sample: null }));
  expect(r.error).toMatch(/did not answer in time/);
  expect(upstream.requestsFor(HANGING_KEY)).toHaveLength(1);
});

test('the demo channel answers locally in every format and stream mode', async () => {
  const { channels } = await gqlOk<{ channels: { id: string; isDemo: boolean }[] }>(cp.server.url, '{ channels { id isDemo } }', {}, { session: admin });
  const demo = channels.find((c) => c.isDemo)!;
  const before = upstream.requests.length;
  for (const format of ['chat-completions', 'messages', 'generateContent', 'responses']) {
    for (const stream of [false, true]) {
      const r = await testOk(demo.id, { format, stream });
      expect(r).toEqual(expect.objectContaining({ ok: true, status: 200, error: null, format, stream }));
      expect(r.sample).toMatch(/demo channel/);
    }
  }
  expect(upstream.requests.length).toBe(before);
});

describe('refusals', () => {
  test('non-administrators are refused', async () => {
    expect((await testChannel(openai, {}, user)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await gql(cp.server.url, TEST_CHANNEL, { id: openai });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('an unknown channel is NOT_FOUND; an unknown format is BAD_USER_INPUT naming it', async () => {
    expect((await testChannel('00000000-0000-4000-8000-000000000000')).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await testChannel('not-an-id')).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expectBadInput(await testChannel(openai, { format: 'completions' }), 'format');
  });
});
