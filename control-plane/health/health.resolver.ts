import { Arg, Authorized, Ctx, Query, Resolver, Root, Subscription } from 'type-graphql';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '../accounts/account.entity.js';
import type { GraphQLContext } from '../graphql/context.js';
import { unauthenticated } from '../graphql/errors.js';
import { publicAnswer } from '../graphql/shared-answers.js';
import { GROUP_HEALTH_CHANGED, type GroupAvailability, type GroupHealthChange } from './health.model.js';
import { GroupAvailabilityType, GroupHealthChangeType, HealthGranularity, HealthPointType } from './health.types.js';

/** What the `groupHealth` subscription yields on each tick. */
interface HealthTick {
  groups: GroupAvailability[];
  admin: boolean;
}

/** Periodic availability for one subscriber, until it unsubscribes (the generator is returned). */
async function* ticks(ctx: GraphQLContext): AsyncGenerator<HealthTick> {
  if (!ctx.viewer) throw unauthenticated();
  const admin = ctx.viewer.role === Role.Admin;
  const health = ctx.services.health;
  for (;;) {
    yield { groups: await health.availability({ includeHidden: admin }), admin };
    await sleep(health.settings.tickMs);
  }
}

/** The group availability page and live health for dashboards and ops tools (login required). */
@Resolver()
export class HealthResolver {
  @Authorized()
  @Query(() => [GroupAvailabilityType], { description: 'Every group with its health state and success rates over the last hour, day, week and month' })
  groupAvailability(@Ctx() ctx: GraphQLContext): Promise<GroupAvailabilityType[]> {
    const admin = ctx.viewer!.role === Role.Admin;
    return publicAnswer(ctx, 'groupAvailability', async () =>
      (await ctx.services.health.availability({ includeHidden: admin })).map((a) => GroupAvailabilityType.from(a, admin)),
    );
  }

  @Authorized()
  @Query(() => [HealthPointType], { description: "A group's success rate and latency over time, for charts (buckets with traffic only)" })
  async groupHealthHistory(
    @Ctx() ctx: GraphQLContext,
    @Arg('group', () => String) group: string,
    @Arg('from', () => Date) from: Date,
    @Arg('to', () => Date) to: Date,
    @Arg('granularity', () => HealthGranularity, { defaultValue: HealthGranularity.HOUR }) granularity: HealthGranularity,
  ): Promise<HealthPointType[]> {
    const points = await ctx.services.health.history(group, from, to, granularity, ctx.viewer!.role === Role.Admin);
    return points.map((p) => HealthPointType.from(p));
  }

  @Authorized()
  @Subscription(() => GroupHealthChangeType, {
    topics: GROUP_HEALTH_CHANGED,
    // Hidden groups' changes reach administrators only.
    filter: ({ payload, context }) => (payload as GroupHealthChange).public || (context as GraphQLContext).viewer?.role === Role.Admin,
    description: 'Every change of a group health state, with the rates at that moment',
  })
  groupHealthChanged(@Root() change: GroupHealthChange): GroupHealthChangeType {
    return GroupHealthChangeType.from(change);
  }

  @Subscription(() => [GroupAvailabilityType], {
    subscribe: ({ context }) => ticks(context as GraphQLContext),
    description: 'The availability page, again every HEALTH_TICK_MS (default 5 s), for live dashboards (login required)',
  })
  groupHealth(@Root() tick: HealthTick): GroupAvailabilityType[] {
    return tick.groups.map((a) => GroupAvailabilityType.from(a, tick.admin));
  }
}
