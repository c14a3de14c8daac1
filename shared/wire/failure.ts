/**
 * Upstream failures: which ones another channel may retry (connection errors, timeouts, 429, 5xx,
 * and a channel's rejected credentials), and what the client is told. Client messages never carry
 * upstream keys, URLs, hosts or internals.
 */
import type { FailureKind } from '../health/outcome.js';
import type { ChannelKind } from '../snapshot/types.js';
import { GatewayError, type ErrorKind } from './errors.js';
import { AbortReason, type AbortSource } from './attempt-abort.js';
import type { RetryHint } from './retry-hint.js';

/** What routing reads of a failure besides its result and status (see routing/failure-scope.ts). */
/** How one upstream attempt ended. */
export type AttemptResult = 'ok' | 'connect' | 'timeout' | 'status' | 'cut' | 'bad-response' | 'untranslatable' | 'client-gone' | 'shutdown';

export interface FailureDetail {
  /** The system or undici error code of a failed connection. */
  code?: string;
  /** A 5xx that came without a body (a proxy's, not the model's own answer). */
  bodyless?: boolean;
  /** When the upstream said to come back (a 429 or 503 with `Retry-After` or rate-limit headers). */
  retryHint?: RetryHint;
}

/** A failed attempt. */
export class UpstreamFailure extends Error {
  constructor(
    readonly result: AttemptResult,
    /** May the next channel be tried (and does it count against the channel's breaker)? */
    readonly retryable: boolean,
    /** What the client gets if this is the last word. */
    readonly clientError: GatewayError,
    readonly status?: number,
    detail: FailureDetail = {},
  ) {
    super(clientError.message);
    this.name = 'UpstreamFailure';
    this.code = detail.code;
    this.bodyless = detail.bodyless;
    this.retryHint = detail.retryHint;
  }

  readonly code: string | undefined;
  readonly bodyless: boolean | undefined;
  readonly retryHint: RetryHint | undefined;
}

/**
 * The upstream rejected the key itself: a key failure, not the channel's. The relay drops the
 * key, reports it, and tries the channel's next key (then the next channel); the channel's
 * breaker is not touched, since its other keys may serve.
 */
export class KeyRejected extends UpstreamFailure {
  constructor(status: number) {
    super('status', true, new GatewayError('upstream', 'The upstream rejected the channel credentials'), status);
    this.name = 'KeyRejected';
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** A thrown error (undici, an abort, a stream cut) as a failure. */
export function failureFromError(err: unknown, signal: AbortSource, during: 'connect' | 'cut' = 'connect'): UpstreamFailure {
  if (err instanceof UpstreamFailure) return err;
  const reason = signal.aborted ? signal.reason : undefined;
  if (reason instanceof AbortReason && reason.result === 'client-gone') {
    return new UpstreamFailure('client-gone', false, new GatewayError('invalid_request', 'The client closed the connection', 499));
  }
  if (reason instanceof AbortReason && reason.result === 'shutdown') {
    // Not the upstream's fault, and no other channel would have the time either.
    return new UpstreamFailure('shutdown', false, new GatewayError('unavailable', 'The server is shutting down and could not finish this answer in time; please retry'));
  }
  if (reason instanceof AbortReason && reason.result === 'idle') {
    return new UpstreamFailure('timeout', true, new GatewayError('timeout', 'The upstream stopped sending before its answer was complete'));
  }
  const code = (err as { code?: string } | null)?.code;
  if (reason instanceof AbortReason || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return new UpstreamFailure('timeout', true, new GatewayError('timeout', 'The upstream did not answer in time'));
  }
  if (during === 'cut') return new UpstreamFailure('cut', true, new GatewayError('upstream', 'The upstream connection broke off before the answer was complete'), undefined, { code });
  return new UpstreamFailure('connect', true, new GatewayError('upstream', 'The upstream could not be reached'), undefined, { code: code ?? causeCode(err) });
}

/** undici wraps the socket's error (`fetch failed` with `cause.code`). */
function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

const KIND_OF_STATUS: Record<number, ErrorKind> = { 400: 'invalid_request', 403: 'permission', 404: 'not_found', 413: 'too_large', 422: 'invalid_request' };

/** The message inside an upstream error envelope (OpenAI, Anthropic and Google all use `error.message`). */
function upstreamMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}

/** A message saying, in one sentence, that the key is invalid, revoked, expired and the like. */
const KEY_INVALID = /\bkey\b[^.]*\b(?:invalid|not valid|incorrect|revoked|expired|leaked|suspended|disabled|deactivated)\b|\b(?:invalid|incorrect|revoked|expired|leaked|suspended|disabled|deactivated)\b[^.]*\bkey\b/i;

/**
 * Did the upstream reject the key itself (rather than the request, or the channel)? By kind:
 * - every upstream kind: 401 (OpenAI `invalid_api_key`, Azure, Anthropic `authentication_error`,
 *   OpenAI-compatible servers);
 * - every upstream kind: 403 whose message says the key is invalid, revoked, expired, leaked,
 *   suspended or disabled (resellers and Gemini's leaked or suspended keys answer so); any other
 *   403 (region, model or organisation not allowed; Anthropic `permission_error`) says the key is
 *   valid but not allowed there: a channel failure;
 * - gemini: also 400 with reason `API_KEY_INVALID` ("API key not valid"), which is how Google
 *   answers an unknown or deleted key;
 * - demo: never (it has no key).
 */
export function rejectsKey(kind: ChannelKind, status: number, text: string): boolean {
  if (kind === 'demo') return false;
  if (status === 401) return true;
  if (status === 403) return KEY_INVALID.test(upstreamMessage(text) ?? '');
  return kind === 'gemini' && status === 400 && (text.includes('API_KEY_INVALID') || /API key not valid/i.test(text));
}

/** Removes anything that could identify the upstream: its secrets, URLs, IP addresses, key-like tokens. */
export function redact(message: string, secrets: string[]): string {
  let out = message;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('[redacted]');
  return out
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[redacted-url]')
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '[redacted-host]')
    .replace(/\b(?:sk|key|AIza)[-_A-Za-z0-9]{8,}/g, '[redacted]')
    .slice(0, 500);
}

