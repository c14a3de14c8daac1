/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What an account may do: USER, or ADMIN (catalog and operations) */
export type AccountRole =
  | 'ADMIN'
  | 'USER';

/** Tokens: pay-per-use metering; PerRequest: a fixed price per request */
export type BillingKind =
  | 'PerRequest'
  | 'Tokens';

/** EMAIL_CODE: solved when asking for the e-mail code; REGISTER: solved when submitting the registration */
export type CaptchaPurpose =
  | 'EMAIL_CODE'
  | 'REGISTER';

export type ChangePasswordInput = {
  currentPassword: string;
  /** 8 to 128 characters */
  newPassword: string;
  /** Must equal newPassword */
  newPasswordConfirmation: string;
};

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
  /** Upstream API keys (at least one except for Demo); stored encrypted, shown masked */
  keys?: Array<string>;
  kind: ChannelKind;
  models?: Array<ServedModelInput>;
  name: string;
  status?: ChannelStatus;
  /** Whole request in ms (default 600000) */
  totalTimeoutMs?: number | null | undefined;
};

/** A new group (routing pool with a price multiplier) */
export type CreateGroupInput = {
  /** May tokens without groups be routed here automatically? */
  autoRoute?: boolean;
  billingKind?: BillingKind;
  description?: string;
  displayName: string;
  /** Wire formats: chat-completions, messages, generateContent, responses */
  formats: Array<string>;
  /** Shown to everyone (fee list, group list), or to administrators only */
  isPublic?: boolean;
  /** Stable id tokens refer to: lower-case letters, digits, _ and -, at most 64 */
  name: string;
  /** Decimal string > 0, e.g. "4.5" (at most 6 decimals) */
  priceMultiplier: string;
  /** One of `formats`; default: the first */
  recommendedFormat?: string | null | undefined;
  status?: GroupStatus;
};

/** A new incident notice with its first update */
export type CreateIncidentInput = {
  /** Affected groups; empty = the service as a whole */
  groups?: Array<string>;
  impact: IncidentImpact;
  /** The first update */
  message: string;
  status?: IncidentStatus;
  title: string;
};

/** A new model (its prices count as set by hand) */
export type CreateModelInput = {
  /** Other names for it, unique across all models */
  aliases?: Array<string>;
  contextLimit?: number | null | undefined;
  /** max_tokens used when a request gives none */
  defaultMaxOutputTokens?: number | null | undefined;
  kind?: ModelKind;
  /** The id clients send; no whitespace */
  modelId: string;
  /** Model multiplier, decimal string > 0 */
  multiplier?: string;
  outputLimit?: number | null | undefined;
  prices: PricesInput;
  /** Request parameters its upstream refuses, named as in the upstream format (e.g. top_p, reasoning_effort, generationConfig.topK): dropped from translated requests */
  rejectedParameters?: Array<string>;
  /** Lower-case vendor, e.g. anthropic */
  vendor: string;
};

/** A new API token */
export type CreateTokenInput = {
  /** When the token stops working (must be in the future); null: never */
  expiresAt?: string | null | undefined;
  /** Ordered group names: main group first, then fallbacks; empty for automatic routing */
  groups?: Array<string>;
  /** Model ids the token may call; null: any model */
  modelAllowList?: Array<string> | null | undefined;
  /** 1 to 64 characters */
  name: string;
  /** Spending cap in RMB as a decimal string, e.g. "50" or "12.5" (> 0); null: none */
  spendCap?: string | null | undefined;
};

/** SILENT: no heartbeat lately; BEHIND: not running the current snapshot for too long; OK otherwise */
export type DataPlaneState =
  | 'BEHIND'
  | 'OK'
  | 'SILENT';

/** Fee list filters (all optional, combined with AND) */
export type FeeListFilter = {
  /** Group name */
  group?: string | null | undefined;
  kind?: ModelKind | null | undefined;
  /** Case-insensitive substring of the model id or an alias */
  search?: string | null | undefined;
  vendor?: string | null | undefined;
};

/** NORMAL: the success rate in the recent window reaches the normal threshold; PARTIALLY_AVAILABLE: some requests succeed; UNAVAILABLE: no success at all (the group is not used, whatever its multiplier); NO_DATA: too few samples */
export type GroupHealthState =
  | 'NORMAL'
  | 'NO_DATA'
  | 'PARTIALLY_AVAILABLE'
  | 'UNAVAILABLE';

/** Whether the group takes traffic at all (health is reported separately) */
export type GroupStatus =
  | 'Active'
  | 'Disabled';

/** UTC hours or UTC days */
export type HealthGranularity =
  | 'DAY'
  | 'HOUR';

export type IncidentImpact =
  | 'CRITICAL'
  | 'MAJOR'
  | 'MINOR';

/** RESOLVED closes an incident */
export type IncidentStatus =
  | 'IDENTIFIED'
  | 'INVESTIGATING'
  | 'MONITORING'
  | 'RESOLVED';

export type LoginInput = {
  /** Username or e-mail address (case does not matter) */
  login: string;
  password: string;
};

/** Model list filters (all optional, combined with AND) */
export type ModelFilter = {
  kind?: ModelKind | null | undefined;
  /** Case-insensitive substring of the model id or an alias */
  search?: string | null | undefined;
  vendor?: string | null | undefined;
};

/** What a model produces (and so how it is priced) */
export type ModelKind =
  | 'Image'
  | 'Text'
  | 'Video';

/** A timestamped update; status RESOLVED resolves the incident */
export type PostIncidentUpdateInput = {
  incidentId: string;
  message: string;
  status: IncidentStatus;
};

/** Official USD prices as decimal strings; token prices per million tokens. 0 = free; null clears (updates) */
export type PricesInput = {
  cacheRead?: string | null | undefined;
  cacheWrite1h?: string | null | undefined;
  cacheWrite5m?: string | null | undefined;
  image?: string | null | undefined;
  input?: string | null | undefined;
  output?: string | null | undefined;
  perRequest?: string | null | undefined;
  videoSecond?: string | null | undefined;
};

export type RegisterInput = {
  captchaAnswer: string;
  /** Id of a captcha created with purpose REGISTER */
  captchaId: string;
  email: string;
  /** The 6-digit code mailed by requestEmailCode */
  emailCode: string;
  /** Invite code of the account that invited you */
  inviteCode?: string | null | undefined;
  /** 8 to 128 characters */
  password: string;
  /** Must equal password */
  passwordConfirmation: string;
  /** 4 to 12 letters, digits or underscores; unique ignoring case */
  username: string;
};

export type RequestEmailCodeInput = {
  /** The characters shown in the captcha image (case does not matter) */
  captchaAnswer: string;
  /** Id of a captcha created with purpose EMAIL_CODE */
  captchaId: string;
  email: string;
};

