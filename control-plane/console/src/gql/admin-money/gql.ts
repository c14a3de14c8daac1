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
    "fragment AdminExchangeRateFields on ExchangeRate {\n  rate\n  note\n  setAt\n  setBy\n}\n\nquery AdminExchangeRate {\n  exchangeRate {\n    ...AdminExchangeRateFields\n  }\n  exchangeRateHistory(first: 50) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminSetExchangeRate($rate: String!, $note: String!) {\n  setExchangeRate(rate: $rate, note: $note) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminCreateRedemptionCodes($count: Int!, $amountRmb: String!, $name: String) {\n  createRedemptionCodes(count: $count, amountRmb: $amountRmb, name: $name) {\n    batchId\n    amountRmb\n    codes\n  }\n}\n\nquery AdminTopUpOrders($first: Int!, $after: String) {\n  topUpOrders(first: $first, after: $after) {\n    items {\n      id\n      accountId\n      outTradeNo\n      amountUsd\n      amountRmb\n      payRmb\n      exchangeRate\n      payType\n      status\n      createdAt\n      creditedAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nfragment AdminReconciliationRunFields on ReconciliationRun {\n  accounts\n  startedAt\n  finishedAt\n  drifting {\n    accountId\n    status\n    driftMicro\n    ledgerMicro\n    hotMicro\n    expectedMicro\n    openReservationsMicro\n    unconsumedMicro\n    lostMicro\n  }\n}\n\nquery AdminReconciliationRun {\n  reconciliationRun {\n    ...AdminReconciliationRunFields\n  }\n}\n\nmutation AdminRunReconciliation {\n  runReconciliation {\n    ...AdminReconciliationRunFields\n  }\n}": typeof types.AdminExchangeRateFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment AdminExchangeRateFields on ExchangeRate {\n  rate\n  note\n  setAt\n  setBy\n}\n\nquery AdminExchangeRate {\n  exchangeRate {\n    ...AdminExchangeRateFields\n  }\n  exchangeRateHistory(first: 50) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminSetExchangeRate($rate: String!, $note: String!) {\n  setExchangeRate(rate: $rate, note: $note) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminCreateRedemptionCodes($count: Int!, $amountRmb: String!, $name: String) {\n  createRedemptionCodes(count: $count, amountRmb: $amountRmb, name: $name) {\n    batchId\n    amountRmb\n    codes\n  }\n}\n\nquery AdminTopUpOrders($first: Int!, $after: String) {\n  topUpOrders(first: $first, after: $after) {\n    items {\n      id\n      accountId\n      outTradeNo\n      amountUsd\n      amountRmb\n      payRmb\n      exchangeRate\n      payType\n      status\n      createdAt\n      creditedAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nfragment AdminReconciliationRunFields on ReconciliationRun {\n  accounts\n  startedAt\n  finishedAt\n  drifting {\n    accountId\n    status\n    driftMicro\n    ledgerMicro\n    hotMicro\n    expectedMicro\n    openReservationsMicro\n    unconsumedMicro\n    lostMicro\n  }\n}\n\nquery AdminReconciliationRun {\n  reconciliationRun {\n    ...AdminReconciliationRunFields\n  }\n}\n\nmutation AdminRunReconciliation {\n  runReconciliation {\n    ...AdminReconciliationRunFields\n  }\n}": types.AdminExchangeRateFieldsFragmentDoc,
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
export function graphql(source: "fragment AdminExchangeRateFields on ExchangeRate {\n  rate\n  note\n  setAt\n  setBy\n}\n\nquery AdminExchangeRate {\n  exchangeRate {\n    ...AdminExchangeRateFields\n  }\n  exchangeRateHistory(first: 50) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminSetExchangeRate($rate: String!, $note: String!) {\n  setExchangeRate(rate: $rate, note: $note) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminCreateRedemptionCodes($count: Int!, $amountRmb: String!, $name: String) {\n  createRedemptionCodes(count: $count, amountRmb: $amountRmb, name: $name) {\n    batchId\n    amountRmb\n    codes\n  }\n}\n\nquery AdminTopUpOrders($first: Int!, $after: String) {\n  topUpOrders(first: $first, after: $after) {\n    items {\n      id\n      accountId\n      outTradeNo\n      amountUsd\n      amountRmb\n      payRmb\n      exchangeRate\n      payType\n      status\n      createdAt\n      creditedAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nfragment AdminReconciliationRunFields on ReconciliationRun {\n  accounts\n  startedAt\n  finishedAt\n  drifting {\n    accountId\n    status\n    driftMicro\n    ledgerMicro\n    hotMicro\n    expectedMicro\n    openReservationsMicro\n    unconsumedMicro\n    lostMicro\n  }\n}\n\nquery AdminReconciliationRun {\n  reconciliationRun {\n    ...AdminReconciliationRunFields\n  }\n}\n\nmutation AdminRunReconciliation {\n  runReconciliation {\n    ...AdminReconciliationRunFields\n  }\n}"): (typeof documents)["fragment AdminExchangeRateFields on ExchangeRate {\n  rate\n  note\n  setAt\n  setBy\n}\n\nquery AdminExchangeRate {\n  exchangeRate {\n    ...AdminExchangeRateFields\n  }\n  exchangeRateHistory(first: 50) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminSetExchangeRate($rate: String!, $note: String!) {\n  setExchangeRate(rate: $rate, note: $note) {\n    ...AdminExchangeRateFields\n  }\n}\n\nmutation AdminCreateRedemptionCodes($count: Int!, $amountRmb: String!, $name: String) {\n  createRedemptionCodes(count: $count, amountRmb: $amountRmb, name: $name) {\n    batchId\n    amountRmb\n    codes\n  }\n}\n\nquery AdminTopUpOrders($first: Int!, $after: String) {\n  topUpOrders(first: $first, after: $after) {\n    items {\n      id\n      accountId\n      outTradeNo\n      amountUsd\n      amountRmb\n      payRmb\n      exchangeRate\n      payType\n      status\n      createdAt\n      creditedAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nfragment AdminReconciliationRunFields on ReconciliationRun {\n  accounts\n  startedAt\n  finishedAt\n  drifting {\n    accountId\n    status\n    driftMicro\n    ledgerMicro\n    hotMicro\n    expectedMicro\n    openReservationsMicro\n    unconsumedMicro\n    lostMicro\n  }\n}\n\nquery AdminReconciliationRun {\n  reconciliationRun {\n    ...AdminReconciliationRunFields\n  }\n}\n\nmutation AdminRunReconciliation {\n  runReconciliation {\n    ...AdminReconciliationRunFields\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;