import { Arg, Authorized, Ctx, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { publicAnswer } from '../graphql/shared-answers.js';
import { IncidentStatus } from './incident.entity.js';
import { INCIDENT_POSTED, type IncidentPost } from './status.service.js';
import { CreateIncidentInput, PostIncidentUpdateInput } from './status.input.js';
import { IncidentPostType, IncidentType, StatusPageType } from './status.types.js';

/** The public status page and incident notices (reads public; writes admin only). */
@Resolver()
export class StatusResolver {
  @Query(() => StatusPageType, { description: 'The public status page (no login)' })
  statusPage(@Ctx() ctx: GraphQLContext): Promise<StatusPageType> {
    return publicAnswer(ctx, 'statusPage', async () => StatusPageType.from(await ctx.services.status.page()));
  }

  @Authorized('admin')
  @Mutation(() => IncidentType, { description: 'Opens an incident notice with its first update' })
  async createIncident(@Ctx() ctx: GraphQLContext, @Arg('input', () => CreateIncidentInput) input: CreateIncidentInput): Promise<IncidentType> {
    return IncidentType.from(await ctx.services.status.create(ctx.em, input));
  }

  @Authorized('admin')
  @Mutation(() => IncidentType, { description: 'Posts a timestamped update (status RESOLVED resolves the incident)' })
  async postIncidentUpdate(@Ctx() ctx: GraphQLContext, @Arg('input', () => PostIncidentUpdateInput) input: PostIncidentUpdateInput): Promise<IncidentType> {
    return IncidentType.from(await ctx.services.status.postUpdate(ctx.em, input.incidentId, input.status, input.message));
  }

  @Authorized('admin')
  @Mutation(() => IncidentType, { description: 'Resolves an incident with a closing update' })
  async resolveIncident(@Ctx() ctx: GraphQLContext, @Arg('input', () => PostIncidentUpdateInput) input: PostIncidentUpdateInput): Promise<IncidentType> {
    return IncidentType.from(await ctx.services.status.postUpdate(ctx.em, input.incidentId, IncidentStatus.RESOLVED, input.message));
  }

  @Subscription(() => IncidentPostType, { topics: INCIDENT_POSTED, description: 'Every new incident, update and resolution (public)' })
  incidentPosted(@Root() post: IncidentPost): IncidentPostType {
    return IncidentPostType.from(post);
  }
}
