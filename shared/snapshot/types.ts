/**
 * The routing snapshot: everything a data plane routes and charges by, pushed whole by the control
 * plane through the config bus (docs/architecture.md, Redis contract 1). Plain JSON: no ORM types, no
 * secrets in clear (upstream keys travel SecretBox-sealed with SECRET_KEY), decimals as strings.
 *
 * Each part is a zod schema, and its type is derived from it. The schemas check one value each;
 * what ties parts together (unique names, references between sections, the hash) is checked by
 * validateSnapshot. Every message says what the value must be; validateSnapshot prefixes the path.
 */
import type { z } from 'zod';
import { zod } from '../zod.js';
import { compareDecimal, DECIMAL_ZERO, isDecimalString, parseDecimal } from '../decimal.js';
import { isGroupFormat, type GroupFormat } from '../formats.js';
import type { RateLimits } from '../limits/rate-limits.js';
import { validatePrices, type BillingMode, type ModelPrices, type PriceKind } from '../pricing/prices.js';

/**
 * Bumped on any incompatible change; a data plane refuses a snapshot of another version.
 * 2: a channel's models as plain ids plus a mapping of the renamed ones (see SnapshotChannel), and
 * the two-level hash (see snapshotHash).
 */
export const SNAPSHOT_SCHEMA_VERSION = 2;

/** Upstream kinds; `demo` answers every format locally without a key. */
export const CHANNEL_KINDS = ['openai', 'azure-openai', 'anthropic', 'gemini', 'openai-compatible', 'demo'] as const;

const PRICE_KINDS: readonly PriceKind[] = ['input', 'output', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h', 'image', 'videoSecond', 'perRequest'];

const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);
const NON_EMPTY = 'must be a non-empty string';
const nonEmpty = () => zod.string({ error: NON_EMPTY }).min(1, { error: NON_EMPTY });
const matching = (pattern: RegExp) => zod.string({ error: `must be a string matching ${pattern}` }).regex(pattern, { error: `must be a string matching ${pattern}` });
const boolean = () => zod.boolean({ error: 'must be a boolean' });
const integer = (min: number) => zod.int({ error: `must be an integer >= ${min}` }).min(min, { error: `must be an integer >= ${min}` });
const integerOrNull = (min: number) => zod.int({ error: `must be an integer >= ${min} or null` }).min(min, { error: `must be an integer >= ${min} or null` }).nullable();
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => zod.enum(values, { error: `must be one of ${values.join(', ')}` });
const object = <S extends z.ZodRawShape>(shape: S) => zod.object(shape, { error: 'must be an object' });
const array = <T extends z.ZodType>(item: T) => zod.array(item, { error: 'must be an array' });
const positiveDecimal = () =>
  zod.custom<string>((v) => isDecimalString(v) && compareDecimal(parseDecimal(v), DECIMAL_ZERO) > 0, { error: 'must be a positive decimal string' });

/** Whether a group or channel takes traffic at all (health is separate). */
const statusSchema = oneOf(['active', 'disabled']);

/** Rate limits: each a positive integer, or null for none. */
const rateLimitsSchema: z.ZodType<RateLimits> = object({ rpm: integerOrNull(1), tpm: integerOrNull(1), concurrency: integerOrNull(1) });

/** A routing pool of channels with a price multiplier. */
const groupSchema = object({
  /** Stable id, e.g. `alpha_code`; token records name groups by it. */
  name: nonEmpty(),
  /** Formats a token may use through this group: wire formats and media endpoints. */
  formats: array(zod.custom<GroupFormat>(isGroupFormat, { error: (issue) => `unknown format ${JSON.stringify(issue.input)}` })).min(1, { error: 'must not be empty' }),
  recommendedFormat: zod.custom<GroupFormat>(isGroupFormat, { error: 'must be one of the group formats' }),
  /** Group price multiplier, a positive decimal string such as "4.5". */
  multiplier: positiveDecimal(),
  billing: oneOf(['tokens', 'per-request']) satisfies z.ZodType<BillingMode>,
  /** May tokens without groups be routed here automatically? */
  autoRoute: boolean(),
  status: statusSchema,
  /** Rate limits on the group's whole traffic, across accounts (absent: none). */
  limits: rateLimitsSchema.optional(),
}).superRefine((g, ctx) => {
  if (Array.isArray(g.formats) && !g.formats.includes(g.recommendedFormat)) ctx.addIssue({ code: 'custom', path: ['recommendedFormat'], message: 'must be one of the group formats' });
});

/** One upstream API key of a channel. */
const channelKeySchema = object({
  id: nonEmpty(),
  /** The key sealed by `SecretBox.encrypt` (the same ciphertext the database holds). */
  sealed: matching(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/),
  /** False once the upstream said the key is invalid (or an admin disabled it). */
  enabled: boolean(),
});

/** Upstream time limits, in milliseconds. */
const timeoutsSchema = object({
  connectMs: integer(1),
  /** Until the first response byte (headers or first stream event). */
  firstByteMs: integer(1),
  /** The whole exchange, stream included. */
  totalMs: integer(1),
  /**
   * Longest silence between upstream bytes once the upstream answered (a stream that stalls);
   * absent or null: the data plane's own default (UPSTREAM_IDLE_TIMEOUT_MS).
   */
  idleMs: integerOrNull(1).optional(),
});

