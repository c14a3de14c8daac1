/**
 * Pieces of the chat-completions upstream side shared by the translators that serve other clients
 * from a chat upstream (gemini-to-chat, messages-to-chat, responses-to-chat).
 */
import type { ChatRequest } from '../formats/chat/types.js';

/**
 * The stream fields of a chat upstream request: none for a whole response; for a stream, also the
 * final usage chunk, the only place a chat upstream reports usage when streaming.
 */
export function chatStreamFields(stream: boolean): Pick<ChatRequest, 'stream' | 'stream_options'> {
  return stream ? { stream: true, stream_options: { include_usage: true } } : {};
}
