import { zod } from '../zod.js';
import { sha256Hex } from '../crypto/secrets.js';
import { snapshotHash } from './hash.js';
import { channelSchema, modelSchema, snapshotSchema, SNAPSHOT_SCHEMA_VERSION, type RoutingSnapshot } from './types.js';

type Obj = Record<string, unknown>;

/** The snapshot with both big sections checked, and with either taken as it is (a section known valid). */
const SCHEMAS = {
  both: snapshotSchema(channelSchema, modelSchema),
  modelsOnly: snapshotSchema(zod.unknown(), modelSchema),
  channelsOnly: snapshotSchema(channelSchema, zod.unknown()),
  neither: snapshotSchema(zod.unknown(), zod.unknown()),
};

/** `channels[1].modelMapping.gpt-x` from zod's path; the snapshot itself is `snapshot`. */
function pathText(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'snapshot';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** Reports every value seen twice, e.g. duplicate model ids, as `path: duplicate <what> "<value>"`. */
function duplicates(values: Iterable<[string, string]>, what: string, problems: string[]): Set<string> {
  const seen = new Set<string>();
  for (const [value, path] of values) {
    if (seen.has(value)) problems.push(`${path}: duplicate ${what} "${value}"`);
    seen.add(value);
  }
  return seen;
}

/** What ties the sections together: unique group names, channel ids and model names, and memberships of known groups and channels, once per pair. */
function checkReferences(s: Obj, problems: string[]): void {
  const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
  const groups = duplicates(list(s.groups).map((g, i) => [String(g?.name), `groups[${i}].name`]), 'group name', problems);
  const channels = duplicates(list(s.channels).map((ch, i) => [String(ch?.id), `channels[${i}].id`]), 'channel id', problems);
  // Ids and aliases share one namespace: a request names either.
  duplicates(
    list(s.models).flatMap((m, i) => [[String(m?.id), `models[${i}].id`] as [string, string], ...list(m?.aliases).map((a, j) => [String(a), `models[${i}].aliases[${j}]`] as [string, string])]),
    'model id or alias',
    problems,
  );
  const memberships = list(s.memberships);
  memberships.forEach((ms, i) => {
    if (typeof ms?.group === 'string' && ms.group && !groups.has(ms.group)) problems.push(`memberships[${i}].group: unknown group "${ms.group}"`);
    if (typeof ms?.channelId === 'string' && ms.channelId && !channels.has(ms.channelId)) problems.push(`memberships[${i}].channelId: unknown channel "${ms.channelId}"`);
  });
  duplicates(
    memberships.map((ms, i) => [`${String(ms?.group)} / ${String(ms?.channelId)}`, `memberships[${i}]`]),
    'membership',
    problems,
  );
}

/**
 * True when `s`'s hash matches its content: checked over `hashed` when given (the text a reader
 * of the wire text assembled, see parseSnapshotText: one small sha256), else, or when that does
 * not match (text of the same shape written another way), by serialising the parsed content.
 */
function hashMatches(s: RoutingSnapshot, hashed: string | undefined): boolean {
  return (hashed !== undefined && sha256Hex(hashed) === s.hash) || snapshotHash(s) === s.hash;
}

/** Sections known to be valid (the very arrays of a snapshot that passed): not checked again. */
export interface ValidatedSections {
  channels?: unknown;
  models?: unknown;
}

/**
 * Checks a parsed snapshot against its schema (see types.ts), what ties its sections together,
 * and that its hash matches its content. Returns every problem found as `path: message` (empty
 * when the snapshot can be compiled). Never throws. `hashed`: the text the hash is taken over,
 * when the reader has it (see parseSnapshotText; makes the hash check cheap). `validated`: the
 * channels and models arrays of a snapshot that passed; when `value` holds the same array objects,
 * their own checks are skipped (references between sections are still checked).
 */
export function validateSnapshot(value: unknown, hashed?: string, validated: ValidatedSections = {}): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['snapshot: must be an object'];
  const s = value as Obj;
  if (s.schemaVersion !== SNAPSHOT_SCHEMA_VERSION) {
    // Another schema: field checks would only add noise.
    return [`schemaVersion: must be ${SNAPSHOT_SCHEMA_VERSION} (this data plane's schema), got ${JSON.stringify(s.schemaVersion)}`];
  }
  const knownChannels = s.channels !== undefined && s.channels === validated.channels;
  const knownModels = s.models !== undefined && s.models === validated.models;
  const schema = knownChannels ? (knownModels ? SCHEMAS.neither : SCHEMAS.modelsOnly) : knownModels ? SCHEMAS.channelsOnly : SCHEMAS.both;
  const parsed = schema.safeParse(value);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${pathText(issue.path)}: ${issue.message}`);
  checkReferences(s, problems);
  if (problems.length === 0 && !hashMatches(value as RoutingSnapshot, hashed)) problems.push('hash: does not match the content (corrupted or tampered with)');
  return problems;
}
