/**
 * The image endpoints end to end, with the official openai SDK (images.generate, images.edit) and
 * the official Gemini SDK, through a data plane in front of a fake image upstream that checks
 * what it gets: OpenAI, Azure OpenAI and OpenAI-compatible channels natively, Gemini image models
 * by translation (from the OpenAI format) and passed through (from the Gemini format); failover
 * before anything is answered; charges per image at the size's and quality's price, exact to the
 * micro-RMB; bad input refused in the OpenAI error shape before anything is reserved or sent.
 */
import http from 'node:http';
import { once } from 'node:events';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { GoogleGenAI } from '@google/genai';
import type { DataPlane } from '../../data-plane/bootstrap.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import type { UsageEvent } from '../../shared/billing/usage-event.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import type { SnapshotContent, SnapshotModel } from '../../shared/snapshot/types.js';
import { FakeImageUpstream, PNG_B64 } from '../fakes/image-upstream.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { eventually } from '../support/eventually.js';
import { liveBytes, pausedRead } from '../support/memory.js';
import { dropKeys } from '../support/redis-keys.js';
import { keyOf, membership, PATIENT_TIMEOUTS, testCatalog, testChannel, testGroup, testModel } from '../support/relay-catalog.js';

const RATE = '7.1234';
const GROUP_MULTIPLIER = '1.5';
const START_BALANCE = 100_000_000n;
const UPLOAD_LIMIT = 24 * 1024 * 1024;
const MB = 1024 * 1024;
const RESULT_LIMIT = 24 * MB;

const image = (id: string, extra: Partial<SnapshotModel>): SnapshotModel =>
  testModel(id, { kind: 'image', limits: { contextTokens: null, maxOutputTokens: null }, defaultMaxOutputTokens: null, ...extra });

const MODELS: SnapshotModel[] = [
  image('gpt-image-1', {
    prices: { image: '0.04' },
    multiplier: '1.2',
    unitPrices: [
      { size: '1024x1024', quality: 'low', usd: '0.011' },
      { size: '1024x1536', quality: 'high', usd: '0.25' },
    ],
  }),
  image('dall-e-3', { prices: { image: '0.04' }, unitPrices: [{ quality: 'hd', usd: '0.08' }] }),
  image('dall-e-2', { prices: { image: '0.02' }, unitPrices: [{ size: '256x256', usd: '0.016' }] }),
  image('flux-pro', { prices: { image: '0.05' } }),
  image('imagen-4', { prices: { image: '0.04' } }),
  image('gemini-2.5-flash-image', { prices: { input: '0.3', output: '30' } }),
  image('big-image', { prices: { image: '0.01' } }),
  image('busy-image', { prices: { image: '0.01' } }),
  image('big-gemini-image', { prices: { image: '0.01' } }),
  image('cut-image', { prices: { image: '0.01' } }),
  image('cut-gemini-image', { prices: { input: '0.3', output: '30' } }),
  testModel('text-m'),
];

function catalog(url: string): SnapshotContent {
  const channel = (id: string, kind: 'openai' | 'azure-openai' | 'openai-compatible' | 'gemini', models: string[]) =>
    testChannel(id, kind, url, models.map((model) => ({ model, upstream: `up-${model}` })), { timeouts: PATIENT_TIMEOUTS });
  return testCatalog({
    groups: [
      testGroup('image', { formats: ['images', 'generateContent'], recommendedFormat: 'generateContent', multiplier: GROUP_MULTIPLIER }),
      testGroup('text', { formats: ['chat-completions'] }),
    ],
    channels: [
      channel('i-down', 'openai', ['gpt-image-1']),
      channel('i-openai', 'openai', ['gpt-image-1', 'big-image', 'cut-image']),
      channel('i-azure', 'azure-openai', ['dall-e-3', 'dall-e-2']),
      channel('i-compat', 'openai-compatible', ['flux-pro']),
      channel('i-gemini', 'gemini', ['imagen-4', 'gemini-2.5-flash-image', 'big-gemini-image', 'cut-gemini-image']),
      channel('i-busy', 'openai-compatible', ['busy-image']),
      channel('t-openai', 'openai', ['text-m']),
    ],
    memberships: [
      membership('image', 'i-down', 20),
      ...['i-openai', 'i-azure', 'i-compat', 'i-gemini', 'i-busy'].map((channelId) => membership('image', channelId, 10)),
      membership('text', 't-openai'),
    ],
    models: MODELS,
    exchangeRate: RATE,
  });
}

