import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import type { GraphQLContext } from '../graphql/context.js';
import { publicAnswer } from '../graphql/shared-answers.js';
import { CreateGroupInput, UpdateGroupInput } from './group.input.js';
import { GroupView } from './group.types.js';

/** Groups: public read of the public ones, administrator writes. */
@Resolver(() => GroupView)
export class GroupResolver {
  @Query(() => [GroupView], { description: 'Groups by name: the public ones, or all of them for administrators' })
  groups(@Ctx() ctx: GraphQLContext): Promise<GroupView[]> {
    return publicAnswer(ctx, 'groups', async () => (await ctx.services.groups.list(ctx.em, ctx.viewer)).map(GroupView.of));
  }

  @Query(() => GroupView, { description: 'One group (a non-public group only for administrators)' })
  async group(@Ctx() ctx: GraphQLContext, @Arg('name', () => String) name: string): Promise<GroupView> {
    return GroupView.of(await ctx.services.groups.get(ctx.em, ctx.viewer, name));
  }

  @Authorized(Role.Admin)
  @Mutation(() => GroupView, { description: 'Administrators: creates a group' })
  async createGroup(@Ctx() ctx: GraphQLContext, @Arg('input', () => CreateGroupInput) input: CreateGroupInput): Promise<GroupView> {
    return GroupView.of(await ctx.services.groups.create(ctx.em, input));
  }

  @Authorized(Role.Admin)
  @Mutation(() => GroupView, { description: 'Administrators: changes a group' })
  async updateGroup(
    @Ctx() ctx: GraphQLContext,
    @Arg('name', () => String) name: string,
    @Arg('input', () => UpdateGroupInput) input: UpdateGroupInput,
  ): Promise<GroupView> {
    return GroupView.of(await ctx.services.groups.update(ctx.em, name, input));
  }

  @Authorized(Role.Admin)
  @Mutation(() => String, { description: 'Administrators: deletes a group and its channel memberships; returns its name' })
  async deleteGroup(@Ctx() ctx: GraphQLContext, @Arg('name', () => String) name: string): Promise<string> {
    await ctx.services.groups.delete(ctx.em, name);
    return name;
  }
}
