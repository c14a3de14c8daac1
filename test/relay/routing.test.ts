/**
 * Routing that learns, through a real data plane in front of the fake upstream, with several
 * models per channel: breakers per channel and model, parking on an upstream back-off (429 in the
 * client's format, with the shortest wait, when every candidate is parked; each skip logged with
 * why), a rejected key that counts for neither, the adaptive weights moving traffic away from a
 * slow channel, a coding agent's conversation pinned to one channel and key, and the retry
 * budget. The data plane's clocks and draws are the test's: breakers and parking run on a clock
 * the tests move, first-byte times on one that only the fake upstream's reply delays move, and
 * the weighted draws come from a seeded sequence; nothing depends on how busy the machine is.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { fieldOf, minuteOf, type OutcomeMetric } from '../../shared/health/outcome.js';
import { setLogDestination } from '../../shared/log.js';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { DEFAULT_RETRY_BUDGET } from '../../data-plane/routing/retry-budget.js';
import type { Behaviour } from '../fakes/upstream.js';
import { eventually } from '../contract/harness.js';
import { freePort } from '../support/free-port.js';
import { PATIENT_TIMEOUTS, keyOf, membership, testCatalog, testChannel, testGroup, testModel } from '../support/relay-catalog.js';
import { restoreTestLogs } from '../support/quiet-logs.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { seeded } from '../support/seeded-random.js';
import { testBox } from '../support/snapshot.js';

const ONE = { model: 'm-one', upstream: 'up-one' };
const TWO = { model: 'm-two', upstream: 'up-two' };
const SOLO = { model: 'm-solo', upstream: 'up-solo' };
const PAIR = { model: 'm-pair', upstream: 'up-pair' };
const AGENT = { model: 'm-agent', upstream: 'up-agent' };
const PARK = { model: 'm-park', upstream: 'up-park' };
const KEYED = { model: 'm-keyed', upstream: 'up-keyed' };
const LOCK = { model: 'm-lock', upstream: 'up-lock' };
/** The two upstream keys of channel r-keys. */
const TWO_KEYS = ['up-key-r-keys-1', 'up-key-r-keys-2'];
const TRIO = ['r-t1', 'r-t2', 'r-t3'];
const GROUPS = ['multi', 'dead', 'solo', 'pair', 'trio', 'park', 'keys', 'locked'];

function catalog(deadPort: number): (upstreamUrl: string) => SnapshotContent {
  return (url) => {
    const channel = (id: string, models: { model: string; upstream: string }[]) => testChannel(id, 'openai', url, models, { timeouts: PATIENT_TIMEOUTS });
    const join = (group: string, channelId: string, priority = 0) => membership(group, channelId, priority);
    return testCatalog({
      groups: GROUPS.map((g) => testGroup(g)),
      channels: [
        channel('r-a', [ONE, TWO]),
        channel('r-b', [ONE, TWO]),
        // Nothing listens there: every connection is refused.
        { ...channel('r-dead', [ONE, TWO]), baseUrl: `http://127.0.0.1:${deadPort}` },
        channel('r-solo', [SOLO]),
        channel('r-fast', [PAIR]),
        channel('r-slow', [PAIR]),
        ...TRIO.map((id) => channel(id, [AGENT])),
        channel('r-p1', [PARK]),
        channel('r-p2', [PARK]),
        { ...channel('r-keys', [KEYED]), keys: TWO_KEYS.map((key, i) => ({ id: `r-keys-${i + 1}`, sealed: testBox.encrypt(key), enabled: true })) },
        channel('r-lock', [LOCK]),
        channel('r-lock-first', [LOCK]),
      ],
      memberships: [
        join('multi', 'r-a', 20),
        join('multi', 'r-b', 10),
        join('dead', 'r-dead', 20),
        join('dead', 'r-b', 10),
        join('solo', 'r-solo'),
        join('pair', 'r-fast'),
        join('pair', 'r-slow'),
        ...TRIO.map((id) => join('trio', id)),
        join('park', 'r-p1'),
        join('park', 'r-p2'),
        join('keys', 'r-keys'),
        join('locked', 'r-lock-first', 20),
        join('locked', 'r-lock', 10),
      ],
      models: [ONE, TWO, SOLO, PAIR, AGENT, PARK, KEYED, LOCK].map((m) => testModel(m.model)),
    });
  };
}


