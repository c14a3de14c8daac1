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

/** A new group (routing pool with a price multiplier) */
export type CreateGroupInput = {
  /** May tokens without groups be routed here automatically? */
  autoRoute?: boolean;
  billingKind?: BillingKind;
  description?: string;
  displayName: string;
  /** Formats: chat-completions, messages, generateContent, responses, and the media endpoints images and videos */
  formats: Array<string>;
  /** Shown to everyone (fee list, group list), or to administrators only */
  isPublic?: boolean;
  /** Rate limits on the group's whole traffic; left out: none */
  limits?: RateLimitsInput | null | undefined;
  /** Stable id tokens refer to: lower-case letters, digits, _ and -, at most 64 */
  name: string;
  /** Decimal string > 0, e.g. "4.5" (at most 6 decimals) */
  priceMultiplier: string;
  /** One of `formats`; default: the first */
  recommendedFormat?: string | null | undefined;
  status?: GroupStatus;
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

/** Changes to a group; omitted fields stay as they are */
export type UpdateGroupInput = {
  autoRoute?: boolean | null | undefined;
  billingKind?: BillingKind | null | undefined;
  description?: string | null | undefined;
  displayName?: string | null | undefined;
  formats?: Array<string> | null | undefined;
  isPublic?: boolean | null | undefined;
  /** New rate limits (replacing all three) */
  limits?: RateLimitsInput | null | undefined;
  /** Decimal string > 0 */
  priceMultiplier?: string | null | undefined;
  /** One of the (new) formats; when formats change and this is omitted, it is kept if still listed, else the first */
  recommendedFormat?: string | null | undefined;
  status?: GroupStatus | null | undefined;
};

export type AdminGroupFieldsFragment = { name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } };

export type AdminGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminGroupsQuery = { groups: Array<{ name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } }> };

export type AdminCreateGroupMutationVariables = Exact<{
  input: CreateGroupInput;
}>;


export type AdminCreateGroupMutation = { createGroup: { name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } } };

export type AdminUpdateGroupMutationVariables = Exact<{
  name: string;
  input: UpdateGroupInput;
}>;


export type AdminUpdateGroupMutation = { updateGroup: { name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus, limits: { rpm: number | null, tpm: number | null, concurrency: number | null } } };

export type AdminDeleteGroupMutationVariables = Exact<{
  name: string;
}>;


export type AdminDeleteGroupMutation = { deleteGroup: string };

export const AdminGroupFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<AdminGroupFieldsFragment, unknown>;
export const AdminGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminGroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<AdminGroupsQuery, AdminGroupsQueryVariables>;
export const AdminCreateGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminGroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<AdminCreateGroupMutation, AdminCreateGroupMutationVariables>;
export const AdminUpdateGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminGroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rpm"}},{"kind":"Field","name":{"kind":"Name","value":"tpm"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateGroupMutation, AdminUpdateGroupMutationVariables>;
export const AdminDeleteGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteGroupMutation, AdminDeleteGroupMutationVariables>;