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
    "fragment TokensRow on ApiToken {\n  id\n  name\n  maskedKey\n  groups\n  status\n  expiresAt\n  expired\n  spendCap\n  spentRmb\n  modelAllowList\n  createdAt\n  limits {\n    rpm\n    tpm\n    concurrency\n  }\n}\n\nquery TokensRateUse($id: ID!) {\n  token(id: $id) {\n    id\n    rateUse {\n      requestsThisMinute\n      tokensThisMinute\n      inFlight\n    }\n  }\n}\n\nquery TokensList {\n  myTokens {\n    ...TokensRow\n  }\n}\n\nquery TokensGroups {\n  groups {\n    name\n    displayName\n    description\n    priceMultiplier\n    formats\n    autoRoute\n    status\n  }\n}\n\nquery TokensExampleModel($group: String) {\n  feeList(filter: {group: $group}, first: 1) {\n    nodes {\n      modelId\n    }\n  }\n}\n\nmutation TokensCreate($input: CreateTokenInput!) {\n  createToken(input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensUpdate($id: ID!, $input: UpdateTokenInput!) {\n  updateToken(id: $id, input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDisable($id: ID!) {\n  disableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensEnable($id: ID!) {\n  enableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDelete($id: ID!) {\n  deleteToken(id: $id)\n}": typeof types.TokensRowFragmentDoc,
};
const documents: Documents = {
    "fragment TokensRow on ApiToken {\n  id\n  name\n  maskedKey\n  groups\n  status\n  expiresAt\n  expired\n  spendCap\n  spentRmb\n  modelAllowList\n  createdAt\n  limits {\n    rpm\n    tpm\n    concurrency\n  }\n}\n\nquery TokensRateUse($id: ID!) {\n  token(id: $id) {\n    id\n    rateUse {\n      requestsThisMinute\n      tokensThisMinute\n      inFlight\n    }\n  }\n}\n\nquery TokensList {\n  myTokens {\n    ...TokensRow\n  }\n}\n\nquery TokensGroups {\n  groups {\n    name\n    displayName\n    description\n    priceMultiplier\n    formats\n    autoRoute\n    status\n  }\n}\n\nquery TokensExampleModel($group: String) {\n  feeList(filter: {group: $group}, first: 1) {\n    nodes {\n      modelId\n    }\n  }\n}\n\nmutation TokensCreate($input: CreateTokenInput!) {\n  createToken(input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensUpdate($id: ID!, $input: UpdateTokenInput!) {\n  updateToken(id: $id, input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDisable($id: ID!) {\n  disableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensEnable($id: ID!) {\n  enableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDelete($id: ID!) {\n  deleteToken(id: $id)\n}": types.TokensRowFragmentDoc,
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
export function graphql(source: "fragment TokensRow on ApiToken {\n  id\n  name\n  maskedKey\n  groups\n  status\n  expiresAt\n  expired\n  spendCap\n  spentRmb\n  modelAllowList\n  createdAt\n  limits {\n    rpm\n    tpm\n    concurrency\n  }\n}\n\nquery TokensRateUse($id: ID!) {\n  token(id: $id) {\n    id\n    rateUse {\n      requestsThisMinute\n      tokensThisMinute\n      inFlight\n    }\n  }\n}\n\nquery TokensList {\n  myTokens {\n    ...TokensRow\n  }\n}\n\nquery TokensGroups {\n  groups {\n    name\n    displayName\n    description\n    priceMultiplier\n    formats\n    autoRoute\n    status\n  }\n}\n\nquery TokensExampleModel($group: String) {\n  feeList(filter: {group: $group}, first: 1) {\n    nodes {\n      modelId\n    }\n  }\n}\n\nmutation TokensCreate($input: CreateTokenInput!) {\n  createToken(input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensUpdate($id: ID!, $input: UpdateTokenInput!) {\n  updateToken(id: $id, input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDisable($id: ID!) {\n  disableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensEnable($id: ID!) {\n  enableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDelete($id: ID!) {\n  deleteToken(id: $id)\n}"): (typeof documents)["fragment TokensRow on ApiToken {\n  id\n  name\n  maskedKey\n  groups\n  status\n  expiresAt\n  expired\n  spendCap\n  spentRmb\n  modelAllowList\n  createdAt\n  limits {\n    rpm\n    tpm\n    concurrency\n  }\n}\n\nquery TokensRateUse($id: ID!) {\n  token(id: $id) {\n    id\n    rateUse {\n      requestsThisMinute\n      tokensThisMinute\n      inFlight\n    }\n  }\n}\n\nquery TokensList {\n  myTokens {\n    ...TokensRow\n  }\n}\n\nquery TokensGroups {\n  groups {\n    name\n    displayName\n    description\n    priceMultiplier\n    formats\n    autoRoute\n    status\n  }\n}\n\nquery TokensExampleModel($group: String) {\n  feeList(filter: {group: $group}, first: 1) {\n    nodes {\n      modelId\n    }\n  }\n}\n\nmutation TokensCreate($input: CreateTokenInput!) {\n  createToken(input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensUpdate($id: ID!, $input: UpdateTokenInput!) {\n  updateToken(id: $id, input: $input) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDisable($id: ID!) {\n  disableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensEnable($id: ID!) {\n  enableToken(id: $id) {\n    ...TokensRow\n  }\n}\n\nmutation TokensDelete($id: ID!) {\n  deleteToken(id: $id)\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;