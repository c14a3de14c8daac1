/**
 * The routing snapshot: everything a data plane routes and charges by, pushed whole by the control
 * plane through the config bus (docs/architecture.md, Redis contract 1). Plain JSON: no ORM types, no
 * secrets in clear (upstream keys travel SecretBox-sealed with SECRET_KEY), decimals as strings.
 */
import type { GroupFormat } from '../formats.js';
import type { RateLimits } from '../limits/rate-limits.js';
import type { BillingMode, ModelPrices } from '../pricing/prices.js';
import type { UnitPriceVariant } from '../pricing/unit-variants.js';

/**
 * Bumped on any incompatible change; a data plane refuses a snapshot of another version.
 * 2: a channel's models as plain ids plus a mapping of the renamed ones (see SnapshotChannel), and
 * the two-level hash (see snapshotHash).
 */
export const SNAPSHOT_SCHEMA_VERSION = 2;

/** Whether a group or channel takes traffic at all (health is separate). */
export type SnapshotStatus = 'active' | 'disabled';

/** A routing pool of channels with a price multiplier. */
export interface SnapshotGroup {
  /** Stable id, e.g. `alpha_code`; token records name groups by it. */
  name: string;
  /** Formats a token may use through this group: wire formats and media endpoints. */
  formats: GroupFormat[];
  recommendedFormat: GroupFormat;
  /** Group price multiplier, a positive decimal string such as "4.5". */
  multiplier: string;
  billing: BillingMode;
  /** May tokens without groups be routed here automatically? */
  autoRoute: boolean;
  status: SnapshotStatus;
  /** Rate limits on the group's whole traffic, across accounts (absent: none). */
  limits?: RateLimits;
}

/** Upstream kinds; `demo` answers every format locally without a key. */
export const CHANNEL_KINDS = ['openai', 'azure-openai', 'anthropic', 'gemini', 'openai-compatible', 'demo'] as const;

/** One of {@link CHANNEL_KINDS}. */
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** One upstream API key of a channel. */
export interface SnapshotChannelKey {
  id: string;
  /** The key sealed by `SecretBox.encrypt` (the same ciphertext the database holds). */
  sealed: string;
  /** False once the upstream said the key is invalid (or an admin disabled it). */
  enabled: boolean;
}

/** Upstream time limits, in milliseconds. */
export interface SnapshotTimeouts {
  connectMs: number;
  /** Until the first response byte (headers or first stream event). */
  firstByteMs: number;
  /** The whole exchange, stream included. */
  totalMs: number;
  /**
   * Longest silence between upstream bytes once the upstream answered (a stream that stalls);
   * absent or null: the data plane's own default (UPSTREAM_IDLE_TIMEOUT_MS).
   */
  idleMs?: number | null;
}

/** Azure OpenAI specifics. */
export interface SnapshotAzureOptions {
  /** The `api-version` query parameter. */
  apiVersion: string;
  /** Deployment used for a model without a mapping of its own; null = the upstream model name. */
  deployment: string | null;
}

/** An upstream endpoint with its keys and the models it serves. */
export interface SnapshotChannel {
  id: string;
  name: string;
  kind: ChannelKind;
  /** Built-in demo channel: marked as such everywhere. */
  isDemo: boolean;
  /** http(s) base URL; null only for the demo kind. */
  baseUrl: string | null;
  keys: SnapshotChannelKey[];
  /** Our ids (see {@link SnapshotModel.id}) of the models the channel serves, sorted, each once. */
  models: string[];
  /**
   * Our model id -> the name sent upstream, only for served models whose upstream name differs
   * (a model not named here is sent under its own id). Schema 1 spelled out a pair for every
   * served model, most of them identical: 60 % of a full catalog's snapshot.
   */
  modelMapping: Record<string, string>;
  timeouts: SnapshotTimeouts;
  /** Set for the `azure-openai` kind only. */
  azure: SnapshotAzureOptions | null;
  status: SnapshotStatus;
}

/** A channel's place in a group: tried by priority level (higher first), weighted within a level. */
export interface SnapshotMembership {
  group: string;
  channelId: string;
  /** Integer; higher levels are tried first. */
  priority: number;
  /** Positive integer; relative share within the priority level. */
  weight: number;
}

/** What a model produces, which decides the price it must have. */
export type ModelKind = 'text' | 'image' | 'video';

/** Context and output limits in tokens; null = unknown. */
export interface SnapshotModelLimits {
  contextTokens: number | null;
  maxOutputTokens: number | null;
}

/** A callable model with its official USD prices. */
export interface SnapshotModel {
  /** The id clients send, e.g. `claude-sonnet-4-5`. */
  id: string;
  /** Other names clients may send for it. */
  aliases: string[];
  vendor: string;
  kind: ModelKind;
  prices: ModelPrices;
  /** Image and video models: unit prices by size and quality (absent or empty: `prices` alone). */
  unitPrices?: UnitPriceVariant[];
  /** Model multiplier, a positive decimal string (default "1"). */
  multiplier: string;
  limits: SnapshotModelLimits;
  /** Used when a request sets no output limit and the format requires one (messages); null = none. */
  defaultMaxOutputTokens: number | null;
  /**
   * Request parameters the model's upstream refuses, named as in the upstream's format (a top-level
   * field, or `object.field`): dropped from translated requests. Absent (snapshots written before
   * it): none.
   */
  rejectedParameters?: string[];
}

/** A JSON value, for {@link SnapshotSettings}. */
export type SettingValue = string | number | boolean | null;

/** Runtime settings for the data planes (health thresholds, limits...), by dotted name. */
export type SnapshotSettings = Record<string, SettingValue>;

/** Everything the hash covers. */
export interface SnapshotContent {
  schemaVersion: number;
  groups: SnapshotGroup[];
  channels: SnapshotChannel[];
  memberships: SnapshotMembership[];
  models: SnapshotModel[];
  /** RMB per USD in force, a positive decimal string such as "7.2". */
  exchangeRate: string;
  settings: SnapshotSettings;
}

/** The snapshot as written to the bus: content plus revision, content hash and creation time. */
export interface RoutingSnapshot extends SnapshotContent {
  /** Monotonically increasing across control-plane restarts and instances (allocated on the bus). */
  revision: number;
  /** The content hash, hex (see `snapshotHash`: sha256 over the canonical content, big sections by their own digests). */
  hash: string;
  /** ISO 8601. */
  createdAt: string;
}

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