/** The product of decimal strings x 10^6, rounded once half up: computed apart from the pricing code. */
function micro(...factors: string[]): bigint {
  const parts = [...factors, RATE, '1000000'].map((d) => {
    const [i, f = ''] = d.split('.');
    return { n: BigInt(i + f), d: 10n ** BigInt(f.length) };
  });
  const n = parts.reduce((a, p) => a * p.n, 1n);
  const d = parts.reduce((a, p) => a * p.d, 1n);
  return (2n * n + d) / (2n * d);
}

let upstream: FakeImageUpstream;
let ports: Ports;
let prefix: string;
let node: DataPlane;
let dir: { path: string; remove(): Promise<void> };
/** The node's own upload directory (UPLOAD_DIR): what is spooled there is this test's. */
let uploads: { path: string; remove(): Promise<void> };
const keys = { a: '', textOnly: '', limited: '', poor: '' };

beforeAll(async () => {
  upstream = await FakeImageUpstream.start(['i-down', 'i-openai', 'i-azure', 'i-compat', 'i-gemini', 'i-busy', 't-openai'].map(keyOf), [keyOf('i-down')]);
  upstream.rateLimited.add(keyOf('i-busy'));
  prefix = testRedisPrefix();
  ports = redisPorts(TEST_REDIS_URL, prefix);
  const revision = await ports.configBus.allocateRevision();
  await ports.configBus.publishSnapshot(sealSnapshot(catalog(upstream.url), revision, new Date()));
  const token = async (name: string, groups: string[], extra: Partial<TokenRecord> = {}) => {
    const key = `sk-${name}${'x'.repeat(40)}`;
    await ports.tokens.put(sha256Hex(key), { tokenId: `tok-${name}`, accountId: 'acct-img', name, status: 'active', expiresAt: null, groups, modelAllowList: null, spendCapMicro: null, ...extra });
    return key;
  };
  keys.a = await token('alice', ['image']);
  keys.textOnly = await token('carol', ['text']);
  keys.limited = await token('dave', ['image'], { limits: { rpm: 1, tpm: null, concurrency: null } });
  keys.poor = await token('erin', ['image'], { accountId: 'acct-poor' });
  await ports.balances.load('acct-img', START_BALANCE, new Map());
  await ports.balances.load('acct-poor', 1000n, new Map());
  dir = await tempDataDir();
  uploads = await tempDataDir();
  node = await startTestDataPlane({
    nodeName: 'img',
    redisPrefix: prefix,
    dataDir: dir.path,
    env: { IMAGE_MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT), IMAGE_MAX_RESULT_BYTES: String(RESULT_LIMIT), UPLOAD_DIR: uploads.path },
  });
  await eventually(async () => node.runtime()?.revision === revision, 'the node applies the snapshot');
});

afterAll(async () => {
  await node?.close();
  await upstream?.close();
  await ports?.close();
  await dir?.remove();
  await uploads?.remove();
  if (prefix) await dropKeys(prefix);
});

afterEach(() => expect(upstream.violations).toEqual([]));

const openai = (key = keys.a) => new OpenAI({ apiKey: key, baseURL: `${node.url}/v1`, maxRetries: 0 });

/** The usage event of a request, once appended (nothing consumes the stream in this test). */
async function eventOf(requestId: string): Promise<UsageEvent> {
  return eventually(async () => (await ports.usage.unconsumed('nobody')).map((q) => q.event).find((e) => e.requestId === requestId) ?? false, `usage event of ${requestId}`);
}

/** The spendable balance once no reservation is open. */
async function settledBalance(): Promise<bigint> {
  return eventually(async () => {
    const hot = await ports.balances.inspect('acct-img');
    return hot.reservations.length === 0 && hot.balanceMicro !== null && hot.balanceMicro;
  }, 'no open reservation');
}

