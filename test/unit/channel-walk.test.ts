/**
 * The walk the media endpoints share over candidate channels and their keys
 * (data-plane/media/channel-walk.ts): key rejection, failover, the client's own errors, channels
 * that cannot serve, and what the node's routing state (breakers, parking, retry budget), health
 * and the debug log are told.
 */
import type { ChannelKind } from '../../shared/snapshot/types.js';
import type { GroupRoute, RuntimeChannel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { ChannelUnsuited, ChannelWalk } from '../../data-plane/media/channel-walk.js';
import { DEFAULT_ROUTER_OPTIONS, Router } from '../../data-plane/routing/router.js';
import { KeyRejected, UpstreamFailure } from '../../shared/wire/failure.js';
import type { AttemptRecord, SkipRecord } from '../../data-plane/relay/outcome.js';
import type { KeyRejection } from '../../data-plane/relay/relay.js';
import { setLogDestination } from '../../shared/log.js';
import { restoreTestLogs } from '../support/quiet-logs.js';
import { testGroup } from '../support/relay-catalog.js';

function channel(id: string, kind: ChannelKind, keys: string[]): RuntimeChannel {
  return {
    id,
    name: id,
    kind,
    isDemo: false,
    baseUrl: 'http://upstream.invalid',
    keys: keys.map((k) => ({ id: k, secret: `sk-${k}`, enabled: true })),
    upstreamModels: new Map(),
    timeouts: { connectMs: 1000, firstByteMs: 1000, totalMs: 1000 },
    azure: null,
    active: true,
  };
}

/** One group trying `channels` in the given order (one priority level each, highest first). */
function route(channels: RuntimeChannel[]): GroupRoute[] {
  const levels = channels.map((c, i) => ({ priority: 100 - i, channels: [{ channel: c, weight: 1, upstreamModel: `up-${c.id}` }], totalWeight: 1 }));
  return [{ group: testGroup('media'), levels }];
}

const serverError = () => new UpstreamFailure('status', true, new GatewayError('upstream', 'overloaded'), 503);
const refused = () => new UpstreamFailure('status', false, new GatewayError('invalid_request', 'the prompt was refused', 400), 400);

/** A walk on a real routing state (breakers opening at the first failure, a clock of its own) and what it reported. */
function setup(options: Partial<typeof DEFAULT_ROUTER_OPTIONS> = {}) {
  const clock = { now: 1_000_000 };
  const router = new Router({ ...DEFAULT_ROUTER_OPTIONS, breakers: { failureThreshold: 1, windowMs: 60_000, openMs: 60_000 }, ...options }, () => clock.now);
  const attempts: AttemptRecord[] = [];
  const skips: SkipRecord[] = [];
  const rejections: KeyRejection[] = [];
  const walk = new ChannelWalk({ router, onAttempt: (record) => attempts.push({ ...record }), onSkip: (skip) => skips.push(skip), onKeyRejected: (r) => rejections.push(r) });
  return { router, clock, attempts, skips, rejections, walk };
}

test("a rejected key gives way to the channel's next key; a 5xx to the next channel, whose answer is returned", async () => {
  const { router, attempts, rejections, walk } = setup();
  const [a, b] = [channel('a', 'openai', ['a1', 'a2']), channel('b', 'openai', ['b1'])];
  const calls: string[] = [];
  const walked = await walk.walk({
    model: 'm',
    candidates: route([a, b]),
    upstreamFor: (kind) => (kind === 'openai' ? 'openai-upstream' : undefined),
    makes: 'images',
    call: async (ch, upstream, key, upstreamModel, record) => {
      calls.push(`${ch.id}:${key}:${upstreamModel}:${upstream}`);
      if (key === 'sk-a1') throw new KeyRejected(401);
      if (ch.id === 'a') throw serverError();
      record.status = 200;
      return 'answer';
    },
  });
  expect(walked).toMatchObject({ group: { name: 'media' }, channel: { id: 'b' }, upstream: 'openai-upstream', value: 'answer' });
  expect(calls).toEqual(['a:sk-a1:up-a:openai-upstream', 'a:sk-a2:up-a:openai-upstream', 'b:sk-b1:up-b:openai-upstream']);
  expect(rejections).toEqual([{ channelId: 'a', keyId: 'a1', status: 401 }]);
  expect(attempts.map((r) => [r.channelId, r.result, r.status])).toEqual([
    ['a', 'status', 401],
    ['a', 'status', 503],
    ['b', 'ok', 200],
  ]);
  // The 5xx opened a's breaker for the model (threshold 1); b answered, its breaker stays closed.
  expect(router.breakers.allow('a', 'm')).toBe(false);
  expect(router.breakers.allow('b', 'm')).toBe(true);
  // The rejected key stays out: the next walk starts a with its other key.
  calls.length = 0;
  router.breakers.success('a', 'm');
  await walk.walk({ model: 'm', candidates: route([a]), upstreamFor: () => 'u', makes: 'images', call: async (ch, _u, key) => calls.push(key) });
  expect(calls).toEqual(['sk-a2']);
});

test("a refusal of the request is the client's answer at once: no other channel is tried, the breaker is not counted against", async () => {
  const { router, attempts, walk } = setup();
  const calls: string[] = [];
  const walking = walk.walk({
    model: 'm',
    candidates: route([channel('a', 'openai', ['a1']), channel('b', 'openai', ['b1'])]),
    upstreamFor: () => 'u',
    makes: 'images',
    call: async (ch) => {
      calls.push(ch.id);
      throw refused();
    },
  });
  await expect(walking).rejects.toMatchObject({ status: 400, message: 'the prompt was refused' });
  expect(calls).toEqual(['a']);
  expect(attempts.map((r) => r.result)).toEqual(['status']);
  expect(router.breakers.allow('a', 'm')).toBe(true);
});

test('channels that cannot serve are passed over uncounted; with none left the client is told why', async () => {
  const { attempts, walk } = setup();
  const candidates = route([channel('g', 'gemini', ['g1']), channel('o', 'openai', ['o1'])]);
  const calls: string[] = [];
  const walking = walk.walk({
    model: 'veo',
    candidates,
    upstreamFor: (kind) => (kind === 'gemini' ? 'gemini-upstream' : undefined),
    makes: 'videos',
    call: async (ch) => {
      calls.push(ch.id);
      throw new ChannelUnsuited('This model makes videos of 4, 6 or 8 seconds, not 5');
    },
  });
  // The last channel's reason is the answer: the openai channel has no video upstream here.
  await expect(walking).rejects.toMatchObject({ status: 400, message: "The model 'veo' has no channel that makes videos" });
  expect(calls).toEqual(['g']);
  expect(attempts).toEqual([]);

  const only = walk.walk({ model: 'veo', candidates: route([channel('g', 'gemini', ['g1'])]), upstreamFor: () => 'u', makes: 'videos', call: () => Promise.reject(new ChannelUnsuited('not 5 seconds')) });
  await expect(only).rejects.toMatchObject({ status: 400, message: 'not 5 seconds' });
});

test('every channel failing or keyless: the last failure, or "unavailable" when nothing was tried', async () => {
  const { walk } = setup();
  const failing = walk.walk({ model: 'm', candidates: route([channel('a', 'openai', ['a1'])]), upstreamFor: () => 'u', makes: 'images', call: () => Promise.reject(serverError()) });
  await expect(failing).rejects.toMatchObject({ message: 'overloaded' });
  const keyless = walk.walk({ model: 'm', candidates: route([channel('k', 'openai', [])]), upstreamFor: () => 'u', makes: 'images', call: () => Promise.resolve('never') });
  await expect(keyless).rejects.toMatchObject({ status: 503, message: "No channel is available for model 'm' right now" });
});

test("withKeys: one channel's keys in turn; every key rejected ends in that rejection, then in none", async () => {
  const { attempts, rejections, walk } = setup();
  const ch = channel('j', 'openai', ['j1', 'j2']);
  const first = await walk.withKeys(ch, 'media', 'm', () => Promise.reject(new KeyRejected(403)));
  expect('failure' in first && first.failure).toBeInstanceOf(KeyRejected);
  expect(rejections.map((r) => r.keyId)).toEqual(['j1', 'j2']);
  expect(attempts.map((r) => [r.group, r.channelId, r.status])).toEqual([
    ['media', 'j', 403],
    ['media', 'j', 403],
  ]);
  expect(await walk.withKeys(ch, 'media', 'm', () => Promise.resolve('never'))).toEqual({ failure: undefined });
  // An error the caller's conversion does not know passes through untouched.
  const odd = new Error('a bug');
  await expect(walk.withKeys(channel('x', 'openai', ['x1']), 'media', 'm', () => Promise.reject(odd))).rejects.toBe(odd);
});

test('withKeys with nextKeyOn: such a failure tries each other key once (none dropped), a success wins, every key failing so ends in it', async () => {
  const { attempts, rejections, walk } = setup();
  const ch = channel('n', 'openai', ['n1', 'n2', 'n3']);
  const notFound = (key: string) => new UpstreamFailure('status', false, new GatewayError('not_found', `unknown to ${key}`), 404);
  const is404 = (f: UpstreamFailure) => f.status === 404;
  const onlyN3 = (key: string) => (key === 'sk-n3' ? Promise.resolve(key) : Promise.reject(notFound(key)));
  const found = await walk.withKeys(ch, 'media', 'm', onlyN3, undefined, is404);
  expect('value' in found && found.value).toBe('sk-n3');
  // The rotation goes on from where the last call left it: every key still tried, none twice.
  const seen: string[] = [];
  const none = await walk.withKeys(ch, 'media', 'm', (key) => (seen.push(key), Promise.reject(notFound(key))), undefined, is404);
  expect([...seen].sort()).toEqual(['sk-n1', 'sk-n2', 'sk-n3']);
  expect('failure' in none && none.failure?.status).toBe(404);
  expect(rejections).toEqual([]);
  expect(attempts.filter((a) => a.status === 404)).toHaveLength(5);
  // Without it, the first such failure ends the walk over the keys.
  const calls: string[] = [];
  const once = await walk.withKeys(ch, 'media', 'm', (key) => (calls.push(key), Promise.reject(notFound(key))));
  expect(calls).toHaveLength(1);
  expect('failure' in once && once.failure?.status).toBe(404);
});

test('an open breaker passes its channel over (counted as a skip) until it half-opens', async () => {
  const { router, clock, skips, walk } = setup();
  const [a, b] = [channel('a', 'openai', ['a1']), channel('b', 'openai', ['b1'])];
  const calls: string[] = [];
  const call = async (ch: RuntimeChannel) => {
    calls.push(ch.id);
    if (ch.id === 'a' && calls.length === 1) throw serverError();
    return ch.id;
  };
  const once = () => walk.walk({ model: 'm', candidates: route([a, b]), upstreamFor: () => 'u', makes: 'images', call });
  expect((await once()).value).toBe('b');
  expect((await once()).value).toBe('b');
  expect(calls).toEqual(['a', 'b', 'b']);
  expect(skips).toEqual([{ group: 'media', channelId: 'a', reason: 'breaker' }]);
  // Another model on the same channel is not held back by this model's breaker.
  expect(router.breakers.allow('a', 'other')).toBe(true);
  clock.now += 60_000;
  expect((await once()).value).toBe('a');
});

test('a 429 that says when to come back parks the channel; with every candidate parked the client gets 429 and Retry-After', async () => {
  const { skips, walk } = setup();
  const limited = () => new UpstreamFailure('status', true, new GatewayError('rate_limit', 'slow down', 429), 429, { retryHint: { waitMs: 30_000, rateLimit: true } });
  const [a, b] = [channel('a', 'openai', ['a1']), channel('b', 'openai', ['b1'])];
  const calls: string[] = [];
  const call = async (ch: RuntimeChannel): Promise<string> => {
    calls.push(ch.id);
    throw limited();
  };
  const once = () => walk.walk({ model: 'm', candidates: route([a, b]), upstreamFor: () => 'u', makes: 'videos', call });
  await expect(once()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
  expect(calls).toEqual(['a', 'b']);
  // Both parked: nothing is called, and the client still hears when to come back.
  await expect(once()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
  expect(calls).toEqual(['a', 'b']);
  expect(skips.map((s) => [s.channelId, s.reason])).toEqual([
    ['a', 'parked'],
    ['b', 'parked'],
  ]);
});

test('a channel whose keys are all rejected is not at fault: its half-open probe is freed, and beside a parked candidate the client hears the key failure, not 429', async () => {
  const { router, clock, walk } = setup();
  const limited = () => new UpstreamFailure('status', true, new GatewayError('rate_limit', 'slow down', 429), 429, { retryHint: { waitMs: 120_000, rateLimit: true } });
  const [a, b] = [channel('a', 'openai', ['a1']), channel('b', 'openai', ['b1', 'b2'])];
  const calls: string[] = [];
  let answer: (ch: RuntimeChannel) => Promise<string> = async (ch) => {
    throw ch.id === 'a' ? limited() : serverError();
  };
  const call = (ch: RuntimeChannel, _upstream: string, key: string) => {
    calls.push(key);
    return answer(ch);
  };
  const once = () => walk.walk({ model: 'm', candidates: route([a, b]), upstreamFor: () => 'u', makes: 'images', call });
  // a is parked for two minutes; b's 5xx opens its breaker for one.
  await expect(once()).rejects.toMatchObject({ message: 'overloaded' });
  clock.now += 60_000;
  answer = async () => {
    throw new KeyRejected(401);
  };
  // Half-open: b's probe finds both its keys rejected.
  await expect(once()).rejects.toMatchObject({ status: 502, message: 'The upstream rejected the channel credentials' });
  expect(calls).toEqual(['sk-a1', 'sk-b1', 'sk-b2', 'sk-b1']);
  expect(router.breakers.state('b', 'm')).toBe('half-open');
  expect(router.breakers.allow('b', 'm')).toBe(true);
});

test('the retry budget bounds the channels one request may try', async () => {
  const { skips, walk } = setup({ budget: { ...DEFAULT_ROUTER_OPTIONS.budget, maxAttempts: 2 } });
  const calls: string[] = [];
  const walking = walk.walk({
    model: 'm',
    candidates: route(['a', 'b', 'c'].map((id) => channel(id, 'openai', [`${id}1`]))),
    upstreamFor: () => 'u',
    makes: 'images',
    call: async (ch) => {
      calls.push(ch.id);
      throw serverError();
    },
  });
  await expect(walking).rejects.toMatchObject({ message: 'overloaded' });
  expect(calls).toEqual(['a', 'b']);
  expect(skips).toEqual([{ group: 'media', channelId: 'c', reason: 'budget' }]);
});

test('each skip and each failed call is logged at debug with why and the request id', async () => {
  const { walk } = setup();
  const [a, b] = [channel('a', 'openai', ['a1']), channel('b', 'openai', ['b1'])];
  const lines: string[] = [];
  setLogDestination({ write: (line: string) => void lines.push(line) }, 'debug');
  try {
    const call = async (ch: RuntimeChannel) => {
      if (ch.id === 'a') throw serverError();
      return ch.id;
    };
    for (const requestId of ['req_1', 'req_2']) await walk.walk({ model: 'm', requestId, candidates: route([a, b]), upstreamFor: () => 'u', makes: 'images', call });
  } finally {
    restoreTestLogs();
  }
  const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 'debug');
  expect(logged.map((l) => [l.msg, l.requestId, l.channel, l.model, l.counts ?? l.reason])).toEqual([
    ['upstream attempt failed', 'req_1', 'a', 'm', 'model'],
    ['candidate skipped', 'req_2', 'a', 'm', 'breaker'],
  ]);
});
