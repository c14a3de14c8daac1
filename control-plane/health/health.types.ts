import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { HistoryPoint } from './health.store.js';
import type { GroupAvailability, GroupHealthChange, WindowTallies } from './health.model.js';
import { rateOf, type Tally } from './state.js';

/** GraphQL names of the group health states the availability page shows. */
export enum GroupHealthState {
  NORMAL = 'normal',
  PARTIALLY_AVAILABLE = 'partially_available',
  UNAVAILABLE = 'unavailable',
  NO_DATA = 'no_data',
}

registerEnumType(GroupHealthState, {
  name: 'GroupHealthState',
  description:
    'NORMAL: the success rate in the recent window reaches the normal threshold; PARTIALLY_AVAILABLE: some requests succeed; ' +
    'UNAVAILABLE: no success at all (the group is not used, whatever its multiplier); NO_DATA: too few samples',
});

/** Bucket size of a history series. */
export enum HealthGranularity {
  HOUR = 'hour',
  DAY = 'day',
}

registerEnumType(HealthGranularity, { name: 'HealthGranularity', description: 'UTC hours or UTC days' });

/** Success over one window. */
@ObjectType('SuccessRate', { description: 'Upstream attempts over a window and the share that succeeded' })
export class SuccessRateType {
  @Field(() => Float, { nullable: true, description: 'Successes / requests, 0..1; null without requests' })
  rate!: number | null;

  @Field(() => Int, { description: 'Upstream attempts (every attempt, retries included)' })
  requests!: number;

  @Field(() => Int)
  successes!: number;

  static from(t: Tally): SuccessRateType {
    return Object.assign(new SuccessRateType(), { rate: rateOf(t), requests: t.attempts, successes: t.ok });
  }
}

/** The four windows of the availability page. */
@ObjectType('HealthWindows', { description: 'The last hour (by the minute), and the last 24, 168 and 720 hours (the current hour so far included)' })
export class HealthWindowsType {
  @Field(() => SuccessRateType)
  hour!: SuccessRateType;

  @Field(() => SuccessRateType)
  day!: SuccessRateType;

  @Field(() => SuccessRateType)
  week!: SuccessRateType;

  @Field(() => SuccessRateType)
  month!: SuccessRateType;

  static from(w: WindowTallies): HealthWindowsType {
    return Object.assign(new HealthWindowsType(), {
      hour: SuccessRateType.from(w.hour),
      day: SuccessRateType.from(w.day),
      week: SuccessRateType.from(w.week),
      month: SuccessRateType.from(w.month),
    });
  }
}

/** One channel of a group. */
@ObjectType('ChannelHealth')
export class ChannelHealthType {
  @Field(() => String, { description: 'Channel id' })
  channel!: string;

  @Field(() => HealthWindowsType)
  windows!: HealthWindowsType;

  @Field(() => Float, { description: 'Prompt tokens of the answers this channel served in the last hour' })
  promptTokens!: number;

  @Field(() => Float, { nullable: true, description: "Share of those prompt tokens read from the upstream's prompt cache, 0..1; null without prompt tokens" })
  cacheReadShare!: number | null;

  static from(c: GroupAvailability['channels'][number]): ChannelHealthType {
    const { promptTokens, cacheReadTokens } = c.cacheReads;
    return Object.assign(new ChannelHealthType(), { channel: c.channel, windows: HealthWindowsType.from(c.windows), promptTokens, cacheReadShare: promptTokens === 0 ? null : cacheReadTokens / promptTokens });
  }
}

/** One model within a group. */
@ObjectType('ModelHealth')
export class ModelHealthType {
  @Field(() => String)
  model!: string;

  @Field(() => HealthWindowsType)
  windows!: HealthWindowsType;

  @Field(() => GroupHealthState, { description: "The model's own state in the group, decided on its attempts alone: routing skips the group for this model when UNAVAILABLE" })
  state!: GroupHealthState;
}

/** A group on the availability page. */
@ObjectType('GroupAvailability', { description: 'A group with its health state and success rates' })
export class GroupAvailabilityType {
  @Field(() => String, { description: 'Group name' })
  group!: string;

  @Field(() => GroupHealthState)
  state!: GroupHealthState;

  @Field(() => HealthWindowsType)
  windows!: HealthWindowsType;

  /** Admin only (channels are internal): the resolver checks the viewer. */
  @Field(() => [ChannelHealthType], { description: 'Per channel (administrators only; empty for others)' })
  channels!: ChannelHealthType[];

  @Field(() => [ModelHealthType], { description: 'Per model served by the group' })
  models!: ModelHealthType[];

  static from(a: GroupAvailability, admin: boolean): GroupAvailabilityType {
    return Object.assign(new GroupAvailabilityType(), {
      group: a.group,
      state: a.state as GroupHealthState,
      windows: HealthWindowsType.from(a.windows),
      channels: admin ? a.channels.map((c) => ChannelHealthType.from(c)) : [],
      models: a.models.map((m) => Object.assign(new ModelHealthType(), { model: m.model, windows: HealthWindowsType.from(m.windows), state: m.state as GroupHealthState })),
    });
  }
}

/** A change of state. */
@ObjectType('GroupHealthChange', { description: 'A group entered a new health state' })
export class GroupHealthChangeType {
  @Field(() => String)
  group!: string;

  @Field(() => GroupHealthState)
  state!: GroupHealthState;

  @Field(() => GroupHealthState)
  previousState!: GroupHealthState;

  @Field(() => Date)
  at!: Date;

  @Field(() => HealthWindowsType, { description: 'The rates when the change happened' })
  windows!: HealthWindowsType;

  static from(c: GroupHealthChange): GroupHealthChangeType {
    return Object.assign(new GroupHealthChangeType(), {
      group: c.group,
      state: c.state as GroupHealthState,
      previousState: c.previousState as GroupHealthState,
      at: new Date(c.at),
      windows: HealthWindowsType.from(c.windows),
    });
  }
}

/** One bucket of a history chart. */
@ObjectType('HealthPoint', { description: 'One bucket of a health history series' })
export class HealthPointType {
  @Field(() => Date, { description: 'Start of the bucket (UTC)' })
  at!: Date;

  @Field(() => SuccessRateType)
  success!: SuccessRateType;

  @Field(() => Float, { nullable: true, description: 'Mean attempt latency, ms' })
  meanLatencyMs!: number | null;

  @Field(() => Float, { nullable: true, description: 'Mean time to the first byte, ms' })
  meanTtfbMs!: number | null;

  static from(p: HistoryPoint): HealthPointType {
    return Object.assign(new HealthPointType(), {
      at: p.at,
      success: SuccessRateType.from(p),
      meanLatencyMs: p.attempts ? p.latencyMs / p.attempts : null,
      meanTtfbMs: p.ttfbN ? p.ttfbMs / p.ttfbN : null,
    });
  }
}
