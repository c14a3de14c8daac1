/**
 * Upstream keys of a channel through a real data plane: requests rotate over the channel's
 * enabled keys; a key the upstream rejects (401) is dropped at once, the request moves to the
 * channel's next key (then to the next channel) and the key is reported on the bus; a new
 * snapshot decides again.
 */
import OpenAI from 'openai';
import { SNAPSHOT_SCHEMA_VERSION, type SnapshotContent } from '../../shared/snapshot/types.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { PATIENT_TIMEOUTS, keyOf, testChannel, testGroup, testModel } from '../support/relay-catalog.js';
import { testBox } from '../support/snapshot.js';

const KEY_A = 'up-key-a';
const KEY_B = 'up-key-b';
const SPARE = keyOf('spare');

let bed: RelayBed;
let openai: OpenAI;
let round = 0;

/**
 * Channel `two` (keys a and b, priority 20) and channel `spare` (priority 10) serve `m-keys`;
 * `enabled` sets the keys' flags. Patient time limits: a slow answer must not move a request to
 * another key or channel.
 */
function catalog(upstreamUrl: string, enabled: { a: boolean; b: boolean } = { a: true, b: true }): SnapshotContent {
  const served = [{ model: 'm-keys', upstream: 'up-keys' }];
  const keys = [
    { id: 'key-a', sealed: testBox.encrypt(KEY_A), enabled: enabled.a },
    { id: 'key-b', sealed: testBox.encrypt(KEY_B), enabled: enabled.b },
  ];
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    groups: [testGroup('keys')],
    channels: [testChannel('two', 'openai', upstreamUrl, served, { keys, timeouts: PATIENT_TIMEOUTS }), testChannel('spare', 'openai', upstreamUrl, served, { timeouts: PATIENT_TIMEOUTS })],
    memberships: [
      { group: 'keys', channelId: 'two', priority: 20, weight: 1 },
      { group: 'keys', channelId: 'spare', priority: 10, weight: 1 },
    ],
    models: [testModel('m-keys')],
    exchangeRate: '7.2',
    // A new round is new content: a fresh compile, as after any catalog change.
    settings: { 'test.round': ++round },
  };
}

beforeAll(async () => {
  bed = await startRelayBed((url) => catalog(url));
  openai = new OpenAI({ apiKey: await bed.token({ groups: ['keys'] }), baseURL: `${bed.url}/v1`, maxRetries: 0 });
});
afterAll(() => bed?.stop());
beforeEach(async () => {
  bed.upstream.reset();
  await bed.ports.keyInvalidations.take(100);
  await bed.publish(catalog(bed.upstream.url));
});
afterEach(() => expect(bed.upstream.violations).toEqual([]));

/** Sends `n` requests one after the other; returns the upstream key each request ended on. */
async function send(n: number): Promise<string[]> {
  for (let i = 0; i < n; i++) {
    const r = await openai.chat.completions.create({ model: 'm-keys', messages: [{ role: 'user', content: 'Hi' }] });
    expect(r.choices[0].message.content).toBe('Hello from the fake upstream.');
  }
  return bed.upstream.requests.map((r) => r.key);
}

test('requests alternate over the channel keys', async () => {
  const keys = await send(4);
  expect(keys.join(' ')).toMatch(/^(up-key-a up-key-b up-key-a up-key-b|up-key-b up-key-a up-key-b up-key-a)$/);
});

test('a key the upstream rejects moves the request to the next key, is reported and is no longer used', async () => {
  bed.upstream.setDefault(KEY_A, { kind: 'error', status: 401 });
  const keys = await send(4);
  // A is tried at most once (by the first request, or the second): then B serves everything.
  expect(keys.filter((k) => k === KEY_A)).toHaveLength(1);
  expect(keys.filter((k) => k === KEY_B)).toHaveLength(4);
  expect(keys).not.toContain(SPARE);
  const [report, ...more] = await bed.ports.keyInvalidations.take(10);
  expect(more).toEqual([]);
  expect(report).toMatchObject({ channelId: 'two', keyId: 'key-a', status: 401, node: 'relay-test' });
  expect(Date.parse(report.at)).not.toBeNaN();
});

test('a 403 that calls the key invalid is a rejection too; another 403 is the channel failing', async () => {
  bed.upstream.script(KEY_A, { kind: 'error', status: 403, message: 'This API key has been revoked.' });
  bed.upstream.script(KEY_B, { kind: 'error', status: 403, message: 'Country, region, or territory not supported.' });
  const keys = await send(2);
  // A's 403 drops A and hands over to B; B's 403 ends channel two's turn, so `spare` serves that
  // request; B stays in use. Whichever key comes first, A is tried once and only A is reported.
  expect(keys.filter((k) => k === KEY_A)).toHaveLength(1);
  expect(keys.filter((k) => k === SPARE)).toHaveLength(1);
  expect((await bed.ports.keyInvalidations.take(10)).map((r) => [r.keyId, r.status])).toEqual([['key-a', 403]]);
});

test('when every key of a channel is rejected, the next channel serves', async () => {
  bed.upstream.setDefault(KEY_A, { kind: 'error', status: 401 });
  bed.upstream.setDefault(KEY_B, { kind: 'error', status: 401 });
  const keys = await send(3);
  expect(keys.filter((k) => k === KEY_A || k === KEY_B).sort()).toEqual([KEY_A, KEY_B]);
  expect(keys.filter((k) => k === SPARE)).toHaveLength(3);
  expect((await bed.ports.keyInvalidations.take(10)).map((r) => r.keyId).sort()).toEqual(['key-a', 'key-b']);
});

test('a snapshot decides again: a key it disables is not used, a key it enables is', async () => {
  bed.upstream.setDefault(KEY_A, { kind: 'error', status: 401 });
  await send(2);
  bed.upstream.reset();
  await bed.publish(catalog(bed.upstream.url, { a: false, b: true }));
  expect(await send(2)).toEqual([KEY_B, KEY_B]);
  bed.upstream.reset();
  await bed.publish(catalog(bed.upstream.url, { a: true, b: true }));
  expect((await send(2)).sort()).toEqual([KEY_A, KEY_B]);
});
