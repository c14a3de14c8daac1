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
    "fragment AdminChannelFields on Channel {\n  id\n  name\n  kind\n  baseUrl\n  status\n  isDemo\n  azureApiVersion\n  azureDeployment\n  connectTimeoutMs\n  firstByteTimeoutMs\n  totalTimeoutMs\n  idleTimeoutSeconds\n  updatedAt\n  keys {\n    id\n    masked\n    enabled\n    disabledReason\n    position\n  }\n  models {\n    model\n    upstreamModel\n  }\n  groups {\n    group\n    priority\n    weight\n  }\n}\n\nquery AdminChannels {\n  channels {\n    ...AdminChannelFields\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateChannel($input: CreateChannelInput!) {\n  createChannel(input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminUpdateChannel($id: ID!, $input: UpdateChannelInput!) {\n  updateChannel(id: $id, input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminDeleteChannel($id: ID!) {\n  deleteChannel(id: $id)\n}\n\nmutation AdminSetChannelKeyEnabled($keyId: ID!, $enabled: Boolean!, $reason: String) {\n  setChannelKeyEnabled(keyId: $keyId, enabled: $enabled, reason: $reason) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminTestChannel($id: ID!, $format: String, $stream: Boolean!, $model: String) {\n  testChannel(id: $id, format: $format, stream: $stream, model: $model) {\n    ok\n    format\n    stream\n    model\n    status\n    latencyMs\n    firstByteMs\n    sample\n    error\n  }\n}": typeof types.AdminChannelFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment AdminChannelFields on Channel {\n  id\n  name\n  kind\n  baseUrl\n  status\n  isDemo\n  azureApiVersion\n  azureDeployment\n  connectTimeoutMs\n  firstByteTimeoutMs\n  totalTimeoutMs\n  idleTimeoutSeconds\n  updatedAt\n  keys {\n    id\n    masked\n    enabled\n    disabledReason\n    position\n  }\n  models {\n    model\n    upstreamModel\n  }\n  groups {\n    group\n    priority\n    weight\n  }\n}\n\nquery AdminChannels {\n  channels {\n    ...AdminChannelFields\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateChannel($input: CreateChannelInput!) {\n  createChannel(input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminUpdateChannel($id: ID!, $input: UpdateChannelInput!) {\n  updateChannel(id: $id, input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminDeleteChannel($id: ID!) {\n  deleteChannel(id: $id)\n}\n\nmutation AdminSetChannelKeyEnabled($keyId: ID!, $enabled: Boolean!, $reason: String) {\n  setChannelKeyEnabled(keyId: $keyId, enabled: $enabled, reason: $reason) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminTestChannel($id: ID!, $format: String, $stream: Boolean!, $model: String) {\n  testChannel(id: $id, format: $format, stream: $stream, model: $model) {\n    ok\n    format\n    stream\n    model\n    status\n    latencyMs\n    firstByteMs\n    sample\n    error\n  }\n}": types.AdminChannelFieldsFragmentDoc,
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
export function graphql(source: "fragment AdminChannelFields on Channel {\n  id\n  name\n  kind\n  baseUrl\n  status\n  isDemo\n  azureApiVersion\n  azureDeployment\n  connectTimeoutMs\n  firstByteTimeoutMs\n  totalTimeoutMs\n  idleTimeoutSeconds\n  updatedAt\n  keys {\n    id\n    masked\n    enabled\n    disabledReason\n    position\n  }\n  models {\n    model\n    upstreamModel\n  }\n  groups {\n    group\n    priority\n    weight\n  }\n}\n\nquery AdminChannels {\n  channels {\n    ...AdminChannelFields\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateChannel($input: CreateChannelInput!) {\n  createChannel(input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminUpdateChannel($id: ID!, $input: UpdateChannelInput!) {\n  updateChannel(id: $id, input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminDeleteChannel($id: ID!) {\n  deleteChannel(id: $id)\n}\n\nmutation AdminSetChannelKeyEnabled($keyId: ID!, $enabled: Boolean!, $reason: String) {\n  setChannelKeyEnabled(keyId: $keyId, enabled: $enabled, reason: $reason) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminTestChannel($id: ID!, $format: String, $stream: Boolean!, $model: String) {\n  testChannel(id: $id, format: $format, stream: $stream, model: $model) {\n    ok\n    format\n    stream\n    model\n    status\n    latencyMs\n    firstByteMs\n    sample\n    error\n  }\n}"): (typeof documents)["fragment AdminChannelFields on Channel {\n  id\n  name\n  kind\n  baseUrl\n  status\n  isDemo\n  azureApiVersion\n  azureDeployment\n  connectTimeoutMs\n  firstByteTimeoutMs\n  totalTimeoutMs\n  idleTimeoutSeconds\n  updatedAt\n  keys {\n    id\n    masked\n    enabled\n    disabledReason\n    position\n  }\n  models {\n    model\n    upstreamModel\n  }\n  groups {\n    group\n    priority\n    weight\n  }\n}\n\nquery AdminChannels {\n  channels {\n    ...AdminChannelFields\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateChannel($input: CreateChannelInput!) {\n  createChannel(input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminUpdateChannel($id: ID!, $input: UpdateChannelInput!) {\n  updateChannel(id: $id, input: $input) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminDeleteChannel($id: ID!) {\n  deleteChannel(id: $id)\n}\n\nmutation AdminSetChannelKeyEnabled($keyId: ID!, $enabled: Boolean!, $reason: String) {\n  setChannelKeyEnabled(keyId: $keyId, enabled: $enabled, reason: $reason) {\n    ...AdminChannelFields\n  }\n}\n\nmutation AdminTestChannel($id: ID!, $format: String, $stream: Boolean!, $model: String) {\n  testChannel(id: $id, format: $format, stream: $stream, model: $model) {\n    ok\n    format\n    stream\n    model\n    status\n    latencyMs\n    firstByteMs\n    sample\n    error\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;