import { sha256Hex } from '../../shared/crypto/secrets.js';
import { canonicalContent, canonicalJson, sealSnapshot, sectionOfJson, snapshotHash } from '../../shared/snapshot/hash.js';
import { SNAPSHOT_SCHEMA_VERSION, type RoutingSnapshot, type SnapshotContent } from '../../shared/snapshot/types.js';
import { validateSnapshot } from '../../shared/snapshot/validate.js';
import { sampleContent, schemaOneText } from '../support/snapshot.js';

const at = new Date('2026-11-22T00:00:00Z');

/** Seals `content` after `edit`, so the hash matches and only the edited field is wrong. */
function sealedWith(edit: (c: SnapshotContent) => void): RoutingSnapshot {
  const content = sampleContent();
  edit(content);
  return sealSnapshot(content, 7, at);
}

test('a sealed sample snapshot is valid', () => {
  expect(validateSnapshot(sealSnapshot(sampleContent(), 1, at))).toEqual([]);
});

test('the hash ignores key order, revision and creation time, but not content', () => {
  const content = sampleContent();
  const reordered = JSON.parse(canonicalJson(content)) as SnapshotContent; // keys now sorted
  expect(Object.keys(reordered)).not.toEqual(Object.keys(content));
  expect(snapshotHash(reordered)).toBe(snapshotHash(content));
  expect(sealSnapshot(content, 1, at).hash).toBe(sealSnapshot(content, 9, new Date()).hash);
  expect(snapshotHash({ ...content, exchangeRate: '7.21' })).not.toBe(snapshotHash(content));
});

test('content changed after sealing is caught by the hash', () => {
  const snapshot = sealSnapshot(sampleContent(), 1, at);
  snapshot.groups[0].multiplier = '0.01';
  expect(validateSnapshot(snapshot)).toEqual(['hash: does not match the content (corrupted or tampered with)']);
});

test('the hash is two-level: the content with channels and models replaced by their own digests', () => {
  const content = sampleContent();
  const digest = (value: unknown) => sha256Hex(canonicalJson(value));
  expect(snapshotHash(content)).toBe(digest({ ...content, channels: digest(content.channels), models: digest(content.models) }));
});

test('the canonical form: canonical JSON, the sections given or serialised, the same hash', () => {
  const content = sampleContent();
  const whole = canonicalContent(content);
  expect(whole.json).toBe(canonicalJson(content));
  expect(whole.hash).toBe(snapshotHash(content));
  expect(whole.sections.models).toEqual(sectionOfJson(canonicalJson(content.models)));
  // Sections handed in (an incremental builder's) are used as they are.
  expect(canonicalContent(content, { models: whole.sections.models })).toEqual(whole);
});

test('a snapshot in another text shape is checked by re-serialising its content', () => {
  const snapshot = sealSnapshot(sampleContent(), 3, at);
  const other = JSON.stringify(snapshot);
  expect(validateSnapshot(JSON.parse(other))).toEqual([]);
  const tampered = other.replace('"multiplier":"1.5"', '"multiplier":"0.5"');
  expect(validateSnapshot(JSON.parse(tampered))).toEqual(['hash: does not match the content (corrupted or tampered with)']);
  // A hashed text that does not match (e.g. assembled from text written another way) falls back the same way.
  expect(validateSnapshot(JSON.parse(other), '{}')).toEqual([]);
});

test('duplicate and malformed models of a channel, and mappings of models it does not serve, are named', () => {
  const problems = validateSnapshot(
    sealedWith((c) => {
      c.channels[1].models = ['claude-y', 'claude-y', '', null as never];
      c.channels[1].modelMapping = { 'claude-y': 'claude-upstream', 'gpt-z': 'gpt-z-upstream', 'gpt-x': '' };
    }),
  );
  // Each field's own problems first, then what ties the channel's fields together.
  expect(problems).toEqual([
    'channels[1].models[1]: duplicate model "claude-y"',
    'channels[1].models[2]: must be a non-empty string',
    'channels[1].models[3]: must be a non-empty string',
    'channels[1].modelMapping.gpt-x: must be a non-empty string',
    'channels[1].modelMapping.gpt-z: maps a model the channel does not serve',
    'channels[1].modelMapping.gpt-x: maps a model the channel does not serve',
  ]);
  expect(validateSnapshot(sealedWith((c) => void (c.channels[1].modelMapping = null as never)))).toEqual(['channels[1].modelMapping: must be an object']);
});

test('sections known valid are not checked again, but references to them are', () => {
  const good = sealSnapshot(sampleContent(), 1, at);
  const bad = sealedWith((c) => {
    c.channels[0].name = '';
    c.models[0].multiplier = '-1';
    c.memberships[0].channelId = 'nope';
  });
  expect(validateSnapshot(bad)).toEqual(expect.arrayContaining(['channels[0].name: must be a non-empty string', 'models[0].multiplier: must be a positive decimal string']));
  // The caller vouches for these very arrays (a data plane passes the ones of the snapshot it applied).
  const problems = validateSnapshot(bad, undefined, { channels: bad.channels, models: bad.models });
  expect(problems).toEqual(['memberships[0].channelId: unknown channel "nope"']);
  // Equal content in other arrays is checked as usual.
  expect(validateSnapshot(good, undefined, { channels: structuredClone(good.channels), models: structuredClone(good.models) })).toEqual([]);
});

