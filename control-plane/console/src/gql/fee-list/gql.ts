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
    "query FeeListEntries($filter: FeeListFilter, $first: Int!, $after: String) {\n  feeList(filter: $filter, first: $first, after: $after) {\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n    nodes {\n      modelId\n      aliases\n      vendor\n      kind\n      group\n      groupDisplayName\n      billingKind\n      groupMultiplier\n      modelMultiplier\n      exchangeRate\n      isDemo\n      prices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      usdPrices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      unitPrices {\n        size\n        quality\n        usd\n        rmb\n      }\n    }\n  }\n}\n\nquery FeeListChoices {\n  feeListVendors\n  groups {\n    name\n    displayName\n  }\n}": typeof types.FeeListEntriesDocument,
};
const documents: Documents = {
    "query FeeListEntries($filter: FeeListFilter, $first: Int!, $after: String) {\n  feeList(filter: $filter, first: $first, after: $after) {\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n    nodes {\n      modelId\n      aliases\n      vendor\n      kind\n      group\n      groupDisplayName\n      billingKind\n      groupMultiplier\n      modelMultiplier\n      exchangeRate\n      isDemo\n      prices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      usdPrices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      unitPrices {\n        size\n        quality\n        usd\n        rmb\n      }\n    }\n  }\n}\n\nquery FeeListChoices {\n  feeListVendors\n  groups {\n    name\n    displayName\n  }\n}": types.FeeListEntriesDocument,
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
export function graphql(source: "query FeeListEntries($filter: FeeListFilter, $first: Int!, $after: String) {\n  feeList(filter: $filter, first: $first, after: $after) {\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n    nodes {\n      modelId\n      aliases\n      vendor\n      kind\n      group\n      groupDisplayName\n      billingKind\n      groupMultiplier\n      modelMultiplier\n      exchangeRate\n      isDemo\n      prices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      usdPrices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      unitPrices {\n        size\n        quality\n        usd\n        rmb\n      }\n    }\n  }\n}\n\nquery FeeListChoices {\n  feeListVendors\n  groups {\n    name\n    displayName\n  }\n}"): (typeof documents)["query FeeListEntries($filter: FeeListFilter, $first: Int!, $after: String) {\n  feeList(filter: $filter, first: $first, after: $after) {\n    totalCount\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n    nodes {\n      modelId\n      aliases\n      vendor\n      kind\n      group\n      groupDisplayName\n      billingKind\n      groupMultiplier\n      modelMultiplier\n      exchangeRate\n      isDemo\n      prices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      usdPrices {\n        input\n        output\n        cacheRead\n        cacheWrite5m\n        cacheWrite1h\n        image\n        videoSecond\n        perRequest\n      }\n      unitPrices {\n        size\n        quality\n        usd\n        rmb\n      }\n    }\n  }\n}\n\nquery FeeListChoices {\n  feeListVendors\n  groups {\n    name\n    displayName\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;