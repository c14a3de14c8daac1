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
    "fragment AvailabilityRate on SuccessRate {\n  rate\n  requests\n  successes\n}\n\nfragment AvailabilityWindows on HealthWindows {\n  hour {\n    ...AvailabilityRate\n  }\n  day {\n    ...AvailabilityRate\n  }\n  week {\n    ...AvailabilityRate\n  }\n  month {\n    ...AvailabilityRate\n  }\n}\n\nfragment AvailabilityGroup on GroupAvailability {\n  group\n  state\n  windows {\n    ...AvailabilityWindows\n  }\n  models {\n    model\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityPage {\n  groupAvailability {\n    ...AvailabilityGroup\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nsubscription AvailabilityLive {\n  groupHealth {\n    ...AvailabilityGroup\n  }\n}\n\nsubscription AvailabilityChanges {\n  groupHealthChanged {\n    group\n    state\n    previousState\n    at\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityHistory($group: String!, $from: DateTimeISO!, $to: DateTimeISO!, $granularity: HealthGranularity!) {\n  groupHealthHistory(\n    group: $group\n    from: $from\n    to: $to\n    granularity: $granularity\n  ) {\n    at\n    success {\n      ...AvailabilityRate\n    }\n    meanLatencyMs\n    meanTtfbMs\n  }\n}": typeof types.AvailabilityRateFragmentDoc,
};
const documents: Documents = {
    "fragment AvailabilityRate on SuccessRate {\n  rate\n  requests\n  successes\n}\n\nfragment AvailabilityWindows on HealthWindows {\n  hour {\n    ...AvailabilityRate\n  }\n  day {\n    ...AvailabilityRate\n  }\n  week {\n    ...AvailabilityRate\n  }\n  month {\n    ...AvailabilityRate\n  }\n}\n\nfragment AvailabilityGroup on GroupAvailability {\n  group\n  state\n  windows {\n    ...AvailabilityWindows\n  }\n  models {\n    model\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityPage {\n  groupAvailability {\n    ...AvailabilityGroup\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nsubscription AvailabilityLive {\n  groupHealth {\n    ...AvailabilityGroup\n  }\n}\n\nsubscription AvailabilityChanges {\n  groupHealthChanged {\n    group\n    state\n    previousState\n    at\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityHistory($group: String!, $from: DateTimeISO!, $to: DateTimeISO!, $granularity: HealthGranularity!) {\n  groupHealthHistory(\n    group: $group\n    from: $from\n    to: $to\n    granularity: $granularity\n  ) {\n    at\n    success {\n      ...AvailabilityRate\n    }\n    meanLatencyMs\n    meanTtfbMs\n  }\n}": types.AvailabilityRateFragmentDoc,
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
export function graphql(source: "fragment AvailabilityRate on SuccessRate {\n  rate\n  requests\n  successes\n}\n\nfragment AvailabilityWindows on HealthWindows {\n  hour {\n    ...AvailabilityRate\n  }\n  day {\n    ...AvailabilityRate\n  }\n  week {\n    ...AvailabilityRate\n  }\n  month {\n    ...AvailabilityRate\n  }\n}\n\nfragment AvailabilityGroup on GroupAvailability {\n  group\n  state\n  windows {\n    ...AvailabilityWindows\n  }\n  models {\n    model\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityPage {\n  groupAvailability {\n    ...AvailabilityGroup\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nsubscription AvailabilityLive {\n  groupHealth {\n    ...AvailabilityGroup\n  }\n}\n\nsubscription AvailabilityChanges {\n  groupHealthChanged {\n    group\n    state\n    previousState\n    at\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityHistory($group: String!, $from: DateTimeISO!, $to: DateTimeISO!, $granularity: HealthGranularity!) {\n  groupHealthHistory(\n    group: $group\n    from: $from\n    to: $to\n    granularity: $granularity\n  ) {\n    at\n    success {\n      ...AvailabilityRate\n    }\n    meanLatencyMs\n    meanTtfbMs\n  }\n}"): (typeof documents)["fragment AvailabilityRate on SuccessRate {\n  rate\n  requests\n  successes\n}\n\nfragment AvailabilityWindows on HealthWindows {\n  hour {\n    ...AvailabilityRate\n  }\n  day {\n    ...AvailabilityRate\n  }\n  week {\n    ...AvailabilityRate\n  }\n  month {\n    ...AvailabilityRate\n  }\n}\n\nfragment AvailabilityGroup on GroupAvailability {\n  group\n  state\n  windows {\n    ...AvailabilityWindows\n  }\n  models {\n    model\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityPage {\n  groupAvailability {\n    ...AvailabilityGroup\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nsubscription AvailabilityLive {\n  groupHealth {\n    ...AvailabilityGroup\n  }\n}\n\nsubscription AvailabilityChanges {\n  groupHealthChanged {\n    group\n    state\n    previousState\n    at\n    windows {\n      ...AvailabilityWindows\n    }\n  }\n}\n\nquery AvailabilityHistory($group: String!, $from: DateTimeISO!, $to: DateTimeISO!, $granularity: HealthGranularity!) {\n  groupHealthHistory(\n    group: $group\n    from: $from\n    to: $to\n    granularity: $granularity\n  ) {\n    at\n    success {\n      ...AvailabilityRate\n    }\n    meanLatencyMs\n    meanTtfbMs\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;