/** A served model: the client model id, and the upstream model id when different */
export type ServedModelInput = {
  /** Model id clients send (a catalog model id) */
  model: string;
  /** Name sent upstream instead; default: the same */
  upstreamModel?: string | null | undefined;
};

/** A token's own switch: ACTIVE or DISABLED; expiry is reported separately (`expired`) */
export type TokenStatus =
  | 'ACTIVE'
  | 'DISABLED';

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
  models?: Array<ServedModelInput> | null | undefined;
  name?: string | null | undefined;
  /** Keys to remove, by id */
  removeKeyIds?: Array<string> | null | undefined;
  status?: ChannelStatus | null | undefined;
  totalTimeoutMs?: number | null | undefined;
};

/** Changes to a group; omitted fields stay as they are */
export type UpdateGroupInput = {
  autoRoute?: boolean | null | undefined;
  billingKind?: BillingKind | null | undefined;
  description?: string | null | undefined;
  displayName?: string | null | undefined;
  formats?: Array<string> | null | undefined;
  isPublic?: boolean | null | undefined;
  /** Decimal string > 0 */
  priceMultiplier?: string | null | undefined;
  /** One of the (new) formats; when formats change and this is omitted, it is kept if still listed, else the first */
  recommendedFormat?: string | null | undefined;
  status?: GroupStatus | null | undefined;
};

/** Changes to a model; omitted fields stay. Editing prices sets manualPriceOverride */
export type UpdateModelInput = {
  /** Replaces the aliases */
  aliases?: Array<string> | null | undefined;
  /** null clears */
  contextLimit?: number | null | undefined;
  /** null clears */
  defaultMaxOutputTokens?: number | null | undefined;
  kind?: ModelKind | null | undefined;
  /** false hands the prices back to the catalog import (next import overwrites them) */
  manualPriceOverride?: boolean | null | undefined;
  multiplier?: string | null | undefined;
  /** null clears */
  outputLimit?: number | null | undefined;
  /** Given fields replace those prices; null clears one */
  prices?: PricesInput | null | undefined;
  /** Replaces the parameters its upstream refuses */
  rejectedParameters?: Array<string> | null | undefined;
  vendor?: string | null | undefined;
};

/** Changes to a token: omitted fields stay; null clears expiresAt, spendCap and modelAllowList */
export type UpdateTokenInput = {
  expiresAt?: string | null | undefined;
  /** New ordered group list; [] for automatic routing */
  groups?: Array<string> | null | undefined;
  modelAllowList?: Array<string> | null | undefined;
  /** New name, 1 to 64 characters */
  name?: string | null | undefined;
  /** RMB decimal string (> 0) */
  spendCap?: string | null | undefined;
};

export type UsageFilter = {
  /** Requests at or after this time */
  from?: string | null | undefined;
  group?: string | null | undefined;
  model?: string | null | undefined;
  /** Requests before this time */
  to?: string | null | undefined;
  tokenId?: string | null | undefined;
};

export type AdminAccountFieldsFragment = { id: string, username: string, email: string, role: AccountRole, balanceRmb: string, createdAt: string, invitedBy: string | null, disabled: boolean, disabledAt: string | null, disabledReason: string | null };

export type AdminAccountsQueryVariables = Exact<{
  search?: string | null | undefined;
  first: number;
  after?: string | null | undefined;
}>;


