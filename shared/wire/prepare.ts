/**
 * A client's request made ready for one channel, as the relay sends it: passed through with the
 * model name rewritten, or translated to the channel's format. The control plane's channel test
 * prepares its request the same way.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { WireFormat } from '../formats.js';
import type { RuntimeChannel } from '../snapshot/runtime-config.js';
import { GatewayError } from './errors.js';
import { UpstreamFailure } from './failure.js';
import { TranslationError, type Translator } from './translate/translator.js';
import { translatorFor, upstreamFormat } from './translators.js';

/** Output cap sent when the upstream format requires one and neither the client nor the model gives one. */
const FALLBACK_MAX_TOKENS = 4096;

/** What preparing a request reads of the client's request. */
export interface ClientRequest {
  /** The client's format. */
  format: WireFormat;
  body: Record<string, unknown>;
  /** The body's bytes as the client sent them (what a pass-through forwards when it can). */
  rawBody: Buffer;
  stream: boolean;
  clientHeaders: IncomingHttpHeaders;
  /** Our model: the output cap for upstream formats that need one, the parameters it refuses. */
  model: {
    id: string;
    defaultMaxOutputTokens: number | null;
    limits: { maxOutputTokens: number | null };
    rejectedParameters: readonly string[];
  };
}

/** The request as sent to one channel. */
export interface PreparedRequest {
  upstreamFormat: WireFormat;
  /** Set when the formats differ: it translates the answer back. */
  translator?: Translator;
  body: Buffer;
  /** The gateway asked for `include_usage` on the client's behalf: the usage-only chunk is not the client's. */
  hideUsageChunk?: boolean;
}

/**
 * `req` made ready for `channel`, or an `untranslatable` failure when it cannot be expressed
 * there. `dropped` is told the client fields a translation had no upstream equivalent for, and
 * the format translated to.
 */
export function prepareRequest(req: ClientRequest, channel: RuntimeChannel, upstreamModel: string, dropped?: (fields: string[], to: WireFormat) => void): PreparedRequest | UpstreamFailure {
  const format = upstreamFormat(channel.kind, req.format);
  if (format === undefined) {
    return new UpstreamFailure('untranslatable', true, new GatewayError('invalid_request', `Requests in the ${req.format} format cannot be served by this model's channels`));
  }
  if (format === req.format) {
    // Pass-through: the client's bytes, with only the model name rewritten (Gemini names it in
    // the path) and, for a chat stream, the final usage asked for (metering needs it).
    const addUsage = format === 'chat-completions' && req.stream && !asksForUsage(req.body);
    if (!addUsage && (format === 'generateContent' || req.body.model === upstreamModel)) return { upstreamFormat: format, body: req.rawBody };
    const body: Record<string, unknown> = { ...req.body, model: upstreamModel };
    if (addUsage) body.stream_options = { ...asRecord(req.body.stream_options), include_usage: true };
    return { upstreamFormat: format, body: Buffer.from(JSON.stringify(body)), hideUsageChunk: addUsage };
  }
  const translator = translatorFor(req.format, format)!;
  const fields: string[] = [];
  try {
    const defaultMaxTokens = req.model.defaultMaxOutputTokens ?? req.model.limits.maxOutputTokens ?? FALLBACK_MAX_TOKENS;
    const context = { upstreamModel, stream: req.stream, defaultMaxTokens, headers: req.clientHeaders, dropped: (field: string) => void fields.push(field) };
    const body = withoutRejected(translator.request(req.body, context), req.model.rejectedParameters);
    if (fields.length > 0) dropped?.(fields, format);
    return { upstreamFormat: format, translator, body: Buffer.from(JSON.stringify(body)) };
  } catch (err) {
    if (!(err instanceof TranslationError)) throw err;
    // Another channel (of another kind) may take it; if none does, the client learns what, why
    // and for which kind of channel (the translation passes through chat internally; that is not it).
    return new UpstreamFailure('untranslatable', true, new GatewayError('invalid_request', `${err.message} (model '${req.model.id}', channel kind: ${channel.kind})`));
  }
}

/** An object value, or an empty object for anything else (absent, null). */
function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A translated body less the parameters the model refuses (`name`, or `object.name`): a client's
 * `temperature` with `top_p` must not turn into an upstream 400 for a model that takes only one.
 * Pass-through bodies are left as the client sent them.
 */
function withoutRejected(body: Record<string, unknown>, rejected: readonly string[]): Record<string, unknown> {
  for (const name of rejected) {
    const dot = name.indexOf('.');
    if (dot === -1) {
      delete body[name];
      continue;
    }
    const outer = name.slice(0, dot);
    const inner = body[outer];
    // A copy: the nested object may be the client's own, which another channel may still need.
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      const { [name.slice(dot + 1)]: _dropped, ...rest } = inner as Record<string, unknown>;
      body[outer] = rest;
    }
  }
  return body;
}

/** Did a chat-completions client ask for the usage chunk (`stream_options.include_usage`)? */
function asksForUsage(body: Record<string, unknown>): boolean {
  return asRecord(body.stream_options).include_usage === true;
}
