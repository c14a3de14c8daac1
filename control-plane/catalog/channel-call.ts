import type { Readable } from 'node:stream';
import type { WireFormat } from '../../shared/formats.js';
import type { FailureKind } from '../../shared/health/outcome.js';
import type { RuntimeChannel } from '../../shared/snapshot/runtime-config.js';
import { AttemptAbort } from '../../shared/wire/attempt-abort.js';
import { attemptCall, type AnswerReading, type AttemptTiming } from '../../shared/wire/attempt.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { UpstreamFailure, failureKindOf } from '../../shared/wire/failure.js';
import { KeyRing } from '../../shared/wire/key-ring.js';
import { UpstreamTransport } from '../../shared/wire/providers/transport.js';

/**
 * Longest a control-plane call waits for its whole answer, whatever the channel's own total
 * timeout (a short answer needs no long deadline), and so also the longest silence inside it.
 */
const CALL_TIMEOUT_MS = 30_000;

/** One small request to one channel, already in the channel's upstream format. */
export interface ChannelRequest {
  channel: RuntimeChannel;
  /** The upstream format `body` is in. */
  format: WireFormat;
  /** Our model id. */
  model: string;
  /** The name the upstream knows the model by. */
  upstreamModel: string;
  stream: boolean;
  /** The JSON body. */
  body: Buffer;
}

/** What one call did. */
export interface ChannelCall<T> {
  /** How the call counts for health; null on success. */
  failure: FailureKind | null;
  /** The upstream's HTTP status; null when no answer arrived. */
  status: number | null;
  /** Until the answer's headers, ms; null when none arrived. */
  ttfbMs: number | null;
  /** Until the end of the answer (or the failure), ms. */
  latencyMs: number;
  /** What the reader made of a successful (< 400) answer. */
  answer?: T;
  /** The failure as the relay classifies it: what a client would be told, a connection's error code, a rejected key. */
  failed?: UpstreamFailure;
  /** What the call or the answer's reader threw. */
  error?: unknown;
}

/**
 * Reads a successful answer: its body, with the attempt's hooks (the idle timer's restart, a
 * bounded whole-body read). Throws when the answer is unusable.
 */
export type AnswerReader<T> = (body: Readable, reading: AnswerReading) => Promise<T>;

/**
 * Calls channels for the control plane (health probes, the administrators' channel test) the way
 * the data plane's relay does: one attempt through shared/wire (transport and provider code, the
 * channel's timers, error statuses classified alike) with the channel's next usable key in turn.
 * The demo kind answers in-process. Waits at most the channel's total timeout and at most 30 s.
 */
export class ChannelCaller {
  private readonly transport = new UpstreamTransport();
  private readonly keys = new KeyRing();

  /** Sends `req` and hands a successful answer to `read`. Never throws. */
  async call<T>(req: ChannelRequest, read: AnswerReader<T>): Promise<ChannelCall<T>> {
    // A channel with no usable key is called without one: the upstream's refusal is the finding.
    const key = this.keys.next(req.channel)?.secret ?? '';
    const call = { ...req, key, clientHeaders: {} };
    const timing: AttemptTiming = {};
    const abort = new AttemptAbort();
    const options = { abort, idleTimeoutMs: CALL_TIMEOUT_MS, totalMs: CALL_TIMEOUT_MS, now: Date.now };
    const measured = () => ({ status: timing.status ?? null, ttfbMs: timing.ttfbMs ?? null, latencyMs: timing.latencyMs ?? 0 });
    try {
      const answer = await attemptCall(this.transport, call, timing, options, (res, reading) => read(res.body, reading));
      return { failure: null, ...measured(), answer };
    } catch (error) {
      // A reader's own error (an answer that is not JSON, an error envelope) leaves the answer unusable.
      const failed = error instanceof UpstreamFailure ? error : new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream answer could not be used'));
      const kind = failureKindOf(failed.result, failed.status);
      // The request is the control plane's own and valid: an upstream refusing it (an unknown model name, say) is the channel's failure.
      return { failure: kind === 'skip' ? 'upstream_4xx' : kind, ...measured(), failed, error };
    }
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await this.transport.close();
  }
}

/** How long a call to `channel` may take in all: its total timeout, at most 30 s. */
export function callDeadlineMs(channel: RuntimeChannel): number {
  return Math.min(channel.timeouts.totalMs, CALL_TIMEOUT_MS);
}