test.each<[string, (c: SnapshotContent) => void, string]>([
  ['unknown wire format', (c) => void (c.groups[0].formats = ['chat-completions', 'smoke-signals' as never]), 'groups[0].formats[1]: unknown format "smoke-signals"'],
  ['recommended format outside the formats', (c) => void (c.groups[1].recommendedFormat = 'messages'), 'groups[1].recommendedFormat: must be one of the group formats'],
  ['zero group multiplier', (c) => void (c.groups[0].multiplier = '0'), 'groups[0].multiplier: must be a positive decimal string'],
  ['negative model multiplier', (c) => void (c.models[0].multiplier = '-1'), 'models[0].multiplier: must be a positive decimal string'],
  ['multiplier as a number', (c) => void (c.groups[0].multiplier = 1.5 as never), 'groups[0].multiplier: must be a positive decimal string'],
  ['negative price', (c) => void (c.models[0].prices = { input: '-3', output: '15' }), 'models[0].prices.input'],
  ['unknown price kind', (c) => void (c.models[0].prices = { input: '3', output: '15', inptu: '1' } as never), 'models[0].prices.inptu: is not a price kind'],
  ['duplicate model id', (c) => void (c.models[1].id = 'claude-y'), 'models[1].id: duplicate model id or alias "claude-y"'],
  ['alias equal to another model id', (c) => void (c.models[2].aliases = ['claude-y']), 'models[2].aliases[0]: duplicate model id or alias "claude-y"'],
  ['non-http base URL', (c) => void (c.channels[0].baseUrl = 'ftp://files.example.test'), 'channels[0].baseUrl: must be an http(s) URL (null only for the demo kind)'],
  ['unknown channel kind', (c) => void (c.channels[0].kind = 'carrier-pigeon' as never), 'channels[0].kind: must be one of'],
  ['key not sealed', (c) => void (c.channels[0].keys[0].sealed = 'sk-plain-text'), 'channels[0].keys[0].sealed: must be a string matching'],
  ['membership in an unknown group', (c) => void (c.memberships[0].group = 'nope'), 'memberships[0].group: unknown group "nope"'],
  ['membership of an unknown channel', (c) => void (c.memberships[0].channelId = 'nope'), 'memberships[0].channelId: unknown channel "nope"'],
  ['zero weight', (c) => void (c.memberships[0].weight = 0), 'memberships[0].weight: must be an integer >= 1'],
  ['duplicate membership', (c) => void (c.memberships[1].channelId = 'ch-a'), 'memberships[1]: duplicate membership "alpha / ch-a"'],
  ['bad exchange rate', (c) => void (c.exchangeRate = '7,2'), 'exchangeRate: must be a positive decimal string'],
  ['azure channel without options', (c) => void (c.channels[0].kind = 'azure-openai'), 'channels[0].azure: must be an object'],
  ['nested setting', (c) => void (c.settings = { 'health.window': { minutes: 5 } as never }), 'settings.health.window: must be a string, number, boolean or null'],
])('refuses %s, naming the field', (_name, edit, expected) => {
  const problems = validateSnapshot(sealedWith(edit));
  expect(problems.some((p) => p.startsWith(expected))).toBe(true);
});

test('another schema version is refused without field noise', () => {
  const snapshot = { ...sealSnapshot(sampleContent(), 1, at), schemaVersion: SNAPSHOT_SCHEMA_VERSION + 1, groups: 'garbage' };
  expect(validateSnapshot(snapshot)).toEqual([`schemaVersion: must be ${SNAPSHOT_SCHEMA_VERSION} (this data plane's schema), got ${SNAPSHOT_SCHEMA_VERSION + 1}`]);
  // Schema 1 (a channel's models as {model, upstreamModel} pairs), e.g. from a control plane not yet upgraded.
  const older = schemaOneText(sampleContent(), 1);
  expect(validateSnapshot(JSON.parse(older), older)).toEqual([`schemaVersion: must be ${SNAPSHOT_SCHEMA_VERSION} (this data plane's schema), got 1`]);
});

test('non-objects and missing sections are reported, never thrown', () => {
  expect(validateSnapshot(null)).toEqual(['snapshot: must be an object']);
  expect(validateSnapshot([1])).toEqual(['snapshot: must be an object']);
  const problems = validateSnapshot({ schemaVersion: SNAPSHOT_SCHEMA_VERSION });
  expect(problems).toEqual(
    expect.arrayContaining(['revision: must be an integer >= 1', 'groups: must be an array', 'models: must be an array', 'exchangeRate: must be a positive decimal string']),
  );
});
