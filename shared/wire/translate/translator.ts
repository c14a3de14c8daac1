import type { IncomingHttpHeaders } from 'node:http';
import type { WireFormat } from '../../formats.js';

/**
 * One server-sent event, already parsed from (or about to be framed into) SSE bytes.
 * `data` is the decoded JSON payload; the literal string `'[DONE]'` stands for the
 * chat-completions terminator. SSE framing lives in `shared/wire/sse/`, never in a translator.
 */
export interface StreamEvent {
  event?: string;
  data: unknown;
}

/** What a translator needs to know about the target besides the client's body. */
export interface TranslateContext {
  /** The model id the upstream expects (after the channel's name mapping). */
  upstreamModel: string;
  /** Whether the client asked for a stream. */
  stream: boolean;
  /** Max output tokens to send when the target format requires it and the client gave none. */
  defaultMaxTokens: number;
  /** The client's request headers (`session-id`, `anthropic-beta`, ...), when known. */
  headers?: IncomingHttpHeaders;
  /**
   * Told of each client field left out because the target has no equivalent (the relay logs them
   * at debug level); `field` is its path in the client's body, or `header <name>`.
   */
  dropped?: (field: string) => void;
  /**
   * True when the output is the chat-completions pivot of a composed translation (e.g. responses
   * -> chat -> messages) rather than an upstream body: fields only the next translator can map
   * (hosted web search, signed reasoning) are kept for it instead of being dropped.
   */
  pivot?: boolean;
}

/**
 * Raised when a request cannot be expressed in the target format; becomes a 400 in the
 * client's own error shape with this message (which says what and why).
 */
export class TranslationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslationError';
  }
}

/**
 * Translates one request between a client format and an upstream format, both ways.
 * Created per request and not shared: stream state lives on the instance.
 */
export interface Translator {
  readonly from: WireFormat;
  readonly to: WireFormat;
  /** Client request body -> upstream request body. Throws TranslationError. */
  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown>;
  /** Complete upstream response body -> client response body. */
  response(body: Record<string, unknown>): Record<string, unknown>;
  /** One upstream stream event -> zero or more client stream events. */
  streamEvent(event: StreamEvent): StreamEvent[];
  /** The upstream stream ended (cleanly or not): client events still owed, e.g. a final stop. */
  streamEnd(): StreamEvent[];
}
