import type { WireFormat } from '../formats.js';

/** What went wrong, independent of the wire format it is reported in. */
export type ErrorKind =
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'insufficient_balance'
  | 'not_found'
  | 'too_large'
  | 'rate_limit'
  | 'upstream'
  | 'unavailable'
  | 'timeout'
  | 'internal';

const STATUS: Record<ErrorKind, number> = {
  invalid_request: 400,
  authentication: 401,
  insufficient_balance: 402,
  permission: 403,
  not_found: 404,
  too_large: 413,
  rate_limit: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
  timeout: 504,
};

/** An error meant for the client: its message is safe to show (no upstream keys, URLs or internals). */
export class GatewayError extends Error {
  readonly status: number;
  /**
   * Seconds the client should wait before trying again (the `Retry-After` header): what the gateway
   * knows, and for every 503 at least {@link UNAVAILABLE_RETRY_AFTER_SECONDS} (a 503 always says when to come back).
   */
  readonly retryAfterSeconds: number | undefined;
  /** The OpenAI error `type` when the kind alone does not say it (a rate limit: `requests` or `tokens`). */
  readonly openaiType: string | undefined;
  /** The request parameter at fault, for the OpenAI error's `param` (e.g. `size`). */
  readonly param: string | undefined;

  constructor(readonly kind: ErrorKind, message: string, status?: number, options: { retryAfterSeconds?: number; openaiType?: string; param?: string } = {}) {
    super(message);
    this.name = 'GatewayError';
    this.status = status ?? STATUS[kind];
    this.retryAfterSeconds = options.retryAfterSeconds ?? (this.status === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
    this.openaiType = options.openaiType;
    this.param = options.param;
  }
}

/**
 * The `Retry-After` of a 503 that knows no better (a draining node, no channel available, rate
 * limits that cannot be checked): another node, or this one a moment later, may serve.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/** The `Retry-After` of a 503 answered because Redis could not be reached: it is usually back within seconds. */
export const REDIS_RETRY_AFTER_SECONDS = 2;

/**
 * The 503 of a request that needed Redis (a token record, a reservation) and could not reach it
 * within REDIS_TIMEOUT_MS. Never a 401 or a 402: a timeout says nothing about the key or the balance.
 */
export function redisUnavailable(what: string): GatewayError {
  return new GatewayError('unavailable', `The service cannot check ${what} right now; please retry shortly`, undefined, { retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS });
}

const ANTHROPIC_TYPE: Record<ErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  insufficient_balance: 'billing_error',
  not_found: 'not_found_error',
  too_large: 'request_too_large',
  rate_limit: 'rate_limit_error',
  upstream: 'api_error',
  unavailable: 'overloaded_error',
  timeout: 'timeout_error',
  internal: 'api_error',
};

const OPENAI_TYPE: Record<ErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  insufficient_balance: 'insufficient_quota',
  not_found: 'not_found_error',
  too_large: 'invalid_request_error',
  rate_limit: 'rate_limit_error',
  upstream: 'upstream_error',
  unavailable: 'service_unavailable',
  timeout: 'server_error',
  internal: 'server_error',
};

/** OpenAI error codes that differ from the type (OpenAI's 429s: type `requests` or `tokens`, code `rate_limit_exceeded`). */
const OPENAI_CODE: Partial<Record<ErrorKind, string>> = { rate_limit: 'rate_limit_exceeded' };

const GOOGLE_STATUS: Record<ErrorKind, string> = {
  invalid_request: 'INVALID_ARGUMENT',
  authentication: 'UNAUTHENTICATED',
  permission: 'PERMISSION_DENIED',
  insufficient_balance: 'RESOURCE_EXHAUSTED',
  not_found: 'NOT_FOUND',
  too_large: 'INVALID_ARGUMENT',
  rate_limit: 'RESOURCE_EXHAUSTED',
  upstream: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
  timeout: 'DEADLINE_EXCEEDED',
  internal: 'INTERNAL',
};

/** The error body in the client's own format; the request id is part of the message. */
export function errorBody(format: WireFormat, error: GatewayError, requestId: string): Record<string, unknown> {
  const message = `${error.message} (request id: ${requestId})`;
  switch (format) {
    case 'messages':
      return { type: 'error', error: { type: ANTHROPIC_TYPE[error.kind], message }, request_id: requestId };
    case 'generateContent':
      return { error: { code: error.status, message, status: GOOGLE_STATUS[error.kind] } };
    case 'chat-completions':
    case 'responses':
      return { error: { message, type: error.openaiType ?? OPENAI_TYPE[error.kind], param: error.param ?? null, code: OPENAI_CODE[error.kind] ?? OPENAI_TYPE[error.kind] } };
  }
}

/** The format a path belongs to, for answering errors before a route matched. */
export function formatOfPath(path: string): WireFormat {
  if (path.startsWith('/v1/messages')) return 'messages';
  if (path.startsWith('/v1beta/') || /^\/v1\/models\/[^/]+:/.test(path)) return 'generateContent';
  if (path.startsWith('/v1/responses')) return 'responses';
  return 'chat-completions';
}
