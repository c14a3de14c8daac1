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
    "fragment UsageRecordFields on UsageRecord {\n  id\n  requestId\n  tokenId\n  model\n  group\n  channelKind\n  node\n  formatIn\n  stream\n  status\n  httpStatus\n  latencyMs\n  usage {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    reasoning\n    images\n    videoSeconds\n  }\n  unitSize\n  unitQuality\n  chargeRmb\n  exchangeRate\n  groupMultiplier\n  modelMultiplier\n  createdAt\n}\n\nquery UsageRecords($filter: UsageFilter, $first: Int!, $after: String) {\n  myUsage(filter: $filter, first: $first, after: $after) {\n    items {\n      ...UsageRecordFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nquery UsageTotals($filter: UsageFilter) {\n  myUsageTotals(filter: $filter) {\n    day\n    model\n    requests\n    promptTokens\n    outputTokens\n    images\n    videoSeconds\n    chargeMicro\n    chargeRmb\n  }\n}\n\nquery UsageFilterChoices {\n  myTokens {\n    id\n    name\n  }\n  groups {\n    name\n    displayName\n  }\n}": typeof types.UsageRecordFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment UsageRecordFields on UsageRecord {\n  id\n  requestId\n  tokenId\n  model\n  group\n  channelKind\n  node\n  formatIn\n  stream\n  status\n  httpStatus\n  latencyMs\n  usage {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    reasoning\n    images\n    videoSeconds\n  }\n  unitSize\n  unitQuality\n  chargeRmb\n  exchangeRate\n  groupMultiplier\n  modelMultiplier\n  createdAt\n}\n\nquery UsageRecords($filter: UsageFilter, $first: Int!, $after: String) {\n  myUsage(filter: $filter, first: $first, after: $after) {\n    items {\n      ...UsageRecordFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nquery UsageTotals($filter: UsageFilter) {\n  myUsageTotals(filter: $filter) {\n    day\n    model\n    requests\n    promptTokens\n    outputTokens\n    images\n    videoSeconds\n    chargeMicro\n    chargeRmb\n  }\n}\n\nquery UsageFilterChoices {\n  myTokens {\n    id\n    name\n  }\n  groups {\n    name\n    displayName\n  }\n}": types.UsageRecordFieldsFragmentDoc,
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
export function graphql(source: "fragment UsageRecordFields on UsageRecord {\n  id\n  requestId\n  tokenId\n  model\n  group\n  channelKind\n  node\n  formatIn\n  stream\n  status\n  httpStatus\n  latencyMs\n  usage {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    reasoning\n    images\n    videoSeconds\n  }\n  unitSize\n  unitQuality\n  chargeRmb\n  exchangeRate\n  groupMultiplier\n  modelMultiplier\n  createdAt\n}\n\nquery UsageRecords($filter: UsageFilter, $first: Int!, $after: String) {\n  myUsage(filter: $filter, first: $first, after: $after) {\n    items {\n      ...UsageRecordFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nquery UsageTotals($filter: UsageFilter) {\n  myUsageTotals(filter: $filter) {\n    day\n    model\n    requests\n    promptTokens\n    outputTokens\n    images\n    videoSeconds\n    chargeMicro\n    chargeRmb\n  }\n}\n\nquery UsageFilterChoices {\n  myTokens {\n    id\n    name\n  }\n  groups {\n    name\n    displayName\n  }\n}"): (typeof documents)["fragment UsageRecordFields on UsageRecord {\n  id\n  requestId\n  tokenId\n  model\n  group\n  channelKind\n  node\n  formatIn\n  stream\n  status\n  httpStatus\n  latencyMs\n  usage {\n    input\n    output\n    cacheRead\n    cacheWrite5m\n    cacheWrite1h\n    reasoning\n    images\n    videoSeconds\n  }\n  unitSize\n  unitQuality\n  chargeRmb\n  exchangeRate\n  groupMultiplier\n  modelMultiplier\n  createdAt\n}\n\nquery UsageRecords($filter: UsageFilter, $first: Int!, $after: String) {\n  myUsage(filter: $filter, first: $first, after: $after) {\n    items {\n      ...UsageRecordFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nquery UsageTotals($filter: UsageFilter) {\n  myUsageTotals(filter: $filter) {\n    day\n    model\n    requests\n    promptTokens\n    outputTokens\n    images\n    videoSeconds\n    chargeMicro\n    chargeRmb\n  }\n}\n\nquery UsageFilterChoices {\n  myTokens {\n    id\n    name\n  }\n  groups {\n    name\n    displayName\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;