/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Tokens: pay-per-use metering; PerRequest: a fixed price per request */
export type BillingKind =
  | 'PerRequest'
  | 'Tokens';

/** Fee list filters (all optional, combined with AND) */
export type FeeListFilter = {
  /** Group name */
  group?: string | null | undefined;
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

export type FeeListEntriesQueryVariables = Exact<{
  filter?: FeeListFilter | null | undefined;
  first: number;
  after?: string | null | undefined;
}>;


export type FeeListEntriesQuery = { feeList: { totalCount: number, pageInfo: { endCursor: string | null, hasNextPage: boolean }, nodes: Array<{ modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, group: string, groupDisplayName: string, billingKind: BillingKind, groupMultiplier: string, modelMultiplier: string, exchangeRate: string, isDemo: boolean, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null }, usdPrices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null }, unitPrices: Array<{ size: string | null, quality: string | null, usd: string, rmb: string }> }> } };

export type FeeListChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type FeeListChoicesQuery = { feeListVendors: Array<string>, groups: Array<{ name: string, displayName: string }> };


export const FeeListEntriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FeeListEntries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"FeeListFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"feeList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"groupDisplayName"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"groupMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"modelMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}},{"kind":"Field","name":{"kind":"Name","value":"usdPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}},{"kind":"Field","name":{"kind":"Name","value":"unitPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"usd"}},{"kind":"Field","name":{"kind":"Name","value":"rmb"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FeeListEntriesQuery, FeeListEntriesQueryVariables>;
export const FeeListChoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FeeListChoices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"feeListVendors"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<FeeListChoicesQuery, FeeListChoicesQueryVariables>;