describe('OpenAI-format image clients', () => {
  test('images.generate: fails over from a failing channel, answers natively, charged per image at the size and quality price', async () => {
    const before = await settledBalance();
    const { data: result, response } = await openai().images.generate({ model: 'gpt-image-1', prompt: 'a lighthouse at dusk', n: 2, size: '1024x1536', quality: 'high' }).withResponse();
    expect(result.data?.map((d) => d.b64_json)).toEqual([PNG_B64, PNG_B64]);
    expect(result.usage?.output_tokens).toBe(8320);
    expect(response.headers.get('x-meridian-group')).toBe('image');
    expect(upstream.by(keyOf('i-down'))).toHaveLength(1);
    const [seen] = upstream.by(keyOf('i-openai'));
    expect(seen.fields).toEqual({ model: 'up-gpt-image-1', prompt: 'a lighthouse at dusk', n: 2, size: '1024x1536', quality: 'high' });
    const event = await eventOf(response.headers.get('x-request-id')!);
    const charge = micro('2', '0.25', GROUP_MULTIPLIER, '1.2');
    expect(event).toMatchObject({ formatIn: 'images', formatOut: 'images', group: 'image', units: { size: '1024x1536', quality: 'high' }, prices: { image: '0.25' }, chargeMicro: charge.toString(), status: 'success' });
    expect(event.usage).toMatchObject({ images: 2, input: 50, output: 8320 });
    expect(await settledBalance()).toBe(before - charge);
  });

  test('images.edit: several images and a mask streamed through as multipart; charged at the low-quality square price', async () => {
    const before = await settledBalance();
    const first = Buffer.alloc(300_000, 1);
    const second = Buffer.alloc(200_000, 2);
    const { data: result, response } = await openai()
      .images.edit({
        model: 'gpt-image-1',
        prompt: 'put them on one table',
        image: [await toFile(first, 'a.png', { type: 'image/png' }), await toFile(second, 'b.png', { type: 'image/png' })],
        mask: await toFile(Buffer.alloc(1000, 3), 'mask.png', { type: 'image/png' }),
        size: '1024x1024',
        quality: 'low',
      })
      .withResponse();
    expect(result.data).toHaveLength(1);
    const seen = upstream.by(keyOf('i-openai')).at(-1)!;
    expect(seen.path).toBe('/v1/images/edits');
    expect(seen.fields).toMatchObject({ model: 'up-gpt-image-1', prompt: 'put them on one table', size: '1024x1024', quality: 'low' });
    expect(seen.files.map((f) => [f.field.replace('[]', ''), f.type, f.bytes])).toEqual([
      ['image', 'image/png', 300_000],
      ['image', 'image/png', 200_000],
      ['mask', 'image/png', 1000],
    ]);
    const charge = micro('1', '0.011', GROUP_MULTIPLIER, '1.2');
    expect((await eventOf(response.headers.get('x-request-id')!)).chargeMicro).toBe(charge.toString());
    expect(await settledBalance()).toBe(before - charge);
  });

  test('Azure OpenAI (by deployment: url results, a multipart edit) and OpenAI-compatible channels, natively', async () => {
    const { data: azure, response } = await openai().images.generate({ model: 'dall-e-3', prompt: 'a fox', quality: 'hd', response_format: 'url', style: 'vivid' }).withResponse();
    expect(azure.data?.[0].url).toBe('https://images.example/1.png');
    const [seen] = upstream.by(keyOf('i-azure'));
    expect(seen.path).toBe('/openai/deployments/up-dall-e-3/images/generations');
    expect(seen.fields).toEqual({ prompt: 'a fox', quality: 'hd', response_format: 'url', style: 'vivid' });
    // One image, though the revised prompt says "url" too.
    expect((await eventOf(response.headers.get('x-request-id')!)).chargeMicro).toBe(micro('1', '0.08', GROUP_MULTIPLIER).toString());
    // An edit by deployment: multipart, the image and the mask, no model field.
    const { response: r3 } = await openai()
      .images.edit({ model: 'dall-e-2', prompt: 'add a hat', size: '256x256', image: await toFile(Buffer.alloc(4000, 1), 'fox.png', { type: 'image/png' }), mask: await toFile(Buffer.alloc(500, 2), 'm.png', { type: 'image/png' }) })
      .withResponse();
    const edit = upstream.by(keyOf('i-azure')).at(-1)!;
    expect(edit.path).toBe('/openai/deployments/up-dall-e-2/images/edits');
    expect(edit.fields).toEqual({ prompt: 'add a hat', size: '256x256' });
    expect(edit.files.map((f) => [f.field, f.bytes])).toEqual([['image', 4000], ['mask', 500]]);
    expect((await eventOf(r3.headers.get('x-request-id')!)).chargeMicro).toBe(micro('1', '0.016', GROUP_MULTIPLIER).toString());
    const { data: compat, response: r2 } = await openai().images.generate({ model: 'flux-pro', prompt: 'a boat', n: 3, size: '768x512' }).withResponse();
    expect(compat.data).toHaveLength(3);
    expect(upstream.by(keyOf('i-compat'))[0]).toMatchObject({ path: '/compat/v1/images/generations', fields: { model: 'up-flux-pro', n: 3, size: '768x512' } });
    expect((await eventOf(r2.headers.get('x-request-id')!)).chargeMicro).toBe(micro('3', '0.05', GROUP_MULTIPLIER).toString());
  });

  test('a Gemini image model by translation: generateContent with image output, and back to the OpenAI shape', async () => {
    const { data: result, response } = await openai().images.generate({ model: 'imagen-4', prompt: 'a red kite', n: 2, size: '1536x1024' }).withResponse();
    expect(result.data?.map((d) => d.b64_json)).toEqual([PNG_B64, PNG_B64]);
    expect(result.data?.[0].revised_prompt).toBe('Here is your image.');
    const [seen] = upstream.by(keyOf('i-gemini'));
    expect(seen.path).toBe('/v1beta/models/up-imagen-4:generateContent');
    expect(seen.fields).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'a red kite' }] }],
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], candidateCount: 2, imageConfig: { aspectRatio: '3:2' } },
    });
    const event = await eventOf(response.headers.get('x-request-id')!);
    expect(event).toMatchObject({ formatIn: 'images', formatOut: 'generateContent', chargeMicro: micro('2', '0.04', GROUP_MULTIPLIER).toString() });
    // An edit: the upload goes as inlineData, its bytes intact.
    await openai().images.edit({ model: 'imagen-4', prompt: 'make it blue', image: await toFile(Buffer.alloc(70_001, 7), 'k.png', { type: 'image/png' }) });
    expect(upstream.by(keyOf('i-gemini')).at(-1)!.files).toEqual([{ field: 'inlineData', type: 'image/png', bytes: 70_001 }]);
  });
});