/**
 * An upstream error status as a failure. 429, 408, 5xx and the channel's own credential errors
 * (401/403: not the client's fault) go to the next channel; other 4xx describe the request, so
 * their (redacted) message reaches the client with the same status.
 */
export function failureFromStatus(status: number, text: string, retryHint: RetryHint | undefined, secrets: string[]): UpstreamFailure {
  if (status === 401 || status === 403) {
    return new UpstreamFailure('status', true, new GatewayError('upstream', 'The upstream rejected the channel credentials'), status);
  }
  if (status === 429) {
    const seconds = retryHint ? Math.max(1, Math.ceil(retryHint.waitMs / 1000)) : undefined;
    const error = new GatewayError('rate_limit', `The upstream is rate limiting requests${seconds ? `; retry after ${seconds} s` : ''}`, undefined, { retryAfterSeconds: seconds });
    return new UpstreamFailure('status', true, error, status, { retryHint });
  }
  if (status === 408 || status >= 500) {
    const kind: ErrorKind = status === 504 || status === 408 ? 'timeout' : status === 503 || status === 529 ? 'unavailable' : 'upstream';
    const error = new GatewayError(kind, `The upstream failed with status ${status}`, status === 529 ? 503 : status >= 500 ? status : 504);
    return new UpstreamFailure('status', true, error, status, { retryHint, bodyless: text.trim() === '' });
  }
  const message = upstreamMessage(text);
  const detail = message ? `: ${redact(message, secrets)}` : '';
  return new UpstreamFailure('status', false, new GatewayError(KIND_OF_STATUS[status] ?? 'invalid_request', `The upstream refused the request${detail}`, status), status);
}

/**
 * How an attempt that ended with `result` (and `status`) counts for health: a success (null), a
 * failure of some kind, or nothing ('skip') when the upstream is not to blame: the client went
 * away, the server shut down, the request could not be expressed for the channel (no upstream
 * call), or the upstream refused the request's content (400, 404, 413, 422: the client's mistake
 * passed through). Credential errors, 408 and 429 are the channel's.
 */
export function failureKindOf(result: AttemptResult, status: number | undefined): FailureKind | null | 'skip' {
  switch (result) {
    case 'ok':
      return null;
    case 'connect':
    case 'timeout':
      return result;
    case 'cut':
      return 'cut_stream';
    case 'bad-response':
      return 'bad_response';
    case 'status': {
      const code = status ?? 0;
      if (code >= 500) return 'upstream_5xx';
      return [401, 403, 408, 429].includes(code) ? 'upstream_4xx' : 'skip';
    }
    default:
      return 'skip';
  }
}
