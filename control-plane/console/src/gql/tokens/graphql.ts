/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A new API token */
export type CreateTokenInput = {
  /** When the token stops working (must be in the future); null: never */
  expiresAt?: string | null | undefined;
  /** Ordered group names: main group first, then fallbacks; empty for automatic routing */
  groups?: Array<string>;
  /** The token's own rate limits, never above its account's; null: none of its own */
  limits?: RateLimitsInput | null | undefined;
  /** Model ids the token may call; null: any model */
  modelAllowList?: Array<string> | null | undefined;
  /** 1 to 64 characters */
  name: string;
  /** Spending cap in RMB as a decimal string, e.g. "50" or "12.5" (> 0); null: none */
  spendCap?: string | null | undefined;
};

/** Whether the group takes traffic at all (health is reported separately) */
export type GroupStatus =
  | 'Active'
  | 'Disabled';

/** Rate limits to set: each a whole number from 1, or null (or left out) for no limit */
export type RateLimitsInput = {
  /** Requests in flight at once */
  concurrency?: number | null | undefined;
  /** Requests per minute */
  rpm?: number | null | undefined;
  /** Tokens (input + output) per minute */
  tpm?: number | null | undefined;
};

/** A token's own switch: ACTIVE or DISABLED; expiry is reported separately (`expired`) */
export type TokenStatus =
  | 'ACTIVE'
  | 'DISABLED';

/** Changes to a token: omitted fields stay; null clears expiresAt, spendCap, modelAllowList and limits */
export type UpdateTokenInput = {
  expiresAt?: string | null | undefined;
  /** New ordered group list; [] for automatic routing */
  groups?: Array<string> | null | undefined;
  /** The token's own rate limits, never above its account's; null: none of its own */
  limits?: RateLimitsInput | null | undefined;
  modelAllowList?: Array<string> | null | undefined;
  /** New name, 1 to 64 characters */
  name?: string | null | undefined;
  /** RMB decimal string (> 0) */
  spendCap?: string | null | undefined;
};

export type TokensRowFragment = { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } };

export type TokensRateUseQueryVariables = Exact<{
  id: string;
}>;


export type TokensRateUseQuery = { token: { id: string, rateUse: { requestsThisMinute: number, tokensThisMinute: number, inFlight: number } } };

export type TokensListQueryVariables = Exact<{ [key: string]: never; }>;


export type TokensListQuery = { myTokens: Array<{ id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } }> };

export type TokensGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type TokensGroupsQuery = { groups: Array<{ name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, autoRoute: boolean, status: GroupStatus }> };

export type TokensExampleModelQueryVariables = Exact<{
  group?: string | null | undefined;
}>;


export type TokensExampleModelQuery = { feeList: { nodes: Array<{ modelId: string }> } };

export type TokensCreateMutationVariables = Exact<{
  input: CreateTokenInput;
}>;


export type TokensCreateMutation = { createToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } } };

export type TokensUpdateMutationVariables = Exact<{
  id: string;
  input: UpdateTokenInput;
}>;


export type TokensUpdateMutation = { updateToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } } };

export type TokensDisableMutationVariables = Exact<{
  id: string;
}>;


export type TokensDisableMutation = { disableToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } } };

export type TokensEnableMutationVariables = Exact<{
  id: string;
}>;


export type TokensEnableMutation = { enableToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } } };

export type TokensDeleteMutationVariables = Exact<{
  id: string;
}>;


export type TokensDeleteMutation = { deleteToken: string };

export const TokensRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<TokensRowFragment, unknown>;
export const TokensRateUseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensRateUse"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"rateUse"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestsThisMinute"}},{"kind":"Field","name":{"kind":"Name","value":"tokensThisMinute"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}}]}}]}}]}}]} as unknown as DocumentNode<TokensRateUseQuery, TokensRateUseQueryVariables>;
export const TokensListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<TokensListQuery, TokensListQueryVariables>;
export const TokensGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<TokensGroupsQuery, TokensGroupsQueryVariables>;
export const TokensExampleModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensExampleModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"group"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"feeList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"group"},"value":{"kind":"Variable","name":{"kind":"Name","value":"group"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modelId"}}]}}]}}]}}]} as unknown as DocumentNode<TokensExampleModelQuery, TokensExampleModelQueryVariables>;
export const TokensCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<TokensCreateMutation, TokensCreateMutationVariables>;
export const TokensUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<TokensUpdateMutation, TokensUpdateMutationVariables>;
export const TokensDisableDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensDisable"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<TokensDisableMutation, TokensDisableMutationVariables>;
export const TokensEnableDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensEnable"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"enableToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<TokensEnableMutation, TokensEnableMutationVariables>;
export const TokensDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TokensDeleteMutation, TokensDeleteMutationVariables>;