test('a Gemini-format client calling a Gemini image model passes through, charged by its tokens', async () => {
  const genai = new GoogleGenAI({ apiKey: keys.a, httpOptions: { baseUrl: node.url } });
  const answer = await genai.models.generateContent({ model: 'gemini-2.5-flash-image', contents: 'a paper crane', config: { responseModalities: ['IMAGE'] } });
  expect(answer.candidates?.[0].content?.parts?.find((p) => p.inlineData)?.inlineData?.data).toBe(PNG_B64);
  const seen = upstream.by(keyOf('i-gemini')).at(-1)!;
  expect(seen.path).toBe('/v1beta/models/up-gemini-2.5-flash-image:generateContent');
  expect(seen.fields).toMatchObject({ generationConfig: { responseModalities: ['IMAGE'] } });
  const event = await eventually(async () => (await ports.usage.unconsumed('nobody')).map((q) => q.event).find((e) => e.model === 'gemini-2.5-flash-image') ?? false, 'its usage event');
  // 12 prompt tokens at 0.3 and 1,290 image tokens at 30 USD per million: 0.0387036 USD.
  const expected = micro('0.0387036', GROUP_MULTIPLIER);
  expect(event).toMatchObject({ formatIn: 'generateContent', chargeMicro: expected.toString() });
});

test('an image model priced only per image is not served as a conversation (it would be free there)', async () => {
  const genai = new GoogleGenAI({ apiKey: keys.a, httpOptions: { baseUrl: node.url } });
  const calls = upstream.seen.length;
  await expect(genai.models.generateContent({ model: 'imagen-4', contents: 'a kite' })).rejects.toThrow(/priced per image: call it at \/v1\/images\/generations/);
  expect(upstream.seen.length).toBe(calls);
});

test('the OpenAI model listing shows the image models of groups that list images', async () => {
  const ids: string[] = [];
  for await (const m of openai().models.list()) ids.push(m.id);
  expect(ids).toEqual(expect.arrayContaining(['dall-e-3', 'flux-pro', 'gpt-image-1', 'imagen-4']));
  expect(ids).not.toContain('text-m');
});

