import { isDecimalString, parseDecimal, compareDecimal, DECIMAL_ZERO } from '../decimal.js';
import { isGroupFormat } from '../formats.js';
import { validatePrices, type PriceKind } from '../pricing/prices.js';
import { sha256Hex } from '../crypto/secrets.js';
import { RATE_LIMIT_FIELDS } from '../limits/rate-limits.js';
import { snapshotHash } from './hash.js';
import { CHANNEL_KINDS, SNAPSHOT_SCHEMA_VERSION, type RoutingSnapshot } from './types.js';

type Obj = Record<string, unknown>;

const PRICE_KINDS: readonly PriceKind[] = ['input', 'output', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h', 'image', 'videoSecond', 'perRequest'];

/** Collects problems as `path: message`, with small typed readers that report instead of throwing. */
class Checker {
  readonly problems: string[] = [];

  fail(path: string, message: string): void {
    this.problems.push(`${path}: ${message}`);
  }

  object(v: unknown, path: string): Obj | null {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Obj;
    this.fail(path, 'must be an object');
    return null;
  }

  array(v: unknown, path: string): unknown[] {
    if (Array.isArray(v)) return v;
    this.fail(path, 'must be an array');
    return [];
  }

  string(v: unknown, path: string, pattern?: RegExp): v is string {
    if (typeof v === 'string' && v.length > 0 && (!pattern || pattern.test(v))) return true;
    this.fail(path, pattern ? `must be a string matching ${pattern}` : 'must be a non-empty string');
    return false;
  }

  boolean(v: unknown, path: string): void {
    if (typeof v !== 'boolean') this.fail(path, 'must be a boolean');
  }

  integer(v: unknown, path: string, min: number, nullable = false): void {
    if (nullable && v === null) return;
    if (!Number.isSafeInteger(v) || (v as number) < min) this.fail(path, `must be an integer >= ${min}${nullable ? ' or null' : ''}`);
  }

  oneOf(v: unknown, path: string, allowed: readonly string[]): void {
    if (typeof v !== 'string' || !allowed.includes(v)) this.fail(path, `must be one of ${allowed.join(', ')}`);
  }

  positiveDecimal(v: unknown, path: string): void {
    if (!isDecimalString(v) || compareDecimal(parseDecimal(v), DECIMAL_ZERO) <= 0) this.fail(path, 'must be a positive decimal string');
  }

  /** Reports every value seen twice, e.g. duplicate model ids. */
  unique(values: Iterable<[string, string]>, what: string): Set<string> {
    const seen = new Set<string>();
    for (const [value, path] of values) {
      if (seen.has(value)) this.fail(path, `duplicate ${what} "${value}"`);
      seen.add(value);
    }
    return seen;
  }
}

function checkGroups(c: Checker, groups: unknown[]): void {
  groups.forEach((raw, i) => {
    const p = `groups[${i}]`;
    const g = c.object(raw, p);
    if (!g) return;
    c.string(g.name, `${p}.name`);
    const formats = c.array(g.formats, `${p}.formats`);
    if (formats.length === 0) c.fail(`${p}.formats`, 'must not be empty');
    formats.forEach((f, j) => {
      if (!isGroupFormat(f)) c.fail(`${p}.formats[${j}]`, `unknown format ${JSON.stringify(f)}`);
    });
    if (!isGroupFormat(g.recommendedFormat) || !formats.includes(g.recommendedFormat)) {
      c.fail(`${p}.recommendedFormat`, 'must be one of the group formats');
    }
    c.positiveDecimal(g.multiplier, `${p}.multiplier`);
    c.oneOf(g.billing, `${p}.billing`, ['tokens', 'per-request']);
    c.boolean(g.autoRoute, `${p}.autoRoute`);
    c.oneOf(g.status, `${p}.status`, ['active', 'disabled']);
    if (g.limits !== undefined) {
      const limits = c.object(g.limits, `${p}.limits`);
      for (const field of RATE_LIMIT_FIELDS) if (limits) c.integer(limits[field], `${p}.limits.${field}`, 1, true);
    }
  });
}

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * A channel's served models (model ids, each once) and its mapping (served model -> upstream
 * name). The hot loop of validation (a channel can serve hundreds of models): paths are only
 * spelled out for an entry that fails.
 */
