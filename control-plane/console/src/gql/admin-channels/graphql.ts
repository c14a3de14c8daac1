/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** The upstream API a channel speaks; Demo is built in and needs no key */
export type ChannelKind =
  | 'Anthropic'
  | 'AzureOpenAI'
  | 'Demo'
  | 'Gemini'
  | 'OpenAI'
  | 'OpenAICompatible';

/** A channel's place in a group: higher priority is tried first; weight splits traffic within a priority */
export type ChannelMembershipInput = {
  group: string;
  priority?: number;
  weight?: number;
};

export type ChannelStatus =
  | 'Active'
  | 'Disabled';

/** A new upstream channel */
export type CreateChannelInput = {
  /** AzureOpenAI: the api-version query parameter (required for that kind) */
  azureApiVersion?: string | null | undefined;
  /** AzureOpenAI: deployment used for models without a mapping */
  azureDeployment?: string | null | undefined;
  /** http(s) base URL of the upstream; required except for Demo */
  baseUrl?: string | null | undefined;
  /** Connect timeout in ms (default 10000) */
  connectTimeoutMs?: number | null | undefined;
  /** Time to the first response byte in ms (default 60000) */
  firstByteTimeoutMs?: number | null | undefined;
  groups?: Array<ChannelMembershipInput>;
  /** Longest silence between the upstream's bytes of a streamed answer, in seconds (1 to 3600); null: each data plane's UPSTREAM_IDLE_TIMEOUT_MS (default 60 s) */
  idleTimeoutSeconds?: number | null | undefined;
  /** Upstream API keys (at least one except for Demo); stored encrypted, shown masked */
  keys?: Array<string>;
  kind: ChannelKind;
  models?: Array<ServedModelInput>;
  name: string;
  status?: ChannelStatus;
  /** Whole request in ms (default 600000) */
  totalTimeoutMs?: number | null | undefined;
};

/** A served model: the client model id, and the upstream model id when different */
export type ServedModelInput = {
  /** Model id clients send (a catalog model id) */
  model: string;
  /** Name sent upstream instead; default: the same */
  upstreamModel?: string | null | undefined;
};

/** Changes to a channel; omitted fields stay; models and groups replace the whole list */
export type UpdateChannelInput = {
  /** Keys to add (appended to the round-robin order) */
  addKeys?: Array<string> | null | undefined;
  /** AzureOpenAI only; "" clears it */
  azureApiVersion?: string | null | undefined;
  /** AzureOpenAI only; "" clears it */
  azureDeployment?: string | null | undefined;
  baseUrl?: string | null | undefined;
  connectTimeoutMs?: number | null | undefined;
  firstByteTimeoutMs?: number | null | undefined;
  groups?: Array<ChannelMembershipInput> | null | undefined;
  /** Idle timeout in seconds (1 to 3600); null returns to the data planes' default, omitted stays */
  idleTimeoutSeconds?: number | null | undefined;
  models?: Array<ServedModelInput> | null | undefined;
  name?: string | null | undefined;
  /** Keys to remove, by id */
  removeKeyIds?: Array<string> | null | undefined;
  status?: ChannelStatus | null | undefined;
  totalTimeoutMs?: number | null | undefined;
};

export type AdminChannelFieldsFragment = { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, idleTimeoutSeconds: number | null, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> };

export type AdminChannelsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminChannelsQuery = { channels: Array<{ id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, idleTimeoutSeconds: number | null, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> }>, groups: Array<{ name: string, displayName: string }> };

export type AdminCreateChannelMutationVariables = Exact<{
  input: CreateChannelInput;
}>;


export type AdminCreateChannelMutation = { createChannel: { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, idleTimeoutSeconds: number | null, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> } };

export type AdminUpdateChannelMutationVariables = Exact<{
  id: string;
  input: UpdateChannelInput;
}>;


export type AdminUpdateChannelMutation = { updateChannel: { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, idleTimeoutSeconds: number | null, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> } };

export type AdminDeleteChannelMutationVariables = Exact<{
  id: string;
}>;


export type AdminDeleteChannelMutation = { deleteChannel: string };

export type AdminSetChannelKeyEnabledMutationVariables = Exact<{
  keyId: string;
  enabled: boolean;
  reason?: string | null | undefined;
}>;


export type AdminSetChannelKeyEnabledMutation = { setChannelKeyEnabled: { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, idleTimeoutSeconds: number | null, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> } };

export type AdminTestChannelMutationVariables = Exact<{
  id: string;
  format?: string | null | undefined;
  stream: boolean;
  model?: string | null | undefined;
}>;


export type AdminTestChannelMutation = { testChannel: { ok: boolean, format: string, stream: boolean, model: string, status: number | null, latencyMs: number | null, firstByteMs: number | null, sample: string | null, error: string | null } };

export const AdminChannelFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"idleTimeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminChannelFieldsFragment, unknown>;
export const AdminChannelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminChannels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"idleTimeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminChannelsQuery, AdminChannelsQueryVariables>;
export const AdminCreateChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateChannelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"idleTimeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminCreateChannelMutation, AdminCreateChannelMutationVariables>;
export const AdminUpdateChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateChannelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"idleTimeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateChannelMutation, AdminUpdateChannelMutationVariables>;
export const AdminDeleteChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteChannelMutation, AdminDeleteChannelMutationVariables>;
export const AdminSetChannelKeyEnabledDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminSetChannelKeyEnabled"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"keyId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setChannelKeyEnabled"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"keyId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"keyId"}}},{"kind":"Argument","name":{"kind":"Name","value":"enabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"idleTimeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminSetChannelKeyEnabledMutation, AdminSetChannelKeyEnabledMutationVariables>;
export const AdminTestChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"format"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"stream"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"model"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"Variable","name":{"kind":"Name","value":"format"}}},{"kind":"Argument","name":{"kind":"Name","value":"stream"},"value":{"kind":"Variable","name":{"kind":"Name","value":"stream"}}},{"kind":"Argument","name":{"kind":"Name","value":"model"},"value":{"kind":"Variable","name":{"kind":"Name","value":"model"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteMs"}},{"kind":"Field","name":{"kind":"Name","value":"sample"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]} as unknown as DocumentNode<AdminTestChannelMutation, AdminTestChannelMutationVariables>;