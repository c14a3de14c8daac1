/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A new model (its prices count as set by hand) */
export type CreateModelInput = {
  /** Other names for it, unique across all models */
  aliases?: Array<string>;
  contextLimit?: number | null | undefined;
  /** max_tokens used when a request gives none */
  defaultMaxOutputTokens?: number | null | undefined;
  kind?: ModelKind;
  /** The id clients send; no whitespace */
  modelId: string;
  /** Model multiplier, decimal string > 0 */
  multiplier?: string;
  outputLimit?: number | null | undefined;
  prices: PricesInput;
  /** Request parameters its upstream refuses, named as in the upstream format (e.g. top_p, reasoning_effort, generationConfig.topK): dropped from translated requests */
  rejectedParameters?: Array<string>;
  /** Image and video models: prices by size and quality */
  unitPrices?: Array<UnitPriceInput>;
  /** Lower-case vendor, e.g. anthropic */
  vendor: string;
};

/** Model list filters (all optional, combined with AND) */
export type ModelFilter = {
  kind?: ModelKind | null | undefined;
  /** Case-insensitive substring of the model id or an alias */
  search?: string | null | undefined;
  vendor?: string | null | undefined;
};

/** What a model produces (and so how it is priced) */
export type ModelKind =
  | 'Image'
  | 'Text'
  | 'Video';

/** Official USD prices as decimal strings; token prices per million tokens. 0 = free; null clears (updates) */
export type PricesInput = {
  cacheRead?: string | null | undefined;
  cacheWrite1h?: string | null | undefined;
  cacheWrite5m?: string | null | undefined;
  image?: string | null | undefined;
  input?: string | null | undefined;
  output?: string | null | undefined;
  perRequest?: string | null | undefined;
  videoSecond?: string | null | undefined;
};

/** USD per image (or per second of video) at a size and/or quality; omit one to match any */
export type UnitPriceInput = {
  quality?: string | null | undefined;
  size?: string | null | undefined;
  /** Decimal string >= 0 */
  usd: string;
};

/** Changes to a model; omitted fields stay. Editing prices sets manualPriceOverride */
export type UpdateModelInput = {
  /** Replaces the aliases */
  aliases?: Array<string> | null | undefined;
  /** null clears */
  contextLimit?: number | null | undefined;
  /** null clears */
  defaultMaxOutputTokens?: number | null | undefined;
  kind?: ModelKind | null | undefined;
  /** false hands the prices back to the catalog import (next import overwrites them) */
  manualPriceOverride?: boolean | null | undefined;
  multiplier?: string | null | undefined;
  /** null clears */
  outputLimit?: number | null | undefined;
  /** Given fields replace those prices; null clears one */
  prices?: PricesInput | null | undefined;
  /** Replaces the parameters its upstream refuses */
  rejectedParameters?: Array<string> | null | undefined;
  /** Replaces the prices by size and quality (counts as a price edit) */
  unitPrices?: Array<UnitPriceInput> | null | undefined;
  vendor?: string | null | undefined;
};

export type AdminModelFieldsFragment = { id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, unitPrices: Array<{ size: string | null, quality: string | null, usd: string }>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } };

export type AdminModelsQueryVariables = Exact<{
  filter?: ModelFilter | null | undefined;
  first: number;
  after?: string | null | undefined;
}>;


export type AdminModelsQuery = { models: { totalCount: number, nodes: Array<{ id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, unitPrices: Array<{ size: string | null, quality: string | null, usd: string }>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type AdminCreateModelMutationVariables = Exact<{
  input: CreateModelInput;
}>;


export type AdminCreateModelMutation = { createModel: { id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, unitPrices: Array<{ size: string | null, quality: string | null, usd: string }>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } } };

export type AdminUpdateModelMutationVariables = Exact<{
  modelId: string;
  input: UpdateModelInput;
}>;


export type AdminUpdateModelMutation = { updateModel: { id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, unitPrices: Array<{ size: string | null, quality: string | null, usd: string }>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } } };

export type AdminDeleteModelMutationVariables = Exact<{
  modelId: string;
}>;


export type AdminDeleteModelMutation = { deleteModel: string };

export type AdminImportModelCatalogMutationVariables = Exact<{ [key: string]: never; }>;


export type AdminImportModelCatalogMutation = { importModelCatalog: { total: number, created: number, updated: number, keptManual: number, skipped: number } };

export const AdminModelFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"usd"}}]}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminModelFieldsFragment, unknown>;
export const AdminModelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminModels"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModelFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"models"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminModelFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"usd"}}]}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminModelsQuery, AdminModelsQueryVariables>;
export const AdminCreateModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateModelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createModel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminModelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"usd"}}]}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminCreateModelMutation, AdminCreateModelMutationVariables>;
export const AdminUpdateModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateModelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateModel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"modelId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminModelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"usd"}}]}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateModelMutation, AdminUpdateModelMutationVariables>;
export const AdminDeleteModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteModel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"modelId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteModelMutation, AdminDeleteModelMutationVariables>;
export const AdminImportModelCatalogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminImportModelCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importModelCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"keptManual"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}}]}}]}}]} as unknown as DocumentNode<AdminImportModelCatalogMutation, AdminImportModelCatalogMutationVariables>;