import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from './context.js';

/** A data-plane node's public base address, as clients configure it. */
@ObjectType()
export class NodeAddress {
  @Field(() => String, { description: 'The node\'s name, e.g. "domestic" or "overseas"' })
  name!: string;

  @Field(() => String, { description: 'Its base address without a path, e.g. "https://api.example.com"; chat-completions and responses clients add `/v1`' })
  baseUrl!: string;
}

/** Facts about the serving control plane, for consoles and smoke checks. */
@ObjectType()
export class ServerInfo {
  @Field(() => String, { description: 'Service name' })
  name!: string;

  @Field(() => String, { description: '"redis" in split deployments, "memory" in all-in-one without Redis' })
  portsKind!: string;

  @Field(() => [NodeAddress], { description: 'The data-plane nodes to configure clients with (PUBLIC_NODES; all-in-one: the local data plane)' })
  nodes!: NodeAddress[];

  @Field(() => String, { nullable: true, description: 'The host name on which the console shows the status page alone (STATUS_HOST)' })
  statusHost!: string | null;

  @Field(() => Boolean, { description: 'Whether top-ups through the payment aggregator are configured' })
  topUpEnabled!: boolean;
}

/** Public, unauthenticated facts about the service. */
@Resolver()
export class SystemResolver {
  @Query(() => ServerInfo, { description: 'Who is answering, and what a console needs to know of the deployment' })
  serverInfo(@Ctx() ctx: GraphQLContext): ServerInfo {
    const { config, ports } = ctx.services.deps;
    return { name: 'meridian', portsKind: ports.kind, nodes: config.publicNodes, statusHost: config.statusHost ?? null, topUpEnabled: config.payment !== undefined };
  }
}
