/**
 * Anthropic Messages as Anthropic documents it (API reference "Messages", "Streaming Messages",
 * "Errors", extended thinking and prompt caching guides):
 * - body: `message` with content blocks in order (a signed `thinking` block, `text`, `tool_use` with
 *   an object `input`), `stop_reason` `tool_use` or `end_turn`, usage with `input_tokens` EXCLUDING
 *   the cache (`cache_read_input_tokens`, `cache_creation_input_tokens` and its 5m/1h
 *   `cache_creation` breakdown beside it) and `output_tokens` including thinking
 *   (`output_tokens_details.thinking_tokens` says how much).
 * - stream: named events only (`event:` line always): `message_start` (usage with input and cache
 *   counts, `output_tokens` of the first token), `ping`, one block at a time
 *   (`content_block_start` / `_delta`* / `_stop`, dense indices; a thinking block streams
 *   `thinking_delta`s then one `signature_delta`; a tool_use block starts with `input: {}` and an
 *   empty `input_json_delta`, then fragments of JSON written with spaces), `message_delta` with the
 *   stop reason and the cumulative usage, `message_stop`.
 * - failure mid-stream: `event: error` with `{"type":"error","error":{"type":"overloaded_error",...}}`.
 */
import { base62Id, fullText, spacedJson, textDeltas, thinkingDeltas, type CannedReply, type CannedUsage, type ReplyContext, type WireEvent } from './reply.js';

/** Usage; the thinking share of `output_tokens` is reported (current API) when the model thought. */
function usageOf(u: CannedUsage): Record<string, unknown> {
  return {
    input_tokens: u.input,
    cache_creation_input_tokens: u.cacheWrite,
    cache_read_input_tokens: u.cacheRead,
    cache_creation: { ephemeral_5m_input_tokens: u.cacheWrite, ephemeral_1h_input_tokens: 0 },
    output_tokens: u.output + u.reasoning,
    ...(u.reasoning > 0 && { output_tokens_details: { thinking_tokens: u.reasoning } }),
    service_tier: 'standard',
  };
}

function messageId(ctx: ReplyContext): string {
  return `msg_01${base62Id(`msg:${ctx.serial}`, 22)}`;
}

function stopReason(reply: CannedReply): string {
  return reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
}

/** The non-streamed message. */
export function messagesBody(reply: CannedReply, ctx: ReplyContext): Record<string, unknown> {
  const content: unknown[] = [];
  if (reply.thinking) content.push({ type: 'thinking', thinking: reply.thinking.text, signature: reply.thinking.signature });
  const text = fullText(reply);
  if (text !== '') content.push({ type: 'text', text });
  for (const c of reply.toolCalls) content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments });
  return {
    id: messageId(ctx),
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content,
    stop_reason: stopReason(reply),
    stop_sequence: null,
    usage: usageOf(reply.usage),
  };
}

/** The stream's events (lazy). */
export function* messagesStream(reply: CannedReply, ctx: ReplyContext): Generator<WireEvent> {
  const ev = (data: Record<string, unknown>): WireEvent => ({ event: data.type as string, data });
  const usage = usageOf(reply.usage);
  yield ev({
    type: 'message_start',
    message: { id: messageId(ctx), type: 'message', role: 'assistant', model: ctx.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } },
  });
  yield ev({ type: 'ping' });
  let index = 0;
  if (reply.thinking) {
    yield ev({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    for (const thinking of thinkingDeltas(reply.thinking)) yield ev({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } });
    yield ev({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: reply.thinking.signature } });
    yield ev({ type: 'content_block_stop', index });
    index++;
  }
  if (reply.text !== '') {
    yield ev({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    for (const text of textDeltas(reply)) yield ev({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
    yield ev({ type: 'content_block_stop', index });
    index++;
  }
  for (const call of reply.toolCalls) {
    yield ev({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
    yield ev({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } });
    const json = spacedJson(call.arguments);
    // Anthropic sends the input in chunks of a few characters, cut anywhere (inside keys and strings).
    for (let at = 0; at < json.length; at += 11) yield ev({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json.slice(at, at + 11) } });
    yield ev({ type: 'content_block_stop', index });
    index++;
  }
  const { service_tier: _tier, cache_creation: _breakdown, ...cumulative } = usage;
  yield ev({ type: 'message_delta', delta: { stop_reason: stopReason(reply), stop_sequence: null }, usage: cumulative });
  yield ev({ type: 'message_stop' });
}

/** Anthropic's error types by HTTP status (Errors page). */
function errorType(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 504:
      return 'timeout_error';
    case 503:
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** The error envelope, with the request id Anthropic also sends as the `request-id` header. */
export function messagesError(status: number, message: string, requestId: string): Record<string, unknown> {
  return { type: 'error', error: { type: errorType(status), message }, request_id: requestId };
}

/** A request id as Anthropic writes them. */
export function anthropicRequestId(ctx: ReplyContext): string {
  return `req_011C${base62Id(`req:${ctx.serial}`, 20)}`;
}

/** What Anthropic sends inside a stream when it is overloaded. */
export function messagesStreamError(message: string): WireEvent {
  return { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message } } };
}