describe('bad input, in the OpenAI error shape, before anything is reserved or sent', () => {
  /** The OpenAI SDK's error of a call. */
  async function refusal(call: Promise<unknown>): Promise<{ status: number; param: unknown; message: string; type: unknown }> {
    const err = await call.then(
      () => {
        throw new Error('the call was answered');
      },
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OpenAI.APIError);
    const api = err as InstanceType<typeof OpenAI.APIError>;
    return { status: api.status!, param: api.param, message: api.message, type: api.type };
  }

  test('no key is a 401, not a 404', async () => {
    const res = await fetch(`${node.url}/v1/images/generations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('authentication_error');
  });

  test('unknown size, n out of range, a missing prompt, a text model, a text-only key: 400s naming the parameter; nothing sent, nothing held', async () => {
    const calls = upstream.seen.length;
    const before = await settledBalance();
    expect(await refusal(openai().images.generate({ model: 'gpt-image-1', prompt: 'x', size: '512x512' as never }))).toMatchObject({
      status: 400,
      param: 'size',
      message: expect.stringContaining("Invalid value: '512x512'. Supported values are: 'auto', '1024x1024', '1536x1024', and '1024x1536'."),
    });
    expect(await refusal(openai().images.generate({ model: 'dall-e-3', prompt: 'x', n: 2 }))).toMatchObject({ status: 400, param: 'n', message: expect.stringContaining('Expected a value <= 1, but got 2') });
    expect(await refusal(openai().images.generate({ model: 'flux-pro', prompt: 'x', n: 0 }))).toMatchObject({ status: 400, param: 'n' });
    expect(await refusal(openai().images.generate({ model: 'flux-pro' } as never))).toMatchObject({ status: 400, param: 'prompt', message: expect.stringContaining("Missing required parameter: 'prompt'.") });
    expect(await refusal(openai().images.generate({ model: 'gpt-image-1', prompt: 'x', response_format: 'url' }))).toMatchObject({ status: 400, param: 'response_format' });
    expect(await refusal(openai().images.generate({ model: 'text-m', prompt: 'x' }))).toMatchObject({ status: 400, param: 'model' });
    expect(await refusal(openai().images.generate({ model: 'no-such-model', prompt: 'x' }))).toMatchObject({ status: 404 });
    expect(await refusal(openai(keys.textOnly).images.generate({ model: 'flux-pro', prompt: 'x' }))).toMatchObject({ status: 400, message: expect.stringContaining('Unsupported API format') });
    expect(await refusal(openai().images.edit({ model: 'dall-e-3', prompt: 'x', image: await toFile(Buffer.alloc(10), 'a.png', { type: 'image/png' }) }))).toMatchObject({ status: 400, param: 'model' });
    expect(upstream.seen.length).toBe(calls);
    expect(await settledBalance()).toBe(before);
  });

  test('the images asked for are reserved before any upstream call: a balance that cannot cover them is a 402, nothing sent', async () => {
    const calls = upstream.seen.length;
    expect(await refusal(openai(keys.poor).images.generate({ model: 'dall-e-3', prompt: 'x', quality: 'hd' }))).toMatchObject({ status: 402, type: 'insufficient_quota' });
    expect(upstream.seen.length).toBe(calls);
    expect(await ports.balances.inspect('acct-poor')).toMatchObject({ balanceMicro: 1000n, reservations: [] });
  });

  test("a key over its requests per minute gets a 429 in the OpenAI shape; nothing sent", async () => {
    await openai(keys.limited).images.generate({ model: 'flux-pro', prompt: 'one' });
    const calls = upstream.seen.length;
    const err = await refusal(openai(keys.limited).images.generate({ model: 'flux-pro', prompt: 'two' }));
    expect(err).toMatchObject({ status: 429, type: 'requests' });
    expect(upstream.seen.length).toBe(calls);
  });

  test('a channel that answers 429 with Retry-After is parked, as for text: the client hears when to come back, the next request waits without a call', async () => {
    const before = await settledBalance();
    const first = await refusal(openai().images.generate({ model: 'busy-image', prompt: 'x' }));
    expect(first).toMatchObject({ status: 429 });
    expect(upstream.by(keyOf('i-busy'))).toHaveLength(1);
    const res = await fetch(`${node.url}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.a}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'busy-image', prompt: 'x' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ error: { message: expect.stringContaining('rate limited by its upstream') } });
    expect(upstream.by(keyOf('i-busy'))).toHaveLength(1);
    expect(await settledBalance()).toBe(before);
  });

  test('an upload beyond IMAGE_MAX_UPLOAD_BYTES and a result beyond IMAGE_MAX_RESULT_BYTES are 413s, charged nothing', async () => {
    const calls = upstream.seen.length;
    const before = await settledBalance();
    const big = await toFile(Buffer.alloc(UPLOAD_LIMIT + 1, 5), 'big.png', { type: 'image/png' });
    expect(await refusal(openai().images.edit({ model: 'gpt-image-1', prompt: 'x', image: big }))).toMatchObject({ status: 413, message: expect.stringContaining(`limit of ${UPLOAD_LIMIT} bytes`) });
    expect(upstream.seen.length).toBe(calls);
    upstream.bigBytes = RESULT_LIMIT + 1;
    expect(await refusal(openai().images.generate({ model: 'big-image', prompt: 'x' }))).toMatchObject({ status: 413, message: expect.stringContaining(`limit of ${RESULT_LIMIT} bytes`) });
    expect(await settledBalance()).toBe(before);
  });
});

