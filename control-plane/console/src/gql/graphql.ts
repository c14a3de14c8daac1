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

/** NORMAL: the success rate in the recent window reaches the normal threshold; PARTIALLY_AVAILABLE: some requests succeed; UNAVAILABLE: no success at all (the group is not used, whatever its multiplier); NO_DATA: too few samples */
export type GroupHealthState =
  | 'NORMAL'
  | 'NO_DATA'
  | 'PARTIALLY_AVAILABLE'
  | 'UNAVAILABLE';

/** UTC hours or UTC days */
export type HealthGranularity =
  | 'DAY'
  | 'HOUR';

export type LoginInput = {
  /** Username or e-mail address (case does not matter) */
  login: string;
  password: string;
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

/** A token's own switch: ACTIVE or DISABLED; expiry is reported separately (`expired`) */
export type TokenStatus =
  | 'ACTIVE'
  | 'DISABLED';

export type UsageFilter = {
  /** Requests at or after this time */
  from?: string | null | undefined;
  group?: string | null | undefined;
  model?: string | null | undefined;
  /** Requests before this time */
  to?: string | null | undefined;
  tokenId?: string | null | undefined;
};

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

export type TokenKeyRevealQueryVariables = Exact<{
  id: string;
}>;


export type TokenKeyRevealQuery = { tokenKey: string };

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

export const AvailabilityRateFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}}]} as unknown as DocumentNode<AvailabilityRateFragment, unknown>;
export const AvailabilityWindowsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}}]} as unknown as DocumentNode<AvailabilityWindowsFragment, unknown>;
export const AvailabilityGroupFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityGroup"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GroupAvailability"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}}]} as unknown as DocumentNode<AvailabilityGroupFragment, unknown>;
export const UsageRecordFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsageRecordFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UsageRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"channelKind"}},{"kind":"Field","name":{"kind":"Name","value":"node"}},{"kind":"Field","name":{"kind":"Name","value":"formatIn"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"input"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"cacheRead"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite5m"}},{"kind":"Field","name":{"kind":"Name","value":"cacheWrite1h"}},{"kind":"Field","name":{"kind":"Name","value":"reasoning"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"videoSeconds"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chargeRmb"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"groupMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"modelMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<UsageRecordFieldsFragment, unknown>;
export const WalletBalanceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletBalanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Balance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}}]} as unknown as DocumentNode<WalletBalanceFieldsFragment, unknown>;
export const WalletOrderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WalletOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TopUpOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"outTradeNo"}},{"kind":"Field","name":{"kind":"Name","value":"amountUsd"}},{"kind":"Field","name":{"kind":"Name","value":"exchangeRate"}},{"kind":"Field","name":{"kind":"Name","value":"amountRmb"}},{"kind":"Field","name":{"kind":"Name","value":"payRmb"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"payType"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creditedAt"}}]}}]} as unknown as DocumentNode<WalletOrderFieldsFragment, unknown>;
export const AvailabilityPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AvailabilityPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupAvailability"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityGroup"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityGroup"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GroupAvailability"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}}]} as unknown as DocumentNode<AvailabilityPageQuery, AvailabilityPageQueryVariables>;
export const AvailabilityLiveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AvailabilityLive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupHealth"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityGroup"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityGroup"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GroupAvailability"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"models"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}}]} as unknown as DocumentNode<AvailabilityLiveSubscription, AvailabilityLiveSubscriptionVariables>;
export const AvailabilityChangesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AvailabilityChanges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupHealthChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"previousState"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityWindows"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityWindows"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthWindows"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"day"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"week"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"month"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}}]}}]} as unknown as DocumentNode<AvailabilityChangesSubscription, AvailabilityChangesSubscriptionVariables>;
export const AvailabilityHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AvailabilityHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"group"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"granularity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"HealthGranularity"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupHealthHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"group"},"value":{"kind":"Variable","name":{"kind":"Name","value":"group"}}},{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"granularity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"granularity"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"success"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AvailabilityRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"meanLatencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"meanTtfbMs"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AvailabilityRate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SuccessRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}}]}}]} as unknown as DocumentNode<AvailabilityHistoryQuery, AvailabilityHistoryQueryVariables>;
export const DashboardOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DashboardOverview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"usageFrom"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}},{"kind":"Field","name":{"kind":"Name","value":"spendableRmb"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myUsageTotals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"usageFrom"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"chargeMicro"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"maskedKey"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<DashboardOverviewQuery, DashboardOverviewQueryVariables>;
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
export const TokenKeyRevealDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokenKeyReveal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokenKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TokenKeyRevealQuery, TokenKeyRevealQueryVariables>;
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