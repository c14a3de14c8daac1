/**
 * Rate limits across two data planes sharing one Redis, under concurrent traffic from the official
 * SDKs (openai, @anthropic-ai/sdk, @google/genai): no more than the limit is admitted per window
 * across both nodes; refusals are 429s in each client's format with Retry-After and the
 * rate-limit headers; a refused request reaches no upstream and leaves no reservation or usage
 * event; concurrency slots come back on every path; and a limiter that cannot reach Redis fails
 * open for RATE_LIMIT_FAIL_OPEN_MS, then refuses with 503.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { readDataPlaneConfig } from '../../data-plane/config.js';
import { startDataPlane, type DataPlane, type PipelineFactory } from '../../data-plane/bootstrap.js';
import { Metering } from '../../data-plane/billing/metering.js';
import { createRelayPipeline } from '../../data-plane/pipeline/pipeline.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import { setLogDestination } from '../../shared/log.js';
import { restoreTestLogs } from '../support/quiet-logs.js';
import type { RateLimits } from '../../shared/limits/rate-limits.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { ScopeUse } from '../../shared/ports/rate-limiter.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { TEST_SECRET_KEY } from '../support/control-plane.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';
import { tempDataDir } from '../support/data-plane.js';
import { eventually } from '../support/eventually.js';
import { PrivateRedis } from '../support/private-redis.js';
import { dropKeys } from '../support/redis-keys.js';
import { FakeUpstream } from '../fakes/upstream.js';

const NONE: RateLimits = { rpm: null, tpm: null, concurrency: null };
const MODEL = 'm-openai';
const UPSTREAM_KEY = keyOf('ch-openai');
const USAGE_GROUP = 'rate-limit-test';
const ACCOUNT = 'acct-rl';

/** The production model routes: the relay pipeline with metering. */
const metered: PipelineFactory = (deps) => {
  const metering = new Metering({ balances: deps.ports.balances, usage: deps.ports.usage, node: deps.config.nodeName });
  const pipeline = createRelayPipeline(deps, { meter: metering.middleware });
  return {
    middleware: pipeline.middleware,
    close: async () => {
      await pipeline.close();
      await metering.close();
    },
  };
};

/** A catalog whose groups carry `limits` by name. */
function withGroupLimits(content: SnapshotContent, limits: Record<string, Partial<RateLimits>>): SnapshotContent {
  return { ...content, groups: content.groups.map((g) => (limits[g.name] ? { ...g, limits: { ...NONE, ...limits[g.name] } } : g)) };
}

/** What a client saw of one call. */
interface Seen {
  status: number;
  headers: Headers | null;
  body: unknown;
}

/** One call through an SDK, reduced to status, headers and the parsed error body (never throws). */
type Call = (node: string, key: string) => Promise<Seen>;

const openaiCall: Call = async (node, key) => {
  const openai = new OpenAI({ apiKey: key, baseURL: `${node}/v1`, maxRetries: 0 });
  try {
    const { response } = await openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }], max_tokens: 100 }).withResponse();
    return { status: response.status, headers: response.headers, body: null };
  } catch (err) {
    if (!(err instanceof OpenAI.APIError) || err.status === undefined) throw err;
    return { status: err.status, headers: err.headers ?? null, body: err.error };
  }
};

const anthropicCall: Call = async (node, key) => {
  const anthropic = new Anthropic({ apiKey: key, baseURL: node, maxRetries: 0 });
  try {
    const { response } = await anthropic.messages.create({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] }).withResponse();
    return { status: response.status, headers: response.headers, body: null };
  } catch (err) {
    if (!(err instanceof Anthropic.APIError) || err.status === undefined) throw err;
    return { status: err.status, headers: err.headers ?? null, body: err.error };
  }
};

const geminiCall: Call = async (node, key) => {
  const gemini = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: node } });
  try {
    await gemini.models.generateContent({ model: MODEL, contents: 'Hi', config: { maxOutputTokens: 100 } });
    return { status: 200, headers: null, body: null };
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (typeof status !== 'number') throw err;
    return { status, headers: null, body: JSON.parse((err as Error).message) as unknown };
  }
};

