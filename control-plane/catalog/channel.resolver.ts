import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import type { GraphQLContext } from '../graphql/context.js';
import { CreateChannelInput, UpdateChannelInput } from './channel.input.js';
import { ChannelTestResultView } from './channel-test.types.js';
import { ChannelView } from './channel.types.js';

/** Channels: administrators only. Upstream keys go in once and come back masked, never in clear. */
@Resolver(() => ChannelView)
export class ChannelResolver {
  @Authorized(Role.Admin)
  @Query(() => [ChannelView], { description: 'Administrators: every channel, by name' })
  async channels(@Ctx() ctx: GraphQLContext): Promise<ChannelView[]> {
    return (await ctx.services.channels.list(ctx.em)).map(ChannelView.of);
  }

  @Authorized(Role.Admin)
  @Query(() => ChannelView, { description: 'Administrators: one channel' })
  async channel(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<ChannelView> {
    return ChannelView.of(await ctx.services.channels.get(ctx.em, id));
  }

  @Authorized(Role.Admin)
  @Mutation(() => ChannelView, { description: 'Administrators: creates a channel' })
  async createChannel(@Ctx() ctx: GraphQLContext, @Arg('input', () => CreateChannelInput) input: CreateChannelInput): Promise<ChannelView> {
    return ChannelView.of(await ctx.services.channels.create(ctx.em, input));
  }

  @Authorized(Role.Admin)
  @Mutation(() => ChannelView, { description: 'Administrators: changes a channel' })
  async updateChannel(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateChannelInput) input: UpdateChannelInput,
  ): Promise<ChannelView> {
    return ChannelView.of(await ctx.services.channels.update(ctx.em, id, input));
  }

  @Authorized(Role.Admin)
  @Mutation(() => ChannelView, { description: 'Administrators: enables or disables one upstream key; returns its channel' })
  async setChannelKeyEnabled(
    @Ctx() ctx: GraphQLContext,
    @Arg('keyId', () => ID) keyId: string,
    @Arg('enabled', () => Boolean) enabled: boolean,
    @Arg('reason', () => String, { nullable: true }) reason?: string | null,
  ): Promise<ChannelView> {
    return ChannelView.of(await ctx.services.channels.setKeyEnabled(ctx.em, keyId, enabled, reason?.slice(0, 500) ?? null));
  }

  @Authorized(Role.Admin)
  @Mutation(() => ID, { description: 'Administrators: deletes a channel with its keys and memberships; returns its id' })
  async deleteChannel(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<string> {
    await ctx.services.channels.delete(ctx.em, id);
    return id;
  }

  @Authorized(Role.Admin)
  @Mutation(() => ChannelTestResultView, {
    description:
      "Administrators: sends one real, small request (at most 16 output tokens) through the channel with its first enabled key, in the client `format` (default: the channel kind's native one), translated as traffic is; reports latency and the error. A key the upstream rejects is reported, not disabled",
  })
  async testChannel(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('format', () => String, { nullable: true, description: 'chat-completions, messages, generateContent or responses' }) format: string | null | undefined,
    @Arg('stream', () => Boolean, { defaultValue: false }) stream: boolean,
    @Arg('model', () => String, { nullable: true, description: "Default: the channel's first served model" }) model: string | null | undefined,
  ): Promise<ChannelTestResultView> {
    return ChannelTestResultView.of(await ctx.services.channelTests.test(ctx.em, id, { format, stream, model }));
  }
}