/** Azure OpenAI specifics. */
const azureSchema = object({
  /** The `api-version` query parameter. */
  apiVersion: nonEmpty(),
  /** Deployment used for a model without a mapping of its own; null = the upstream model name. */
  deployment: nonEmpty().nullable(),
});

/**
 * A channel's served models, each a non-empty string, each once. One loop over the array instead
 * of a schema per entry: a full catalog's channels serve thousands of models between them.
 */
const servedModelsSchema = zod.custom<string[]>(Array.isArray, { error: 'must be an array' }).superRefine((models, ctx) => {
  const served = new Set<string>();
  models.forEach((model: unknown, j) => {
    if (typeof model !== 'string' || model === '') ctx.addIssue({ code: 'custom', path: [j], message: NON_EMPTY });
    else if (served.has(model)) ctx.addIssue({ code: 'custom', path: [j], message: `duplicate model "${model}"` });
    else served.add(model);
  });
});

/** An upstream endpoint with its keys and the models it serves. */
export const channelSchema = object({
  id: nonEmpty(),
  name: nonEmpty(),
  kind: oneOf(CHANNEL_KINDS),
  /** Built-in demo channel: marked as such everywhere. */
  isDemo: boolean(),
  /** http(s) base URL; null only for the demo kind. */
  baseUrl: zod
    .string({ error: 'must be an http(s) URL (null only for the demo kind)' })
    .regex(/^https?:\/\/\S+$/, { error: 'must be an http(s) URL (null only for the demo kind)' })
    .nullable(),
  keys: array(channelKeySchema),
  /** Our ids (see {@link SnapshotModel.id}) of the models the channel serves, sorted, each once. */
  models: servedModelsSchema,
  /**
   * Our model id -> the name sent upstream, only for served models whose upstream name differs
   * (a model not named here is sent under its own id): most served models keep their name.
   */
  modelMapping: zod.record(zod.string(), nonEmpty(), { error: 'must be an object' }),
  timeouts: timeoutsSchema,
  /** Set for the `azure-openai` kind only. */
  azure: azureSchema.nullable(),
  status: statusSchema,
}).superRefine((ch, ctx) => checkChannel(ch as unknown as Record<string, unknown>, ctx), { when: () => true });

/** A channel's place in a group: tried by priority level (higher first), weighted within a level. */
const membershipSchema = object({
  group: nonEmpty(),
  channelId: nonEmpty(),
  /** Integer; higher levels are tried first. */
  priority: integer(Number.MIN_SAFE_INTEGER),
  /** Positive integer; relative share within the priority level. */
  weight: integer(1),
});

