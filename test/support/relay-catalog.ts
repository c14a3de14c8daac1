import { SNAPSHOT_SCHEMA_VERSION, type ChannelKind, type SnapshotChannel, type SnapshotContent, type SnapshotGroup, type SnapshotMembership, type SnapshotModel } from '../../shared/snapshot/types.js';
import { WIRE_FORMATS } from '../../shared/formats.js';
import { testBox } from './snapshot.js';

/** The channel kinds that call an upstream (all but demo). */
export const UPSTREAM_KINDS = ['openai', 'azure-openai', 'openai-compatible', 'anthropic', 'gemini'] as const satisfies readonly ChannelKind[];

/** The upstream key of a channel id: each channel has its own, so the fake upstream tells them apart. */
export function keyOf(channelId: string): string {
  return `up-key-${channelId}`;
}

/** The model a kind's channel serves in the `all` group, and the name it has upstream. */
export function kindModel(kind: ChannelKind): { model: string; upstream: string } {
  return { model: `m-${kind}`, upstream: `up-${kind}` };
}

/** Time limits of test channels: short first-byte limit so a silent upstream fails over quickly. */
export const TEST_TIMEOUTS = { connectMs: 1000, firstByteMs: 400, totalMs: 20_000 };

/**
 * Time limits a loaded machine cannot trip (first byte within 30 s instead of 400 ms), for channels
 * of tests about something other than timeouts: a file's first request (cold code, the whole suite
 * running beside it) can take longer than 400 ms, which the short limit turns into a 504 or a
 * failover the test did not ask for.
 */
export const PATIENT_TIMEOUTS = { ...TEST_TIMEOUTS, firstByteMs: 30_000 };

/** A channel on the fake upstream. */
export function testChannel(id: string, kind: ChannelKind, upstreamUrl: string, models: { model: string; upstream: string }[], extra: Partial<SnapshotChannel> = {}): SnapshotChannel {
  return {
    id,
    name: id,
    kind,
    isDemo: kind === 'demo',
    baseUrl: kind === 'demo' ? null : kind === 'openai-compatible' ? `${upstreamUrl}/compat` : upstreamUrl,
    keys: kind === 'demo' ? [] : [{ id: `${id}-k`, sealed: testBox.encrypt(keyOf(id)), enabled: true }],
    models: models.map((m) => m.model),
    modelMapping: Object.fromEntries(models.filter((m) => m.upstream !== m.model).map((m) => [m.model, m.upstream])),
    timeouts: TEST_TIMEOUTS,
    azure: kind === 'azure-openai' ? { apiVersion: '2024-10-21', deployment: null } : null,
    status: 'active',
    ...extra,
  };
}

/** A text model with token prices. */
export function testModel(id: string, extra: Partial<SnapshotModel> = {}): SnapshotModel {
  return {
    id,
    aliases: [],
    vendor: 'test',
    kind: 'text',
    prices: { input: '1', output: '2' },
    multiplier: '1',
    limits: { contextTokens: 100000, maxOutputTokens: 8192 },
    defaultMaxOutputTokens: 1024,
    ...extra,
  };
}

/** A group. */
export function testGroup(name: string, extra: Partial<SnapshotGroup> = {}): SnapshotGroup {
  return { name, formats: [...WIRE_FORMATS], recommendedFormat: 'chat-completions', multiplier: '1', billing: 'tokens', autoRoute: false, status: 'active', ...extra };
}

/**
 * The relay catalog:
 * - group `all` (every format): one channel per kind (`ch-<kind>`), each serving `m-<kind>`
 *   (upstream name `up-<kind>`); the demo channel serves `m-demo`.
 * - group `gamma` (responses only) serving `m-openai`.
 * - failover: group `primary` with `f-high` (priority 20) and `f-low` (priority 10), and group
 *   `backup` with `f-backup`, all openai, all serving `m-fail`.
 * - automatic routing over `cheap` (tokens x0.5), `pricey` (tokens x2) and `flat` (per-request
 *   x0.1), each with its own openai channel (`auto-<group>`) serving `m-auto`.
 */
