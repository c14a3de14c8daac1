/**
 * The routing pieces on their own (data-plane/routing): back-off hints, where a failure belongs,
 * breakers per channel and per model, parking, the adaptive weights, affinity keys and pins, the
 * retry budget. Clocks are injected; nothing waits.
 */
import { ChannelHealthType } from '../../control-plane/health/health.types.js';
import { emptyWindows } from '../../control-plane/health/health.model.js';
import type { RuntimeChannel, WeightedChannel } from '../../shared/snapshot/runtime-config.js';
import { readDataPlaneConfig } from '../../data-plane/config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { UpstreamFailure, failureFromError, failureFromStatus } from '../../shared/wire/failure.js';
import { candidateChannels } from '../../data-plane/relay/pick.js';
import { ChannelScores } from '../../data-plane/routing/adaptive-weights.js';
import { AffinityTable, MIN_PREFIX_CHARS, affinityKey } from '../../data-plane/routing/affinity.js';
import { RoutingBreakers } from '../../data-plane/routing/breakers.js';
import { backOffOf, scopeOf } from '../../data-plane/routing/failure-scope.js';
import { Parking } from '../../data-plane/routing/parking.js';
import { RetryBudget } from '../../data-plane/routing/retry-budget.js';
import { parseDuration, retryHint } from '../../shared/wire/retry-hint.js';
import { testGroup } from '../support/relay-catalog.js';
import { seeded } from '../support/seeded-random.js';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const NO_SIGNAL = { aborted: false };

describe('retry hints', () => {
  test('durations as the providers write them', () => {
    expect(parseDuration('2')).toBe(2000);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration('6m0s')).toBe(360_000);
    expect(parseDuration('20ms')).toBe(20);
    expect(parseDuration('1h2m')).toBe(3_720_000);
    expect(parseDuration('soon')).toBeUndefined();
  });

  test('Retry-After in seconds or as an HTTP date; retry-after-ms', () => {
    expect(retryHint({ 'retry-after': '2' }, '', NOW)).toEqual({ waitMs: 2000, rateLimit: false });
    expect(retryHint({ 'retry-after': new Date(NOW + 7000).toUTCString() }, '', NOW)).toEqual({ waitMs: 7000, rateLimit: false });
    expect(retryHint({ 'retry-after-ms': '350' }, '', NOW)).toEqual({ waitMs: 350, rateLimit: false });
    expect(retryHint({}, '{"error":{"message":"busy"}}', NOW)).toBeUndefined();
  });

  test("OpenAI's x-ratelimit-reset-*: the exhausted limit's reset counts, not one with room left", () => {
    const headers = { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-remaining-tokens': '9000', 'x-ratelimit-reset-tokens': '6m0s' };
    expect(retryHint(headers, '', NOW)).toEqual({ waitMs: 1000, rateLimit: true });
  });

  test("Anthropic's anthropic-ratelimit-*-reset instants", () => {
    const headers = { 'anthropic-ratelimit-input-tokens-remaining': '0', 'anthropic-ratelimit-input-tokens-reset': new Date(NOW + 4000).toISOString(), 'anthropic-ratelimit-requests-remaining': '12', 'anthropic-ratelimit-requests-reset': new Date(NOW + 60_000).toISOString() };
    expect(retryHint(headers, '', NOW)).toEqual({ waitMs: 4000, rateLimit: true });
  });

  test("Google's RetryInfo in the error body", () => {
    const body = JSON.stringify({
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.QuotaFailure' }, { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '13s' }],
      },
    });
    expect(retryHint({}, body, NOW)).toEqual({ waitMs: 13_000, rateLimit: true });
  });

  test('a hint is believed for ten minutes at most', () => {
    expect(retryHint({ 'retry-after': '86400' }, '', NOW)?.waitMs).toBe(600_000);
  });
});

