/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
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


export const RegisterRequestEmailCodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterRequestEmailCode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RequestEmailCodeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestEmailCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<RegisterRequestEmailCodeMutation, RegisterRequestEmailCodeMutationVariables>;
export const RegisterAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"register"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]} as unknown as DocumentNode<RegisterAccountMutation, RegisterAccountMutationVariables>;
export const RegisterWelcomeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RegisterWelcome"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceRmb"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<RegisterWelcomeQuery, RegisterWelcomeQueryVariables>;