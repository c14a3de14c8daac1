import type {
  ChannelKind,
  RoutingSnapshot,
  SnapshotAzureOptions,
  SnapshotGroup,
  SnapshotModel,
  SnapshotSettings,
  SnapshotTimeouts,
} from './types.js';

/** An upstream key, decrypted once at compile time (never per request). */
export interface RuntimeKey {
  id: string;
  /** The plain upstream API key: never log it, never send it anywhere but its channel's upstream. */
  secret: string;
  enabled: boolean;
}

/** A channel ready to call. */
export interface RuntimeChannel {
  id: string;
  name: string;
  kind: ChannelKind;
  isDemo: boolean;
  baseUrl: string | null;
  keys: RuntimeKey[];
  /** Our model id -> the name sent upstream. */
  upstreamModels: ReadonlyMap<string, string>;
  timeouts: SnapshotTimeouts;
  azure: SnapshotAzureOptions | null;
  active: boolean;
}

/** A channel's share of one priority level of a group, for one model. */
export interface WeightedChannel {
  channel: RuntimeChannel;
  weight: number;
  /** The name to send upstream for this model. */
  upstreamModel: string;
}

/** Channels of equal priority: pick among them at random by weight. */
export interface PriorityLevel {
  priority: number;
  channels: WeightedChannel[];
  totalWeight: number;
}

/** How one group serves one model: its active channels for the model, by descending priority. */
export interface GroupRoute {
  group: SnapshotGroup;
  levels: PriorityLevel[];
}

/** A model with the groups that serve it. */
export interface RuntimeModel extends SnapshotModel {
  /** Active groups with at least one active channel serving the model, in group-name order. */
  routes: GroupRoute[];
  /** As in the snapshot, none when it had none. */
  rejectedParameters: string[];
}

/**
 * The compiled snapshot the relay reads: lookup indexes built once per snapshot and swapped in
 * as one reference, so a request sees one consistent configuration from start to end.
 */
export interface RuntimeConfig {
  revision: number;
  hash: string;
  createdAt: string;
  /** Model by id and by every alias. */
  models: ReadonlyMap<string, RuntimeModel>;
  /** Group by name (disabled ones included, so the relay can tell "disabled" from "unknown"). */
  groups: ReadonlyMap<string, SnapshotGroup>;
  /** Channel by id (disabled ones included). */
  channels: ReadonlyMap<string, RuntimeChannel>;
  /** RMB per USD, decimal string. */
  exchangeRate: string;
  settings: SnapshotSettings;
  /** The wire snapshot this was compiled from (what is kept on disk). */
  snapshot: RoutingSnapshot;
}
