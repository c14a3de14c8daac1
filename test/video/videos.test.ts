/**
 * The video jobs end to end, with the official openai SDK against two data planes (a domestic and
 * an overseas node on one Redis) in front of a fake video upstream that checks what it gets:
 * OpenAI video channels natively, a Gemini (Veo) channel by translation; a job created through
 * one node and polled and downloaded through the other; failover before the job exists; each job
 * charged once, exactly, per second; a failed job, or one its upstream no longer has, charged
 * nothing; another account's job id a 404; bad input refused in the OpenAI error shape before anything is reserved or sent; the
 * caller's list; rate limits; a 20 MB file streamed through with bounded memory.
 */
import OpenAI, { toFile } from 'openai';
import type { DataPlane } from '../../data-plane/bootstrap.js';
import { sha256Hex } from '../../shared/crypto/secrets.js';
import type { UsageEvent } from '../../shared/billing/usage-event.js';
import { redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { minuteOf, totalsByKey } from '../../shared/health/outcome.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import type { SnapshotContent } from '../../shared/snapshot/types.js';
import { fileByte, FakeVideoUpstream } from '../fakes/video-upstream.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';
import { startTestDataPlane, tempDataDir } from '../support/data-plane.js';
import { eventually } from '../support/eventually.js';
import { pausedRead } from '../support/memory.js';
import { dropKeys } from '../support/redis-keys.js';
import { testBox } from '../support/snapshot.js';
import { keyOf, membership, PATIENT_TIMEOUTS, testCatalog, testChannel, testGroup, testModel } from '../support/relay-catalog.js';

const RATE = '7.1234';
const MODELS = {
  'sora-2': { videoSecond: '0.1234567', multiplier: '1.2' },
  'veo-3': { videoSecond: '0.4', multiplier: '0.9' },
  'sora-split': { videoSecond: '0.1234567', multiplier: '1.2' },
} as const;
/** The second key of channel v-split, of another upstream project than its first. */
const SPLIT_KEY_B = `${keyOf('v-split')}-b`;
const GROUP_MULTIPLIER = '1.5';
const START_BALANCE = 100_000_000n;
const MB = 1024 * 1024;
/** Reference images may be larger than a JSON body (MAX_BODY_BYTES, 1 MB here): they go to disk. */
const UPLOAD_LIMIT = 2 * MB;

function catalog(url: string): SnapshotContent {
  const channel = (id: string, kind: 'openai' | 'gemini', models: { model: string; upstream: string }[]) => testChannel(id, kind, url, models, { timeouts: PATIENT_TIMEOUTS });
  return testCatalog({
    groups: [testGroup('video', { formats: ['videos'], recommendedFormat: 'videos', multiplier: GROUP_MULTIPLIER }), testGroup('text', { formats: ['chat-completions'] })],
    channels: [
      channel('v-down', 'openai', [{ model: 'sora-2', upstream: 'sora-2-2025-10-06' }]),
      channel('v-openai', 'openai', [{ model: 'sora-2', upstream: 'sora-2-2025-10-06' }]),
      channel('v-gemini', 'gemini', [{ model: 'veo-3', upstream: 'veo-3.0-generate-001' }]),
      {
        ...channel('v-split', 'openai', [{ model: 'sora-split', upstream: 'sora-2-2025-10-06' }]),
        keys: [keyOf('v-split'), SPLIT_KEY_B].map((key, i) => ({ id: `v-split-k${i}`, sealed: testBox.encrypt(key), enabled: true })),
      },
      channel('t-openai', 'openai', [{ model: 'text-m', upstream: 'text-m' }]),
    ],
    memberships: [
      membership('video', 'v-down', 20),
      membership('video', 'v-openai', 10),
      membership('video', 'v-gemini', 10),
      membership('video', 'v-split', 10),
      membership('text', 't-openai'),
      membership('video', 't-openai'),
    ],
    models: [
      ...Object.entries(MODELS).map(([id, m]) => testModel(id, { kind: 'video', prices: { videoSecond: m.videoSecond }, multiplier: m.multiplier, limits: { contextTokens: null, maxOutputTokens: null }, defaultMaxOutputTokens: null })),
      testModel('text-m'),
    ],
    exchangeRate: RATE,
  });
}

/** seconds x price x group x model x rate, in micro-RMB, rounded once (half up; `ceil` for a reservation): computed apart from the pricing code. */
function expectedMicro(model: keyof typeof MODELS, seconds: number, rounding: 'half-up' | 'ceil' = 'half-up'): bigint {
  const frac = (d: string) => {
    const [i, f = ''] = d.split('.');
    return { n: BigInt(i + f), d: 10n ** BigInt(f.length) };
  };
  const parts = [frac(String(seconds)), frac(MODELS[model].videoSecond), frac(GROUP_MULTIPLIER), frac(MODELS[model].multiplier), frac(RATE), frac('1000000')];
  const n = parts.reduce((a, p) => a * p.n, 1n);
  const d = parts.reduce((a, p) => a * p.d, 1n);
  return rounding === 'ceil' ? (n + d - 1n) / d : (2n * n + d) / (2n * d);
}

let upstream: FakeVideoUpstream;
let ports: Ports;
let prefix: string;
let domestic: DataPlane;
let overseas: DataPlane;
const dirs: { remove(): Promise<void> }[] = [];
const keys: Record<'a' | 'b' | 'textOnly', string> = { a: '', b: '', textOnly: '' };

async function token(name: string, accountId: string, groups: string[], extra: Partial<TokenRecord> = {}): Promise<string> {
  const key = `sk-${name}${'x'.repeat(40)}`;
  await ports.tokens.put(sha256Hex(key), { tokenId: `tok-${name}`, accountId, name, status: 'active', expiresAt: null, groups, modelAllowList: null, spendCapMicro: null, ...extra });
  return key;
}

beforeAll(async () => {
  upstream = await FakeVideoUpstream.start(
    [[keyOf('v-down')], [keyOf('v-openai')], [keyOf('v-gemini')], [keyOf('v-split'), SPLIT_KEY_B], [keyOf('t-openai')]],
    [[keyOf('v-split')], [SPLIT_KEY_B]],
  );
  prefix = testRedisPrefix();
  ports = redisPorts(TEST_REDIS_URL, prefix);
  const revision = await ports.configBus.allocateRevision();
  await ports.configBus.publishSnapshot(sealSnapshot(catalog(upstream.url), revision, new Date()));
  keys.a = await token('alice', 'acct-a', ['video']);
  keys.b = await token('bob', 'acct-b', ['video']);
  keys.textOnly = await token('carol', 'acct-a', ['text']);
  for (const account of ['acct-a', 'acct-b']) await ports.balances.load(account, START_BALANCE, new Map());
  const start = async (nodeName: string) => {
    const dir = await tempDataDir();
    dirs.push(dir);
    return startTestDataPlane({ nodeName, redisPrefix: prefix, dataDir: dir.path, env: { MAX_BODY_BYTES: String(MB), IMAGE_MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT) } });
  };
  [domestic, overseas] = await Promise.all([start('domestic'), start('overseas')]);
  await eventually(async () => domestic.runtime()?.revision === revision && overseas.runtime()?.revision === revision, 'both nodes apply the snapshot');
});

