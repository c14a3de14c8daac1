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
    "fragment AdminIncidentFields on Incident {\n  id\n  title\n  impact\n  status\n  groups\n  createdAt\n  resolvedAt\n  updates {\n    id\n    status\n    message\n    createdAt\n  }\n}\n\nquery AdminIncidents {\n  statusPage {\n    incidents {\n      ...AdminIncidentFields\n    }\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateIncident($input: CreateIncidentInput!) {\n  createIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminPostIncidentUpdate($input: PostIncidentUpdateInput!) {\n  postIncidentUpdate(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminResolveIncident($input: PostIncidentUpdateInput!) {\n  resolveIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nfragment AdminDataPlaneFields on DataPlane {\n  node\n  state\n  revision\n  currentRevision\n  behind\n  silent\n  lastBeatAt\n  appliedAt\n  hash\n  lastError {\n    revision\n    message\n  }\n}\n\nquery AdminDataPlanes {\n  dataPlanes {\n    ...AdminDataPlaneFields\n  }\n}\n\nsubscription AdminDataPlaneStatusChanged {\n  dataPlaneStatusChanged {\n    previousState\n    state\n    dataPlane {\n      ...AdminDataPlaneFields\n    }\n  }\n}": typeof types.AdminIncidentFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment AdminIncidentFields on Incident {\n  id\n  title\n  impact\n  status\n  groups\n  createdAt\n  resolvedAt\n  updates {\n    id\n    status\n    message\n    createdAt\n  }\n}\n\nquery AdminIncidents {\n  statusPage {\n    incidents {\n      ...AdminIncidentFields\n    }\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateIncident($input: CreateIncidentInput!) {\n  createIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminPostIncidentUpdate($input: PostIncidentUpdateInput!) {\n  postIncidentUpdate(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminResolveIncident($input: PostIncidentUpdateInput!) {\n  resolveIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nfragment AdminDataPlaneFields on DataPlane {\n  node\n  state\n  revision\n  currentRevision\n  behind\n  silent\n  lastBeatAt\n  appliedAt\n  hash\n  lastError {\n    revision\n    message\n  }\n}\n\nquery AdminDataPlanes {\n  dataPlanes {\n    ...AdminDataPlaneFields\n  }\n}\n\nsubscription AdminDataPlaneStatusChanged {\n  dataPlaneStatusChanged {\n    previousState\n    state\n    dataPlane {\n      ...AdminDataPlaneFields\n    }\n  }\n}": types.AdminIncidentFieldsFragmentDoc,
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
export function graphql(source: "fragment AdminIncidentFields on Incident {\n  id\n  title\n  impact\n  status\n  groups\n  createdAt\n  resolvedAt\n  updates {\n    id\n    status\n    message\n    createdAt\n  }\n}\n\nquery AdminIncidents {\n  statusPage {\n    incidents {\n      ...AdminIncidentFields\n    }\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateIncident($input: CreateIncidentInput!) {\n  createIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminPostIncidentUpdate($input: PostIncidentUpdateInput!) {\n  postIncidentUpdate(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminResolveIncident($input: PostIncidentUpdateInput!) {\n  resolveIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nfragment AdminDataPlaneFields on DataPlane {\n  node\n  state\n  revision\n  currentRevision\n  behind\n  silent\n  lastBeatAt\n  appliedAt\n  hash\n  lastError {\n    revision\n    message\n  }\n}\n\nquery AdminDataPlanes {\n  dataPlanes {\n    ...AdminDataPlaneFields\n  }\n}\n\nsubscription AdminDataPlaneStatusChanged {\n  dataPlaneStatusChanged {\n    previousState\n    state\n    dataPlane {\n      ...AdminDataPlaneFields\n    }\n  }\n}"): (typeof documents)["fragment AdminIncidentFields on Incident {\n  id\n  title\n  impact\n  status\n  groups\n  createdAt\n  resolvedAt\n  updates {\n    id\n    status\n    message\n    createdAt\n  }\n}\n\nquery AdminIncidents {\n  statusPage {\n    incidents {\n      ...AdminIncidentFields\n    }\n  }\n  groups {\n    name\n    displayName\n  }\n}\n\nmutation AdminCreateIncident($input: CreateIncidentInput!) {\n  createIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminPostIncidentUpdate($input: PostIncidentUpdateInput!) {\n  postIncidentUpdate(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nmutation AdminResolveIncident($input: PostIncidentUpdateInput!) {\n  resolveIncident(input: $input) {\n    ...AdminIncidentFields\n  }\n}\n\nfragment AdminDataPlaneFields on DataPlane {\n  node\n  state\n  revision\n  currentRevision\n  behind\n  silent\n  lastBeatAt\n  appliedAt\n  hash\n  lastError {\n    revision\n    message\n  }\n}\n\nquery AdminDataPlanes {\n  dataPlanes {\n    ...AdminDataPlaneFields\n  }\n}\n\nsubscription AdminDataPlaneStatusChanged {\n  dataPlaneStatusChanged {\n    previousState\n    state\n    dataPlane {\n      ...AdminDataPlaneFields\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;