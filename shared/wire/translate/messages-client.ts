/**
 * The messages client side shared by the translators that serve messages clients from another
 * upstream (messages-to-chat, messages-to-gemini): writing its stream, and naming the prompt-cache
 * breakpoints no other upstream takes.
 */
import type { MessagesRequest, MessagesResponse, MessagesStopReason, MessagesStreamEvent, MessagesUsage } from '../formats/messages/types.js';
import { isRecord } from './json-values.js';
import type { StreamEvent, TranslateContext } from './translator.js';

/**
 * Reports each `cache_control` breakpoint of the request (on system blocks, tools, message blocks
 * and the blocks of tool results) as dropped: other upstream kinds cache prefixes on their own.
 */
export function dropCacheControl(req: MessagesRequest, ctx: TranslateContext): void {
  const dropped = ctx.dropped;
  if (!dropped) return;
  const visit = (blocks: unknown, path: string): void => {
    if (!Array.isArray(blocks)) return;
    blocks.forEach((block: unknown, i) => {
      if (!isRecord(block)) return;
      if (block.cache_control != null) dropped(`${path}.${i}.cache_control`);
      if (block.type === 'tool_result') visit(block.content, `${path}.${i}.content`);
    });
  };
  visit(req.system, 'system');
  visit(req.tools, 'tools');
  if (Array.isArray(req.messages)) req.messages.forEach((turn, i) => visit(isRecord(turn) ? turn.content : undefined, `messages.${i}.content`));
}

/** A messages stream event, named by its type (the Anthropic SDK skips events without `event:`). */
export function messagesEvent(data: MessagesStreamEvent): StreamEvent {
  return { event: data.type, data };
}

/** `message_start`: the empty assistant message with its id, the model and the usage known so far. */
export function messageStartEvent(id: string, model: string, usage: MessagesUsage): StreamEvent {
  const message: MessagesResponse = {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage,
  };
  return messagesEvent({ type: 'message_start', message });
}

/** The closing `message_delta` (stop reason and final usage) and `message_stop`. */
export function messageEndEvents(stop: MessagesStopReason, usage: Partial<MessagesUsage> & { output_tokens: number }): StreamEvent[] {
  return [
    messagesEvent({ type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage }),
    messagesEvent({ type: 'message_stop' }),
  ];
}

/** The error event for an upstream stream that ended before its finish reason. */
export function cutShortEvent(): StreamEvent {
  return messagesEvent({ type: 'error', error: { type: 'api_error', message: 'upstream stream ended before the response was complete' } });
}
