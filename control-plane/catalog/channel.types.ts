import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ChannelKind, ChannelStatus, type Channel } from './channel.entity.js';
import type { ChannelKey } from './channel-key.entity.js';

registerEnumType(ChannelKind, { name: 'ChannelKind', description: 'The upstream API a channel speaks; Demo is built in and needs no key' });
registerEnumType(ChannelStatus, { name: 'ChannelStatus' });

/** An upstream key as administrators see it: masked, never the key itself. */
@ObjectType('ChannelKey', { description: 'An upstream API key, masked' })
export class ChannelKeyView {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: 'Round-robin order' })
  position!: number;

  @Field(() => String, { description: 'First and last characters only' })
  masked!: string;

  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => String, { nullable: true })
  disabledReason!: string | null;

  /** The view of `key`. */
  static of(key: ChannelKey): ChannelKeyView {
    return Object.assign(new ChannelKeyView(), {
      id: key.id,
      position: key.position,
      masked: key.keyMasked,
      enabled: key.enabled,
      disabledReason: key.disabledReason ?? null,
    });
  }
}

/** A served model and its upstream name. */
@ObjectType('ServedModel')
export class ServedModelView {
  @Field(() => String)
  model!: string;

  @Field(() => String, { description: 'The name sent upstream (the same as `model` when not mapped)' })
  upstreamModel!: string;
}

/** A channel's membership in a group. */
@ObjectType('ChannelMembership')
export class ChannelMembershipView {
  @Field(() => String)
  group!: string;

  @Field(() => Int)
  priority!: number;

  @Field(() => Int)
  weight!: number;
}

/** A channel as administrators see it. */
@ObjectType('Channel', { description: 'An upstream channel (administrators only)' })
export class ChannelView {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => ChannelKind)
  kind!: ChannelKind;

  @Field(() => Boolean, { description: 'The built-in demo upstream (canned answers, no key)' })
  isDemo!: boolean;

  @Field(() => String)
  baseUrl!: string;

  @Field(() => [ChannelKeyView])
  keys!: ChannelKeyView[];

  @Field(() => [ServedModelView])
  models!: ServedModelView[];

  @Field(() => [ChannelMembershipView])
  groups!: ChannelMembershipView[];

  @Field(() => Int)
  connectTimeoutMs!: number;

  @Field(() => Int)
  firstByteTimeoutMs!: number;

  @Field(() => Int)
  totalTimeoutMs!: number;

  @Field(() => Int, { nullable: true, description: "Longest silence between the upstream's bytes of a streamed answer, in seconds; null: the data planes' UPSTREAM_IDLE_TIMEOUT_MS" })
  idleTimeoutSeconds!: number | null;

  @Field(() => String, { nullable: true })
  azureApiVersion!: string | null;

  @Field(() => String, { nullable: true })
  azureDeployment!: string | null;

  @Field(() => ChannelStatus)
  status!: ChannelStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  /** The view of `channel`; its keys and memberships must be loaded. */
  static of(channel: Channel): ChannelView {
    return Object.assign(new ChannelView(), {
      id: channel.id,
      name: channel.name,
      kind: channel.kind,
      isDemo: channel.isDemo,
      baseUrl: channel.baseUrl,
      keys: channel.keys.getItems().map(ChannelKeyView.of),
      models: channel.models.map((model) => ({ model, upstreamModel: channel.modelMapping[model] ?? model })),
      groups: channel.memberships
        .getItems()
        .map((m) => ({ group: m.group.name, priority: m.priority, weight: m.weight }))
        .sort((a, b) => a.group.localeCompare(b.group)),
      connectTimeoutMs: channel.connectTimeoutMs,
      firstByteTimeoutMs: channel.firstByteTimeoutMs,
      totalTimeoutMs: channel.totalTimeoutMs,
      idleTimeoutSeconds: channel.idleTimeoutSeconds ?? null,
      azureApiVersion: channel.azureApiVersion ?? null,
      azureDeployment: channel.azureDeployment ?? null,
      status: channel.status,
      createdAt: channel.createdAt,
      updatedAt: channel.updatedAt,
    });
  }
}