afterAll(async () => {
  await domestic?.close();
  await overseas?.close();
  await upstream?.close();
  await ports?.close();
  for (const dir of dirs) await dir.remove();
  if (prefix) await dropKeys(prefix);
});

afterEach(() => expect(upstream.violations).toEqual([]));

const client = (node: DataPlane, key: string) => new OpenAI({ apiKey: key, baseURL: `${node.url}/v1`, maxRetries: 0 });

/** Polls through `node` until the job ended; returns the last Video. */
async function untilDone(node: DataPlane, key: string, id: string): Promise<OpenAI.Videos.Video> {
  const seen: string[] = [];
  const video = await eventually(async () => {
    const v = await client(node, key).videos.retrieve(id);
    seen.push(v.status);
    return v.status === 'completed' || v.status === 'failed' ? v : false;
  }, `video ${id} ends`);
  expect(seen).toContain('in_progress');
  return video;
}

/** The usage events appended for an account's jobs (nothing consumes the stream in this test). */
async function events(accountId: string): Promise<UsageEvent[]> {
  return (await ports.usage.unconsumed('nobody')).map((q) => q.event).filter((e) => e.accountId === accountId && e.formatIn === 'videos');
}

async function balance(accountId: string): Promise<{ balance: bigint | null; open: number }> {
  const hot = await ports.balances.inspect(accountId);
  return { balance: hot.balanceMicro, open: hot.reservations.length };
}

