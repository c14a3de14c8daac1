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
 * serialiser: native JSON.stringify is several times faster on a 1 MB snapshot.)
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

/**
 * Hex sha256 of the canonical JSON of the content. Revision and creation time are left out on
 * purpose: a rebuild of unchanged content has the same hash, so nobody republishes or recompiles it.
 */
export function snapshotHash(content: SnapshotContent): string {
  return sha256Hex(canonicalJson(snapshotContent(content)));
}

/** A snapshot of `content` at `revision`, with its hash. */
export function sealSnapshot(content: SnapshotContent, revision: number, createdAt: Date): RoutingSnapshot {
  const plain = snapshotContent(content);
  return { ...plain, revision, hash: snapshotHash(plain), createdAt: createdAt.toISOString() };
}

/** Content with its canonical JSON and hash, serialised once: the hash and the wire text both derive from `json`. */
export interface CanonicalContent {
  content: SnapshotContent;
  /** `canonicalJson(content)`. */
  json: string;
  /** sha256 of `json`: the snapshot hash. */
  hash: string;
}

/**
 * The canonical JSON of `content`, with the elements of some top-level lists given already
 * serialised (each must be the canonicalJson of the element at the same position): an incremental
 * builder re-serialises only what changed. Equal to `canonicalJson(content)`.
 */
export function canonicalContentJson(content: SnapshotContent, serialised: Partial<Record<'channels' | 'models', readonly string[]>> = {}): string {
  const plain = snapshotContent(content) as unknown as Record<string, unknown>;
  const fields = Object.keys(plain)
    .sort()
    .filter((key) => plain[key] !== undefined)
    .map((key) => {
      const parts = serialised[key as keyof typeof serialised];
      return `${JSON.stringify(key)}:${parts ? `[${parts.join(',')}]` : canonicalJson(plain[key])}`;
    });
  return `{${fields.join(',')}}`;
}

/** Canonical content of `content` (`json` may be passed when already computed, e.g. by `canonicalContentJson`). */
export function canonicalContent(content: SnapshotContent, json = canonicalJson(snapshotContent(content))): CanonicalContent {
  return { content, json, hash: sha256Hex(json) };
}

/** `,"revision":…,"hash":…,"createdAt":…}`: what the wire text adds after the content's canonical JSON. */
function wireSuffix(head: SnapshotHead): string {
  return `,"revision":${JSON.stringify(head.revision)},"hash":${JSON.stringify(head.hash)},"createdAt":${JSON.stringify(head.createdAt)}}`;
}

/**
 * The wire text of a snapshot: its content's canonical JSON with revision, hash and creation time
 * appended. A reader can check the hash over the text it received (see `contentJsonOf`) instead of
 * re-serialising a parsed megabyte.
 */
export function snapshotText(content: CanonicalContent, head: SnapshotHead): string {
  return content.json.slice(0, -1) + wireSuffix(head);
}

/** The wire text of `snapshot` (see `snapshotText`). */
export function serializeSnapshot(snapshot: RoutingSnapshot): string {
  return snapshotText(canonicalContent(snapshot), snapshot);
}

/**
 * The content JSON inside `raw` when `raw` has the shape `snapshotText` writes for `head` (the
 * revision, hash and creation time parsed from it), else null. Its sha256 equals the hash only if
 * it is the very text the control plane hashed.
 */
export function contentJsonOf(raw: string, head: SnapshotHead): string | null {
  const suffix = wireSuffix(head);
  return raw.endsWith(suffix) ? `${raw.slice(0, -suffix.length)}}` : null;
}