export type AdminAccountsQuery = { accounts: { totalCount: number, items: Array<{ id: string, username: string, email: string, role: AccountRole, balanceRmb: string, createdAt: string, invitedBy: string | null, disabled: boolean, disabledAt: string | null, disabledReason: string | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type AdminAccountQueryVariables = Exact<{
  id: string;
}>;


export type AdminAccountQuery = { account: { id: string, username: string, email: string, role: AccountRole, balanceRmb: string, createdAt: string, invitedBy: string | null, disabled: boolean, disabledAt: string | null, disabledReason: string | null }, accountBalance: { accountId: string, balanceRmb: string, spendableRmb: string | null }, accountTokens: Array<{ id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expired: boolean, expiresAt: string | null, spendCap: string | null, createdAt: string }> };

export type AdminAccountLedgerQueryVariables = Exact<{
  id: string;
  first: number;
  after?: string | null | undefined;
}>;


export type AdminAccountLedgerQuery = { accountLedger: { items: Array<{ id: string, kind: string, amountRmb: string, memo: string | null, createdAt: string }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type AdminAccountUsageQueryVariables = Exact<{
  id: string;
  first: number;
  after?: string | null | undefined;
  from: string;
}>;


export type AdminAccountUsageQuery = { usageRecords: { items: Array<{ id: string, createdAt: string, model: string, group: string | null, formatIn: string, stream: boolean, status: string, httpStatus: number, chargeRmb: string, latencyMs: number, node: string, usage: { input: number, output: number } }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } }, usageTotals: Array<{ day: string, model: string, requests: number, promptTokens: string, outputTokens: string, chargeRmb: string }> };

export type AdminAdjustBalanceMutationVariables = Exact<{
  accountId: string;
  amountRmb: string;
  reason: string;
  idempotencyKey?: string | null | undefined;
}>;


export type AdminAdjustBalanceMutation = { adjustBalance: { accountId: string, balanceRmb: string, spendableRmb: string | null } };

export type AdminSetAccountDisabledMutationVariables = Exact<{
  accountId: string;
  disabled: boolean;
  reason?: string | null | undefined;
}>;


export type AdminSetAccountDisabledMutation = { setAccountDisabled: { id: string, username: string, email: string, role: AccountRole, balanceRmb: string, createdAt: string, invitedBy: string | null, disabled: boolean, disabledAt: string | null, disabledReason: string | null } };

export type AdminChannelFieldsFragment = { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> };

export type AdminChannelsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminChannelsQuery = { channels: Array<{ id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> }>, groups: Array<{ name: string, displayName: string }> };

export type AdminCreateChannelMutationVariables = Exact<{
  input: CreateChannelInput;
}>;


export type AdminCreateChannelMutation = { createChannel: { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> } };

export type AdminUpdateChannelMutationVariables = Exact<{
  id: string;
  input: UpdateChannelInput;
}>;


export type AdminUpdateChannelMutation = { updateChannel: { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> } };

export type AdminDeleteChannelMutationVariables = Exact<{
  id: string;
}>;


export type AdminDeleteChannelMutation = { deleteChannel: string };

export type AdminSetChannelKeyEnabledMutationVariables = Exact<{
  keyId: string;
  enabled: boolean;
  reason?: string | null | undefined;
}>;


export type AdminSetChannelKeyEnabledMutation = { setChannelKeyEnabled: { id: string, name: string, kind: ChannelKind, baseUrl: string, status: ChannelStatus, isDemo: boolean, azureApiVersion: string | null, azureDeployment: string | null, connectTimeoutMs: number, firstByteTimeoutMs: number, totalTimeoutMs: number, updatedAt: string, keys: Array<{ id: string, masked: string, enabled: boolean, disabledReason: string | null, position: number }>, models: Array<{ model: string, upstreamModel: string }>, groups: Array<{ group: string, priority: number, weight: number }> } };

export type AdminTestChannelMutationVariables = Exact<{
  id: string;
  format?: string | null | undefined;
  stream: boolean;
  model?: string | null | undefined;
}>;


export type AdminTestChannelMutation = { testChannel: { ok: boolean, format: string, stream: boolean, model: string, status: number | null, latencyMs: number | null, firstByteMs: number | null, sample: string | null, error: string | null } };

export type AdminGroupFieldsFragment = { name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus };

export type AdminGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminGroupsQuery = { groups: Array<{ name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus }> };

export type AdminCreateGroupMutationVariables = Exact<{
  input: CreateGroupInput;
}>;


export type AdminCreateGroupMutation = { createGroup: { name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus } };

export type AdminUpdateGroupMutationVariables = Exact<{
  name: string;
  input: UpdateGroupInput;
}>;


export type AdminUpdateGroupMutation = { updateGroup: { name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, recommendedFormat: string, billingKind: BillingKind, autoRoute: boolean, isPublic: boolean, status: GroupStatus } };

export type AdminDeleteGroupMutationVariables = Exact<{
  name: string;
}>;


export type AdminDeleteGroupMutation = { deleteGroup: string };

export type AdminModelFieldsFragment = { id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } };

export type AdminModelsQueryVariables = Exact<{
  filter?: ModelFilter | null | undefined;
  first: number;
  after?: string | null | undefined;
}>;


export type AdminModelsQuery = { models: { totalCount: number, nodes: Array<{ id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type AdminCreateModelMutationVariables = Exact<{
  input: CreateModelInput;
}>;


export type AdminCreateModelMutation = { createModel: { id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } } };

export type AdminUpdateModelMutationVariables = Exact<{
  modelId: string;
  input: UpdateModelInput;
}>;


export type AdminUpdateModelMutation = { updateModel: { id: string, modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, multiplier: string, contextLimit: number | null, outputLimit: number | null, defaultMaxOutputTokens: number | null, manualPriceOverride: boolean, source: string, rejectedParameters: Array<string>, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } } };

export type AdminDeleteModelMutationVariables = Exact<{
  modelId: string;
}>;


export type AdminDeleteModelMutation = { deleteModel: string };

export type AdminImportModelCatalogMutationVariables = Exact<{ [key: string]: never; }>;


export type AdminImportModelCatalogMutation = { importModelCatalog: { total: number, created: number, updated: number, keptManual: number, skipped: number } };

export type AdminExchangeRateFieldsFragment = { rate: string, note: string, setAt: string, setBy: string | null };

export type AdminExchangeRateQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminExchangeRateQuery = { exchangeRate: { rate: string, note: string, setAt: string, setBy: string | null }, exchangeRateHistory: Array<{ rate: string, note: string, setAt: string, setBy: string | null }> };

export type AdminSetExchangeRateMutationVariables = Exact<{
  rate: string;
  note: string;
}>;


export type AdminSetExchangeRateMutation = { setExchangeRate: { rate: string, note: string, setAt: string, setBy: string | null } };

export type AdminCreateRedemptionCodesMutationVariables = Exact<{
  count: number;
  amountRmb: string;
  name?: string | null | undefined;
}>;


export type AdminCreateRedemptionCodesMutation = { createRedemptionCodes: { batchId: string, amountRmb: string, codes: Array<string> } };

export type AdminTopUpOrdersQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
}>;


export type AdminTopUpOrdersQuery = { topUpOrders: { items: Array<{ id: string, accountId: string, outTradeNo: string, amountUsd: string, amountRmb: string, payRmb: string, exchangeRate: string, payType: string, status: string, createdAt: string, creditedAt: string | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type AdminReconciliationRunFieldsFragment = { accounts: number, startedAt: string, finishedAt: string, drifting: Array<{ accountId: string, status: string, driftMicro: string | null, ledgerMicro: string, hotMicro: string | null, expectedMicro: string, openReservationsMicro: string, unconsumedMicro: string, lostMicro: string }> };

export type AdminReconciliationRunQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminReconciliationRunQuery = { reconciliationRun: { accounts: number, startedAt: string, finishedAt: string, drifting: Array<{ accountId: string, status: string, driftMicro: string | null, ledgerMicro: string, hotMicro: string | null, expectedMicro: string, openReservationsMicro: string, unconsumedMicro: string, lostMicro: string }> } | null };

export type AdminRunReconciliationMutationVariables = Exact<{ [key: string]: never; }>;


export type AdminRunReconciliationMutation = { runReconciliation: { accounts: number, startedAt: string, finishedAt: string, drifting: Array<{ accountId: string, status: string, driftMicro: string | null, ledgerMicro: string, hotMicro: string | null, expectedMicro: string, openReservationsMicro: string, unconsumedMicro: string, lostMicro: string }> } };

export type AdminIncidentFieldsFragment = { id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> };

export type AdminIncidentsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminIncidentsQuery = { statusPage: { incidents: Array<{ id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> }> }, groups: Array<{ name: string, displayName: string }> };

export type AdminCreateIncidentMutationVariables = Exact<{
  input: CreateIncidentInput;
}>;


export type AdminCreateIncidentMutation = { createIncident: { id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> } };

export type AdminPostIncidentUpdateMutationVariables = Exact<{
  input: PostIncidentUpdateInput;
}>;


export type AdminPostIncidentUpdateMutation = { postIncidentUpdate: { id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> } };

export type AdminResolveIncidentMutationVariables = Exact<{
  input: PostIncidentUpdateInput;
}>;


export type AdminResolveIncidentMutation = { resolveIncident: { id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> } };

export type AdminDataPlaneFieldsFragment = { node: string, state: DataPlaneState, revision: number | null, currentRevision: number | null, behind: boolean, silent: boolean, lastBeatAt: string, appliedAt: string | null, hash: string | null, lastError: { revision: number | null, message: string } | null };

export type AdminDataPlanesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminDataPlanesQuery = { dataPlanes: Array<{ node: string, state: DataPlaneState, revision: number | null, currentRevision: number | null, behind: boolean, silent: boolean, lastBeatAt: string, appliedAt: string | null, hash: string | null, lastError: { revision: number | null, message: string } | null }> };

export type AdminDataPlaneStatusChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AdminDataPlaneStatusChangedSubscription = { dataPlaneStatusChanged: { previousState: DataPlaneState, state: DataPlaneState, dataPlane: { node: string, state: DataPlaneState, revision: number | null, currentRevision: number | null, behind: boolean, silent: boolean, lastBeatAt: string, appliedAt: string | null, hash: string | null, lastError: { revision: number | null, message: string } | null } } };

export type AvailabilityRateFragment = { rate: number | null, requests: number, successes: number };

export type AvailabilityWindowsFragment = { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } };

export type AvailabilityGroupFragment = { group: string, state: GroupHealthState, windows: { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } }, models: Array<{ model: string, windows: { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } } }> };

export type AvailabilityPageQueryVariables = Exact<{ [key: string]: never; }>;


export type AvailabilityPageQuery = { groupAvailability: Array<{ group: string, state: GroupHealthState, windows: { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } }, models: Array<{ model: string, windows: { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } } }> }>, groups: Array<{ name: string, displayName: string }> };

export type AvailabilityLiveSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AvailabilityLiveSubscription = { groupHealth: Array<{ group: string, state: GroupHealthState, windows: { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } }, models: Array<{ model: string, windows: { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } } }> }> };