/** A 20 MB answer of `model`, read by a client that pauses mid-way: what it got, and how far live memory grew meanwhile. */
async function pausedBigAnswer(model: string): Promise<{ bytes: number; growth: number | null; requestId: string }> {
  upstream.bigBytes = 20 * MB;
  const { bytes, growthWhilePaused, headers } = await pausedRead({
    url: `${node.url}/v1/images/generations`,
    method: 'POST',
    headers: { authorization: `Bearer ${keys.a}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, prompt: 'a very large image' }),
    upstreamSent: () => upstream.bytesSent,
  });
  return { bytes, growth: growthWhilePaused, requestId: String(headers['x-request-id']) };
}

test('a 20 MB image answer streams through, never held whole: live memory stays far below it while the client pauses', async () => {
  const { bytes, growth, requestId } = await pausedBigAnswer('big-image');
  expect(bytes).toBe(20 * MB);
  // A relay that buffered the answer would hold the rest of it (18 MB) while the client waits.
  expect(growth).not.toBeNull();
  expect(growth!).toBeLessThan(8 * MB);
  expect((await eventOf(requestId)).chargeMicro).toBe(micro('1', '0.01', GROUP_MULTIPLIER).toString());
});

test('a 20 MB Gemini image answer is rewritten as it streams, never held whole: live memory stays far below it while the client pauses', async () => {
  const { bytes, growth, requestId } = await pausedBigAnswer('big-gemini-image');
  // The answer's base64 passes through; only the JSON around it differs.
  expect(Math.abs(bytes - 20 * MB)).toBeLessThan(1024);
  // A translation that read the answer whole would hold all of it (20 MB) while the client waits.
  expect(growth).not.toBeNull();
  expect(growth!).toBeLessThan(8 * MB);
  const event = await eventOf(requestId);
  expect(event).toMatchObject({ formatIn: 'images', formatOut: 'generateContent', chargeMicro: micro('1', '0.01', GROUP_MULTIPLIER).toString() });
  expect(event.usage).toMatchObject({ images: 1, input: 7, output: 1290 });
});

test('an upload beyond IMAGE_MAX_UPLOAD_BYTES is answered 413 with the connection closed: the rest is not read on', async () => {
  const boundary = '----too-large';
  const req = http.request(`${node.url}/v1/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${keys.a}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  // Writes after the server closed fail; the answer came before.
  req.on('error', () => undefined);
  const closed = new Promise((resolve) => req.once('close', resolve));
  let answer: http.IncomingMessage | undefined;
  const answered = (once(req, 'response') as Promise<[http.IncomingMessage]>).then(([res]) => (answer = res));
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nflux-pro\r\n--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nx\r\n`);
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 7);
  // The upload never ends: a server that read on would wait for more, with the connection kept alive
  // (what it reads after the answer is bounded: data-plane/http/lingering-close.ts).
  for (let sent = 0; !answer && sent < 4 * UPLOAD_LIMIT; sent += chunk.length) {
    if (!req.write(chunk)) await Promise.race([once(req, 'drain').catch(() => undefined), answered, closed]);
  }
  // A reset that discarded the answer fails here, not at the test's timeout.
  const res = await Promise.race([answered, closed.then(() => Promise.reject(new Error('the connection closed without an answer')))]);
  expect(res.statusCode).toBe(413);
  expect(res.headers.connection).toBe('close');
  res.resume();
  await closed;
  // A generation's JSON body announced beyond MAX_BODY_BYTES: refused before it is read, the connection closed too.
  const json = http.request(`${node.url}/v1/images/generations`, { method: 'POST', headers: { authorization: `Bearer ${keys.a}`, 'content-type': 'application/json', 'content-length': String(1024 * MB) } });
  json.on('error', () => undefined);
  json.write('{"model": "flux-pro", "prompt": "');
  const [refused] = (await once(json, 'response')) as [http.IncomingMessage];
  expect(refused.statusCode).toBe(413);
  expect(refused.headers.connection).toBe('close');
  refused.resume();
  json.destroy();
});

test('an answer cut after the client got its 200 (the upstream broke off) left JSON it cannot read: charged nothing, recorded as failed', async () => {
  // One image whole and a second begun, natively and translated (Gemini, priced by tokens it never reported).
  for (const model of ['cut-image', 'cut-gemini-image']) {
    const before = await settledBalance();
    const res = await fetch(`${node.url}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.a}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, prompt: 'two of them', n: 2 }),
    });
    expect(res.status).toBe(200);
    const readable = await res
      .text()
      .then((text) => JSON.parse(text) as unknown)
      .then(
        () => true,
        () => false,
      );
    expect(readable).toBe(false);
    const event = await eventOf(res.headers.get('x-request-id')!);
    expect(event).toMatchObject({ model, status: 'failed', httpStatus: 200, chargeMicro: '0' });
    expect(event.usage.images).toBe(0);
    expect(await settledBalance()).toBe(before);
  }
});

