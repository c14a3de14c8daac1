import { GraphQLError } from 'graphql';

/** The error codes the API uses in `extensions.code`. */
type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'CAPTCHA_REQUIRED'
  | 'INTERNAL_SERVER_ERROR';

function error(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** Invalid input; `field` names the offending input field; `extra` adds extensions (e.g. a `reason` a console can translate). */
export function badInput(field: string, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return error('BAD_USER_INPUT', `${field}: ${message}`, { ...extra, field });
}

/** No (valid) session, or refused credentials; `extra` adds extensions. */
export function unauthenticated(message = 'Login required', extra: Record<string, unknown> = {}): GraphQLError {
  return error('UNAUTHENTICATED', message, extra);
}

/** Logged in, but not allowed. */
export function forbidden(message: string): GraphQLError {
  return error('FORBIDDEN', message);
}

/** Missing, or not visible to this viewer (the two are not told apart, so ids cannot be probed). */
export function notFound(what: string): GraphQLError {
  return error('NOT_FOUND', `${what} not found`);
}

/** This attempt needs a solved captcha of `purpose` (sent again with its id and answer). */
export function captchaRequired(purpose: string, message: string): GraphQLError {
  return error('CAPTCHA_REQUIRED', message, { captchaPurpose: purpose });
}

/** Too many attempts; `retryAfterSeconds` tells when to try again. */
export function rateLimited(what: string, retryAfterSeconds: number): GraphQLError {
  return error('RATE_LIMITED', `Too many ${what}; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
}