export type AvailabilityChangesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AvailabilityChangesSubscription = { groupHealthChanged: { group: string, state: GroupHealthState, previousState: GroupHealthState, at: string, windows: { hour: { rate: number | null, requests: number, successes: number }, day: { rate: number | null, requests: number, successes: number }, week: { rate: number | null, requests: number, successes: number }, month: { rate: number | null, requests: number, successes: number } } } };

export type AvailabilityHistoryQueryVariables = Exact<{
  group: string;
  from: string;
  to: string;
  granularity: HealthGranularity;
}>;


export type AvailabilityHistoryQuery = { groupHealthHistory: Array<{ at: string, meanLatencyMs: number | null, meanTtfbMs: number | null, success: { rate: number | null, requests: number, successes: number } }> };

export type DashboardOverviewQueryVariables = Exact<{
  usageFrom: string;
}>;


export type DashboardOverviewQuery = { myBalance: { balanceRmb: string, spendableRmb: string | null }, myUsageTotals: Array<{ day: string, model: string, requests: number, chargeMicro: string }>, myTokens: Array<{ id: string, name: string, maskedKey: string, status: TokenStatus, expired: boolean, createdAt: string }> };

export type FeeListEntriesQueryVariables = Exact<{
  filter?: FeeListFilter | null | undefined;
  first: number;
  after?: string | null | undefined;
}>;


export type FeeListEntriesQuery = { feeList: { totalCount: number, pageInfo: { endCursor: string | null, hasNextPage: boolean }, nodes: Array<{ modelId: string, aliases: Array<string>, vendor: string, kind: ModelKind, group: string, groupDisplayName: string, billingKind: BillingKind, groupMultiplier: string, modelMultiplier: string, exchangeRate: string, isDemo: boolean, prices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null }, usdPrices: { input: string | null, output: string | null, cacheRead: string | null, cacheWrite5m: string | null, cacheWrite1h: string | null, image: string | null, videoSecond: string | null, perRequest: string | null } }> } };

export type FeeListChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type FeeListChoicesQuery = { feeListVendors: Array<string>, groups: Array<{ name: string, displayName: string }> };

export type PlaygroundSetupQueryVariables = Exact<{ [key: string]: never; }>;


export type PlaygroundSetupQuery = { myTokens: Array<{ id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expired: boolean }>, groups: Array<{ name: string, formats: Array<string>, autoRoute: boolean }> };

export type PlaygroundKeyQueryVariables = Exact<{
  id: string;
}>;


export type PlaygroundKeyQuery = { tokenKey: string };

export type PlaygroundUsageQueryVariables = Exact<{
  tokenId: string;
}>;


export type PlaygroundUsageQuery = { myUsage: { items: Array<{ id: string, requestId: string, chargeRmb: string, group: string | null, model: string, status: string, usage: { input: number, output: number } }> } };

export type RegisterCaptchaMutationVariables = Exact<{
  purpose: CaptchaPurpose;
}>;


export type RegisterCaptchaMutation = { createCaptcha: { id: string, image: string, expiresAt: string } };

export type RegisterRequestEmailCodeMutationVariables = Exact<{
  input: RequestEmailCodeInput;
}>;


export type RegisterRequestEmailCodeMutation = { requestEmailCode: { email: string, expiresAt: string } };

export type RegisterAccountMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type RegisterAccountMutation = { register: { id: string, username: string } };

export type RegisterWelcomeQueryVariables = Exact<{ [key: string]: never; }>;


export type RegisterWelcomeQuery = { myBalance: { balanceRmb: string }, myTokens: Array<{ id: string, name: string, createdAt: string }> };

export type ServerInfoQueryVariables = Exact<{ [key: string]: never; }>;


export type ServerInfoQuery = { serverInfo: { name: string, statusHost: string | null, topUpEnabled: boolean, nodes: Array<{ name: string, baseUrl: string }> } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, username: string, email: string, role: AccountRole, balanceRmb: string, inviteCode: string, createdAt: string } };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { login: { expiresAt: string, account: { id: string, username: string, role: AccountRole } } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type ChangePasswordMutationVariables = Exact<{
  input: ChangePasswordInput;
}>;


export type ChangePasswordMutation = { changePassword: boolean };

export type PingQueryVariables = Exact<{ [key: string]: never; }>;


export type PingQuery = { serverInfo: { name: string } };

export type StatusIncidentFragment = { id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> };

export type StatusPageDataQueryVariables = Exact<{ [key: string]: never; }>;


export type StatusPageDataQuery = { statusPage: { target: number, overall: Array<{ window: string, availability: number | null, meetsTarget: boolean | null, requests: number }>, nodes: Array<{ name: string, days: Array<{ day: string, availability: number | null, requests: number }> }>, groups: Array<{ name: string, days: Array<{ day: string, availability: number | null, requests: number }> }>, incidents: Array<{ id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> }> }, groups: Array<{ name: string, displayName: string }> };

export type StatusIncidentPostedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type StatusIncidentPostedSubscription = { incidentPosted: { incident: { id: string, title: string, impact: IncidentImpact, status: IncidentStatus, groups: Array<string>, createdAt: string, resolvedAt: string | null, updates: Array<{ id: string, status: IncidentStatus, message: string, createdAt: string }> }, update: { id: string } } };

export type TokenKeyRevealQueryVariables = Exact<{
  id: string;
}>;


export type TokenKeyRevealQuery = { tokenKey: string };

export type TokensRowFragment = { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string };

export type TokensListQueryVariables = Exact<{ [key: string]: never; }>;


export type TokensListQuery = { myTokens: Array<{ id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string }> };

export type TokensGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type TokensGroupsQuery = { groups: Array<{ name: string, displayName: string, description: string, priceMultiplier: string, formats: Array<string>, autoRoute: boolean, status: GroupStatus }> };

export type TokensKeyQueryVariables = Exact<{
  id: string;
}>;


export type TokensKeyQuery = { tokenKey: string };

export type TokensExampleModelQueryVariables = Exact<{
  group?: string | null | undefined;
}>;


export type TokensExampleModelQuery = { feeList: { nodes: Array<{ modelId: string }> } };

export type TokensCreateMutationVariables = Exact<{
  input: CreateTokenInput;
}>;


export type TokensCreateMutation = { createToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string } };

