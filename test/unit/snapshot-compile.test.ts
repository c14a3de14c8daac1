import { SecretBox } from '../../shared/crypto/secrets.js';
import { sealSnapshot } from '../../shared/snapshot/hash.js';
import { compileSnapshot, CompileError } from '../../shared/snapshot/compile.js';
import type { GroupRoute } from '../../shared/snapshot/runtime-config.js';
import { sampleContent, testBox } from '../support/snapshot.js';

const snapshot = sealSnapshot(sampleContent(), 4, new Date('2026-11-22T00:00:00Z'));

/** A route as names and numbers, for readable expectations. */
function shape(route: GroupRoute) {
  return {
    group: route.group.name,
    levels: route.levels.map((l) => ({
      priority: l.priority,
      totalWeight: l.totalWeight,
      channels: l.channels.map((c) => `${c.channel.id}:${c.weight}:${c.upstreamModel}`),
    })),
  };
}

test('a model is found by id and by alias, as the same compiled object', () => {
  const config = compileSnapshot(snapshot, testBox);
  expect(config.models.get('gpt-x-latest')).toBe(config.models.get('gpt-x'));
  expect(config.models.get('gpt-x')?.prices).toEqual({ input: '1.25', output: '10' });
  expect(config.models.get('unknown')).toBeUndefined();
  expect([config.revision, config.hash, config.exchangeRate]).toEqual([4, snapshot.hash, '7.2']);
});

test('routes: active groups in name order, channels by descending priority with weights and upstream names', () => {
  const config = compileSnapshot(snapshot, testBox);
  // ch-idle (disabled, priority 20) and group `off` (disabled) take no traffic.
  expect(config.models.get('gpt-x')!.routes.map(shape)).toEqual([
    { group: 'alpha', levels: [{ priority: 10, totalWeight: 4, channels: ['ch-a:3:gpt-x-2026', 'ch-b:1:gpt-x'] }] },
    {
      group: 'gamma',
      levels: [
        { priority: 5, totalWeight: 2, channels: ['ch-a:2:gpt-x-2026'] },
        { priority: 1, totalWeight: 1, channels: ['ch-b:1:gpt-x'] },
      ],
    },
  ]);
  expect(config.models.get('demo-model')!.routes.map(shape)).toEqual([
    { group: 'alpha', levels: [{ priority: 0, totalWeight: 1, channels: ['ch-demo:1:demo-model'] }] },
  ]);
  expect(config.models.get('orphan')!.routes).toEqual([]);
});

test('upstream keys are decrypted once, at compile time, with their enabled flags', () => {
  const config = compileSnapshot(snapshot, testBox);
  expect(config.channels.get('ch-b')!.keys).toEqual([
    { id: 'k2', secret: 'sk-ant-1', enabled: true },
    { id: 'k3', secret: 'sk-ant-2', enabled: false },
  ]);
  expect(config.channels.get('ch-idle')!.active).toBe(false);
  expect(config.groups.get('off')!.status).toBe('disabled');
});

test('a channel whose keys are all disabled takes no traffic', () => {
  const content = sampleContent();
  content.channels[0].keys[0].enabled = false;
  const config = compileSnapshot(sealSnapshot(content, 5, new Date()), testBox);
  expect(config.models.get('gpt-x')!.routes.map(shape)[0].levels[0].channels).toEqual(['ch-b:1:gpt-x']);
});

test('keys sealed with another SECRET_KEY make the compile fail, naming the key', () => {
  const other = new SecretBox('another-secret-key-another-secret-key-0123');
  expect(() => compileSnapshot(snapshot, other)).toThrow(CompileError);
  expect(() => compileSnapshot(snapshot, other)).toThrow('channels[0].keys[0]: cannot be decrypted');
});

test('a snapshot repeating the previous channels array reuses their compile, with fresh key objects, and new routes', () => {
  const first = compileSnapshot(snapshot, testBox);
  const content = sampleContent();
  content.groups[0].multiplier = '2';
  const next = { ...sealSnapshot(content, 5, new Date()), channels: snapshot.channels };
  // A box that cannot open the keys: reuse must not decrypt again.
  const config = compileSnapshot(next, new SecretBox('another-secret-key-another-secret-key-0123'), first);
  const [before, after] = [first.channels.get('ch-b')!, config.channels.get('ch-b')!];
  expect(after.keys.map((k) => k.secret)).toEqual(['sk-ant-1', 'sk-ant-2']);
  expect(after.keys[0]).not.toBe(before.keys[0]); // key rejections (held per key object) end with the snapshot
  expect(after.upstreamModels).toBe(before.upstreamModels);
  expect(config.models.get('gpt-x')!.routes[0].group.multiplier).toBe('2');
  expect(config.models.get('gpt-x')!.routes.map(shape)).toEqual(first.models.get('gpt-x')!.routes.map(shape));
  // Another channels array (even with equal content) is compiled afresh.
  expect(() => compileSnapshot({ ...next, channels: structuredClone(snapshot.channels) }, new SecretBox('another-secret-key-another-secret-key-0123'), first)).toThrow(CompileError);
});

test('a channel sends a model under its own id unless its mapping renames it (own entries only)', () => {
  const content = sampleContent();
  content.channels[1].models = ['claude-y', 'constructor', 'gpt-x'];
  content.channels[1].modelMapping = { 'claude-y': 'claude-y-upstream' };
  const channel = compileSnapshot(sealSnapshot(content, 5, new Date()), testBox).channels.get('ch-b')!;
  expect([...channel.upstreamModels]).toEqual([
    ['claude-y', 'claude-y-upstream'],
    ['constructor', 'constructor'],
    ['gpt-x', 'gpt-x'],
  ]);
});
