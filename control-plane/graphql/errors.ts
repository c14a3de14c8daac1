import { GraphQLError } from 'graphql';

/** The error codes the API uses in `extensions.code`. */
type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'INTERNAL_SERVER_ERROR';

function error(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** Invalid input; `field` names the offending input field; `extra` adds extensions (e.g. a `reason` a console can translate). */
export function badInput(field: string, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return error('BAD_USER_INPUT', `${field}: ${message}`, { ...extra, field });
}

/** No (valid) session. */
export function unauthenticated(message = 'Login required'): GraphQLError {
  return error('UNAUTHENTICATED', message);
}

/** Logged in, but not allowed. */
export function forbidden(message: string): GraphQLError {
  return error('FORBIDDEN', message);
}

/** Missing, or not visible to this viewer (the two are not told apart, so ids cannot be probed). */
export function notFound(what: string): GraphQLError {
  return error('NOT_FOUND', `${what} not found`);
}

/** Too many attempts; `retryAfterSeconds` tells when to try again. */
export function rateLimited(what: string, retryAfterSeconds: number): GraphQLError {
  return error('RATE_LIMITED', `Too many ${what}; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
}