/** Two metered data planes on one Redis prefix, with a loaded balance for {@link ACCOUNT}. */
interface TwoNodes {
  bed: RelayBed;
  second: DataPlane;
  nodes: [string, string];
  publish(content: SnapshotContent): Promise<void>;
  token(limits?: Partial<RateLimits>, accountLimits?: Partial<RateLimits>, groups?: string[]): Promise<{ key: string; tokenId: string }>;
  use(partition: string, scope: string): Promise<ScopeUse>;
  stop(): Promise<void>;
}

async function startTwoNodes(content: (url: string) => SnapshotContent): Promise<TwoNodes> {
  // The bed's own node relays without metering and takes no traffic here: two metered nodes do.
  const bed = await startRelayBed(content);
  const dirs = [await tempDataDir(), await tempDataDir()];
  const start = (name: string, dir: string) =>
    startDataPlane(
      readDataPlaneConfig(
        { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: bed.redisPrefix, NODE_NAME: name, SECRET_KEY: TEST_SECRET_KEY, DATA_PLANE_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SNAPSHOT_POLL_MS: '50', HEARTBEAT_MS: '1000' },
        true,
      ),
      { secretKey: TEST_SECRET_KEY, pipeline: metered },
    );
  const first = await start('node-a', dirs[0].path);
  const second = await start('node-b', dirs[1].path);
  await bed.ports.balances.load(ACCOUNT, 1_000_000_000_000n, new Map());
  await bed.ports.usage.ensureGroup(USAGE_GROUP);
  let revision = 0;
  const publish = async (c: SnapshotContent) => {
    revision = await bed.ports.configBus.allocateRevision();
    await bed.ports.configBus.publishSnapshot(sealSnapshot(c, revision, new Date()));
    await eventually(async () => first.runtime()?.revision === revision && second.runtime()?.revision === revision, 'both nodes apply the snapshot');
  };
  let tokens = 0;
  return {
    bed,
    second,
    nodes: [first.url, second.url],
    publish,
    token: async (limits = {}, accountLimits = {}, groups = ['all']) => {
      const tokenId = `tok-rl-${++tokens}`;
      const key = await bed.token({ tokenId, accountId: ACCOUNT, groups, limits: { ...NONE, ...limits }, accountLimits: { ...NONE, ...accountLimits } });
      return { key, tokenId };
    },
    use: async (partition, scope) => (await bed.ports.rateLimits.use(partition, [{ name: scope, limits: NONE }], 60_000))[0],
    stop: async () => {
      await first.close();
      await second.close();
      await bed.stop();
      for (const dir of dirs) await dir.remove();
    },
  };
}

/** Usage events queued for `tokenId` so far. */
async function usageEvents(t: TwoNodes, tokenId: string): Promise<number> {
  return (await t.bed.ports.usage.unconsumed(USAGE_GROUP)).filter((e) => e.event.tokenId === tokenId).length;
}

