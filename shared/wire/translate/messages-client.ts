/**
 * Writing a messages client's stream, shared by the translators that serve messages clients from
 * another upstream (messages-to-chat, messages-to-gemini).
 */
import type { MessagesResponse, MessagesStopReason, MessagesStreamEvent, MessagesUsage } from '../formats/messages/types.js';
import type { StreamEvent } from './translator.js';

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