describe('video jobs', () => {
  test('OpenAI channel: created on one node after a failover, polled and downloaded on the other, charged once by the second', async () => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf('v-openai'), { pollsUntilDone: 2, fileBytes: 300_000 });
    const before = (await events('acct-a')).length;
    const { data: created, response } = await client(domestic, keys.a).videos.create({ model: 'sora-2', prompt: 'A red fox in the snow', seconds: '8', size: '1280x720' }).withResponse();
    expect([response.headers.get('x-meridian-group'), response.headers.get('x-meridian-channel-kind')]).toEqual(['video', 'openai']);
    expect(created).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued', seconds: '8', size: '1280x720', prompt: 'A red fox in the snow' });
    expect(created.id).toMatch(/^video_/);
    const creations = upstream.requests.filter((r) => r.method === 'POST' && r.api === 'openai').slice(-2);
    expect(creations.map((r) => r.key)).toEqual([keyOf('v-down'), keyOf('v-openai')]);
    expect(creations[1].fields).toEqual({ model: 'sora-2-2025-10-06', prompt: 'A red fox in the snow', seconds: '8', size: '1280x720' });
    expect(await balance('acct-a')).toEqual({ balance: START_BALANCE - expectedMicro('sora-2', 8, 'ceil'), open: 1 });

    const done = await untilDone(overseas, keys.a, created.id);
    expect(done).toMatchObject({ id: created.id, status: 'completed', progress: 100, error: null });
    // Another poll, through the first node: nothing more is charged.
    expect((await client(domestic, keys.a).videos.retrieve(created.id)).status).toBe('completed');

    const file = Buffer.from(await (await client(overseas, keys.a).videos.downloadContent(created.id)).arrayBuffer());
    expect(file.length).toBe(300_000);
    expect([0, 1, 4095, 299_999].map((i) => file[i])).toEqual([0, 1, 4095, 299_999].map(fileByte));

    // The usage event goes out in the background, right after the charge.
    const charged = await eventually(async () => (await events('acct-a')).slice(before).length > 0 && (await events('acct-a')).slice(before), 'the usage event');
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ model: 'sora-2', group: 'video', channelId: 'v-openai', status: 'success', chargeMicro: String(expectedMicro('sora-2', 8)), units: { size: '1280x720' } });
    expect(charged[0].usage.videoSeconds).toBe(8);
    expect(await balance('acct-a')).toEqual({ balance: START_BALANCE - expectedMicro('sora-2', 8), open: 0 });

    // Health counts every attempt, the failed one included, under the videos format.
    await eventually(async () => {
      const minute = minuteOf(Date.now());
      const totals = [...totalsByKey(await ports.outcomes.read([minute - 1, minute])).values()].filter((t) => t.key.format === 'videos' && t.key.node === 'domestic');
      const of = (channel: string) => totals.find((t) => t.key.channel === channel)?.totals;
      return (of('v-down')?.upstream_5xx ?? 0) >= 1 && (of('v-openai')?.ok ?? 0) >= 1;
    }, 'video attempts counted for health');
  });

  test('Gemini channel: translated to predictLongRunning, polled through its operation, the file fetched from the URI it names', async () => {
    upstream.script(keyOf('v-gemini'), { pollsUntilDone: 1, fileBytes: 5000 });
    const { balance: start } = await balance('acct-a');
    const image = await toFile(Buffer.from('fake png bytes'), 'first-frame.png', { type: 'image/png' });
    const created = await client(overseas, keys.a).videos.create({ model: 'veo-3', prompt: 'A lighthouse at dusk', seconds: '4', size: '720x1280', input_reference: image });
    expect(created).toMatchObject({ model: 'veo-3', status: 'in_progress', seconds: '4', size: '720x1280' });
    const creation = upstream.requests.filter((r) => r.api === 'gemini' && r.method === 'POST').at(-1)!;
    expect(creation.path).toBe('/v1beta/models/veo-3.0-generate-001:predictLongRunning');
    expect(creation.fields).toEqual({ prompt: 'A lighthouse at dusk', durationSeconds: 4, aspectRatio: '9:16', resolution: '720p', image: true });

    expect(await untilDone(domestic, keys.a, created.id)).toMatchObject({ status: 'completed', progress: 100 });
    const file = Buffer.from(await (await client(domestic, keys.a).videos.downloadContent(created.id)).arrayBuffer());
    expect(file.length).toBe(5000);
    expect(file[4999]).toBe(fileByte(4999));
    expect(upstream.requests.at(-1)!.path).toMatch(/^\/v1beta\/files\/[0-9a-f]+:download$/);
    expect(await balance('acct-a')).toEqual({ balance: start! - expectedMicro('veo-3', 4), open: 0 });
  });

  test('a reference image larger than a JSON body is spooled to disk and streamed to each channel tried, intact; beyond IMAGE_MAX_UPLOAD_BYTES it is a 413', async () => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf('v-openai'), {});
    const image = Buffer.alloc(MB + MB / 2, 9);
    const created = await client(domestic, keys.a).videos.create({ model: 'sora-2', prompt: 'From this frame', seconds: '4', input_reference: await toFile(image, 'frame.png', { type: 'image/png' }) });
    expect(created.status).toBe('queued');
    const creations = upstream.requests.filter((r) => r.method === 'POST' && r.api === 'openai').slice(-2);
    expect(creations.map((r) => [r.key, r.file])).toEqual([
      [keyOf('v-down'), { type: 'image/png', bytes: image.length }],
      [keyOf('v-openai'), { type: 'image/png', bytes: image.length }],
    ]);
    expect(creations[1].fields).toEqual({ model: 'sora-2-2025-10-06', prompt: 'From this frame', seconds: '4', size: '720x1280' });
    // Finished, so that its reservation is settled before the next test counts them.
    expect((await untilDone(domestic, keys.a, created.id)).status).toBe('completed');
    const sent = upstream.requests.length;
    const { balance: before } = await balance('acct-a');
    const big = await toFile(Buffer.alloc(UPLOAD_LIMIT + 1, 9), 'big.png', { type: 'image/png' });
    await expect(client(domestic, keys.a).videos.create({ model: 'sora-2', prompt: 'Too big', input_reference: big })).rejects.toMatchObject({
      status: 413,
      error: { message: expect.stringContaining(`limit of ${UPLOAD_LIMIT} bytes`) },
    });
    expect(upstream.requests.length).toBe(sent);
    expect((await balance('acct-a')).balance).toBe(before);
  });

  test('a download without a status poll charges the job once: the content route settles as a poll does', async () => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf('v-openai'), { pollsUntilDone: 0, fileBytes: 2000 });
    const { balance: start } = await balance('acct-a');
    const before = (await events('acct-a')).length;
    const created = await client(domestic, keys.a).videos.create({ model: 'sora-2', prompt: 'Straight to the file', seconds: '4', size: '720x1280' });
    expect(await balance('acct-a')).toEqual({ balance: start! - expectedMicro('sora-2', 4, 'ceil'), open: 1 });
    // The client never asks for the job's status: its first download is the first to see it completed.
    const file = Buffer.from(await (await client(overseas, keys.a).videos.downloadContent(created.id)).arrayBuffer());
    expect(file.length).toBe(2000);
    expect(await balance('acct-a')).toEqual({ balance: start! - expectedMicro('sora-2', 4), open: 0 });
    const charged = await eventually(async () => (await events('acct-a')).slice(before).length > 0 && (await events('acct-a')).slice(before), 'the usage event');
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ model: 'sora-2', channelId: 'v-openai', status: 'success', chargeMicro: String(expectedMicro('sora-2', 4)) });
    // Downloaded again, on either node: nothing more is charged.
    expect((await (await client(domestic, keys.a).videos.downloadContent(created.id)).arrayBuffer()).byteLength).toBe(2000);
    expect((await (await client(overseas, keys.a).videos.downloadContent(created.id)).arrayBuffer()).byteLength).toBe(2000);
    expect(await balance('acct-a')).toEqual({ balance: start! - expectedMicro('sora-2', 4), open: 0 });
    expect((await events('acct-a')).slice(before)).toHaveLength(1);
  });

  test('a job that fails upstream is charged nothing: its reservation goes back whole', async () => {
    upstream.script(keyOf('v-down'), { createStatus: 0, outcome: 'fail', pollsUntilDone: 1 });
    upstream.script(keyOf('v-openai'), { outcome: 'fail', pollsUntilDone: 1 });
    const before = (await events('acct-b')).length;
    const created = await client(domestic, keys.b).videos.create({ model: 'sora-2', prompt: 'Something the upstream refuses', seconds: '12', size: '720x1280' });
    expect(await balance('acct-b')).toEqual({ balance: START_BALANCE - expectedMicro('sora-2', 12, 'ceil'), open: 1 });
    const failed = await untilDone(overseas, keys.b, created.id);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'moderation_blocked' } });
    expect(await balance('acct-b')).toEqual({ balance: START_BALANCE, open: 0 });
    const recorded = await eventually(async () => (await events('acct-b')).slice(before).length > 0 && (await events('acct-b')).slice(before), 'the usage event');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'failed', chargeMicro: '0', usageSource: 'none' });
    await expect(client(domestic, keys.b).videos.downloadContent(created.id)).rejects.toMatchObject({ status: 400 });
    upstream.script(keyOf('v-down'), {});
  });

  test('a Veo job cancelled upstream is charged nothing: its reservation goes back whole', async () => {
    upstream.script(keyOf('v-gemini'), { outcome: 'cancel', pollsUntilDone: 1 });
    const { balance: start } = await balance('acct-b');
    const before = (await events('acct-b')).length;
    const created = await client(overseas, keys.b).videos.create({ model: 'veo-3', prompt: 'Stopped halfway', seconds: '8', size: '1280x720' });
    expect(await balance('acct-b')).toEqual({ balance: start! - expectedMicro('veo-3', 8, 'ceil'), open: 1 });
    expect(await untilDone(domestic, keys.b, created.id)).toMatchObject({ status: 'failed', error: { code: 'CANCELLED' } });
    expect(await balance('acct-b')).toEqual({ balance: start, open: 0 });
    const recorded = await eventually(async () => (await events('acct-b')).slice(before).length > 0 && (await events('acct-b')).slice(before), 'the usage event');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ model: 'veo-3', channelId: 'v-gemini', status: 'failed', chargeMicro: '0' });
    upstream.script(keyOf('v-gemini'), {});
  });

  test.each([
    ['OpenAI', 'sora-2', 'v-openai'],
    ['Gemini (Veo)', 'veo-3', 'v-gemini'],
  ] as const)('%s channel: a job its upstream no longer has (its poll answers 404) failed: charged nothing, its reservation back at once, once', async (_kind, model, channel) => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf(channel), { outcome: 'forget', pollsUntilDone: 1 });
    const { balance: start } = await balance('acct-b');
    const before = (await events('acct-b')).length;
    const created = await client(domestic, keys.b).videos.create({ model, prompt: 'Lost along the way', seconds: '8', size: '1280x720' });
    expect(await balance('acct-b')).toEqual({ balance: start! - expectedMicro(model, 8, 'ceil'), open: 1 });
    expect((await client(overseas, keys.b).videos.retrieve(created.id)).status).toBe('in_progress');
    // The next poll finds the job gone upstream (404 there): the client gets the job, failed, not an error.
    const polls = upstream.requests.length;
    const failed = await client(overseas, keys.b).videos.retrieve(created.id);
    expect(upstream.requests.slice(polls).map((r) => r.method)).toEqual(['GET']);
    expect(failed).toMatchObject({ id: created.id, model, status: 'failed', error: { code: 'video_not_found_upstream', message: expect.stringContaining('no longer has this job') } });
    expect(await balance('acct-b')).toEqual({ balance: start, open: 0 });
    // Polled again on the other node: still failed, nothing released or recorded twice.
    expect(await client(domestic, keys.b).videos.retrieve(created.id)).toMatchObject({ status: 'failed', error: { code: 'video_not_found_upstream' } });
    expect((await client(domestic, keys.b).videos.list()).data.find((v) => v.id === created.id)).toMatchObject({ status: 'failed' });
    await expect(client(domestic, keys.b).videos.downloadContent(created.id)).rejects.toMatchObject({ status: 400 });
    const recorded = await eventually(async () => (await events('acct-b')).slice(before).length > 0 && (await events('acct-b')).slice(before), 'the usage event');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ model, channelId: channel, status: 'failed', chargeMicro: '0' });
    expect(await balance('acct-b')).toEqual({ balance: start, open: 0 });
    upstream.script(keyOf(channel), {});
  });

  test.each([
    ['OpenAI', 'sora-2', 'v-openai'],
    ['Gemini (Veo)', 'veo-3', 'v-gemini'],
  ] as const)('%s channel: a job failed on a 404 stays failed when its upstream then says it completed: never served, charged nothing', async (_kind, model, channel) => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf(channel), { pollsUntilDone: 0, pollStatus: 404 });
    const { balance: start } = await balance('acct-b');
    const before = (await events('acct-b')).length;
    const created = await client(domestic, keys.b).videos.create({ model, prompt: 'Lost, then found', seconds: '8', size: '1280x720' });
    expect(await client(overseas, keys.b).videos.retrieve(created.id)).toMatchObject({ status: 'failed', error: { code: 'video_not_found_upstream' } });
    expect(await balance('acct-b')).toEqual({ balance: start, open: 0 });
    // The upstream finds the job again, finished: its polls answer "completed" from now on.
    upstream.script(keyOf(channel), { pollsUntilDone: 0 });
    const polls = upstream.requests.length;
    for (const node of [domestic, overseas]) expect(await client(node, keys.b).videos.retrieve(created.id)).toMatchObject({ status: 'failed', error: { code: 'video_not_found_upstream' } });
    await expect(client(domestic, keys.b).videos.downloadContent(created.id)).rejects.toMatchObject({ status: 400 });
    // Three polls answered (the download's included), and no file asked for.
    expect(upstream.requests.slice(polls).map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
    expect(upstream.requests.slice(polls).filter((r) => /content|download/.test(r.path))).toEqual([]);
    const recorded = await eventually(async () => (await events('acct-b')).slice(before).length > 0 && (await events('acct-b')).slice(before), 'the usage event');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ model, status: 'failed', chargeMicro: '0' });
    expect(await balance('acct-b')).toEqual({ balance: start, open: 0 });
    upstream.script(keyOf(channel), {});
  });

  test('a completed job stays completed when its upstream then answers 404: still served, charged once', async () => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf('v-openai'), { pollsUntilDone: 0 });
    const { balance: start } = await balance('acct-b');
    const created = await client(domestic, keys.b).videos.create({ model: 'sora-2', prompt: 'Kept', seconds: '4', size: '1280x720' });
    expect((await client(domestic, keys.b).videos.retrieve(created.id)).status).toBe('completed');
    upstream.script(keyOf('v-openai'), { pollsUntilDone: 0, pollStatus: 404 });
    for (const node of [domestic, overseas]) expect(await client(node, keys.b).videos.retrieve(created.id)).toMatchObject({ status: 'completed', error: null });
    const file = Buffer.from(await (await client(overseas, keys.b).videos.downloadContent(created.id)).arrayBuffer());
    expect(file.length).toBe(1000);
    expect(await balance('acct-b')).toEqual({ balance: start! - expectedMicro('sora-2', 4), open: 0 });
    upstream.script(keyOf('v-openai'), {});
  });

  test("a channel with keys of two upstream projects: the other project's 404 is not final, every key's is", async () => {
    const { balance: start } = await balance('acct-b');
    const create = async (prompt: string) => {
      const created = await client(domestic, keys.b).videos.create({ model: 'sora-split', prompt, seconds: '4', size: '1280x720' });
      return { id: created.id, creator: upstream.requests.filter((r) => r.method === 'POST').at(-1)!.key };
    };
    // Polled on the node that created it, whose rotation offers the other key first: its 404 gives way to the creator's answer.
    const found = await create('Found by its own key');
    const sent = upstream.requests.length;
    expect(await untilDone(domestic, keys.b, found.id)).toMatchObject({ status: 'completed' });
    const file = Buffer.from(await (await client(domestic, keys.b).videos.downloadContent(found.id)).arrayBuffer());
    expect(file.length).toBe(1000);
    expect(upstream.requests.slice(sent).some((r) => r.key !== found.creator)).toBe(true);
    expect(await balance('acct-b')).toEqual({ balance: start! - expectedMicro('sora-split', 4), open: 0 });
    // A job its own project forgot: each key answers 404, so it failed, released.
    for (const key of [keyOf('v-split'), SPLIT_KEY_B]) upstream.script(key, { outcome: 'forget', pollsUntilDone: 0 });
    const lost = await create('Lost to both');
    const polls = upstream.requests.length;
    expect(await client(overseas, keys.b).videos.retrieve(lost.id)).toMatchObject({ status: 'failed', error: { code: 'video_not_found_upstream' } });
    expect(upstream.requests.slice(polls).map((r) => r.key).sort()).toEqual([keyOf('v-split'), SPLIT_KEY_B].sort());
    expect(await balance('acct-b')).toEqual({ balance: start! - expectedMicro('sora-split', 4), open: 0 });
    for (const key of [keyOf('v-split'), SPLIT_KEY_B]) upstream.script(key, {});
  });

  test('a poll the upstream fails otherwise (502) is an error to the client: the job is not failed, its reservation held', async () => {
    upstream.script(keyOf('v-gemini'), { pollStatus: 502 });
    // An account of its own: this job's reservation stays open (until it expires).
    const key = await token('frank', 'acct-c', ['video']);
    await ports.balances.load('acct-c', START_BALANCE, new Map());
    const created = await client(domestic, key).videos.create({ model: 'veo-3', prompt: 'Out of reach', seconds: '4', size: '1280x720' });
    for (const node of [domestic, overseas]) await expect(client(node, key).videos.retrieve(created.id)).rejects.toMatchObject({ status: 502 });
    expect(await balance('acct-c')).toEqual({ balance: START_BALANCE - expectedMicro('veo-3', 4, 'ceil'), open: 1 });
    expect((await client(overseas, key).videos.list()).data.map((v) => [v.id, v.status])).toEqual([[created.id, 'in_progress']]);
    upstream.script(keyOf('v-gemini'), {});
  });

  test("another account's job id, and a forged one, answer 404 in the OpenAI shape", async () => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf('v-openai'), {});
    const created = await client(domestic, keys.a).videos.create({ model: 'sora-2', prompt: 'Mine', seconds: '4' });
    const polls = upstream.requests.length;
    for (const path of [`/v1/videos/${created.id}`, `/v1/videos/${created.id}/content`]) {
      const res = await fetch(`${overseas.url}${path}`, { headers: { authorization: `Bearer ${keys.b}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { type: 'not_found_error', message: expect.stringContaining('No video found') } });
    }
    const forged = created.id.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await expect(client(domestic, keys.a).videos.retrieve(forged)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect(upstream.requests.length).toBe(polls);
    // The list shows each account its own jobs only, newest first.
    const mine = (await client(overseas, keys.a).videos.list()).data.map((v) => v.id);
    expect(mine[0]).toBe(created.id);
    const theirs = (await client(overseas, keys.b).videos.list()).data.map((v) => v.id);
    expect(theirs).not.toContain(created.id);
    expect(theirs.length).toBeGreaterThan(0);
  });

  test('the OpenAI model listing shows the video models of groups that list videos', async () => {
    const ids: string[] = [];
    for await (const m of client(overseas, keys.a).models.list()) ids.push(m.id);
    expect(ids).toEqual(expect.arrayContaining(['sora-2', 'veo-3']));
    expect(ids).not.toContain('text-m');
  });

  test('bad input is refused in the OpenAI shape before anything is reserved or sent', async () => {
    const sent = upstream.requests.length;
    const start = await balance('acct-a');
    const post = async (key: string, body: unknown) => {
      const res = await fetch(`${domestic.url}/v1/videos`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { error: { type: string; message: string; param: string | null } } };
    };
    // The parameter at fault is in `param`, where OpenAI's SDKs read it.
    const cases: [unknown, number, string, string | null][] = [
      [{ model: 'sora-2', seconds: '4' }, 400, "Missing required parameter: 'prompt'", 'prompt'],
      [{ model: 'sora-2', prompt: 'x', seconds: '5' }, 400, "Invalid value for 'seconds': '5'", 'seconds'],
      [{ model: 'sora-2', prompt: 'x', size: '640x480' }, 400, "Invalid value for 'size': '640x480'", 'size'],
      [{ model: 'sora-2', prompt: 'x', input_reference: 'a file id' }, 400, "'input_reference' must be an uploaded image", 'input_reference'],
      [{ model: 'text-m', prompt: 'x' }, 400, "The model 'text-m' does not make videos", null],
      [{ model: 'no-such', prompt: 'x' }, 404, "The model 'no-such' does not exist", null],
    ];
    for (const [body, status, message, param] of cases) {
      const answer = await post(keys.a, body);
      expect([answer.status, answer.body.error.message, answer.body.error.param]).toEqual([status, expect.stringContaining(message), param]);
    }
    expect((await post(keys.textOnly, { model: 'sora-2', prompt: 'x' })).body.error.message).toContain('Unsupported API format');
    const plain = await fetch(`${domestic.url}/v1/videos`, { method: 'POST', headers: { authorization: `Bearer ${keys.a}`, 'content-type': 'text/plain' }, body: 'a fox' });
    expect([plain.status, ((await plain.json()) as { error: { message: string } }).error.message]).toEqual([400, expect.stringContaining("Content-Type must be 'application/json' or 'multipart/form-data'")]);
    expect((await post('sk-unknown', { model: 'sora-2', prompt: 'x' })).status).toBe(401);
    const capped = await post(await token('dave', 'acct-a', ['video'], { spendCapMicro: '1000' }), { model: 'sora-2', prompt: 'x', seconds: '12' });
    expect([capped.status, capped.body.error.type]).toEqual([402, 'insufficient_quota']);
    const oversize = await post(keys.a, { model: 'sora-2', prompt: 'x'.repeat(MB) });
    expect([oversize.status, oversize.body.error.message]).toEqual([413, expect.stringContaining(`larger than the limit of ${MB} bytes`)]);
    await expect(client(domestic, keys.a).videos.create({ model: 'sora-2', prompt: 'x', seconds: '3' as '4' })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    expect(upstream.requests.length).toBe(sent);
    expect(await balance('acct-a')).toEqual(start);
  });

  test("a creation counts against the token's requests per minute, on every node: 429 with Retry-After beyond it", async () => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf('v-openai'), {});
    const limited = await token('erin', 'acct-a', ['video'], { limits: { rpm: 1, tpm: null, concurrency: null } });
    const first = await client(domestic, limited).videos.create({ model: 'sora-2', prompt: 'Once', seconds: '4' }).withResponse();
    expect(first.response.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const sent = upstream.requests.length;
    const second = await fetch(`${overseas.url}/v1/videos`, { method: 'POST', headers: { authorization: `Bearer ${limited}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'sora-2', prompt: 'Twice' }) });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await second.json()).toMatchObject({ error: { type: 'requests', code: 'rate_limit_exceeded' } });
    expect(upstream.requests.length).toBe(sent);
    // Polls are not creations: they go on.
    expect((await client(overseas, limited).videos.retrieve(first.data.id)).id).toBe(first.data.id);
  });

  test('a 20 MB video is streamed through, never held whole: live memory stays far below it while the client pauses', async () => {
    upstream.script(keyOf('v-down'), { createStatus: 503 });
    upstream.script(keyOf('v-openai'), { pollsUntilDone: 1, fileBytes: 20 * MB });
    const created = await client(domestic, keys.a).videos.create({ model: 'sora-2', prompt: 'A long river', seconds: '4' });
    await untilDone(domestic, keys.a, created.id);
    const { bytes, sampled, growthWhilePaused } = await download(`${overseas.url}/v1/videos/${created.id}/content`, keys.a);
    expect(bytes).toBe(20 * MB);
    expect(sampled).toBe(true);
    // While the client waits, a relay that buffered the file takes the rest of it (18 MB) into its
    // memory; streaming, the process holds a few buffers (the sockets hold the rest).
    expect(growthWhilePaused).not.toBeNull();
    expect(growthWhilePaused!).toBeLessThan(8 * MB);
  });
});

/**
 * Downloads into a counting sink that checks every chunk against the file's pattern, pausing after
 * 2 MB until the upstream stopped sending to measure the growth of live memory meanwhile.
 */
async function download(url: string, key: string): Promise<{ bytes: number; sampled: boolean; growthWhilePaused: number | null }> {
  let sampled = true;
  const read = await pausedRead({
    url,
    headers: { authorization: `Bearer ${key}` },
    upstreamSent: () => upstream.fileBytesSent,
    onChunk: (chunk, offset) => {
      if (chunk[0] !== fileByte(offset)) sampled = false;
    },
  });
  return { bytes: read.bytes, sampled, growthWhilePaused: read.growthWhilePaused };
}
