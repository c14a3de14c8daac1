/**
 * How an upstream stream ends, read from its own events (docs/formats.md, "Event streams"):
 * whether its terminal event came (the answer is whole), and whether it reported an error in-band
 * (a 200 stream that carries an error event instead of, or after, its answer: Anthropic's `event:
 * error` when overloaded, an `{"error": ...}` chunk, `response.failed`), and the failures these
 * are. The relay's pipes (data-plane/relay/stream.ts) act on it: an in-band error before anything
 * reached the client fails the attempt (the next channel is tried, the breaker counts it); after,
 * and for a stream that ends without its terminal event, the client's stream ends with the
 * gateway's own error event, and the request is charged as cut short. The control plane's probes
 * and channel tests read streams with it too (./upstream-stream.ts).
 */
import type { WireFormat } from '../formats.js';
import { GatewayError } from './errors.js';
import { UpstreamFailure, redact } from './failure.js';
import { SseEventTooLarge, type SseEvent, type SseReader } from './sse/read.js';
import type { StreamEvent } from './translate/translator.js';

/** An error the upstream reported inside its stream. */
export interface InBandError {
  /** The upstream's own message (to be redacted before a client sees it). */
  message: string;
  /** The upstream said it is overloaded or rate limited (what a 429, 503 or 529 says over HTTP). */
  overloaded: boolean;
  /** The upstream said the request itself is invalid (what a 400 says over HTTP): the client's mistake, not the channel's failure. */
  refusesRequest: boolean;
}

type Loose = Record<string, unknown>;

function asRecord(value: unknown): Loose | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
}

const OVERLOADED = /overload|rate.?limit|resource.?exhausted|unavailable|capacity|too many/i;
/** Error types and codes of a request refused as invalid: Anthropic `invalid_request_error`, Google 400 `INVALID_ARGUMENT`, OpenAI `invalid_prompt`. */
const REFUSED = /invalid.?(?:request|argument|prompt)|bad.?request|^400\b|\b400$/i;

/** An error envelope (`{message, type|code|status}`) as an in-band error. */
function inBand(envelope: unknown): InBandError {
  const e = asRecord(envelope) ?? {};
  const message = typeof e.message === 'string' ? e.message : 'unknown error';
  const kind = [e.type, e.code, e.status].filter((v) => typeof v === 'string' || typeof v === 'number').join(' ');
  return { message, overloaded: OVERLOADED.test(kind) || OVERLOADED.test(message), refusesRequest: REFUSED.test(kind) };
}

/** What one parsed upstream event says: the answer is whole, or it is an error, or neither. */
function classify(format: WireFormat, event: StreamEvent): 'finished' | InBandError | undefined {
  if (event.data === '[DONE]') return format === 'chat-completions' ? 'finished' : undefined;
  const data = asRecord(event.data);
  if (!data) return undefined;
  switch (format) {
    case 'chat-completions':
      return asRecord(data.error) && !Array.isArray(data.choices) ? inBand(data.error) : undefined;
    case 'messages':
      if (data.type === 'message_stop') return 'finished';
      return data.type === 'error' || event.event === 'error' ? inBand(data.error ?? data) : undefined;
    case 'responses':
      if (data.type === 'response.completed' || data.type === 'response.incomplete') return 'finished';
      if (data.type === 'response.failed') return inBand(asRecord(data.response)?.error);
      return data.type === 'error' ? inBand(data) : undefined;
    case 'generateContent': {
      if (asRecord(data.error)) return inBand(data.error);
      const candidates = Array.isArray(data.candidates) ? data.candidates : [];
      return candidates.some((c) => typeof asRecord(c)?.finishReason === 'string') ? 'finished' : undefined;
    }
  }
}

/** Watches one upstream stream (one per attempt). */
export class StreamWatch {
  /** The terminal event came: the answer is whole. */
  finished = false;

  constructor(readonly format: WireFormat) {}

  /** One upstream event, as the stream's reader parsed it; its error when it is one. */
  event(event: StreamEvent): InBandError | undefined {
    const seen = classify(this.format, event);
    if (seen !== 'finished') return seen;
    this.finished = true;
    return undefined;
  }
}

/** The events `chunk` completed (undefined: the stream ended); an oversized event fails the stream as a bad answer. */
export function readEvents(reader: SseReader, chunk: Buffer | undefined): SseEvent[] {
  try {
    return chunk ? reader.push(chunk) : reader.end();
  } catch (err) {
    if (err instanceof SseEventTooLarge) throw new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream sent an oversized event'));
    throw err;
  }
}

/** A stream with no event at all. */
export const emptyStream = () => new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream stream ended without any event'));

/** An event whose data is neither JSON nor a terminator. */
export const malformedEvent = () => new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream sent a malformed stream event'));

/** The upstream closed its stream cleanly but before its terminal event: a cut, as far as the client and the charge go. */
export const endedEarly = () => new UpstreamFailure('cut', true, new GatewayError('upstream', 'The upstream stream ended before the answer was complete'));

/**
 * An error the upstream reported in its stream, as the status HTTP would have carried (breaker and
 * health count it alike): 503 when it says it is overloaded, 502 otherwise; 400 when it says the
 * request is invalid, which is the client's mistake (no other channel is tried, nothing is counted).
 * `secrets`: what the message must not carry (the call's key, the upstream's address).
 */
export function inBandFailure(error: InBandError, secrets: string[]): UpstreamFailure {
  const message = redact(error.message, secrets);
  if (error.refusesRequest) return new UpstreamFailure('status', false, new GatewayError('invalid_request', `The upstream refused the request: ${message}`), 400);
  const client = new GatewayError(error.overloaded ? 'unavailable' : 'upstream', `The upstream reported an error: ${message}`);
  return new UpstreamFailure('status', true, client, error.overloaded ? 503 : 502);
}