export function relayCatalog(upstreamUrl: string): SnapshotContent {
  const channels: SnapshotChannel[] = [];
  const memberships: SnapshotMembership[] = [];
  const models: SnapshotModel[] = [];
  const join = (group: string, channelId: string, priority = 0, weight = 1) => memberships.push(membership(group, channelId, priority, weight));

  for (const kind of [...UPSTREAM_KINDS, 'demo'] as const) {
    const m = kindModel(kind);
    channels.push(testChannel(`ch-${kind}`, kind, upstreamUrl, [m]));
    models.push(testModel(m.model));
    join('all', `ch-${kind}`);
  }
  join('gamma', 'ch-openai');

  channels.push(testChannel('f-high', 'openai', upstreamUrl, [{ model: 'm-fail', upstream: 'up-fail' }]));
  channels.push(testChannel('f-low', 'openai', upstreamUrl, [{ model: 'm-fail', upstream: 'up-fail' }]));
  channels.push(testChannel('f-backup', 'openai', upstreamUrl, [{ model: 'm-fail', upstream: 'up-fail' }]));
  models.push(testModel('m-fail'));
  join('primary', 'f-high', 20);
  join('primary', 'f-low', 10);
  join('backup', 'f-backup');

  for (const group of ['cheap', 'pricey', 'flat']) {
    channels.push(testChannel(`auto-${group}`, 'openai', upstreamUrl, [{ model: 'm-auto', upstream: 'up-auto' }]));
    join(group, `auto-${group}`);
  }
  models.push(testModel('m-auto', { aliases: ['m-auto-latest'], prices: { input: '1', output: '2', perRequest: '0.01' } }));

  return testCatalog({
    groups: [
      testGroup('all'),
      testGroup('gamma', { formats: ['responses'], recommendedFormat: 'responses' }),
      testGroup('primary'),
      testGroup('backup'),
      testGroup('cheap', { multiplier: '0.5', autoRoute: true }),
      testGroup('pricey', { multiplier: '2', autoRoute: true }),
      testGroup('flat', { multiplier: '0.1', autoRoute: true, billing: 'per-request' }),
    ],
    channels,
    memberships,
    models,
  });
}

/** A catalog of exactly these groups, channels, memberships and models (exchange rate 7.2 unless given, no settings). */
export function testCatalog(parts: Pick<SnapshotContent, 'groups' | 'channels' | 'memberships' | 'models'> & { exchangeRate?: string }): SnapshotContent {
  return { schemaVersion: SNAPSHOT_SCHEMA_VERSION, exchangeRate: '7.2', settings: {}, ...parts };
}

/** `channelId` in `group`, at `priority` with `weight`. */
export function membership(group: string, channelId: string, priority = 0, weight = 1): SnapshotMembership {
  return { group, channelId, priority, weight };
}

/**
 * {@link relayCatalog} with {@link PATIENT_TIMEOUTS} on every channel, for tests about something
 * other than timeouts. A test about a timeout makes one channel hang and gives that channel alone a
 * short limit ({@link withTimeouts}): the limit then fires whatever the machine's load.
 */
export function patientRelayCatalog(upstreamUrl: string): SnapshotContent {
  const content = relayCatalog(upstreamUrl);
  return { ...content, channels: content.channels.map((c) => ({ ...c, timeouts: PATIENT_TIMEOUTS })) };
}

/** `content` with `timeouts` on the channel `channelId` (the others as they were). */
export function withTimeouts(content: SnapshotContent, channelId: string, timeouts: SnapshotChannel['timeouts']): SnapshotContent {
  if (!content.channels.some((c) => c.id === channelId)) throw new Error(`no channel ${channelId}`);
  return { ...content, channels: content.channels.map((c) => (c.id === channelId ? { ...c, timeouts } : c)) };
}
