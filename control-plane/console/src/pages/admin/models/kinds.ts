import type { ModelKind } from '../../../gql/admin-models/graphql';

/** Every model kind, as the API names them. */
export const MODEL_KINDS: ModelKind[] = ['Text', 'Image', 'Video'];
