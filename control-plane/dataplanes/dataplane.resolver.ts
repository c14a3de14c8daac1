import { Authorized, Ctx, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { DATA_PLANE_STATUS_TOPIC, type DataPlaneStatusChange } from './dataplane.service.js';
import { DataPlaneStatusChangeType, DataPlaneType } from './dataplane.types.js';

/** Data-plane status for operators (admin only). */
@Resolver()
export class DataPlaneResolver {
  @Authorized('admin')
  @Query(() => [DataPlaneType], { description: 'Every data plane that ever sent a heartbeat, by node name' })
  async dataPlanes(@Ctx() ctx: GraphQLContext): Promise<DataPlaneType[]> {
    return (await ctx.services.dataPlanes.list()).map((s) => DataPlaneType.from(s));
  }

  @Authorized('admin')
  @Subscription(() => DataPlaneStatusChangeType, {
    topics: DATA_PLANE_STATUS_TOPIC,
    description: 'Raised when a data plane goes silent, lags behind the current snapshot for too long, or recovers',
  })
  dataPlaneStatusChanged(@Root() change: DataPlaneStatusChange): DataPlaneStatusChangeType {
    return DataPlaneStatusChangeType.from(change);
  }
}