test.each(['big-image', 'big-gemini-image'])('a client that goes away in the middle of an image (%s) is charged it: its data had begun to reach it (its own doing)', async (model) => {
  upstream.bigBytes = 20 * MB;
  const req = http.request(`${node.url}/v1/images/generations`, { method: 'POST', headers: { authorization: `Bearer ${keys.a}`, 'content-type': 'application/json' } });
  req.end(JSON.stringify({ model, prompt: 'a very large image' }));
  const [res] = (await once(req, 'response')) as [http.IncomingMessage];
  expect(res.statusCode).toBe(200);
  // Gone with most of the answer unsent.
  req.destroy();
  const event = await eventOf(String(res.headers['x-request-id']));
  expect(event).toMatchObject({ model, status: 'success', chargeMicro: micro('1', '0.01', GROUP_MULTIPLIER).toString() });
  expect(event.usage.images).toBe(1);
  expect(upstream.bytesSent).toBeLessThan(20 * MB);
});

/** The size of the largest file spooled in the node's upload directory. */
async function largestSpooled(): Promise<number> {
  let largest = 0;
  for (const dir of await readdir(uploads.path)) {
    for (const file of await readdir(join(uploads.path, dir)).catch(() => [])) largest = Math.max(largest, (await stat(join(uploads.path, dir, file)).catch(() => ({ size: 0 }))).size);
  }
  return largest;
}

test('a 20 MB edit upload goes to disk as it arrives, never held whole: live memory stays far below it before the upload ends', async () => {
  const size = 20 * MB;
  const boundary = '----upload-memory-test';
  const base = await liveBytes();
  const req = http.request(`${node.url}/v1/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${keys.a}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const answered = once(req, 'response') as Promise<[http.IncomingMessage]>;
  const write = async (data: Buffer | string) => {
    if (!req.write(data)) await once(req, 'drain');
  };
  await write(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nflux-pro\r\n--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nframe it\r\n`);
  await write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 7);
  for (let sent = 0; sent < size; sent += chunk.length) await write(chunk);
  // Everything but the closing boundary is in: the file is on disk, and the process holds little of it.
  await eventually(async () => (await largestSpooled()) >= size - MB, 'the upload spooled to disk');
  const growth = (await liveBytes()) - base;
  req.end(`\r\n--${boundary}--\r\n`);
  const [res] = await answered;
  res.resume();
  expect(res.statusCode).toBe(200);
  // A route that buffered the upload would hold all of it (20 MB) by now.
  expect(growth).toBeLessThan(8 * MB);
  expect(upstream.by(keyOf('i-compat')).at(-1)!.files).toEqual([{ field: 'image', type: 'image/png', bytes: size }]);
  // Deleted once the request is done.
  await eventually(async () => (await readdir(uploads.path)).length === 0, 'the upload deleted');
});
