import { buildSchema, type PubSub } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import { authChecker } from './auth-checker.js';
import { RESOLVERS } from './resolvers.js';

/** Builds the executable schema from the resolvers. `validate` runs class-validator on inputs. */
export function createSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    authChecker,
    pubSub,
    validate: { forbidUnknownValues: false },
  });
}
