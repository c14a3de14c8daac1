import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import type { GraphQLContext } from '../graphql/context.js';
import { CreateModelInput, ModelFilter, UpdateModelInput } from './model.input.js';
import { ModelConnection, ModelImportResult, ModelView } from './model.types.js';

/** Models and prices: public reads, administrator writes and catalog import. */
@Resolver(() => ModelView)
export class ModelResolver {
  @Query(() => ModelConnection, { description: 'Models by model id, filtered and paginated' })
  async models(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => ModelFilter, { nullable: true }) filter: ModelFilter | null,
    @Arg('first', () => Int, { defaultValue: 50, description: '1 to 200' }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<ModelConnection> {
    const page = await ctx.services.models.list(ctx.em, filter ?? {}, first, after ?? null);
    return { ...page, nodes: page.nodes.map(ModelView.of) };
  }

  @Query(() => ModelView, { description: 'One model, by model id or alias' })
  async model(@Ctx() ctx: GraphQLContext, @Arg('modelId', () => String) modelId: string): Promise<ModelView> {
    return ModelView.of(await ctx.services.models.get(ctx.em, modelId));
  }

  @Authorized(Role.Admin)
  @Mutation(() => ModelView, { description: 'Administrators: adds a model (its prices count as set by hand)' })
  async createModel(@Ctx() ctx: GraphQLContext, @Arg('input', () => CreateModelInput) input: CreateModelInput): Promise<ModelView> {
    return ModelView.of(await ctx.services.models.create(ctx.em, input));
  }

  @Authorized(Role.Admin)
  @Mutation(() => ModelView, { description: 'Administrators: changes a model; editing prices protects them from the catalog import' })
  async updateModel(
    @Ctx() ctx: GraphQLContext,
    @Arg('modelId', () => String) modelId: string,
    @Arg('input', () => UpdateModelInput) input: UpdateModelInput,
  ): Promise<ModelView> {
    return ModelView.of(await ctx.services.models.update(ctx.em, modelId, input));
  }

  @Authorized(Role.Admin)
  @Mutation(() => String, { description: 'Administrators: deletes a model; returns its id' })
  async deleteModel(@Ctx() ctx: GraphQLContext, @Arg('modelId', () => String) modelId: string): Promise<string> {
    await ctx.services.models.delete(ctx.em, modelId);
    return modelId;
  }

  @Authorized(Role.Admin)
  @Mutation(() => ModelImportResult, { description: 'Administrators: re-imports official prices from the bundled price catalog; prices set by hand are kept' })
  importModelCatalog(@Ctx() ctx: GraphQLContext): Promise<ModelImportResult> {
    return ctx.services.models.importCatalog(ctx.em);
  }
}
