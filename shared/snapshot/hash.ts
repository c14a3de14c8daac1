import { sha256Hex } from '../crypto/secrets.js';
import type { RoutingSnapshot, SnapshotContent } from './types.js';

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
