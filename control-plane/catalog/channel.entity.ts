import { ArrayType, Cascade, Collection, Entity, Enum, JsonType, OneToMany, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity.js';
import { ChannelKey } from './channel-key.entity.js';
import { ChannelGroup } from './channel-group.entity.js';

/** The upstream API a channel speaks. `demo` is built in: it answers every format without a key. */
export enum ChannelKind {
  OpenAI = 'openai',
  AzureOpenAI = 'azure-openai',
  Anthropic = 'anthropic',
  Gemini = 'gemini',
  OpenAICompatible = 'openai-compatible',
  Demo = 'demo',
}

/** Whether a channel takes traffic (a channel with no enabled key takes none either). */
export enum ChannelStatus {
  Active = 'active',
  Disabled = 'disabled',
}

/** True for the built-in demo kind, which needs neither a base URL nor a key. */
export function isDemoKind(kind: ChannelKind): boolean {
  return kind === ChannelKind.Demo;
}

/** Default timeouts in milliseconds. */
export const DEFAULT_TIMEOUTS = { connectMs: 10_000, firstByteMs: 60_000, totalMs: 600_000 } as const;

/**
 * One upstream: where to send requests, with which keys, for which models, in which groups.
 * Keys and group memberships are their own rows (`ChannelKey`, `ChannelGroup`).
 */
@Entity({ tableName: 'channel' })
export class Channel extends BaseEntity {
  @Unique()
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Enum({ items: () => ChannelKind, nativeEnumName: 'channel_kind' })
  kind!: ChannelKind;

  /** http(s) origin (and optional path prefix) of the upstream; '' for the demo kind. */
  @Property({ type: 'string', length: 500, default: '' })
  baseUrl: string & Opt = '';

  /** Client model ids this channel serves (catalog model ids). */
  @Property({ type: ArrayType })
  models: string[] & Opt = [];

  /** Client model id -> upstream model id, for the models whose upstream name differs. */
  @Property({ type: JsonType })
  modelMapping: Record<string, string> & Opt = {};

  @Property({ type: 'integer', default: DEFAULT_TIMEOUTS.connectMs })
  connectTimeoutMs: number & Opt = DEFAULT_TIMEOUTS.connectMs;

  @Property({ type: 'integer', default: DEFAULT_TIMEOUTS.firstByteMs })
  firstByteTimeoutMs: number & Opt = DEFAULT_TIMEOUTS.firstByteMs;

  @Property({ type: 'integer', default: DEFAULT_TIMEOUTS.totalMs })
  totalTimeoutMs: number & Opt = DEFAULT_TIMEOUTS.totalMs;

  /** Longest silence between the upstream's bytes of a streamed answer, in seconds; null: the data plane's UPSTREAM_IDLE_TIMEOUT_MS. */
  @Property({ type: 'integer', nullable: true })
  idleTimeoutSeconds?: number | null;

  /** Azure OpenAI only: the `api-version` query parameter. */
  @Property({ type: 'string', length: 32, nullable: true })
  azureApiVersion?: string | null;

  /** Azure OpenAI only: the deployment name used when a model has no mapping of its own. */
  @Property({ type: 'string', length: 100, nullable: true })
  azureDeployment?: string | null;

  @Enum({ items: () => ChannelStatus, nativeEnumName: 'channel_status' })
  status: ChannelStatus & Opt = ChannelStatus.Active;

  @OneToMany(() => ChannelKey, (k) => k.channel, { cascade: [Cascade.ALL], orphanRemoval: true, orderBy: { position: 'asc' } })
  keys = new Collection<ChannelKey>(this);

  @OneToMany(() => ChannelGroup, (m) => m.channel, { cascade: [Cascade.ALL], orphanRemoval: true })
  memberships = new Collection<ChannelGroup>(this);

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /** The built-in demo kind (shown as `isDemo` in GraphQL and the fee list). */
  get isDemo(): boolean & Opt {
    return isDemoKind(this.kind);
  }
}