export type TokensUpdateMutationVariables = Exact<{
  id: string;
  input: UpdateTokenInput;
}>;


export type TokensUpdateMutation = { updateToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string } };

export type TokensDisableMutationVariables = Exact<{
  id: string;
}>;


export type TokensDisableMutation = { disableToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string } };

export type TokensEnableMutationVariables = Exact<{
  id: string;
}>;


export type TokensEnableMutation = { enableToken: { id: string, name: string, maskedKey: string, groups: Array<string>, status: TokenStatus, expiresAt: string | null, expired: boolean, spendCap: string | null, spentRmb: string, modelAllowList: Array<string> | null, createdAt: string } };

export type TokensDeleteMutationVariables = Exact<{
  id: string;
}>;


export type TokensDeleteMutation = { deleteToken: string };

export type UsageRecordFieldsFragment = { id: string, requestId: string, tokenId: string, model: string, group: string | null, channelKind: string | null, node: string, formatIn: string, stream: boolean, status: string, httpStatus: number, latencyMs: number, chargeRmb: string, exchangeRate: string, groupMultiplier: string, modelMultiplier: string, createdAt: string, usage: { input: number, output: number, cacheRead: number, cacheWrite5m: number, cacheWrite1h: number, reasoning: number, images: number, videoSeconds: number } };

export type UsageRecordsQueryVariables = Exact<{
  filter?: UsageFilter | null | undefined;
  first: number;
  after?: string | null | undefined;
}>;


