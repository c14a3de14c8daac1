/**
 * One attempt on one channel with one key, as the data plane's relay makes it and as the control
 * plane's channel tests and health probes make it too: the call through the transport under the
 * channel's timers, an error status read and classified (a rejected key, a back-off hint, what
 * the client is told), and a successful answer handed to the caller to read.
 */
import type { AttemptAbort } from './attempt-abort.js';
import { readBounded } from './bounded-body.js';
import { GatewayError } from './errors.js';
import { AbortReason } from './attempt-abort.js';
import { KeyRejected, UpstreamFailure, failureFromError, failureFromStatus, rejectsKey } from './failure.js';
import type { UpstreamCall, UpstreamResponse } from './providers/provider.js';
import type { UpstreamTransport } from './providers/transport.js';
import { retryHint } from './retry-hint.js';

/** Largest error body read (a larger one says no more than its status). */
const MAX_ERROR_BODY = 64 * 1024;

/** What an attempt measured, filled in as it goes (a failed attempt keeps what it got to). */
export interface AttemptTiming {
  /** The upstream's HTTP status, when one arrived. */
  status?: number;
  /** Until the upstream's response headers arrived, ms. */
  ttfbMs?: number;
  /** The whole attempt, ms (set when it ended). */
  latencyMs?: number;
}

/** How one attempt runs. */
export interface AttemptOptions {
  /** The attempt's abort switch; the caller may pull it for reasons of its own (client gone, shutdown). */
  abort: AttemptAbort;
  /** Longest silence between the upstream's chunks, for channels without their own. */
  idleTimeoutMs: number;
  /** A deadline of the whole exchange shorter than the channel's total timeout, if any. */
  totalMs?: number;
  /** The clock a back-off hint is read against, ms since the epoch. */
  now: () => number;
  /** The clock the attempt's timings are read on, ms; default `performance.now()` (tests give one they move). */
  stopwatch?: () => number;
}

/** The attempt timings' clock unless a test gives its own. */
const realClock = (): number => performance.now();

/** What the reader of a successful answer is given besides the response. */
export interface AnswerReading {
  /** Aborted when a timer fires or the caller pulls the switch. */
  signal: AttemptAbort;
  /** To call on every chunk read: it ends the first-byte wait and restarts the idle timer. */
  received: () => void;
  /** The whole body, at most `limit` bytes; throws UpstreamFailure (cut, timeout, too large). */
  whole: (limit: number) => Promise<Buffer>;
  /** What a message about this call must not carry: its key and where the upstream lives. */
  secrets: () => string[];
}

/**
 * Sends `call` and hands a successful (< 400) answer to `read`; throws UpstreamFailure for a
 * connection failure, a timeout, an error status ({@link KeyRejected} when the key itself was
 * refused) or whatever `read` throws. Timers: first byte (headers, then the body's first chunk),
 * the whole exchange, and once the headers came the silence between chunks (idle). The response
 * body is destroyed when the attempt ends, read or not.
 */
export async function attemptCall<T>(
  transport: UpstreamTransport,
  call: UpstreamCall,
  timing: AttemptTiming,
  options: AttemptOptions,
  read: (res: UpstreamResponse, reading: AnswerReading) => Promise<T>,
): Promise<T> {
  const stopwatch = options.stopwatch ?? realClock;
  const started = stopwatch();
  const { abort } = options;
  // The reason is made only when a timer fires: an Error captures a stack, too dear for every request.
  const timeout = () => abort.abort(new AbortReason('timeout'));
  const timeouts = call.channel.timeouts;
  const totalTimer = setTimeout(timeout, Math.min(timeouts.totalMs, options.totalMs ?? Infinity));
  let firstByteTimer: NodeJS.Timeout | undefined = setTimeout(timeout, timeouts.firstByteMs);
  const firstByte = () => {
    clearTimeout(firstByteTimer);
    firstByteTimer = undefined;
  };
  let res: UpstreamResponse | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  try {
    try {
      res = await transport.send(call, abort);
    } catch (err) {
      throw failureFromError(err, abort);
    }
    timing.ttfbMs = stopwatch() - started;
    timing.status = res.status;
    idleTimer = setTimeout(() => abort.abort(new AbortReason('idle')), timeouts.idleMs ?? options.idleTimeoutMs);
    const received = () => {
      firstByte();
      idleTimer!.refresh();
    };
    const body = res.body;
    const upTo = async (limit: number) => {
      try {
        return await readBounded(body, limit, received);
      } catch (err) {
        throw failureFromError(err, abort, 'cut');
      }
    };
    if (res.status >= 400) {
      firstByte();
      const text = (await upTo(MAX_ERROR_BODY))?.toString('utf8') ?? '';
      if (rejectsKey(call.channel.kind, res.status, text)) throw new KeyRejected(res.status);
      const hint = res.status === 429 || res.status === 503 ? retryHint(res.headers, text, options.now()) : undefined;
      throw failureFromStatus(res.status, text, hint, secretsOf(call));
    }
    const whole = async (limit: number) => {
      firstByte();
      const bytes = await upTo(limit);
      if (bytes === undefined) throw new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream answer is too large'));
      return bytes;
    };
    return await read(res, { signal: abort, received, whole, secrets: () => secretsOf(call) });
  } finally {
    timing.latencyMs = stopwatch() - started;
    clearTimeout(totalTimer);
    clearTimeout(firstByteTimer);
    clearTimeout(idleTimer);
    // An unread undici body errors when destroyed (RequestAbortedError): nobody is left to care.
    if (res && !res.body.destroyed) res.body.on('error', () => undefined).destroy();
  }
}

/** What must never reach a client from `call`: its key and where the upstream lives. */
function secretsOf(call: UpstreamCall): string[] {
  const out = [call.key];
  if (call.channel.baseUrl) {
    out.push(call.channel.baseUrl);
    try {
      out.push(new URL(call.channel.baseUrl).host);
    } catch {
      // A malformed base URL never got this far (the call would have failed to connect).
    }
  }
  return out;
}
