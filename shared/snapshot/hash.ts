import { sha256Hex } from '../crypto/secrets.js';
import type { RoutingSnapshot, SnapshotContent, SnapshotHead } from './types.js';

/** JSON.stringify replacer that emits every plain object with its keys sorted (copying only unsorted ones). */
function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.every((k, i) => i === 0 || keys[i - 1] < k)) return value;
  const sorted: Record<string, unknown> = {};
  for (const k of keys.sort()) sorted[k] = record[k];
  return sorted;
}

/**
 * JSON with object keys sorted at every level, so equal content always serialises to equal text
 * (Kong's `calculate_config_hash` idea). Arrays keep their order: the builder sorts them.
 * `undefined` properties are dropped, as JSON.stringify does. (A replacer, not a hand-written
 * serialiser: native JSON.stringify is much faster on a whole snapshot.)
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? 'null';
}

/**
 * The content's keys in canonical (sorted) order: the order of its sections in the wire text,
 * which a data plane relies on to find the sections it already has (see parseSnapshotText).
 */
export const CONTENT_KEYS = ['channels', 'exchangeRate', 'groups', 'memberships', 'models', 'schemaVersion', 'settings'] as const satisfies readonly (keyof SnapshotContent)[];

/** The content part of a snapshot (what the hash covers): revision, hash and createdAt excluded. */
export function snapshotContent(snapshot: SnapshotContent): SnapshotContent {
  const { schemaVersion, groups, channels, memberships, models, exchangeRate, settings } = snapshot;
  return { schemaVersion, groups, channels, memberships, models, exchangeRate, settings };
}

/** The big sections (nine tenths of a snapshot): the hash covers each through a digest of its own. */
export const DIGESTED_SECTIONS = ['channels', 'models'] as const;

/** One of {@link DIGESTED_SECTIONS}. */
export type DigestedSection = (typeof DIGESTED_SECTIONS)[number];

/** A big section's canonical JSON and its digest (hex sha256 of that JSON). */
export interface SectionJson {
  json: string;
  digest: string;
}

/** The section of `json` (a big section's canonical JSON, e.g. as cut out of a wire text). */
export function sectionOfJson(json: string): SectionJson {
  return { json, digest: sha256Hex(json) };
}

/** Both big sections of a snapshot. */
export type Sections = Record<DigestedSection, SectionJson>;

/**
 * The content's canonical JSON (`json`, what travels) and the text its hash is taken over
 * (`hashed`: the same with each big section replaced by its digest as a JSON string), given the
 * big sections' JSON.
 */
function assemble(content: SnapshotContent, sections: Sections): { json: string; hashed: string } {
  const plain = snapshotContent(content) as unknown as Record<string, unknown>;
  const json: string[] = [];
  const hashed: string[] = [];
  for (const key of CONTENT_KEYS) {
    if (plain[key] === undefined) continue;
    const section = sections[key as DigestedSection] as SectionJson | undefined;
    const name = JSON.stringify(key);
    if (section) {
      json.push(`${name}:${section.json}`);
      hashed.push(`${name}:${JSON.stringify(section.digest)}`);
    } else {
      const value = `${name}:${canonicalJson(plain[key])}`;
      json.push(value);
      hashed.push(value);
    }
  }
  return { json: `{${json.join(',')}}`, hashed: `{${hashed.join(',')}}` };
}

/** The big sections of `content`, serialised (`given` ones as they are). */
function sectionsOf(content: SnapshotContent, given: Partial<Sections> = {}): Sections {
  return {
    channels: given.channels ?? sectionOfJson(canonicalJson(content.channels)),
    models: given.models ?? sectionOfJson(canonicalJson(content.models)),
  };
}

/**
 * The content hash: hex sha256 of the content's canonical JSON in which the channels and the
 * models are replaced by their digests (a two-level hash: a change elsewhere hashes a few kilobytes,
 * not the whole snapshot, on the control plane and on every data plane). Revision and creation
 * time are left out on purpose: a rebuild of unchanged content has the same hash, so nobody
 * republishes or recompiles it.
 */
export function snapshotHash(content: SnapshotContent): string {
  return sha256Hex(assemble(content, sectionsOf(content)).hashed);
}

/** A snapshot of `content` at `revision`, with its hash. */
export function sealSnapshot(content: SnapshotContent, revision: number, createdAt: Date): RoutingSnapshot {
  const plain = snapshotContent(content);
  return { ...plain, revision, hash: snapshotHash(plain), createdAt: createdAt.toISOString() };
}

/** Content serialised once: its canonical JSON, its big sections' JSON and digests, and its hash. */
export interface CanonicalContent {
  content: SnapshotContent;
  /** `canonicalJson(content)`. */
  json: string;
  sections: Sections;
  /** The snapshot hash (see snapshotHash). */
  hash: string;
}

/**
 * The canonical form of `content`. `sections`: big sections already serialised (each must be the
 * section of the same value in `content`): an incremental builder serialises only what changed.
 */
export function canonicalContent(content: SnapshotContent, sections: Partial<Sections> = {}): CanonicalContent {
  const all = sectionsOf(content, sections);
  const { json, hashed } = assemble(content, all);
  return { content, json, sections: all, hash: sha256Hex(hashed) };
}

/** `,"revision":…,"hash":…,"createdAt":…}`: what the wire text adds after the content's canonical JSON. */
export function wireSuffix(head: SnapshotHead): string {
  return `,"revision":${JSON.stringify(head.revision)},"hash":${JSON.stringify(head.hash)},"createdAt":${JSON.stringify(head.createdAt)}}`;
}

/**
 * The wire text of a snapshot: its content's canonical JSON with revision, hash and creation time
 * appended. A reader finds the big sections in it without parsing them, and checks the hash
 * without serialising anything (see parseSnapshotText).
 */
export function snapshotText(content: CanonicalContent, head: SnapshotHead): string {
  return content.json.slice(0, -1) + wireSuffix(head);
}

/** The wire text of `snapshot` (see snapshotText). */
export function serializeSnapshot(snapshot: RoutingSnapshot): string {
  return snapshotText(canonicalContent(snapshot), snapshot);
}