/** A model's official USD prices: known kinds only, each set one a valid decimal. Which are required depends on the group that bills the model (checked per request). */
const pricesSchema = zod.custom<ModelPrices>(isObject, { error: 'must be an object' }).superRefine((prices, ctx) => {
  for (const key of Object.keys(prices)) if (!(PRICE_KINDS as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a price kind' });
  for (const problem of validatePrices(prices)) if (prices[problem.kind] != null) ctx.addIssue({ code: 'custom', path: [problem.kind], message: problem.message });
});

/** An image or video model's price for one size and/or one quality (a missing one matches any). */
const unitPriceSchema = object({
  /** E.g. `1024x1536` (images) or `1280x720` (video). */
  size: nonEmpty().optional(),
  /** E.g. `low`, `medium`, `high` (gpt-image-1), `standard`, `hd` (dall-e-3). */
  quality: nonEmpty().optional(),
  /** USD per image, or per second of video: a decimal string. */
  usd: zod.custom<string>((v) => typeof v === 'string' && validatePrices({ image: v }, { pricedAs: 'image' }).length === 0, { error: 'must be a non-negative decimal string' }),
});

/** A unit price for one size and/or one quality, as a model's price list holds it. */
export type UnitPriceVariant = Readonly<z.infer<typeof unitPriceSchema>>;

/** A callable model with its official USD prices. */
export const modelSchema = object({
  /** The id clients send, e.g. `claude-sonnet-4-5`. */
  id: nonEmpty(),
  /** Other names clients may send for it. */
  aliases: array(nonEmpty()),
  vendor: nonEmpty(),
  /** What the model produces, which decides the price it must have. */
  kind: oneOf(['text', 'image', 'video']),
  prices: pricesSchema,
  /** Image and video models: unit prices by size and quality (absent or empty: `prices` alone). */
  unitPrices: array(unitPriceSchema).optional(),
  /** Model multiplier, a positive decimal string (default "1"). */
  multiplier: positiveDecimal(),
  /** Context and output limits in tokens; null = unknown. */
  limits: object({ contextTokens: integerOrNull(1), maxOutputTokens: integerOrNull(1) }),
  /** Used when a request sets no output limit and the format requires one (messages); null = none. */
  defaultMaxOutputTokens: integerOrNull(1),
  /**
   * Request parameters the model's upstream refuses, named as in the upstream's format (a top-level
   * field, or `object.field`): dropped from translated requests. Absent: none.
   */
  rejectedParameters: array(nonEmpty()).optional(),
});

/** Runtime settings for the data planes (health thresholds, limits...), by dotted name: JSON scalars. */
const settingsSchema = zod.record(
  zod.string(),
  zod.union([zod.string(), zod.number(), zod.boolean(), zod.null()], { error: 'must be a string, number, boolean or null' }),
  { error: 'must be an object' },
);

/**
 * The snapshot as written to the bus, its channels and models sections given: `channels` and
 * `models` are the schemas to check those with (validateSnapshot passes a schema that accepts any
 * array for a section it already knows valid).
 */
export function snapshotSchema<C extends z.ZodType, M extends z.ZodType>(channels: C, models: M) {
  return object({
    /** Checked first and alone (see validateSnapshot): another version is refused without field noise. */
    schemaVersion: zod.number(),
    /** Monotonically increasing across control-plane restarts and instances (allocated on the bus). */
    revision: integer(1),
    /** The content hash, hex (see `snapshotHash`: sha256 over the canonical content, big sections by their own digests). */
    hash: matching(/^[0-9a-f]{64}$/),
    /** ISO 8601. */
    createdAt: zod.custom<string>((v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)), { error: 'must be an ISO date' }),
    groups: array(groupSchema),
    channels: array(channels),
    memberships: array(membershipSchema),
    models: array(models),
    /** RMB per USD in force, a positive decimal string such as "7.2". */
    exchangeRate: positiveDecimal(),
    settings: settingsSchema,
  });
}

/** One of {@link CHANNEL_KINDS}. */
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
/** Whether a group or channel takes traffic at all (health is separate). */
export type SnapshotStatus = z.output<typeof statusSchema>;
/** A routing pool of channels with a price multiplier. */
export type SnapshotGroup = z.output<typeof groupSchema>;
/** One upstream API key of a channel. */
export type SnapshotChannelKey = z.output<typeof channelKeySchema>;
/** Upstream time limits, in milliseconds. */
export type SnapshotTimeouts = z.output<typeof timeoutsSchema>;
/** Azure OpenAI specifics. */
export type SnapshotAzureOptions = z.output<typeof azureSchema>;
/** An upstream endpoint with its keys and the models it serves. */
export type SnapshotChannel = z.output<typeof channelSchema>;
/** A channel's place in a group. */
export type SnapshotMembership = z.output<typeof membershipSchema>;
/** A callable model with its official USD prices. */
export type SnapshotModel = z.output<typeof modelSchema>;
/** What a model produces, which decides the price it must have. */
export type ModelKind = SnapshotModel['kind'];
/** Context and output limits in tokens; null = unknown. */
export type SnapshotModelLimits = SnapshotModel['limits'];
/** A JSON value, for {@link SnapshotSettings}. */
export type SettingValue = string | number | boolean | null;
/** Runtime settings for the data planes (health thresholds, limits...), by dotted name. */
export type SnapshotSettings = z.output<typeof settingsSchema>;

/** The snapshot as written to the bus: content plus revision, content hash and creation time. */
export type RoutingSnapshot = z.output<ReturnType<typeof snapshotSchema<typeof channelSchema, typeof modelSchema>>>;

/** Everything the hash covers. */
export type SnapshotContent = Omit<RoutingSnapshot, 'revision' | 'hash' | 'createdAt'>;

/** What is published on each new snapshot: small, because pub/sub is lossy and the key holds the rest. */
export interface SnapshotAnnouncement {
  revision: number;
  hash: string;
}

/** What the bus keeps next to the snapshot, so readers can check it without fetching it whole. */
export interface SnapshotHead extends SnapshotAnnouncement {
  /** ISO 8601 creation time of the snapshot: how long data planes have had to apply it. */
  createdAt: string;
}

/**
 * What ties a channel's fields together: the demo flag and kind, a null base URL only for the demo
 * kind, Azure options exactly for the Azure kind, and a mapping only of served models. Runs
 * whatever else is wrong with the channel, so it reads the fields warily.
 */
function checkChannel(ch: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (ch.isDemo !== (ch.kind === 'demo')) fail(['isDemo'], 'must be true exactly for the demo kind');
  if (ch.baseUrl === null && ch.kind !== 'demo') fail(['baseUrl'], 'must be an http(s) URL (null only for the demo kind)');
  if (ch.kind === 'azure-openai' ? ch.azure === null : ch.azure !== null && ch.azure !== undefined) {
    fail(['azure'], ch.kind === 'azure-openai' ? 'must be an object' : 'must be null unless the kind is azure-openai');
  }
  const served = new Set<unknown>(Array.isArray(ch.models) ? ch.models : []);
  if (ch.modelMapping !== null && typeof ch.modelMapping === 'object') {
    for (const model of Object.keys(ch.modelMapping as object)) if (!served.has(model)) fail(['modelMapping', model], 'maps a model the channel does not serve');
  }
}