describe('where a failure belongs', () => {
  const status = (s: number, body = '{"error":{"message":"x"}}', headers: Record<string, string> = {}) => failureFromStatus(s, body, retryHint(headers, body, NOW), []);

  test('model: a 5xx or 529 with a body, an in-stream error, a 429 without a hint, a malformed answer', () => {
    expect(scopeOf(status(500))).toBe('model');
    expect(scopeOf(status(529))).toBe('model');
    expect(scopeOf(new UpstreamFailure('status', true, new GatewayError('unavailable', 'overloaded'), 503))).toBe('model');
    expect(scopeOf(status(429))).toBe('model');
    expect(scopeOf(new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'x')))).toBe('model');
  });

  test('channel: refused, DNS, TLS, credentials refused', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      expect(scopeOf(failureFromError(Object.assign(new Error('x'), { code }), NO_SIGNAL))).toBe('channel');
    }
    expect(scopeOf(failureFromError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), NO_SIGNAL))).toBe('channel');
    expect(scopeOf(status(401))).toBe('channel');
    expect(scopeOf(status(403))).toBe('channel');
  });

  test('either (spread): a reset after the request went out, a timeout, a bodyless 5xx', () => {
    expect(scopeOf(failureFromError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }), NO_SIGNAL))).toBe('spread');
    expect(scopeOf(failureFromError(Object.assign(new Error('t'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), NO_SIGNAL))).toBe('spread');
    expect(scopeOf(status(502, ''))).toBe('spread');
  });

  test("none: the request's own fault", () => {
    expect(scopeOf(status(400))).toBeNull();
    expect(scopeOf(status(422))).toBeNull();
  });

  test('a 429 with a hint parks the model; a 503 with only Retry-After parks the channel; other statuses never park', () => {
    expect(backOffOf(status(429, '{}', { 'retry-after': '2' }))).toEqual({ waitMs: 2000, scope: 'model' });
    expect(backOffOf(status(503, '{}', { 'retry-after': '3' }))).toEqual({ waitMs: 3000, scope: 'channel' });
    expect(backOffOf(status(429))).toBeUndefined();
    expect(backOffOf(status(500, '{}', { 'retry-after': '2' }))).toBeUndefined();
  });

  test("the client's 429 carries the upstream's wait", () => {
    expect(status(429, '{}', { 'retry-after': '2' }).clientError.retryAfterSeconds).toBe(2);
  });
});

describe('breakers per channel and per model', () => {
  let now = NOW;
  const breakers = () => new RoutingBreakers({ failureThreshold: 3, windowMs: 10_000, openMs: 5000 }, () => now);
  beforeEach(() => (now = NOW));

  test("one model's failures open its breaker only: the channel's other models go on", () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.failure('c', 'bad', 'model');
    expect(b.allow('c', 'bad')).toBe(false);
    expect(b.allow('c', 'good')).toBe(true);
    expect(b.state('c')).toBe('closed');
  });

  test("the channel's failures open the channel for every model", () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.failure('c', 'one', 'channel');
    expect(b.allow('c', 'one')).toBe(false);
    expect(b.allow('c', 'two')).toBe(false);
    expect(b.state('c')).toBe('open');
  });

  test('timeouts and resets of one model stay that model; from two models they open the channel', () => {
    const b = breakers();
    for (let i = 0; i < 5; i++) b.failure('c', 'slow', 'spread');
    expect(b.state('c', 'slow')).toBe('open');
    expect(b.state('c')).toBe('closed');
    const c = breakers();
    c.failure('c', 'a', 'spread');
    c.failure('c', 'b', 'spread');
    c.failure('c', 'a', 'spread');
    expect(c.state('c')).toBe('open');
  });

  test('a model breaker opened by 429s says until when the model is rate limited; one opened by 500s does not', () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.failure('c', 'limited', 'model', true);
    for (let i = 0; i < 3; i++) b.failure('c', 'broken', 'model');
    expect(b.rateLimitedUntil('c', 'limited')).toBe(NOW + 5000);
    expect(b.rateLimitedUntil('c', 'broken')).toBeUndefined();
    expect(b.rateLimitedUntil('c', 'fine')).toBeUndefined();
  });

  test("a half-open model breaker's probe is not lost when the channel refuses, and the listing says which is which", () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.failure('c', 'm', 'model');
    now += 5000;
    expect(b.allow('c', 'm')).toBe(true);
    expect(b.allow('c', 'm')).toBe(false);
    b.release('c', 'm');
    expect(b.allow('c', 'm')).toBe(true);
    b.success('c', 'm');
    expect(b.state('c', 'm')).toBe('closed');
    b.failure('c', 'x', 'channel');
    expect(b.list()).toEqual([{ channelId: 'c', model: null, state: 'closed', openUntil: null, recentFailures: 1 }]);
  });
});

test('parking: per model or per channel, until the time named, then gone', () => {
  let now = NOW;
  const p = new Parking(() => now);
  p.park('c', 'm', 2000);
  expect(p.parkedUntil('c', 'm')).toBe(NOW + 2000);
  expect(p.parkedUntil('c', 'other')).toBeUndefined();
  p.park('d', null, 1000);
  expect(p.parkedUntil('d', 'anything')).toBe(NOW + 1000);
  expect(p.list()).toEqual([
    { channelId: 'c', model: 'm', until: NOW + 2000 },
    { channelId: 'd', model: null, until: NOW + 1000 },
  ]);
  now += 2000;
  expect(p.parkedUntil('c', 'm')).toBeUndefined();
  expect(p.list()).toEqual([]);
});

