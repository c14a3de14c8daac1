import { ArrayMaxSize, IsInt, IsOptional, Length, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { ChannelKind, ChannelStatus } from './channel.entity.js';

/** Most keys, models and group memberships on one channel (bounds the work of one mutation). */
const CHANNEL_LIMITS = { keys: 100, models: 2000, groups: 50 } as const;

/** A model a channel serves, with the upstream's own name for it when that differs. */
@InputType({ description: 'A served model: the client model id, and the upstream model id when different' })
export class ServedModelInput {
  @Field(() => String, { description: 'Model id clients send (a catalog model id)' })
  @Length(1, 200)
  model!: string;

  @Field(() => String, { nullable: true, description: 'Name sent upstream instead; default: the same' })
  @IsOptional()
  @Length(1, 200)
  upstreamModel?: string | null;
}

/** A channel's membership in a group. */
@InputType({ description: "A channel's place in a group: higher priority is tried first; weight splits traffic within a priority" })
export class ChannelMembershipInput {
  @Field(() => String)
  group!: string;

  @Field(() => Int, { defaultValue: 0 })
  @IsInt()
  @Min(-1000)
  @Max(1000)
  priority!: number;

  @Field(() => Int, { defaultValue: 1 })
  @IsInt()
  @Min(1)
  @Max(1000)
  weight!: number;
}

/** A new channel. */
@InputType({ description: 'A new upstream channel' })
export class CreateChannelInput {
  @Field(() => String)
  @Length(1, 100)
  name!: string;

  @Field(() => ChannelKind)
  kind!: ChannelKind;

  @Field(() => String, { nullable: true, description: 'http(s) base URL of the upstream; required except for Demo' })
  @IsOptional()
  @Length(1, 500)
  baseUrl?: string | null;

  @Field(() => [String], { defaultValue: [], description: 'Upstream API keys (at least one except for Demo); stored encrypted, shown masked' })
  @ArrayMaxSize(CHANNEL_LIMITS.keys)
  @Length(1, 1000, { each: true })
  keys!: string[];

  @Field(() => [ServedModelInput], { defaultValue: [] })
  @ArrayMaxSize(CHANNEL_LIMITS.models)
  models!: ServedModelInput[];

  @Field(() => [ChannelMembershipInput], { defaultValue: [] })
  @ArrayMaxSize(CHANNEL_LIMITS.groups)
  groups!: ChannelMembershipInput[];

  @Field(() => Int, { nullable: true, description: 'Connect timeout in ms (default 10000)' })
  connectTimeoutMs?: number | null;

  @Field(() => Int, { nullable: true, description: 'Time to the first response byte in ms (default 60000)' })
  firstByteTimeoutMs?: number | null;

  @Field(() => Int, { nullable: true, description: 'Whole request in ms (default 600000)' })
  totalTimeoutMs?: number | null;

  @Field(() => Int, { nullable: true, description: "Longest silence between the upstream's bytes of a streamed answer, in seconds (1 to 3600); null: each data plane's UPSTREAM_IDLE_TIMEOUT_MS (default 60 s)" })
  idleTimeoutSeconds?: number | null;

  @Field(() => String, { nullable: true, description: 'AzureOpenAI: the api-version query parameter (required for that kind)' })
  @IsOptional()
  @Length(1, 32)
  azureApiVersion?: string | null;

  @Field(() => String, { nullable: true, description: 'AzureOpenAI: deployment used for models without a mapping' })
  @IsOptional()
  @Length(1, 100)
  azureDeployment?: string | null;

  @Field(() => ChannelStatus, { defaultValue: ChannelStatus.Active })
  status!: ChannelStatus;
}

/** Changes to a channel: fields left out stay; `models` and `groups` replace the whole list. The kind cannot change. */
@InputType({ description: 'Changes to a channel; omitted fields stay; models and groups replace the whole list' })
export class UpdateChannelInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 100)
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 500)
  baseUrl?: string;

  @Field(() => [String], { nullable: true, description: 'Keys to add (appended to the round-robin order)' })
  @IsOptional()
  @ArrayMaxSize(CHANNEL_LIMITS.keys)
  @Length(1, 1000, { each: true })
  addKeys?: string[];

  @Field(() => [ID], { nullable: true, description: 'Keys to remove, by id' })
  @IsOptional()
  @ArrayMaxSize(CHANNEL_LIMITS.keys)
  removeKeyIds?: string[];

  @Field(() => [ServedModelInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(CHANNEL_LIMITS.models)
  models?: ServedModelInput[];

  @Field(() => [ChannelMembershipInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(CHANNEL_LIMITS.groups)
  groups?: ChannelMembershipInput[];

  @Field(() => Int, { nullable: true })
  connectTimeoutMs?: number;

  @Field(() => Int, { nullable: true })
  firstByteTimeoutMs?: number;

  @Field(() => Int, { nullable: true })
  totalTimeoutMs?: number;

  @Field(() => Int, { nullable: true, description: "Idle timeout in seconds (1 to 3600); null returns to the data planes' default, omitted stays" })
  idleTimeoutSeconds?: number | null;

  @Field(() => String, { nullable: true, description: 'AzureOpenAI only; "" clears it' })
  @IsOptional()
  @Length(0, 32)
  azureApiVersion?: string;

  @Field(() => String, { nullable: true, description: 'AzureOpenAI only; "" clears it' })
  @IsOptional()
  @Length(0, 100)
  azureDeployment?: string;

  @Field(() => ChannelStatus, { nullable: true })
  status?: ChannelStatus;
}