describe('rate limits across two data planes', () => {
  let t: TwoNodes;

  beforeAll(async () => {
    t = await startTwoNodes(patientRelayCatalog);
  }, 60_000);

  afterAll(async () => {
    await t.stop();
  });

  test('requests per minute hold across both nodes under concurrent SDK traffic; refusals cost nothing', async () => {
    const { key, tokenId } = await t.token({ rpm: 6 });
    const before = t.bed.upstream.requestsFor(UPSTREAM_KEY).length;
    const calls = [openaiCall, anthropicCall, geminiCall].flatMap((call) => [0, 1, 2, 3, 4, 5].map((i) => call(t.nodes[i % 2], key)));
    const seen = await Promise.all(calls);
    expect(seen.filter((s) => s.status === 200)).toHaveLength(6);
    expect(seen.filter((s) => s.status === 429)).toHaveLength(12);
    // Only admitted requests reached the upstream, and only they were charged.
    expect(t.bed.upstream.requestsFor(UPSTREAM_KEY).length - before).toBe(6);
    await eventually(async () => (await usageEvents(t, tokenId)) === 6, 'usage events of the admitted requests');
    expect((await t.bed.ports.balances.inspect(ACCOUNT)).reservations ?? []).toHaveLength(0);
    expect(await t.use(`acct:${ACCOUNT}`, `token:${tokenId}`)).toMatchObject({ requests: 6 });

    // Each format's own 429.
    const openaiRefusal = seen.slice(0, 6).find((s) => s.status === 429);
    const anthropicRefusal = seen.slice(6, 12).find((s) => s.status === 429);
    const geminiRefusal = seen.slice(12).find((s) => s.status === 429);
    if (openaiRefusal) {
      expect(openaiRefusal.body).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
      expect(Number(openaiRefusal.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(openaiRefusal.headers?.get('x-ratelimit-limit-requests')).toBe('6');
      expect(openaiRefusal.headers?.get('x-ratelimit-remaining-requests')).toBe('0');
      expect(openaiRefusal.headers?.get('x-ratelimit-reset-requests')).toMatch(/^\d+(\.\d)?s$|^\d+m\d+s$|^\d+ms$/);
    }
    if (anthropicRefusal) {
      expect(anthropicRefusal.body).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
      expect(anthropicRefusal.headers?.get('retry-after')).toMatch(/^\d+$/);
      expect(anthropicRefusal.headers?.get('anthropic-ratelimit-requests-limit')).toBe('6');
      expect(anthropicRefusal.headers?.get('anthropic-ratelimit-requests-reset')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    if (geminiRefusal) expect(geminiRefusal.body).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    expect([openaiRefusal, anthropicRefusal, geminiRefusal].filter(Boolean).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  test('every format is refused in its own shape with the headers', async () => {
    // A limit of one: after one admitted call, each SDK's call is refused (deterministic shapes).
    const { key } = await t.token({ rpm: 1, tpm: 1_000_000 });
    const admitted = await openaiCall(t.nodes[0], key);
    expect(admitted.status).toBe(200);
    expect(admitted.headers?.get('x-ratelimit-limit-requests')).toBe('1');
    expect(admitted.headers?.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(admitted.headers?.get('x-ratelimit-limit-tokens')).toBe('1000000');
    const openai = await openaiCall(t.nodes[1], key);
    expect(openai).toMatchObject({ status: 429, body: { type: 'requests', code: 'rate_limit_exceeded' } });
    expect(openai.headers?.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(Number(openai.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const anthropic = await anthropicCall(t.nodes[0], key);
    expect(anthropic).toMatchObject({ status: 429, body: { type: 'error', error: { type: 'rate_limit_error' } } });
    expect(anthropic.headers?.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    const gemini = await geminiCall(t.nodes[1], key);
    expect(gemini).toMatchObject({ status: 429, body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } } });
  }, 60_000);

  test('an account limit counts every token of the account, on both nodes', async () => {
    // An account of its own: the other tests' traffic does not count here.
    await t.bed.ports.balances.load('acct-rl-2', 1_000_000_000_000n, new Map());
    const tokenOf = (tokenId: string) => t.bed.token({ tokenId, accountId: 'acct-rl-2', groups: ['all'], accountLimits: { ...NONE, rpm: 4 } });
    const [a, b] = [await tokenOf('tok-rl-a'), await tokenOf('tok-rl-b')];
    const calls = [a, b, a, b, a, b, a, b].map((key, i) => [openaiCall, anthropicCall, geminiCall][i % 3](t.nodes[i % 2], key));
    const seen = await Promise.all(calls);
    expect(seen.filter((s) => s.status === 200)).toHaveLength(4);
    expect(seen.filter((s) => s.status === 429)).toHaveLength(4);
    expect(await t.use('acct:acct-rl-2', 'account')).toMatchObject({ requests: 4 });
    // Another account is not held back by this one's limit.
    const other = await t.token();
    expect((await openaiCall(t.nodes[0], other.key)).status).toBe(200);
  }, 60_000);

  test('tokens per minute: counted from the estimate at admission, corrected by the answer', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    t.bed.upstream.script(UPSTREAM_KEY, { kind: 'reply', after: gate }, { kind: 'reply', after: gate });
    // One call's estimate: the prompt (about 80 body bytes / 3) plus max_tokens 100, about 127: two fit in 300.
    const { key, tokenId } = await t.token({ tpm: 300 });
    const before = t.bed.upstream.requestsFor(UPSTREAM_KEY).length;
    const settled: Seen[] = [];
    const calls = Array.from({ length: 6 }, (_, i) => openaiCall(t.nodes[i % 2], key).then((seen) => (settled.push(seen), seen)));
    // While the admitted ones wait upstream, every other call is answered.
    await eventually(async () => settled.length + t.bed.upstream.requestsFor(UPSTREAM_KEY).length - before === 6, 'every call admitted or refused');
    const held = await t.use(`acct:${ACCOUNT}`, `token:${tokenId}`);
    expect(held.requests).toBe(2);
    expect(held.tokens).toBeGreaterThan(200);
    expect(held.tokens).toBeLessThanOrEqual(300);
    expect(settled.every((s) => s.status === 429 && (s.body as { type?: string }).type === 'tokens')).toBe(true);
    open();
    const seen = await Promise.all(calls);
    expect(seen.filter((s) => s.status === 200)).toHaveLength(2);
    // The fake answers 16 prompt and 7 output tokens: the window ends up holding what was used.
    await eventually(async () => (await t.use(`acct:${ACCOUNT}`, `token:${tokenId}`)).tokens === 2 * 23, 'token counts corrected');
    expect((await openaiCall(t.nodes[0], key)).status).toBe(200);
  }, 60_000);

  test('concurrency holds across nodes, and slots come back on success, upstream error and a cut stream', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    t.bed.upstream.script(UPSTREAM_KEY, { kind: 'reply', after: gate }, { kind: 'reply', after: gate });
    const { key, tokenId } = await t.token({ concurrency: 2 });
    const before = t.bed.upstream.requestsFor(UPSTREAM_KEY).length;
    const calls = [openaiCall, anthropicCall, geminiCall, openaiCall, anthropicCall, geminiCall].map((call, i) => call(t.nodes[i % 2], key));
    // The two admitted wait upstream; the four others are refused meanwhile.
    await eventually(async () => t.bed.upstream.requestsFor(UPSTREAM_KEY).length - before === 2, 'two requests upstream');
    const use = await t.use(`acct:${ACCOUNT}`, `token:${tokenId}`);
    expect(use.inFlight).toBe(2);
    open();
    const seen = await Promise.all(calls);
    expect(seen.filter((s) => s.status === 200)).toHaveLength(2);
    expect(seen.filter((s) => s.status === 429)).toHaveLength(4);
    await eventually(async () => (await t.use(`acct:${ACCOUNT}`, `token:${tokenId}`)).inFlight === 0, 'slots released after success');

    t.bed.upstream.script(UPSTREAM_KEY, { kind: 'error', status: 500 }, { kind: 'cut', afterEvents: 2 });
    expect((await openaiCall(t.nodes[0], key)).status).toBe(500);
    await eventually(async () => (await t.use(`acct:${ACCOUNT}`, `token:${tokenId}`)).inFlight === 0, 'slot released after an upstream error');
    const openai = new OpenAI({ apiKey: key, baseURL: `${t.nodes[1]}/v1`, maxRetries: 0 });
    await expect(openai.chat.completions.stream({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] }).finalChatCompletion()).rejects.toThrow();
    await eventually(async () => (await t.use(`acct:${ACCOUNT}`, `token:${tokenId}`)).inFlight === 0, 'slot released after a cut stream');
  }, 60_000);

  test('a full group is skipped for the next candidate; with none left the request is refused naming the group', async () => {
    await t.publish(withGroupLimits(patientRelayCatalog(t.bed.upstream.url), { primary: { rpm: 2 }, backup: { rpm: 1 } }));
    const { key } = await t.token({}, {}, ['primary', 'backup']);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const openai = new OpenAI({ apiKey: key, baseURL: `${t.nodes[i % 2]}/v1`, maxRetries: 0 });
      const result = await openai.chat.completions.create({ model: 'm-fail', messages: [{ role: 'user', content: 'Hi' }] }).withResponse().then(
        ({ response }) => ({ status: response.status, group: response.headers.get('x-meridian-group') }),
        (err: InstanceType<typeof OpenAI.APIError>) => ({ status: err.status, group: null, message: err.message }),
      );
      statuses.push(result.status ?? 0);
      if (i === 3) expect((result as { message?: string }).message).toContain("group 'primary'");
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(t.bed.upstream.requestsFor(keyOf('f-backup')).length).toBe(1);
    await t.publish(patientRelayCatalog(t.bed.upstream.url));
  }, 60_000);
});

describe('rate limits when Redis cannot be reached', () => {
  test('the limiter fails open for RATE_LIMIT_FAIL_OPEN_MS, logged once, then refuses with 503 until Redis is back', async () => {
    const redis = await PrivateRedis.start();
    const upstream = await FakeUpstream.start();
    const prefix = testRedisPrefix();
    const ports = redisPorts(redis.url, prefix);
    const dir = await tempDataDir();
    const warnings: string[] = [];
    setLogDestination({ write: (line: string) => void (line.includes('rate limits cannot be checked') && warnings.push(line)) }, 'warn');
    let node: DataPlane | undefined;
    try {
      await ports.configBus.publishSnapshot(sealSnapshot(patientRelayCatalog(upstream.url), await ports.configBus.allocateRevision(), new Date()));
      const key = 'sk-' + 'f'.repeat(48);
      await ports.tokens.put(sha256Hex(key), { tokenId: 'tok-fo', accountId: 'acct-fo', name: 'fo', status: 'active', expiresAt: null, groups: ['all'], modelAllowList: null, spendCapMicro: null, limits: { ...NONE, rpm: 1 } });
      const config = readDataPlaneConfig(
        { REDIS_URL: redis.url, REDIS_PREFIX: prefix, NODE_NAME: 'fo', SECRET_KEY: TEST_SECRET_KEY, DATA_PLANE_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir.path, REDIS_TIMEOUT_MS: '300', RATE_LIMIT_FAIL_OPEN_MS: '3000' },
        true,
      );
      // Without metering: the reservation would need Redis too, and this is about the limiter alone.
      node = await startDataPlane(config, { secretKey: TEST_SECRET_KEY, pipeline: (deps) => createRelayPipeline(deps) });
      const url = node.url;
      await eventually(async () => node!.runtime() !== null, 'snapshot applied');
      expect((await openaiCall(url, key)).status).toBe(200);
      expect((await openaiCall(url, key)).status).toBe(429);

      await redis.stop();
      const before = upstream.requestsFor(UPSTREAM_KEY).length;
      // Admitted unchecked while the outage is young (the token is known from the node's cache).
      const open = [await openaiCall(url, key), await openaiCall(url, key), await openaiCall(url, key)];
      expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
      expect(upstream.requestsFor(UPSTREAM_KEY).length - before).toBe(3);
      expect(warnings).toHaveLength(1);
      // Past RATE_LIMIT_FAIL_OPEN_MS: 503 in the client's format, not a 429.
      const closed = await eventually(async () => {
        const seen = await openaiCall(url, key);
        return seen.status === 503 ? seen : false;
      }, 'refused once the fail-open time is over');
      expect(closed.body).toMatchObject({ message: expect.stringContaining('Rate limits cannot be checked') });
      expect(closed.headers?.get('retry-after')).toMatch(/^\d+$/);
      expect(warnings).toHaveLength(1);

      // Redis is back (empty): limits hold again, counted afresh.
      await redis.restart();
      await eventually(async () => (await openaiCall(url, key)).status === 200, 'admitted once Redis answers');
      expect((await openaiCall(url, key)).status).toBe(429);
    } finally {
      restoreTestLogs();
      await node?.close();
      await ports.close();
      await upstream.close();
      await redis.stop();
      await dir.remove();
      await dropKeys(prefix).catch(() => undefined);
    }
  }, 90_000);
});
