import { sha256Hex } from '../crypto/secrets.js';
import type { RoutingSnapshot, SnapshotContent } from './types.js';

/**
 * JSON with object keys sorted at every level, so equal content always serialises to equal text
 * (Kong's `calculate_config_hash` idea). Arrays keep their order: the builder sorts them.
 * `undefined` properties are dropped, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  }
  return `{${parts.join(',')}}`;
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