describe('adaptive weights', () => {
  const channel = (id: string, weight = 1): WeightedChannel => ({ channel: { id } as RuntimeChannel, weight, upstreamModel: 'u' });
  const level = [channel('fast'), channel('slow')];

  /** Share of `picks` draws going to each channel, feeding each pick's outcome back. */
  function simulate(scores: ChannelScores, outcome: (id: string) => { ok: boolean; ttfb: number }, picks: number, random: () => number): Map<string, number[]> {
    const served = new Map<string, number[]>(level.map((c) => [c.channel.id, []]));
    for (let i = 0; i < picks; i++) {
      const weights = scores.weights(level, 'm');
      let r = random() * weights.reduce((a, b) => a + b, 0);
      let k = 0;
      while (k < level.length - 1 && r >= weights[k]) r -= weights[k++];
      const id = level[k].channel.id;
      served.get(id)!.push(i);
      const o = outcome(id);
      scores.observe(id, 'm', o.ok, o.ok ? o.ttfb : undefined);
    }
    return served;
  }


  test('a channel ten times slower to its first byte gets a shrinking share, never below the exploration share', () => {
    const scores = new ChannelScores({ enabled: true, exploration: 0.1, alpha: 0.1 });
    // Before any attempt: the static shares, an even split.
    expect(scores.weights(level, 'm')).toEqual([0.5, 0.5]);
    const served = simulate(scores, (id) => ({ ok: true, ttfb: id === 'slow' ? 500 : 50 }), 400, seeded(7));
    const slow = served.get('slow')!;
    const share = (from: number, to: number) => slow.filter((i) => i >= from && i < to).length / (to - from);
    // Settled weights: slow = 0.9 x 0.1/1.1 + 0.1 x 0.5 = 0.132 of the draws.
    expect(scores.weights(level, 'm')[1]).toBeCloseTo(0.9 * (0.1 / 1.1) + 0.05, 2);
    expect(share(200, 400)).toBeGreaterThan(0.05);
    expect(share(200, 400)).toBeLessThan(0.25);
  });

  test('a failing channel loses traffic with its failure rate; switched off, the static weights hold', () => {
    const scores = new ChannelScores({ enabled: true, exploration: 0.1, alpha: 0.1 });
    const random = seeded(3);
    simulate(scores, (id) => ({ ok: id === 'fast' || random() < 0.5, ttfb: 50 }), 300, seeded(11));
    const [fast, slow] = scores.weights(level, 'm');
    expect(slow).toBeLessThan(0.3);
    expect(fast + slow).toBeCloseTo(1, 6);
    const off = new ChannelScores({ enabled: false, exploration: 0.1, alpha: 0.1 });
    off.observe('slow', 'm', false);
    expect(off.weights(level, 'm')).toEqual([1, 1]);
  });

  test('the pick draws with the given weights and tries the pinned channel first', () => {
    const route = { group: testGroup('g'), levels: [{ priority: 0, channels: level, totalWeight: 2 }] };
    const order = (pinned?: { group: string; channelId: string }) => [...candidateChannels([route], () => true, () => 0, { weigh: () => [0, 1], pinned })].map((c) => c.target.channel.id);
    expect(order()).toEqual(['slow', 'fast']);
    expect(order({ group: 'g', channelId: 'fast' })).toEqual(['fast', 'slow']);
    expect(order({ group: 'other', channelId: 'fast' })).toEqual(['slow', 'fast']);
  });
});

