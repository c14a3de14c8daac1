import { parseSnapshotText, type AppliedText } from '../../data-plane/config/snapshot-text.js';
import { canonicalContent, canonicalJson, CONTENT_KEYS, sealSnapshot, serializeSnapshot, snapshotContent } from '../../shared/snapshot/hash.js';
import { validateSnapshot } from '../../shared/snapshot/validate.js';
import type { RoutingSnapshot, SnapshotContent } from '../../shared/snapshot/types.js';
import { sampleContent } from '../support/snapshot.js';

const at = new Date('2026-11-22T00:00:00Z');
/** One sample (its keys are sealed with random IVs: every sampleContent() differs). */
const sample = sampleContent();

/** The wire text of `content` after `edit`, at `revision`. */
function wire(edit: (c: SnapshotContent) => void = () => undefined, revision = 1): string {
  const content = structuredClone(sample);
  edit(content);
  return serializeSnapshot(sealSnapshot(content, revision, at));
}

/** What a data plane holds after applying `raw`. */
function applied(raw: string): AppliedText {
  const { value, sections } = parseSnapshotText(raw);
  return { snapshot: value as RoutingSnapshot, sections: sections! };
}

test('the canonical layout the sections rely on is the sorted content keys', () => {
  expect(CONTENT_KEYS).toEqual(Object.keys(snapshotContent(sample)).sort());
});

test('a wire text parses to what JSON.parse gives, with its big sections, and its hash is checked over a small text', () => {
  const raw = wire();
  const { value, sections, hashed } = parseSnapshotText(raw);
  expect(value).toEqual(JSON.parse(raw));
  expect(sections).toEqual(canonicalContent(sample).sections);
  const digests = { ...sample, channels: sections!.channels.digest, models: sections!.models.digest };
  expect(hashed).toBe(canonicalJson(digests));
  expect(validateSnapshot(value, hashed!)).toEqual([]);
});

test.each<[string, string, string]>([
  ['a group', '"multiplier":"1.5"', '"multiplier":"0.5"'],
  ['a model (inside a section)', '"multiplier":"1.1"', '"multiplier":"0.1"'],
  ['a channel (inside a section)', '"name":"ch-a"', '"name":"ch-x"'],
])('content of %s edited in the text, the hash left as it was: refused', (_name, from, to) => {
  const raw = wire();
  const tampered = raw.replace(from, to);
  expect(tampered).not.toBe(raw);
  for (const parsed of [parseSnapshotText(tampered), parseSnapshotText(tampered, applied(raw))]) {
    expect(parsed.hashed).not.toBeNull();
    expect(validateSnapshot(parsed.value, parsed.hashed!)).toEqual(['hash: does not match the content (corrupted or tampered with)']);
  }
});

test('a wire text whose suffix is not the one its revision, hash and creation time make has no hashed text', () => {
  const raw = wire().replace(/\}$/, ',"extra":1}');
  expect(parseSnapshotText(raw).hashed).toBeNull();
  expect(validateSnapshot(parseSnapshotText(raw).value)).toEqual([]); // re-serialised: still the content it claims
});

test('sections whose text the applied snapshot had are its very arrays; changed ones are parsed', () => {
  const before = applied(wire());
  const groupChanged = wire((c) => void (c.groups[0].multiplier = '9'), 2);
  const next = parseSnapshotText(groupChanged, before);
  expect(next.value).toEqual(JSON.parse(groupChanged));
  const value = next.value as RoutingSnapshot;
  expect(value.channels).toBe(before.snapshot.channels);
  expect(value.models).toBe(before.snapshot.models);
  expect(next.sections!.channels).toBe(before.sections.channels);
  expect(validateSnapshot(next.value, next.hashed!)).toEqual([]);

  const modelChanged = wire((c) => void (c.models[0].multiplier = '2'), 3);
  const third = parseSnapshotText(modelChanged, before);
  expect(third.value).toEqual(JSON.parse(modelChanged));
  expect((third.value as RoutingSnapshot).channels).toBe(before.snapshot.channels);
  expect((third.value as RoutingSnapshot).models).not.toBe(before.snapshot.models);

  // A channel added after the applied ones: the applied text is a prefix of the value, not all of it.
  const channelAdded = wire((c) => void c.channels.push({ ...c.channels[0], id: 'ch-z', name: 'ch-z' }), 4);
  const fourth = parseSnapshotText(channelAdded, before);
  expect(fourth.value).toEqual(JSON.parse(channelAdded));
  expect((fourth.value as RoutingSnapshot).channels).toHaveLength(5);
});

test.each<[string, (raw: string) => string]>([
  [
    'another key order',
    (raw) => {
      const { channels, ...rest } = JSON.parse(raw) as RoutingSnapshot;
      return JSON.stringify({ ...rest, channels });
    },
  ],
  ['whitespace', (raw) => JSON.stringify(JSON.parse(raw) as unknown, null, 2)],
  // A channel with a property named like the key after the section: the cut falls inside it.
  ['a cut in the wrong place', (raw) => raw.replace('"id":"ch-a"', '"exchangeRate":"1","id":"ch-a"')],
  ['a section that is not one value', (raw) => raw.replace(/,"exchangeRate":/, ',"extra":[1],"exchangeRate":')],
])('text with %s is parsed whole, as JSON.parse does', (_name, rewrite) => {
  const raw = rewrite(wire());
  expect(raw).not.toBe(wire());
  expect(parseSnapshotText(raw)).toEqual({ value: JSON.parse(raw), sections: null, hashed: null });
  // With an applied snapshot to compare with: the same value, whichever way it was reached.
  expect(parseSnapshotText(raw, applied(wire())).value).toEqual(JSON.parse(raw));
});

test('text that is not JSON throws, as JSON.parse does', () => {
  expect(() => parseSnapshotText('{"channels":[1],"exchangeRate":')).toThrow(SyntaxError);
  expect(() => parseSnapshotText(wire().slice(0, -2), applied(wire()))).toThrow(SyntaxError);
});