function checkChannelModels(c: Checker, ch: Obj, p: string): void {
  const served = new Set<string>();
  c.array(ch.models, `${p}.models`).forEach((model, j) => {
    if (isNonEmptyString(model) && !served.has(model)) {
      served.add(model);
      return;
    }
    if (c.string(model, `${p}.models[${j}]`)) c.fail(`${p}.models[${j}]`, `duplicate model "${model}"`);
  });
  const mapping = c.object(ch.modelMapping, `${p}.modelMapping`);
  for (const [model, upstream] of Object.entries(mapping ?? {})) {
    if (!served.has(model)) c.fail(`${p}.modelMapping.${model}`, 'maps a model the channel does not serve');
    c.string(upstream, `${p}.modelMapping.${model}`);
  }
}

function checkChannels(c: Checker, channels: unknown[]): void {
  channels.forEach((raw, i) => {
    const p = `channels[${i}]`;
    const ch = c.object(raw, p);
    if (!ch) return;
    c.string(ch.id, `${p}.id`);
    c.string(ch.name, `${p}.name`);
    c.oneOf(ch.kind, `${p}.kind`, CHANNEL_KINDS);
    c.boolean(ch.isDemo, `${p}.isDemo`);
    if (ch.isDemo !== (ch.kind === 'demo')) c.fail(`${p}.isDemo`, 'must be true exactly for the demo kind');
    if (ch.baseUrl === null ? ch.kind !== 'demo' : !(typeof ch.baseUrl === 'string' && /^https?:\/\/\S+$/.test(ch.baseUrl))) {
      c.fail(`${p}.baseUrl`, 'must be an http(s) URL (null only for the demo kind)');
    }
    c.array(ch.keys, `${p}.keys`).forEach((rawKey, j) => {
      const k = c.object(rawKey, `${p}.keys[${j}]`);
      if (!k) return;
      c.string(k.id, `${p}.keys[${j}].id`);
      c.string(k.sealed, `${p}.keys[${j}].sealed`, /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
      c.boolean(k.enabled, `${p}.keys[${j}].enabled`);
    });
    checkChannelModels(c, ch, p);
    const t = c.object(ch.timeouts, `${p}.timeouts`);
    if (t) for (const k of ['connectMs', 'firstByteMs', 'totalMs']) c.integer(t[k], `${p}.timeouts.${k}`, 1);
    if (t && t.idleMs !== undefined) c.integer(t.idleMs, `${p}.timeouts.idleMs`, 1, true);
    if (ch.kind === 'azure-openai') {
      const az = c.object(ch.azure, `${p}.azure`);
      if (az) {
        c.string(az.apiVersion, `${p}.azure.apiVersion`);
        if (az.deployment !== null) c.string(az.deployment, `${p}.azure.deployment`);
      }
    } else if (ch.azure !== null) c.fail(`${p}.azure`, 'must be null unless the kind is azure-openai');
    c.oneOf(ch.status, `${p}.status`, ['active', 'disabled']);
  });
}

function checkModels(c: Checker, models: unknown[]): void {
  models.forEach((raw, i) => {
    const p = `models[${i}]`;
    const m = c.object(raw, p);
    if (!m) return;
    c.string(m.id, `${p}.id`);
    c.array(m.aliases, `${p}.aliases`).forEach((a, j) => c.string(a, `${p}.aliases[${j}]`));
    c.string(m.vendor, `${p}.vendor`);
    c.oneOf(m.kind, `${p}.kind`, ['text', 'image', 'video']);
    const prices = c.object(m.prices, `${p}.prices`);
    if (prices) {
      for (const key of Object.keys(prices)) {
        if (!(PRICE_KINDS as readonly string[]).includes(key)) c.fail(`${p}.prices.${key}`, 'is not a price kind');
      }
      // Which prices are required depends on the group that bills the model; the relay checks
      // that per request. Here: every price that is set must be a valid decimal.
      for (const problem of validatePrices(prices)) {
        if (prices[problem.kind] != null) c.fail(`${p}.prices.${problem.kind}`, problem.message);
      }
    }
    if (m.unitPrices !== undefined) {
      c.array(m.unitPrices, `${p}.unitPrices`).forEach((raw, j) => {
        const v = c.object(raw, `${p}.unitPrices[${j}]`);
        if (!v) return;
        if (v.size !== undefined) c.string(v.size, `${p}.unitPrices[${j}].size`);
        if (v.quality !== undefined) c.string(v.quality, `${p}.unitPrices[${j}].quality`);
        if (typeof v.usd !== 'string' || validatePrices({ image: v.usd }, { pricedAs: 'image' }).length > 0) c.fail(`${p}.unitPrices[${j}].usd`, 'must be a non-negative decimal string');
      });
    }
    c.positiveDecimal(m.multiplier, `${p}.multiplier`);
    const limits = c.object(m.limits, `${p}.limits`);
    if (limits) {
      c.integer(limits.contextTokens, `${p}.limits.contextTokens`, 1, true);
      c.integer(limits.maxOutputTokens, `${p}.limits.maxOutputTokens`, 1, true);
    }
    c.integer(m.defaultMaxOutputTokens, `${p}.defaultMaxOutputTokens`, 1, true);
    if (m.rejectedParameters !== undefined) c.array(m.rejectedParameters, `${p}.rejectedParameters`).forEach((r, j) => c.string(r, `${p}.rejectedParameters[${j}]`));
  });
}

/** Memberships must name known groups and channels, once per pair. */
function checkMemberships(c: Checker, memberships: unknown[], groups: Set<string>, channels: Set<string>): void {
  const pairs: [string, string][] = [];
  memberships.forEach((raw, i) => {
    const p = `memberships[${i}]`;
    const ms = c.object(raw, p);
    if (!ms) return;
    if (c.string(ms.group, `${p}.group`) && !groups.has(ms.group)) c.fail(`${p}.group`, `unknown group "${ms.group}"`);
    if (c.string(ms.channelId, `${p}.channelId`) && !channels.has(ms.channelId)) c.fail(`${p}.channelId`, `unknown channel "${ms.channelId}"`);
    c.integer(ms.priority, `${p}.priority`, Number.MIN_SAFE_INTEGER);
    c.integer(ms.weight, `${p}.weight`, 1);
    pairs.push([`${String(ms.group)} / ${String(ms.channelId)}`, p]);
  });
  c.unique(pairs, 'membership');
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
 * Checks a parsed snapshot field by field, and that its hash matches its content. Returns every
 * problem found as `path: message` (empty when the snapshot can be compiled). Never throws.
 * `hashed`: the text the hash is taken over, when the reader has it (see parseSnapshotText; makes
 * the hash check cheap). `validated`: the channels and models arrays of a snapshot that passed;
 * when `value` holds the same array objects, their own checks are skipped (references between
 * sections are still checked).
 */
export function validateSnapshot(value: unknown, hashed?: string, validated: ValidatedSections = {}): string[] {
  const c = new Checker();
  const s = c.object(value, 'snapshot');
  if (!s) return c.problems;
  if (s.schemaVersion !== SNAPSHOT_SCHEMA_VERSION) {
    c.fail('schemaVersion', `must be ${SNAPSHOT_SCHEMA_VERSION} (this data plane's schema), got ${JSON.stringify(s.schemaVersion)}`);
    return c.problems; // another schema: field checks would only add noise
  }
  c.integer(s.revision, 'revision', 1);
  c.string(s.hash, 'hash', /^[0-9a-f]{64}$/);
  if (typeof s.createdAt !== 'string' || Number.isNaN(Date.parse(s.createdAt))) c.fail('createdAt', 'must be an ISO date');

  const groups = c.array(s.groups, 'groups');
  const channels = c.array(s.channels, 'channels');
  const models = c.array(s.models, 'models');
  checkGroups(c, groups);
  const groupNames = c.unique(groups.map((g, i) => [String((g as Obj | null)?.name), `groups[${i}].name`]), 'group name');
  const channelIdList = channels.map((ch, i) => [String((ch as Obj | null)?.id), `channels[${i}].id`] as [string, string]);
  let channelIds: Set<string>;
  if (s.channels === validated.channels) channelIds = new Set(channelIdList.map(([id]) => id));
  else {
    checkChannels(c, channels);
    channelIds = c.unique(channelIdList, 'channel id');
  }
  if (s.models !== validated.models) {
    checkModels(c, models);
    // Ids and aliases share one namespace: a request names either.
    c.unique(
      models.flatMap((m, i) => {
        const model = m as Obj | null;
        const aliases = Array.isArray(model?.aliases) ? model.aliases : [];
        return [[String(model?.id), `models[${i}].id`] as [string, string], ...aliases.map((a, j) => [String(a), `models[${i}].aliases[${j}]`] as [string, string])];
      }),
      'model id or alias',
    );
  }
  checkMemberships(c, c.array(s.memberships, 'memberships'), groupNames, channelIds);
  c.positiveDecimal(s.exchangeRate, 'exchangeRate');
  const settings = c.object(s.settings, 'settings');
  for (const [key, v] of Object.entries(settings ?? {})) {
    if (v !== null && !['string', 'number', 'boolean'].includes(typeof v)) c.fail(`settings.${key}`, 'must be a string, number, boolean or null');
  }
  if (c.problems.length === 0 && !hashMatches(s as unknown as RoutingSnapshot, hashed)) {
    c.fail('hash', 'does not match the content (corrupted or tampered with)');
  }
  return c.problems;
}