describe('prompt-cache affinity', () => {
  const long = 'You are a careful coding agent. '.repeat(Math.ceil(MIN_PREFIX_CHARS / 30));

  test("the client's own ids, by format, hashed", () => {
    const chat = affinityKey('chat-completions', { prompt_cache_key: 'conv-1', user: 'u', messages: [] }, {});
    expect(chat).toMatch(/^cache-key:[A-Za-z0-9_-]{32}$/);
    expect(chat).not.toContain('conv-1');
    expect(affinityKey('responses', { user: 'alice', input: 'x' }, {})).toMatch(/^user:/);
    expect(affinityKey('messages', { metadata: { user_id: 'alice' }, messages: [] }, {})).toMatch(/^user:/);
    expect(affinityKey('responses', { input: 'x' }, { 'session-id': 'codex-123' })).toMatch(/^session:/);
    expect(affinityKey('generateContent', { cachedContent: 'cachedContents/abc', contents: [] }, {})).toMatch(/^cached:/);
  });

  test('a long cacheable prefix: the same across turns, another for another conversation; short prompts get none', () => {
    const turn = (n: number, system = long) => ({ system, messages: [{ role: 'user', content: 'Fix the bug' }, ...Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'user' : 'assistant', content: `turn ${i}` }))] });
    const first = affinityKey('messages', turn(0), {});
    expect(first).toMatch(/^prefix:/);
    expect(affinityKey('messages', turn(6), {})).toBe(first);
    expect(affinityKey('messages', turn(6, `${long}!`), {})).not.toBe(first);
    expect(affinityKey('messages', turn(6, 'short'), {})).toBeUndefined();
    const chat = (n: number) => ({ messages: [{ role: 'system', content: long }, { role: 'user', content: 'go' }, ...Array.from({ length: n }, () => ({ role: 'assistant', content: 'ok' }))] });
    expect(affinityKey('chat-completions', chat(3), {})).toBe(affinityKey('chat-completions', chat(0), {}));
  });

  test('pins expire after their time to live and the least recently used go first', () => {
    let now = NOW;
    const table = new AffinityTable(1000, 2, () => now);
    table.set('a', { group: 'g', channelId: 'c1', keyId: 'k' });
    table.set('b', { group: 'g', channelId: 'c2', keyId: 'k' });
    expect(table.get('a')?.channelId).toBe('c1');
    table.set('a', { group: 'g', channelId: 'c1', keyId: 'k' });
    table.set('c', { group: 'g', channelId: 'c3', keyId: 'k' });
    expect(table.get('b')).toBeUndefined();
    expect([...table.countByChannel()]).toEqual([
      ['c1', 1],
      ['c3', 1],
    ]);
    now += 1001;
    expect(table.get('a')).toBeUndefined();
  });
});

describe('retry budget', () => {
  test('per request: attempts and total time', () => {
    let now = NOW;
    const budget = new RetryBudget({ maxAttempts: 3, maxTotalMs: 1000, maxShare: 1, minRetries: 100, windowMs: 10_000 }, () => now);
    budget.request();
    expect(budget.retry(NOW, 1)).toBeNull();
    expect(budget.retry(NOW, 3)).toBe('attempts');
    now += 1000;
    expect(budget.retry(NOW, 1)).toBe('time');
  });

  test("per node: retries capped at a share of the last two windows' requests, beyond a small allowance", () => {
    let now = NOW - (NOW % 10_000);
    const budget = new RetryBudget({ maxAttempts: 10, maxTotalMs: 60_000, maxShare: 0.1, minRetries: 2, windowMs: 10_000 }, () => now);
    for (let i = 0; i < 50; i++) budget.request();
    const outcomes = Array.from({ length: 8 }, () => budget.retry(now, 1));
    expect(outcomes.filter((o) => o === null)).toHaveLength(5);
    expect(outcomes.at(-1)).toBe('share');
    expect(budget.usage()).toEqual({ requests: 50, retries: 5 });
    // Two windows later the count starts again.
    now += 20_000;
    expect(budget.retry(now, 1)).toBeNull();
  });
});

test("a channel's cache-read share on the availability page: cached prompt tokens over all, none without prompt tokens", () => {
  const of = (promptTokens: number, cacheReadTokens: number) => ChannelHealthType.from({ channel: 'c', windows: emptyWindows(), cacheReads: { promptTokens, cacheReadTokens } });
  expect(of(1000, 600)).toEqual(expect.objectContaining({ promptTokens: 1000, cacheReadShare: 0.6 }));
  expect(of(0, 0).cacheReadShare).toBeNull();
});

test('the routing settings are read and checked at start', () => {
  const routing = readDataPlaneConfig({ ROUTING_ADAPTIVE: '0', ROUTING_EXPLORATION_PERMILLE: '50', ROUTING_MAX_ATTEMPTS: '3', ROUTING_RETRY_SHARE_PERMILLE: '200', ROUTING_AFFINITY_TTL_MS: '0', BREAKER_FAILURES: '7' }, false).routing;
  expect(routing.adaptive).toEqual(expect.objectContaining({ enabled: false, exploration: 0.05 }));
  expect(routing.budget).toEqual(expect.objectContaining({ maxAttempts: 3, maxShare: 0.2, maxTotalMs: 60_000 }));
  expect(routing.affinityTtlMs).toBe(0);
  expect(routing.breakers).toEqual({ failureThreshold: 7, windowMs: 30_000, openMs: 30_000 });
  expect(() => readDataPlaneConfig({ ROUTING_EXPLORATION_PERMILLE: '2000' }, false)).toThrow(/ROUTING_EXPLORATION_PERMILLE/);
  expect(() => readDataPlaneConfig({ ROUTING_ADAPTIVE: 'yes' }, false)).toThrow(/ROUTING_ADAPTIVE/);
});
