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
    "fragment WalletBalanceFields on Balance {\n  accountId\n  balanceRmb\n  spendableRmb\n}\n\nfragment WalletOrderFields on TopUpOrder {\n  id\n  outTradeNo\n  amountUsd\n  exchangeRate\n  amountRmb\n  payRmb\n  status\n  payType\n  createdAt\n  expiresAt\n  creditedAt\n}\n\nquery WalletBalance {\n  myBalance {\n    ...WalletBalanceFields\n  }\n}\n\nsubscription WalletBalanceChanged {\n  balanceChanged {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletRate {\n  exchangeRate {\n    rate\n    setAt\n  }\n}\n\nquery WalletQuote($amountUsd: String!) {\n  topUpQuote(amountUsd: $amountUsd) {\n    amountUsd\n    exchangeRate\n    amountRmb\n    payRmb\n  }\n}\n\nmutation WalletCreateTopUp($amountUsd: String!, $payType: String!) {\n  createTopUp(amountUsd: $amountUsd, payType: $payType) {\n    payUrl\n    order {\n      ...WalletOrderFields\n    }\n  }\n}\n\nquery WalletOrder($outTradeNo: String!) {\n  myTopUp(outTradeNo: $outTradeNo) {\n    ...WalletOrderFields\n  }\n}\n\nquery WalletOrders($first: Int!, $after: String) {\n  myTopUps(first: $first, after: $after) {\n    items {\n      ...WalletOrderFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation WalletRedeem($code: String!) {\n  redeemCode(code: $code) {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletLedger($first: Int!, $after: String) {\n  myLedger(first: $first, after: $after) {\n    items {\n      id\n      kind\n      amountRmb\n      memo\n      createdAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}": typeof types.WalletBalanceFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment WalletBalanceFields on Balance {\n  accountId\n  balanceRmb\n  spendableRmb\n}\n\nfragment WalletOrderFields on TopUpOrder {\n  id\n  outTradeNo\n  amountUsd\n  exchangeRate\n  amountRmb\n  payRmb\n  status\n  payType\n  createdAt\n  expiresAt\n  creditedAt\n}\n\nquery WalletBalance {\n  myBalance {\n    ...WalletBalanceFields\n  }\n}\n\nsubscription WalletBalanceChanged {\n  balanceChanged {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletRate {\n  exchangeRate {\n    rate\n    setAt\n  }\n}\n\nquery WalletQuote($amountUsd: String!) {\n  topUpQuote(amountUsd: $amountUsd) {\n    amountUsd\n    exchangeRate\n    amountRmb\n    payRmb\n  }\n}\n\nmutation WalletCreateTopUp($amountUsd: String!, $payType: String!) {\n  createTopUp(amountUsd: $amountUsd, payType: $payType) {\n    payUrl\n    order {\n      ...WalletOrderFields\n    }\n  }\n}\n\nquery WalletOrder($outTradeNo: String!) {\n  myTopUp(outTradeNo: $outTradeNo) {\n    ...WalletOrderFields\n  }\n}\n\nquery WalletOrders($first: Int!, $after: String) {\n  myTopUps(first: $first, after: $after) {\n    items {\n      ...WalletOrderFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation WalletRedeem($code: String!) {\n  redeemCode(code: $code) {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletLedger($first: Int!, $after: String) {\n  myLedger(first: $first, after: $after) {\n    items {\n      id\n      kind\n      amountRmb\n      memo\n      createdAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}": types.WalletBalanceFieldsFragmentDoc,
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
export function graphql(source: "fragment WalletBalanceFields on Balance {\n  accountId\n  balanceRmb\n  spendableRmb\n}\n\nfragment WalletOrderFields on TopUpOrder {\n  id\n  outTradeNo\n  amountUsd\n  exchangeRate\n  amountRmb\n  payRmb\n  status\n  payType\n  createdAt\n  expiresAt\n  creditedAt\n}\n\nquery WalletBalance {\n  myBalance {\n    ...WalletBalanceFields\n  }\n}\n\nsubscription WalletBalanceChanged {\n  balanceChanged {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletRate {\n  exchangeRate {\n    rate\n    setAt\n  }\n}\n\nquery WalletQuote($amountUsd: String!) {\n  topUpQuote(amountUsd: $amountUsd) {\n    amountUsd\n    exchangeRate\n    amountRmb\n    payRmb\n  }\n}\n\nmutation WalletCreateTopUp($amountUsd: String!, $payType: String!) {\n  createTopUp(amountUsd: $amountUsd, payType: $payType) {\n    payUrl\n    order {\n      ...WalletOrderFields\n    }\n  }\n}\n\nquery WalletOrder($outTradeNo: String!) {\n  myTopUp(outTradeNo: $outTradeNo) {\n    ...WalletOrderFields\n  }\n}\n\nquery WalletOrders($first: Int!, $after: String) {\n  myTopUps(first: $first, after: $after) {\n    items {\n      ...WalletOrderFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation WalletRedeem($code: String!) {\n  redeemCode(code: $code) {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletLedger($first: Int!, $after: String) {\n  myLedger(first: $first, after: $after) {\n    items {\n      id\n      kind\n      amountRmb\n      memo\n      createdAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}"): (typeof documents)["fragment WalletBalanceFields on Balance {\n  accountId\n  balanceRmb\n  spendableRmb\n}\n\nfragment WalletOrderFields on TopUpOrder {\n  id\n  outTradeNo\n  amountUsd\n  exchangeRate\n  amountRmb\n  payRmb\n  status\n  payType\n  createdAt\n  expiresAt\n  creditedAt\n}\n\nquery WalletBalance {\n  myBalance {\n    ...WalletBalanceFields\n  }\n}\n\nsubscription WalletBalanceChanged {\n  balanceChanged {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletRate {\n  exchangeRate {\n    rate\n    setAt\n  }\n}\n\nquery WalletQuote($amountUsd: String!) {\n  topUpQuote(amountUsd: $amountUsd) {\n    amountUsd\n    exchangeRate\n    amountRmb\n    payRmb\n  }\n}\n\nmutation WalletCreateTopUp($amountUsd: String!, $payType: String!) {\n  createTopUp(amountUsd: $amountUsd, payType: $payType) {\n    payUrl\n    order {\n      ...WalletOrderFields\n    }\n  }\n}\n\nquery WalletOrder($outTradeNo: String!) {\n  myTopUp(outTradeNo: $outTradeNo) {\n    ...WalletOrderFields\n  }\n}\n\nquery WalletOrders($first: Int!, $after: String) {\n  myTopUps(first: $first, after: $after) {\n    items {\n      ...WalletOrderFields\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nmutation WalletRedeem($code: String!) {\n  redeemCode(code: $code) {\n    ...WalletBalanceFields\n  }\n}\n\nquery WalletLedger($first: Int!, $after: String) {\n  myLedger(first: $first, after: $after) {\n    items {\n      id\n      kind\n      amountRmb\n      memo\n      createdAt\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;