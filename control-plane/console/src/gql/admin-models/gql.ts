/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment AdminModelFields on Model {\n  id\n  modelId\n  aliases\n  vendor\n  kind\n  multiplier\n  contextLimit\n  outputLimit\n  defaultMaxOutputTokens\n  manualPriceOverride\n  source\n  rejectedParameters\n  unitPrices {\n    size\n    quality\n    usd\n  }\n  prices {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    image\n    videoSecond\n    perRequest\n  }\n}\n\nquery AdminModels($filter: ModelFilter, $first: Int!, $after: String) {\n  models(filter: $filter, first: $first, after: $after) {\n    nodes {\n      ...AdminModelFields\n    }\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation AdminCreateModel($input: CreateModelInput!) {\n  createModel(input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminUpdateModel($modelId: String!, $input: UpdateModelInput!) {\n  updateModel(modelId: $modelId, input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminDeleteModel($modelId: String!) {\n  deleteModel(modelId: $modelId)\n}\n\nmutation AdminImportModelCatalog {\n  importModelCatalog {\n    total\n    created\n    updated\n    keptManual\n    skipped\n  }\n}": typeof types.AdminModelFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment AdminModelFields on Model {\n  id\n  modelId\n  aliases\n  vendor\n  kind\n  multiplier\n  contextLimit\n  outputLimit\n  defaultMaxOutputTokens\n  manualPriceOverride\n  source\n  rejectedParameters\n  unitPrices {\n    size\n    quality\n    usd\n  }\n  prices {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    image\n    videoSecond\n    perRequest\n  }\n}\n\nquery AdminModels($filter: ModelFilter, $first: Int!, $after: String) {\n  models(filter: $filter, first: $first, after: $after) {\n    nodes {\n      ...AdminModelFields\n    }\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation AdminCreateModel($input: CreateModelInput!) {\n  createModel(input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminUpdateModel($modelId: String!, $input: UpdateModelInput!) {\n  updateModel(modelId: $modelId, input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminDeleteModel($modelId: String!) {\n  deleteModel(modelId: $modelId)\n}\n\nmutation AdminImportModelCatalog {\n  importModelCatalog {\n    total\n    created\n    updated\n    keptManual\n    skipped\n  }\n}": types.AdminModelFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AdminModelFields on Model {\n  id\n  modelId\n  aliases\n  vendor\n  kind\n  multiplier\n  contextLimit\n  outputLimit\n  defaultMaxOutputTokens\n  manualPriceOverride\n  source\n  rejectedParameters\n  unitPrices {\n    size\n    quality\n    usd\n  }\n  prices {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    image\n    videoSecond\n    perRequest\n  }\n}\n\nquery AdminModels($filter: ModelFilter, $first: Int!, $after: String) {\n  models(filter: $filter, first: $first, after: $after) {\n    nodes {\n      ...AdminModelFields\n    }\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation AdminCreateModel($input: CreateModelInput!) {\n  createModel(input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminUpdateModel($modelId: String!, $input: UpdateModelInput!) {\n  updateModel(modelId: $modelId, input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminDeleteModel($modelId: String!) {\n  deleteModel(modelId: $modelId)\n}\n\nmutation AdminImportModelCatalog {\n  importModelCatalog {\n    total\n    created\n    updated\n    keptManual\n    skipped\n  }\n}"): (typeof documents)["fragment AdminModelFields on Model {\n  id\n  modelId\n  aliases\n  vendor\n  kind\n  multiplier\n  contextLimit\n  outputLimit\n  defaultMaxOutputTokens\n  manualPriceOverride\n  source\n  rejectedParameters\n  unitPrices {\n    size\n    quality\n    usd\n  }\n  prices {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    image\n    videoSecond\n    perRequest\n  }\n}\n\nquery AdminModels($filter: ModelFilter, $first: Int!, $after: String) {\n  models(filter: $filter, first: $first, after: $after) {\n    nodes {\n      ...AdminModelFields\n    }\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation AdminCreateModel($input: CreateModelInput!) {\n  createModel(input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminUpdateModel($modelId: String!, $input: UpdateModelInput!) {\n  updateModel(modelId: $modelId, input: $input) {\n    ...AdminModelFields\n  }\n}\n\nmutation AdminDeleteModel($modelId: String!) {\n  deleteModel(modelId: $modelId)\n}\n\nmutation AdminImportModelCatalog {\n  importModelCatalog {\n    total\n    created\n    updated\n    keptManual\n    skipped\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;