let bed: RelayBed;
/** The data plane's clock: moved past every window between tests. */
let now = Date.parse('2026-11-28T10:00:00Z');
/** The data plane's first-byte clock: a reply's `delayMs` moves it, no real time passes. */
let firstByteClock = 0;
/** The weighted draws among a level's channels: seeded, started afresh for each test (a `-t` filter draws the same). */
let draw = seeded(42);
beforeEach(() => {
  draw = seeded(42);
});
const tokens = new Map<string, string>();

beforeAll(async () => {
  bed = await startRelayBed(catalog(await freePort()), {
    upstream: {
      delay: async (ms) => {
        firstByteClock += ms;
      },
    },
    pipeline: {
      now: () => now,
      random: () => draw(),
      stopwatch: () => firstByteClock,
      breakers: { failureThreshold: 2, windowMs: 60_000, openMs: 10_000 },
      // Two channel attempts per request: the other tests need no more.
      routing: { budget: { ...DEFAULT_RETRY_BUDGET, maxAttempts: 2 } },
    },
  });
  for (const group of GROUPS) tokens.set(group, await bed.token({ groups: [group] }));
});
afterAll(() => bed?.stop());
beforeEach(() => {
  now += 600_000;
  bed.upstream.reset();
});
afterEach(() => expect(bed.upstream.violations).toEqual([]));

const openai = (group: string) => new OpenAI({ apiKey: tokens.get(group)!, baseURL: `${bed.url}/v1`, maxRetries: 0 });
const callsTo = (channelId: string, upstreamModel?: string) => bed.upstream.requestsFor(keyOf(channelId)).filter((r) => upstreamModel === undefined || r.model === upstreamModel).length;

/** A streamed chat answer's text and group. */
async function streamChat(group: string, model: string): Promise<string> {
  const stream = openai(group).chat.completions.stream({ model, messages: [{ role: 'user', content: 'Hi' }] });
  return (await stream.finalChatCompletion()).choices[0].message.content ?? '';
}

/** A count the data plane's health counters hold for this minute (they are flushed every second). */
async function counted(group: string, channel: string, model: string, metric: OutcomeMetric, stream: boolean): Promise<number> {
  const [bucket] = await bed.ports.outcomes.read([minuteOf(now)]);
  return bucket[fieldOf({ group, channel, model, node: 'relay-test', format: 'chat-completions', stream }, metric)] ?? 0;
}

test.each<[string, Behaviour]>([
  ['500', { kind: 'error', status: 500 }],
  ['a reset', { kind: 'reset' }],
  ['an in-stream error', { kind: 'cut', afterEvents: 0, ending: 'error-event' }],
])("one model failing (%s) opens only that model's breaker: the channel's other models keep answering 200", async (_name, behaviour) => {
  // An earlier case left the breaker half-open (its window is long past): its probe, answered, closes it.
  await streamChat('multi', 'm-one');
  expect(bed.pipeline.breakers.state('r-a', 'm-one')).toBe('closed');
  bed.upstream.reset();
  bed.upstream.setModelDefault(keyOf('r-a'), ONE.upstream, behaviour);
  for (let i = 0; i < 2; i++) expect(await streamChat('multi', 'm-one')).toBe('Hello from the fake upstream.');
  expect(callsTo('r-a', ONE.upstream)).toBe(2);
  expect(callsTo('r-b', ONE.upstream)).toBe(2);
  expect(bed.pipeline.breakers.state('r-a', 'm-one')).toBe('open');
  expect(bed.pipeline.breakers.state('r-a')).toBe('closed');
  expect(bed.pipeline.breakers.state('r-a', 'm-two')).toBe('closed');

  // The other model of the same channel: answered there, every time.
  for (let i = 0; i < 3; i++) expect(await streamChat('multi', 'm-two')).toBe('Hello from the fake upstream.');
  expect(callsTo('r-a', TWO.upstream)).toBe(3);
  expect(callsTo('r-b', TWO.upstream)).toBe(0);

  // The failing model is skipped on r-a while its breaker is open; the skip is counted for health.
  expect(await streamChat('multi', 'm-one')).toBe('Hello from the fake upstream.');
  expect(callsTo('r-a', ONE.upstream)).toBe(2);
  await eventually(async () => expect(await counted('multi', 'r-a', 'm-one', 'skip_breaker', true)).toBeGreaterThanOrEqual(1));
  expect(bed.pipeline.router.view().breakers).toContainEqual(expect.objectContaining({ channelId: 'r-a', model: 'm-one', state: 'open' }));
});

