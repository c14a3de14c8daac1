/**
 * One exchange of a media endpoint with an upstream, as a {@link ChannelCall} makes it: resolves
 * once a 2xx answer's headers came; a connection failure or a timeout, and an error status (its
 * body read, a bounded amount, for the message), are thrown as an UpstreamFailure (a KeyRejected
 * when the upstream called the key invalid; with the back-off a 429 or 503 names). The attempt's
 * timings and status go on `record`.
 */
import type { RuntimeChannel } from '../../shared/snapshot/runtime-config.js';
import { readBounded } from '../../shared/wire/bounded-body.js';
import type { UpstreamResponse } from '../../shared/wire/providers/provider.js';
import type { UpstreamTransport } from '../../shared/wire/providers/transport.js';
import { AttemptAbort } from '../../shared/wire/attempt-abort.js';
import { AbortReason } from '../../shared/wire/attempt-abort.js';
import { KeyRejected, failureFromError, failureFromStatus, rejectsKey } from '../../shared/wire/failure.js';
import { retryHint } from '../../shared/wire/retry-hint.js';
import type { AttemptRecord } from '../relay/outcome.js';

const MAX_ERROR_BYTES = 64 * 1024;

/** A request to an upstream, as the transport sends it. */
export type MediaExchange = Parameters<UpstreamTransport['exchange']>[1];

/** How one exchange is bounded and what its error messages must not show. */
export interface ExchangeLimits {
  /** Until the answer's headers; then the attempt fails as a timeout. */
  timeoutMs: number;
  /** Strings taken out of an upstream's error message (the key, the channel's address). */
  hide: string[];
  /** The clock a back-off hint (`Retry-After`, rate-limit resets) is read against; default Date.now. */
  now?: () => number;
}

/** Sends `exchange` on `channel` (see the file comment). */
export async function exchangeOnce(transport: UpstreamTransport, channel: RuntimeChannel, exchange: MediaExchange, record: AttemptRecord, limits: ExchangeLimits): Promise<UpstreamResponse> {
  const started = performance.now();
  const abort = new AttemptAbort();
  const timer = setTimeout(() => abort.abort(new AbortReason('timeout')), limits.timeoutMs);
  let res: UpstreamResponse;
  try {
    res = await transport.exchange(channel, exchange, abort);
  } catch (err) {
    throw failureFromError(err, abort);
  } finally {
    clearTimeout(timer);
    record.ttfbMs = performance.now() - started;
    record.latencyMs = record.ttfbMs;
  }
  record.status = res.status;
  if (res.status >= 400) {
    // An error body that breaks off, or is too large to keep, says no more than its status.
    const text = (await readBounded(res.body, MAX_ERROR_BYTES).catch(() => undefined))?.toString('utf8') ?? '';
    res.body.destroy();
    if (rejectsKey(channel.kind, res.status, text)) throw new KeyRejected(res.status);
    // A 429 or 503 saying when to come back parks the channel (../routing/failure-scope.ts).
    const hint = res.status === 429 || res.status === 503 ? retryHint(res.headers, text, (limits.now ?? Date.now)()) : undefined;
    throw failureFromStatus(res.status, text, hint, limits.hide);
  }
  return res;
}
