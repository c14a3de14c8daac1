import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { publicAnswer } from '../graphql/shared-answers.js';
import { FeeListFilter } from './fee-list.input.js';
import { FeeListConnection } from './fee-list.types.js';

/** The public fee list. */
@Resolver()
export class FeeListResolver {
  @Query(() => FeeListConnection, { description: 'Every model with every group that serves it, priced in RMB after both multipliers' })
  feeList(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => FeeListFilter, { nullable: true }) filter: FeeListFilter | null,
    @Arg('first', () => Int, { defaultValue: 50, description: '1 to 200' }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<FeeListConnection> {
    const key = `feeList:${JSON.stringify([filter ?? {}, first, after ?? null])}`;
    return publicAnswer(ctx, key, () => ctx.services.feeList.list(ctx.em, ctx.viewer, filter ?? {}, first, after ?? null));
  }

  @Query(() => [String], { description: 'The vendors of the models on the fee list, sorted: the choices of its vendor filter' })
  feeListVendors(@Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.services.feeList.vendors(ctx.em, ctx.viewer);
  }
}