test("connection-level failures open the channel's breaker, for every model", async () => {
  expect(await streamChat('dead', 'm-one')).toBe('Hello from the fake upstream.');
  expect(await streamChat('dead', 'm-two')).toBe('Hello from the fake upstream.');
  expect(bed.pipeline.breakers.state('r-dead')).toBe('open');
  expect(bed.pipeline.breakers.state('r-dead', 'm-one')).toBe('closed');
  expect(await streamChat('dead', 'm-two')).toBe('Hello from the fake upstream.');
  expect(callsTo('r-b')).toBe(3);
  await eventually(async () => expect(await counted('dead', 'r-dead', 'm-two', 'skip_breaker', true)).toBe(1));
});

test('a 429 with Retry-After: 2 parks the model on the channel, then it resumes; no breaker opens; a client whose every candidate is parked gets 429 in its own format', async () => {
  const limited: Behaviour = { kind: 'error', status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after': '2' } };
  bed.upstream.script(keyOf('r-solo'), limited, limited, limited);
  const anthropic = new Anthropic({ apiKey: tokens.get('solo')!, baseURL: bed.url, maxRetries: 0 });
  const ask = () => anthropic.messages.create({ model: 'm-solo', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] });

  // Three rounds (more than the breaker's threshold of 2): each 429 parks for 2 s.
  for (let round = 0; round < 3; round++) {
    const err = await ask().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    const e = err as InstanceType<typeof Anthropic.RateLimitError>;
    expect(e.headers.get('retry-after')).toBe('2');
    expect((e.error as { error: { type: string } }).error.type).toBe('rate_limit_error');
    expect(callsTo('r-solo')).toBe(round + 1);
    // While parked: 429 at once in the client's format, nothing sent upstream.
    now += 500;
    const chat = await openai('solo').chat.completions.create({ model: 'm-solo', messages: [{ role: 'user', content: 'Hi' }] }).catch((x: unknown) => x);
    expect(chat).toBeInstanceOf(OpenAI.RateLimitError);
    expect((chat as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('2');
    expect(callsTo('r-solo')).toBe(round + 1);
    expect(bed.pipeline.router.view().parked).toEqual([{ channelId: 'r-solo', model: 'm-solo', until: now + 1500 }]);
    now += 1500;
  }
  expect(bed.pipeline.breakers.state('r-solo', 'm-solo')).toBe('closed');
  expect(bed.pipeline.breakers.state('r-solo')).toBe('closed');
  const answer = await ask();
  expect(answer.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hello from the fake upstream.' })]);
  expect(callsTo('r-solo')).toBe(4);
  await eventually(async () => expect(await counted('solo', 'r-solo', 'm-solo', 'skip_parked', false)).toBe(3));
});

test('a model whose upstream keeps answering 429 without saying when opens its breaker, and its clients hear 429 with when to come back, not 503', async () => {
  bed.upstream.setDefault(keyOf('r-solo'), { kind: 'error', status: 429, message: 'Rate limit reached for requests' });
  const chat = () => openai('solo').chat.completions.create({ model: 'm-solo', messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
  for (let i = 0; i < 2; i++) expect(await chat()).toBeInstanceOf(OpenAI.RateLimitError);
  expect(bed.pipeline.breakers.state('r-solo', 'm-solo')).toBe('open');
  now += 4000;
  const err = await chat();
  expect(err).toBeInstanceOf(OpenAI.RateLimitError);
  expect((err as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('6');
  expect(callsTo('r-solo')).toBe(2);
});

test('a channel ten times slower to its first byte gets a shrinking share, bounded below by the exploration share', async () => {
  // First bytes after 20 and 200 ms exactly, on the first-byte clock.
  bed.upstream.setDefault(keyOf('r-fast'), { kind: 'reply', delayMs: 20 });
  bed.upstream.setDefault(keyOf('r-slow'), { kind: 'reply', delayMs: 200 });
  draw = seeded(7);
  const level = bed.dataPlane.runtime()!.models.get('m-pair')!.routes[0].levels[0].channels;
  const slowWeight = () => bed.pipeline.router.scores.weights(level, 'm-pair')[level.findIndex((c) => c.channel.id === 'r-slow')];
  expect(slowWeight()).toBe(0.5);
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${bed.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get('pair')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm-pair', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
  expect(bed.pipeline.router.scores.get('r-slow', 'm-pair')).toMatchObject({ success: 1, ttfbMs: 200 });
  expect(bed.pipeline.router.scores.get('r-fast', 'm-pair')).toMatchObject({ success: 1, ttfbMs: 20 });
  // Settled, the slow weight is 0.9 x (1/10)/(1 + 1/10) + 0.1 x 1/2 = 0.13, down from the even 0.5;
  // its floor is the exploration share, 0.1 x 1/2.
  expect(slowWeight()).toBeCloseTo(0.9 * (0.1 / 1.1) + 0.1 * 0.5, 9);
  // The draws follow: over the last 200 requests, well under the even split and not starved.
  const slowLate = bed.upstream.requests.slice(100).filter((r) => r.key === keyOf('r-slow')).length;
  expect(slowLate / 200).toBeGreaterThan(0.05);
  expect(slowLate / 200).toBeLessThan(0.25);
});

test("every candidate parked for different times: 429 in the client's own format with the shortest Retry-After, each skip logged at debug with why", async () => {
  bed.upstream.setDefault(keyOf('r-p1'), { kind: 'error', status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after': '5' } });
  bed.upstream.setDefault(keyOf('r-p2'), { kind: 'error', status: 503, message: 'The engine is overloaded', headers: { 'retry-after': '2' } });
  // A Gemini client: the third format the 429 must come in.
  const ask = () =>
    fetch(`${bed.url}/v1beta/models/m-park:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': tokens.get('park')!, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
    });
  const first = await ask();
  expect([first.status, first.headers.get('retry-after')]).toEqual([429, '2']);
  expect(await first.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
  expect([callsTo('r-p1'), callsTo('r-p2')]).toEqual([1, 1]);
  // The 429 parks the model on r-p1; the 503 that only says when parks all of r-p2.
  expect(bed.pipeline.router.view().parked).toEqual(
    expect.arrayContaining([
      { channelId: 'r-p1', model: 'm-park', until: now + 5000 },
      { channelId: 'r-p2', model: null, until: now + 2000 },
    ]),
  );

  const lines: string[] = [];
  setLogDestination({ write: (line: string) => void lines.push(line) }, 'debug');
  try {
    now += 1000;
    const second = await ask();
    expect([second.status, second.headers.get('retry-after')]).toEqual([429, '1']);
    expect([callsTo('r-p1'), callsTo('r-p2')]).toEqual([1, 1]);
    const requestId = second.headers.get('x-request-id');
    const skipped = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'candidate skipped' && l.requestId === requestId);
    expect(skipped.map((l) => [l.level, l.channel, l.model, l.reason]).sort()).toEqual([
      ['debug', 'r-p1', 'm-park', 'parked'],
      ['debug', 'r-p2', 'm-park', 'parked'],
    ]);
  } finally {
    restoreTestLogs();
  }

  // r-p2's back-off ends first: it answers again, r-p1 is still left alone.
  now += 1000;
  bed.upstream.setDefault(keyOf('r-p2'), { kind: 'reply' });
  expect((await ask()).status).toBe(200);
  expect([callsTo('r-p1'), callsTo('r-p2')]).toEqual([1, 2]);
  expect(bed.pipeline.breakers.state('r-p1', 'm-park')).toBe('closed');
  expect(bed.pipeline.breakers.state('r-p2')).toBe('closed');
});

test("a channel whose key the upstream rejects is not at fault: its half-open probe is freed, and with the other candidate parked the client hears the key failure, not 429", async () => {
  const ask = () => openai('locked').chat.completions.create({ model: 'm-lock', messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
  // The first choice asks for 30 s of rest; two 500s of the other open its breaker for the model.
  bed.upstream.setDefault(keyOf('r-lock-first'), { kind: 'error', status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after': '30' } });
  bed.upstream.setDefault(keyOf('r-lock'), { kind: 'error', status: 500 });
  for (let i = 0; i < 2; i++) expect(await ask()).toBeInstanceOf(OpenAI.InternalServerError);
  expect([callsTo('r-lock-first'), callsTo('r-lock')]).toEqual([1, 2]);
  expect(bed.pipeline.breakers.state('r-lock', 'm-lock')).toBe('open');

  // Half-open while the first choice is still parked: the probe finds the only key rejected.
  now += 10_000;
  bed.upstream.setDefault(keyOf('r-lock'), { kind: 'error', status: 401, message: 'Incorrect API key provided' });
  const err = await ask();
  expect(err).toBeInstanceOf(OpenAI.APIError);
  expect([(err as InstanceType<typeof OpenAI.APIError>).status, (err as Error).message]).toEqual([502, expect.stringContaining('rejected the channel credentials')]);
  expect([callsTo('r-lock-first'), callsTo('r-lock')]).toEqual([1, 3]);
  // The key failure says nothing of the channel: its breaker neither closes nor opens again, and its probe is free for the next request.
  expect(bed.pipeline.breakers.state('r-lock', 'm-lock')).toBe('half-open');
  expect(bed.pipeline.breakers.allow('r-lock', 'm-lock')).toBe(true);
  bed.pipeline.breakers.release('r-lock', 'm-lock');
});

test("a coding agent's ten-turn conversation lands every turn on one channel of three, and moves once when that channel fails", async () => {
  const anthropic = new Anthropic({ apiKey: tokens.get('trio')!, baseURL: bed.url, maxRetries: 0 });
  const system = 'You are a coding agent working in a large repository. Follow the house style. '.repeat(20);
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Fix the failing test in src/parser.ts' }];
  const turn = async () => {
    const answer = await anthropic.messages.create({ model: 'm-agent', max_tokens: 100, system, messages });
    messages.push({ role: 'assistant', content: answer.content.map((b) => (b.type === 'text' ? b.text : '')).join('') }, { role: 'user', content: `Next step ${messages.length}` });
  };
  const channelOf = (i: number) => TRIO.find((id) => bed.upstream.requests[i].key === keyOf(id))!;
  for (let i = 0; i < 10; i++) await turn();
  const first = channelOf(0);
  expect(bed.upstream.requests.map((_, i) => channelOf(i))).toEqual(Array(10).fill(first));

  // Its channel fails: the turn moves to another channel, and the conversation stays there after the first one recovers.
  bed.upstream.setDefault(keyOf(first), { kind: 'error', status: 500 });
  await turn();
  const second = channelOf(11);
  expect(channelOf(10)).toBe(first);
  expect(second).not.toBe(first);
  bed.upstream.setDefault(keyOf(first), { kind: 'reply' });
  for (let i = 0; i < 4; i++) await turn();
  expect(bed.upstream.requests.slice(11).map((_, i) => channelOf(11 + i))).toEqual(Array(5).fill(second));
  expect(bed.pipeline.router.view().pinned).toEqual([{ channelId: second, conversations: 1 }]);
});

test("a conversation keeps its channel's key too, where other requests take the channel's keys in turn", async () => {
  const anthropic = new Anthropic({ apiKey: tokens.get('keys')!, baseURL: bed.url, maxRetries: 0 });
  const system = 'You are a coding agent. Read the files before you change them, and run the tests after. '.repeat(15);
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Rename the parser module' }];
  for (let i = 0; i < 4; i++) {
    const answer = await anthropic.messages.create({ model: 'm-keyed', max_tokens: 100, system, messages });
    messages.push({ role: 'assistant', content: answer.content.map((b) => (b.type === 'text' ? b.text : '')).join('') }, { role: 'user', content: `Go on (${i})` });
  }
  const turns = bed.upstream.requests.map((r) => r.key);
  expect(turns).toHaveLength(4);
  expect(TWO_KEYS).toContain(turns[0]);
  expect(turns).toEqual(Array(4).fill(turns[0]));
  // Short requests without a conversation id earn no affinity: both keys serve them.
  for (let i = 0; i < 2; i++) await anthropic.messages.create({ model: 'm-keyed', max_tokens: 10, messages: [{ role: 'user', content: `Hi ${i}` }] });
  expect(new Set(bed.upstream.requests.slice(4).map((r) => r.key))).toEqual(new Set(TWO_KEYS));
});

test('the retry budget bounds the channels a request tries: the client gets the last upstream error, and the skip is counted', async () => {
  for (const id of TRIO) bed.upstream.setDefault(keyOf(id), { kind: 'error', status: 502 });
  const err = await openai('trio').chat.completions.create({ model: 'm-agent', messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OpenAI.APIError);
  expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
  expect(bed.upstream.requests).toHaveLength(2);
  const untried = TRIO.find((id) => callsTo(id) === 0)!;
  await eventually(async () => expect(await counted('trio', untried, 'm-agent', 'skip_budget', false)).toBe(1));
});
