import type { Readable } from 'node:stream';
import type { WireFormat } from '../../shared/formats.js';
import type { FailureKind } from '../../shared/health/outcome.js';
import type { RuntimeChannel } from '../../shared/snapshot/runtime-config.js';
import type { UpstreamResponse } from '../../shared/wire/providers/provider.js';
import type { UpstreamTransport } from '../../shared/wire/providers/transport.js';
import { readBounded } from '../../shared/wire/bounded-body.js';

/** Longest a control-plane call waits for its whole answer, whatever the channel's own total timeout. */
const CALL_TIMEOUT_MS = 30_000;
/** Largest error body kept. */
const MAX_ERROR_BODY = 64 * 1024;

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
  body: Record<string, unknown>;
}

/** What one call did. */
export interface ChannelCall<T> {
  /** Null on success. */
  failure: FailureKind | null;
  /** The upstream's HTTP status; null when no answer arrived. */
  status: number | null;
  /** Until the answer's headers, ms; null when none arrived. */
  ttfbMs: number | null;
  /** Until the end of the answer (or the failure), ms. */
  latencyMs: number;
  /** What `read` made of a successful (< 400) answer. */
  answer?: T;
  /** The start of the body of an error status (>= 400). */
  errorBody?: string;
  /** What the transport or `read` threw. */
  error?: unknown;
}

/**
 * Sends one request to `channel` with its first enabled key, through the data plane's own
 * provider code (URL, auth, version headers; the demo kind answers in-process), as health probes
 * and the admin's channel test do. Waits at most the channel's total timeout and at most 30 s (a
 * short answer needs no long deadline). A successful answer's body goes to `read`, which throws
 * when the answer is unusable; an error status's body is kept as text. Never throws.
 */
export async function callChannel<T>(transport: UpstreamTransport, req: ChannelRequest, read: (body: Readable) => Promise<T>): Promise<ChannelCall<T>> {
  const { channel } = req;
  const key = channel.keys.find((k) => k.enabled)?.secret ?? '';
  const started = performance.now();
  const signal = AbortSignal.timeout(callDeadlineMs(channel));
  const timedOut = (err: unknown) => signal.aborted || ((err as { code?: string } | null)?.code?.includes('TIMEOUT') ?? false);
  const done = (rest: Omit<ChannelCall<T>, 'latencyMs'>): ChannelCall<T> => ({ ...rest, latencyMs: performance.now() - started });
  let res: UpstreamResponse;
  try {
    res = await transport.send({ ...req, key, body: Buffer.from(JSON.stringify(req.body)), clientHeaders: {} }, signal);
  } catch (error) {
    return done({ failure: timedOut(error) ? 'timeout' : 'connect', status: null, ttfbMs: null, error });
  }
  const ttfbMs = performance.now() - started;
  const status = res.status;
  if (status >= 400) {
    // An error body that breaks off, or is too large to keep, says no more than its status.
    const errorBody = (await readBounded(res.body, MAX_ERROR_BODY).catch(() => undefined))?.toString('utf8') ?? '';
    res.body.destroy();
    return done({ failure: status >= 500 ? 'upstream_5xx' : 'upstream_4xx', status, ttfbMs, errorBody });
  }
  try {
    return done({ failure: null, status, ttfbMs, answer: await read(res.body) });
  } catch (error) {
    return done({ failure: timedOut(error) ? 'timeout' : req.stream ? 'cut_stream' : 'bad_response', status, ttfbMs, error });
  } finally {
    if (!res.body.destroyed) res.body.destroy();
  }
}

/** How long a call to `channel` may take in all: its total timeout, at most 30 s. */
export function callDeadlineMs(channel: RuntimeChannel): number {
  return Math.min(channel.timeouts.totalMs, CALL_TIMEOUT_MS);
}

/** Reads a body to its end (a probe wants nothing from it); throws when it broke off. */
export async function drain(body: Readable): Promise<void> {
  for await (const chunk of body) void chunk;
}