export type UsageRecordsQuery = { myUsage: { items: Array<{ id: string, requestId: string, tokenId: string, model: string, group: string | null, channelKind: string | null, node: string, formatIn: string, stream: boolean, status: string, httpStatus: number, latencyMs: number, chargeRmb: string, exchangeRate: string, groupMultiplier: string, modelMultiplier: string, createdAt: string, usage: { input: number, output: number, cacheRead: number, cacheWrite5m: number, cacheWrite1h: number, reasoning: number, images: number, videoSeconds: number } }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type UsageTotalsQueryVariables = Exact<{
  filter?: UsageFilter | null | undefined;
}>;


export type UsageTotalsQuery = { myUsageTotals: Array<{ day: string, model: string, requests: number, promptTokens: string, outputTokens: string, chargeMicro: string, chargeRmb: string }> };

export type UsageFilterChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type UsageFilterChoicesQuery = { myTokens: Array<{ id: string, name: string }>, groups: Array<{ name: string, displayName: string }> };

export type WalletBalanceFieldsFragment = { accountId: string, balanceRmb: string, spendableRmb: string | null };

export type WalletOrderFieldsFragment = { id: string, outTradeNo: string, amountUsd: string, exchangeRate: string, amountRmb: string, payRmb: string, status: string, payType: string, createdAt: string, expiresAt: string, creditedAt: string | null };

export type WalletBalanceQueryVariables = Exact<{ [key: string]: never; }>;


export type WalletBalanceQuery = { myBalance: { accountId: string, balanceRmb: string, spendableRmb: string | null } };

export type WalletBalanceChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type WalletBalanceChangedSubscription = { balanceChanged: { accountId: string, balanceRmb: string, spendableRmb: string | null } };

export type WalletRateQueryVariables = Exact<{ [key: string]: never; }>;


export type WalletRateQuery = { exchangeRate: { rate: string, setAt: string } };

export type WalletQuoteQueryVariables = Exact<{
  amountUsd: string;
}>;


export type WalletQuoteQuery = { topUpQuote: { amountUsd: string, exchangeRate: string, amountRmb: string, payRmb: string } };

export type WalletCreateTopUpMutationVariables = Exact<{
  amountUsd: string;
  payType: string;
}>;


export type WalletCreateTopUpMutation = { createTopUp: { payUrl: string, order: { id: string, outTradeNo: string, amountUsd: string, exchangeRate: string, amountRmb: string, payRmb: string, status: string, payType: string, createdAt: string, expiresAt: string, creditedAt: string | null } } };

export type WalletOrderQueryVariables = Exact<{
  outTradeNo: string;
}>;


export type WalletOrderQuery = { myTopUp: { id: string, outTradeNo: string, amountUsd: string, exchangeRate: string, amountRmb: string, payRmb: string, status: string, payType: string, createdAt: string, expiresAt: string, creditedAt: string | null } };

export type WalletOrdersQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
}>;


export type WalletOrdersQuery = { myTopUps: { items: Array<{ id: string, outTradeNo: string, amountUsd: string, exchangeRate: string, amountRmb: string, payRmb: string, status: string, payType: string, createdAt: string, expiresAt: string, creditedAt: string | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type WalletRedeemMutationVariables = Exact<{
  code: string;
}>;


export type WalletRedeemMutation = { redeemCode: { accountId: string, balanceRmb: string, spendableRmb: string | null } };

export type WalletLedgerQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
}>;


export type WalletLedgerQuery = { myLedger: { items: Array<{ id: string, kind: string, amountRmb: string, memo: string | null, createdAt: string }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export const AdminAccountFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"invitedBy"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}}]}}]} as unknown as DocumentNode<AdminAccountFieldsFragment, unknown>;
export const AdminChannelFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminChannelFieldsFragment, unknown>;
export const AdminGroupFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]} as unknown as DocumentNode<AdminGroupFieldsFragment, unknown>;
export const AdminModelFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminModelFieldsFragment, unknown>;
export const AdminExchangeRateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminExchangeRateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExchangeRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"setAt"}},{"kind":"Field","name":{"kind":"Name","value":"setBy"}}]}}]} as unknown as DocumentNode<AdminExchangeRateFieldsFragment, unknown>;
export const AdminReconciliationRunFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminReconciliationRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReconciliationRun"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accounts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"drifting"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"driftMicro"}},{"kind":"Field","name":{"kind":"Name","value":"ledgerMicro"}},{"kind":"Field","name":{"kind":"Name","value":"hotMicro"}},{"kind":"Field","name":{"kind":"Name","value":"expectedMicro"}},{"kind":"Field","name":{"kind":"Name","value":"openReservationsMicro"}},{"kind":"Field","name":{"kind":"Name","value":"unconsumedMicro"}},{"kind":"Field","name":{"kind":"Name","value":"lostMicro"}}]}}]}}]} as unknown as DocumentNode<AdminReconciliationRunFieldsFragment, unknown>;
export const AdminIncidentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminIncidentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<AdminIncidentFieldsFragment, unknown>;
export const AdminDataPlaneFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminDataPlaneFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DataPlane"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"currentRevision"}},{"kind":"Field","name":{"kind":"Name","value":"behind"}},{"kind":"Field","name":{"kind":"Name","value":"silent"}},{"kind":"Field","name":{"kind":"Name","value":"lastBeatAt"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<AdminDataPlaneFieldsFragment, unknown>;
export const AvailabilityRateFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}}]} as unknown as DocumentNode<AvailabilityRateFragment, unknown>;
export const AvailabilityWindowsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}}]} as unknown as DocumentNode<AvailabilityWindowsFragment, unknown>;
export const AvailabilityGroupFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityGroup"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GroupAvailability"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}}]} as unknown as DocumentNode<AvailabilityGroupFragment, unknown>;
export const StatusIncidentFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StatusIncident"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<StatusIncidentFragment, unknown>;
export const TokensRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TokensRowFragment, unknown>;
export const UsageRecordFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsageRecordFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UsageRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"channelKind"}},{"kind":"Field","name":{"kind":"Name","value":"node"}},{"kind":"Field","name":{"kind":"Name","value":"formatIn"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"reasoning"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"videoSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chargeRmb"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"groupMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"modelMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<UsageRecordFieldsFragment, unknown>;
export const WalletBalanceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletBalanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Balance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}}]} as unknown as DocumentNode<WalletBalanceFieldsFragment, unknown>;
export const WalletOrderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TopUpOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"outTradeNo"}},{"kind":"Field","name":{"kind":"Name","value":"amountUsd"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"payRmb"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"payType"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creditedAt"}}]}}]} as unknown as DocumentNode<WalletOrderFieldsFragment, unknown>;
export const AdminAccountsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminAccounts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accounts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminAccountFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"invitedBy"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}}]}}]} as unknown as DocumentNode<AdminAccountsQuery, AdminAccountsQueryVariables>;
export const AdminAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminAccountFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountBalance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountTokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"invitedBy"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}}]}}]} as unknown as DocumentNode<AdminAccountQuery, AdminAccountQueryVariables>;
export const AdminAccountLedgerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminAccountLedger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountLedger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"memo"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<AdminAccountLedgerQuery, AdminAccountLedgerQueryVariables>;
export const AdminAccountUsageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminAccountUsage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"usageRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"formatIn"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"chargeRmb"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"node"}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"usageTotals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"promptTokens"}},{"kind":"Field","name":{"kind":"Name","value":"outputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"chargeRmb"}}]}}]}}]} as unknown as DocumentNode<AdminAccountUsageQuery, AdminAccountUsageQueryVariables>;
export const AdminAdjustBalanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminAdjustBalance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amountRmb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adjustBalance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}}},{"kind":"Argument","name":{"kind":"Name","value":"amountRmb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amountRmb"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}}]}}]} as unknown as DocumentNode<AdminAdjustBalanceMutation, AdminAdjustBalanceMutationVariables>;
export const AdminSetAccountDisabledDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminSetAccountDisabled"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"disabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setAccountDisabled"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}}},{"kind":"Argument","name":{"kind":"Name","value":"disabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"disabled"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminAccountFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"invitedBy"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}}]}}]} as unknown as DocumentNode<AdminSetAccountDisabledMutation, AdminSetAccountDisabledMutationVariables>;
export const AdminChannelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminChannels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminChannelsQuery, AdminChannelsQueryVariables>;
export const AdminCreateChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateChannelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminCreateChannelMutation, AdminCreateChannelMutationVariables>;
export const AdminUpdateChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateChannelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateChannelMutation, AdminUpdateChannelMutationVariables>;
export const AdminDeleteChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteChannelMutation, AdminDeleteChannelMutationVariables>;
export const AdminSetChannelKeyEnabledDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminSetChannelKeyEnabled"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"keyId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setChannelKeyEnabled"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"keyId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"keyId"}}},{"kind":"Argument","name":{"kind":"Name","value":"enabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminChannelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminChannelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"azureApiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"azureDeployment"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"totalTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamModel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]} as unknown as DocumentNode<AdminSetChannelKeyEnabledMutation, AdminSetChannelKeyEnabledMutationVariables>;
export const AdminTestChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"format"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"stream"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"model"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"Variable","name":{"kind":"Name","value":"format"}}},{"kind":"Argument","name":{"kind":"Name","value":"stream"},"value":{"kind":"Variable","name":{"kind":"Name","value":"stream"}}},{"kind":"Argument","name":{"kind":"Name","value":"model"},"value":{"kind":"Variable","name":{"kind":"Name","value":"model"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"firstByteMs"}},{"kind":"Field","name":{"kind":"Name","value":"sample"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]} as unknown as DocumentNode<AdminTestChannelMutation, AdminTestChannelMutationVariables>;
export const AdminGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminGroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]} as unknown as DocumentNode<AdminGroupsQuery, AdminGroupsQueryVariables>;
export const AdminCreateGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminGroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]} as unknown as DocumentNode<AdminCreateGroupMutation, AdminCreateGroupMutationVariables>;
export const AdminUpdateGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminGroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedFormat"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]} as unknown as DocumentNode<AdminUpdateGroupMutation, AdminUpdateGroupMutationVariables>;
export const AdminDeleteGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteGroupMutation, AdminDeleteGroupMutationVariables>;
export const AdminModelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminModels"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModelFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"models"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminModelFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminModelsQuery, AdminModelsQueryVariables>;
export const AdminCreateModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateModelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createModel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminModelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminCreateModelMutation, AdminCreateModelMutationVariables>;
export const AdminUpdateModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateModelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateModel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"modelId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminModelFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminModelFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Model"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"multiplier"}},{"kind":"Field","name":{"kind":"Name","value":"contextLimit"}},{"kind":"Field","name":{"kind":"Name","value":"outputLimit"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMaxOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"manualPriceOverride"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedParameters"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateModelMutation, AdminUpdateModelMutationVariables>;
export const AdminDeleteModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteModel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"modelId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modelId"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteModelMutation, AdminDeleteModelMutationVariables>;
export const AdminImportModelCatalogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminImportModelCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importModelCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"keptManual"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}}]}}]}}]} as unknown as DocumentNode<AdminImportModelCatalogMutation, AdminImportModelCatalogMutationVariables>;
export const AdminExchangeRateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminExchangeRate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminExchangeRateFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRateHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminExchangeRateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminExchangeRateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExchangeRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"setAt"}},{"kind":"Field","name":{"kind":"Name","value":"setBy"}}]}}]} as unknown as DocumentNode<AdminExchangeRateQuery, AdminExchangeRateQueryVariables>;
export const AdminSetExchangeRateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminSetExchangeRate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rate"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"note"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setExchangeRate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rate"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rate"}}},{"kind":"Argument","name":{"kind":"Name","value":"note"},"value":{"kind":"Variable","name":{"kind":"Name","value":"note"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminExchangeRateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminExchangeRateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExchangeRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"setAt"}},{"kind":"Field","name":{"kind":"Name","value":"setBy"}}]}}]} as unknown as DocumentNode<AdminSetExchangeRateMutation, AdminSetExchangeRateMutationVariables>;
export const AdminCreateRedemptionCodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateRedemptionCodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"count"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amountRmb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createRedemptionCodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"count"},"value":{"kind":"Variable","name":{"kind":"Name","value":"count"}}},{"kind":"Argument","name":{"kind":"Name","value":"amountRmb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amountRmb"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"codes"}}]}}]}}]} as unknown as DocumentNode<AdminCreateRedemptionCodesMutation, AdminCreateRedemptionCodesMutationVariables>;
export const AdminTopUpOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminTopUpOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"topUpOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"outTradeNo"}},{"kind":"Field","name":{"kind":"Name","value":"amountUsd"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"payRmb"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"payType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"creditedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTopUpOrdersQuery, AdminTopUpOrdersQueryVariables>;
export const AdminReconciliationRunDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminReconciliationRun"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reconciliationRun"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminReconciliationRunFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminReconciliationRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReconciliationRun"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accounts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"drifting"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"driftMicro"}},{"kind":"Field","name":{"kind":"Name","value":"ledgerMicro"}},{"kind":"Field","name":{"kind":"Name","value":"hotMicro"}},{"kind":"Field","name":{"kind":"Name","value":"expectedMicro"}},{"kind":"Field","name":{"kind":"Name","value":"openReservationsMicro"}},{"kind":"Field","name":{"kind":"Name","value":"unconsumedMicro"}},{"kind":"Field","name":{"kind":"Name","value":"lostMicro"}}]}}]}}]} as unknown as DocumentNode<AdminReconciliationRunQuery, AdminReconciliationRunQueryVariables>;
export const AdminRunReconciliationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminRunReconciliation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runReconciliation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminReconciliationRunFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminReconciliationRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReconciliationRun"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accounts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"drifting"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"driftMicro"}},{"kind":"Field","name":{"kind":"Name","value":"ledgerMicro"}},{"kind":"Field","name":{"kind":"Name","value":"hotMicro"}},{"kind":"Field","name":{"kind":"Name","value":"expectedMicro"}},{"kind":"Field","name":{"kind":"Name","value":"openReservationsMicro"}},{"kind":"Field","name":{"kind":"Name","value":"unconsumedMicro"}},{"kind":"Field","name":{"kind":"Name","value":"lostMicro"}}]}}]}}]} as unknown as DocumentNode<AdminRunReconciliationMutation, AdminRunReconciliationMutationVariables>;
export const AdminIncidentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminIncidents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"statusPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"incidents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminIncidentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminIncidentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<AdminIncidentsQuery, AdminIncidentsQueryVariables>;
export const AdminCreateIncidentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateIncident"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateIncidentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createIncident"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminIncidentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminIncidentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<AdminCreateIncidentMutation, AdminCreateIncidentMutationVariables>;
export const AdminPostIncidentUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminPostIncidentUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PostIncidentUpdateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"postIncidentUpdate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminIncidentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminIncidentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<AdminPostIncidentUpdateMutation, AdminPostIncidentUpdateMutationVariables>;
export const AdminResolveIncidentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminResolveIncident"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PostIncidentUpdateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resolveIncident"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminIncidentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminIncidentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<AdminResolveIncidentMutation, AdminResolveIncidentMutationVariables>;
export const AdminDataPlanesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminDataPlanes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dataPlanes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminDataPlaneFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminDataPlaneFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DataPlane"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"currentRevision"}},{"kind":"Field","name":{"kind":"Name","value":"behind"}},{"kind":"Field","name":{"kind":"Name","value":"silent"}},{"kind":"Field","name":{"kind":"Name","value":"lastBeatAt"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<AdminDataPlanesQuery, AdminDataPlanesQueryVariables>;
export const AdminDataPlaneStatusChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AdminDataPlaneStatusChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dataPlaneStatusChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previousState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"dataPlane"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminDataPlaneFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminDataPlaneFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DataPlane"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"currentRevision"}},{"kind":"Field","name":{"kind":"Name","value":"behind"}},{"kind":"Field","name":{"kind":"Name","value":"silent"}},{"kind":"Field","name":{"kind":"Name","value":"lastBeatAt"}},{"kind":"Field","name":{"kind":"Name","value":"appliedAt"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<AdminDataPlaneStatusChangedSubscription, AdminDataPlaneStatusChangedSubscriptionVariables>;
export const AvailabilityPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AvailabilityPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupAvailability"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityGroup"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityGroup"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GroupAvailability"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}}]} as unknown as DocumentNode<AvailabilityPageQuery, AvailabilityPageQueryVariables>;
export const AvailabilityLiveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AvailabilityLive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupHealth"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityGroup"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityGroup"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GroupAvailability"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}}]} as unknown as DocumentNode<AvailabilityLiveSubscription, AvailabilityLiveSubscriptionVariables>;
export const AvailabilityChangesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AvailabilityChanges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupHealthChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"previousState"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}}]} as unknown as DocumentNode<AvailabilityChangesSubscription, AvailabilityChangesSubscriptionVariables>;
export const AvailabilityHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AvailabilityHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"group"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"granularity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"HealthGranularity"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupHealthHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"group"},"value":{"kind":"Variable","name":{"kind":"Name","value":"group"}}},{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"granularity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"granularity"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"success"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"meanLatencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"meanTtfbMs"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}}]} as unknown as DocumentNode<AvailabilityHistoryQuery, AvailabilityHistoryQueryVariables>;
export const DashboardOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardOverview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"usageFrom"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myUsageTotals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"usageFrom"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"chargeMicro"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<DashboardOverviewQuery, DashboardOverviewQueryVariables>;
export const FeeListEntriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FeeListEntries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"FeeListFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"feeList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modelId"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"vendor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"groupDisplayName"}},{"kind":"Field","name":{"kind":"Name","value":"billingKind"}},{"kind":"Field","name":{"kind":"Name","value":"groupMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"modelMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}},{"kind":"Field","name":{"kind":"Name","value":"usdPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"videoSecond"}},{"kind":"Field","name":{"kind":"Name","value":"perRequest"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FeeListEntriesQuery, FeeListEntriesQueryVariables>;
export const FeeListChoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FeeListChoices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"feeListVendors"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<FeeListChoicesQuery, FeeListChoicesQueryVariables>;
export const PlaygroundSetupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlaygroundSetup"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}}]}}]}}]} as unknown as DocumentNode<PlaygroundSetupQuery, PlaygroundSetupQueryVariables>;
export const PlaygroundKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlaygroundKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokenKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<PlaygroundKeyQuery, PlaygroundKeyQueryVariables>;
export const PlaygroundUsageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlaygroundUsage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tokenId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myUsage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"tokenId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tokenId"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"chargeRmb"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PlaygroundUsageQuery, PlaygroundUsageQueryVariables>;
export const RegisterCaptchaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterCaptcha"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"purpose"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CaptchaPurpose"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCaptcha"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"purpose"},"value":{"kind":"Variable","name":{"kind":"Name","value":"purpose"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<RegisterCaptchaMutation, RegisterCaptchaMutationVariables>;
export const RegisterRequestEmailCodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterRequestEmailCode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RequestEmailCodeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestEmailCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<RegisterRequestEmailCodeMutation, RegisterRequestEmailCodeMutationVariables>;
export const RegisterAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"register"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]} as unknown as DocumentNode<RegisterAccountMutation, RegisterAccountMutationVariables>;
export const RegisterWelcomeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RegisterWelcome"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<RegisterWelcomeQuery, RegisterWelcomeQueryVariables>;
export const ServerInfoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServerInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serverInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statusHost"}},{"kind":"Field","name":{"kind":"Name","value":"topUpEnabled"}}]}}]}}]} as unknown as DocumentNode<ServerInfoQuery, ServerInfoQueryVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"inviteCode"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const ChangePasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangePassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangePasswordInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<ChangePasswordMutation, ChangePasswordMutationVariables>;
export const PingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Ping"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serverInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<PingQuery, PingQueryVariables>;
export const StatusPageDataDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StatusPageData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"statusPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"target"}},{"kind":"Field","name":{"kind":"Name","value":"overall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"window"}},{"kind":"Field","name":{"kind":"Name","value":"availability"}},{"kind":"Field","name":{"kind":"Name","value":"meetsTarget"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"days"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"availability"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"days"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"availability"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"incidents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StatusIncident"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StatusIncident"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<StatusPageDataQuery, StatusPageDataQueryVariables>;
export const StatusIncidentPostedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"StatusIncidentPosted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"incidentPosted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"incident"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StatusIncident"}}]}},{"kind":"Field","name":{"kind":"Name","value":"update"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StatusIncident"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Incident"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<StatusIncidentPostedSubscription, StatusIncidentPostedSubscriptionVariables>;
export const TokenKeyRevealDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokenKeyReveal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokenKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TokenKeyRevealQuery, TokenKeyRevealQueryVariables>;
export const TokensListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TokensListQuery, TokensListQueryVariables>;
export const TokensGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"priceMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"formats"}},{"kind":"Field","name":{"kind":"Name","value":"autoRoute"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<TokensGroupsQuery, TokensGroupsQueryVariables>;
export const TokensKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokenKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TokensKeyQuery, TokensKeyQueryVariables>;
export const TokensExampleModelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokensExampleModel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"group"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"feeList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"group"},"value":{"kind":"Variable","name":{"kind":"Name","value":"group"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modelId"}}]}}]}}]}}]} as unknown as DocumentNode<TokensExampleModelQuery, TokensExampleModelQueryVariables>;
export const TokensCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TokensCreateMutation, TokensCreateMutationVariables>;
export const TokensUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TokensUpdateMutation, TokensUpdateMutationVariables>;
export const TokensDisableDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensDisable"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TokensDisableMutation, TokensDisableMutationVariables>;
export const TokensEnableDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensEnable"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"enableToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokensRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokensRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"spendCap"}},{"kind":"Field","name":{"kind":"Name","value":"spentRmb"}},{"kind":"Field","name":{"kind":"Name","value":"modelAllowList"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TokensEnableMutation, TokensEnableMutationVariables>;
export const TokensDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokensDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TokensDeleteMutation, TokensDeleteMutationVariables>;
export const UsageRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UsageRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UsageFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myUsage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UsageRecordFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsageRecordFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UsageRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"channelKind"}},{"kind":"Field","name":{"kind":"Name","value":"node"}},{"kind":"Field","name":{"kind":"Name","value":"formatIn"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"reasoning"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"videoSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chargeRmb"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"groupMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"modelMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<UsageRecordsQuery, UsageRecordsQueryVariables>;
export const UsageTotalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UsageTotals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UsageFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myUsageTotals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"promptTokens"}},{"kind":"Field","name":{"kind":"Name","value":"outputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"chargeMicro"}},{"kind":"Field","name":{"kind":"Name","value":"chargeRmb"}}]}}]}}]} as unknown as DocumentNode<UsageTotalsQuery, UsageTotalsQueryVariables>;
export const UsageFilterChoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UsageFilterChoices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<UsageFilterChoicesQuery, UsageFilterChoicesQueryVariables>;
export const WalletBalanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WalletBalanceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletBalanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Balance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}}]} as unknown as DocumentNode<WalletBalanceQuery, WalletBalanceQueryVariables>;
export const WalletBalanceChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WalletBalanceChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WalletBalanceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletBalanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Balance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}}]} as unknown as DocumentNode<WalletBalanceChangedSubscription, WalletBalanceChangedSubscriptionVariables>;
export const WalletRateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletRate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"setAt"}}]}}]}}]} as unknown as DocumentNode<WalletRateQuery, WalletRateQueryVariables>;
export const WalletQuoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletQuote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amountUsd"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"topUpQuote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"amountUsd"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amountUsd"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amountUsd"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"payRmb"}}]}}]}}]} as unknown as DocumentNode<WalletQuoteQuery, WalletQuoteQueryVariables>;
export const WalletCreateTopUpDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WalletCreateTopUp"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amountUsd"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"payType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTopUp"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"amountUsd"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amountUsd"}}},{"kind":"Argument","name":{"kind":"Name","value":"payType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"payType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payUrl"}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WalletOrderFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TopUpOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"outTradeNo"}},{"kind":"Field","name":{"kind":"Name","value":"amountUsd"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"payRmb"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"payType"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creditedAt"}}]}}]} as unknown as DocumentNode<WalletCreateTopUpMutation, WalletCreateTopUpMutationVariables>;
export const WalletOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"outTradeNo"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTopUp"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"outTradeNo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"outTradeNo"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WalletOrderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TopUpOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"outTradeNo"}},{"kind":"Field","name":{"kind":"Name","value":"amountUsd"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"payRmb"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"payType"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creditedAt"}}]}}]} as unknown as DocumentNode<WalletOrderQuery, WalletOrderQueryVariables>;
export const WalletOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTopUps"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WalletOrderFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TopUpOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"outTradeNo"}},{"kind":"Field","name":{"kind":"Name","value":"amountUsd"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"payRmb"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"payType"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creditedAt"}}]}}]} as unknown as DocumentNode<WalletOrdersQuery, WalletOrdersQueryVariables>;
export const WalletRedeemDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WalletRedeem"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeemCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WalletBalanceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletBalanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Balance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}}]} as unknown as DocumentNode<WalletRedeemMutation, WalletRedeemMutationVariables>;
export const WalletLedgerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletLedger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myLedger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"memo"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<WalletLedgerQuery, WalletLedgerQueryVariables>;