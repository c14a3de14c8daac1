import { SecretBox } from '../../shared/crypto/secrets.js';
import { sealSnapshot, serializeSnapshot } from '../../shared/snapshot/hash.js';
import { SNAPSHOT_SCHEMA_VERSION, type SnapshotChannel, type SnapshotContent } from '../../shared/snapshot/types.js';
import { TEST_SECRET_KEY } from './control-plane.js';

/** The SecretBox of TEST_SECRET_KEY: what test control and data planes share. */
export const testBox = new SecretBox(TEST_SECRET_KEY);

const timeouts = { connectMs: 1000, firstByteMs: 5000, totalMs: 60000 };

function channel(id: string, partial: Partial<SnapshotChannel>): SnapshotChannel {
  return { id, name: id, kind: 'openai', isDemo: false, baseUrl: 'https://api.example.test', keys: [], models: [], modelMapping: {}, timeouts, azure: null, status: 'active', ...partial };
}

/**
 * A small, valid snapshot content: groups `alpha` (two formats), `gamma` (responses only) and
 * `off` (disabled); channels `ch-a` (openai, maps gpt-x to gpt-x-2026), `ch-b` (anthropic, two
 * keys, one disabled), `ch-demo`, `ch-idle` (disabled); models gpt-x (alias gpt-x-latest),
 * claude-y, demo-model, orphan (served by no channel). Keys sealed with TEST_SECRET_KEY.
 */
export function sampleContent(): SnapshotContent {
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    groups: [
      { name: 'alpha', formats: ['chat-completions', 'messages'], recommendedFormat: 'messages', multiplier: '1.5', billing: 'tokens', autoRoute: true, status: 'active' },
      { name: 'gamma', formats: ['responses'], recommendedFormat: 'responses', multiplier: '0.2', billing: 'tokens', autoRoute: false, status: 'active' },
      { name: 'off', formats: ['chat-completions'], recommendedFormat: 'chat-completions', multiplier: '1', billing: 'per-request', autoRoute: false, status: 'disabled' },
    ],
    channels: [
      channel('ch-a', { keys: [{ id: 'k1', sealed: testBox.encrypt('sk-upstream-a'), enabled: true }], models: ['gpt-x'], modelMapping: { 'gpt-x': 'gpt-x-2026' } }),
      channel('ch-b', {
        kind: 'anthropic',
        keys: [
          { id: 'k2', sealed: testBox.encrypt('sk-ant-1'), enabled: true },
          { id: 'k3', sealed: testBox.encrypt('sk-ant-2'), enabled: false },
        ],
        models: ['claude-y', 'gpt-x'],
      }),
      channel('ch-demo', { kind: 'demo', isDemo: true, baseUrl: null, models: ['demo-model'] }),
      channel('ch-idle', { status: 'disabled', keys: [{ id: 'k4', sealed: testBox.encrypt('sk-idle'), enabled: true }], models: ['gpt-x'] }),
    ],
    memberships: [
      { group: 'alpha', channelId: 'ch-a', priority: 10, weight: 3 },
      { group: 'alpha', channelId: 'ch-b', priority: 10, weight: 1 },
      { group: 'alpha', channelId: 'ch-demo', priority: 0, weight: 1 },
      { group: 'alpha', channelId: 'ch-idle', priority: 20, weight: 1 },
      { group: 'gamma', channelId: 'ch-a', priority: 5, weight: 2 },
      { group: 'gamma', channelId: 'ch-b', priority: 1, weight: 1 },
      { group: 'off', channelId: 'ch-a', priority: 1, weight: 1 },
    ],
    models: [
      { id: 'claude-y', aliases: [], vendor: 'anthropic', kind: 'text', prices: { input: '3', output: '15', cacheRead: '0.3' }, multiplier: '1', limits: { contextTokens: 200000, maxOutputTokens: 64000 }, defaultMaxOutputTokens: 4096 },
      { id: 'demo-model', aliases: [], vendor: 'meridian', kind: 'text', prices: { input: '0', output: '0' }, multiplier: '1', limits: { contextTokens: null, maxOutputTokens: null }, defaultMaxOutputTokens: null },
      { id: 'gpt-x', aliases: ['gpt-x-latest'], vendor: 'openai', kind: 'text', prices: { input: '1.25', output: '10' }, multiplier: '1.1', limits: { contextTokens: 400000, maxOutputTokens: 128000 }, defaultMaxOutputTokens: null },
      { id: 'orphan', aliases: [], vendor: 'openai', kind: 'image', prices: { image: '0.04' }, multiplier: '1', limits: { contextTokens: null, maxOutputTokens: null }, defaultMaxOutputTokens: null },
    ],
    exchangeRate: '7.2',
    settings: { 'health.minSamples': 20 },
  };
}

/**
 * The wire text of `content` at `revision` in snapshot schema 1 (a channel's models as
 * `{model, upstreamModel}` pairs, no mapping), as control and data planes before schema 2 wrote
 * it to Redis and to disk; hash correct.
 */
export function schemaOneText(content: SnapshotContent, revision: number): string {
  const channels = content.channels.map(({ modelMapping, ...ch }) => ({ ...ch, models: ch.models.map((model) => ({ model, upstreamModel: modelMapping[model] ?? model })) }));
  return serializeSnapshot(sealSnapshot({ ...content, schemaVersion: 1, channels } as unknown as SnapshotContent, revision, new Date()));
}
