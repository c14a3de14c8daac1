import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from './context.js';

/** Facts about the serving control plane, for consoles and smoke checks. */
@ObjectType()
export class ServerInfo {
  @Field(() => String, { description: 'Service name' })
  name!: string;

  @Field(() => String, { description: '"redis" in split deployments, "memory" in all-in-one without Redis' })
  portsKind!: string;
}

/** Public, unauthenticated facts about the service. */
@Resolver()
export class SystemResolver {
  @Query(() => ServerInfo, { description: 'Who is answering: usable as a smoke test' })
  serverInfo(@Ctx() ctx: GraphQLContext): ServerInfo {
    return { name: 'meridian', portsKind: ctx.services.deps.ports.kind };
  }
}
