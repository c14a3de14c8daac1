import type { CombinedError } from 'urql';

/** The `extensions.code` values the API uses (see the README's error section). */
export type ApiErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'RATE_LIMITED' | 'CAPTCHA_REQUIRED' | 'INTERNAL_SERVER_ERROR';

/** The code of the first GraphQL error, if any. */
export function errorCode(error: CombinedError | undefined): ApiErrorCode | undefined {
  return error?.graphQLErrors[0]?.extensions?.code as ApiErrorCode | undefined;
}

/** True when the session is missing or over. */
export function isUnauthenticated(error: CombinedError): boolean {
  return error.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}

/** Errors that name an input field (`extensions.field`), by field: shown next to that field. */
export function fieldErrors(error: CombinedError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of error?.graphQLErrors ?? []) {
    const field = e.extensions?.field;
    if (e.extensions?.code === 'BAD_USER_INPUT' && typeof field === 'string' && !out[field]) out[field] = stripFieldPrefix(e.message, field);
  }
  return out;
}

/** Validation messages start with the field's name ("username: too short"); next to the field it is noise. */
function stripFieldPrefix(message: string, field: string): string {
  return message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/** For RATE_LIMITED: how many seconds until the API accepts the operation again. */
export function retryAfterSeconds(error: CombinedError | undefined): number | undefined {
  const retry = error?.graphQLErrors.find((e) => e.extensions?.code === 'RATE_LIMITED')?.extensions?.retryAfterSeconds;
  return typeof retry === 'number' ? retry : undefined;
}

/** One line for the user: the API's message, or a network failure in plain words. */
export function errorMessage(error: CombinedError | undefined, offlineText: string): string | undefined {
  if (!error) return undefined;
  if (error.graphQLErrors.length) {
    const first = error.graphQLErrors[0];
    const retry = first.extensions?.retryAfterSeconds;
    return typeof retry === 'number' ? `${first.message} (${retry} s)` : first.message;
  }
  return offlineText;
}
