import type { NonEmptyArray } from 'type-graphql';
import { SystemResolver } from './system.resolver.js';

/** Every resolver class of the API; the schema is built (and emitted) from this list. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [SystemResolver];
