/**
 * Pieces of the chat-completions client side shared by the translators that serve chat clients
 * from another upstream (chat-to-gemini, chat-to-responses).
 */
import type { ChatMessage } from '../formats/chat/types.js';
import { TranslationError, type StreamEvent } from './translator.js';

/** Text of a system/developer/tool message: the string, or its text parts joined by newlines; other parts are a TranslationError. */
export function plainText(content: ChatMessage['content'], at: string): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part, k) => {
    if (part.type !== 'text' || typeof part.text !== 'string') {
      throw new TranslationError(`${at}.content[${k}]: only text parts are allowed here, not "${part.type}"`);
    }
    return part.text;
  }).join('\n');
}

/** A chat stream error event, shaped like OpenAI's error body (`code` kept only when it is a string). */
export function chatStreamError(message: string, code: unknown = null): StreamEvent {
  return { data: { error: { message, type: 'server_error', param: null, code: typeof code === 'string' ? code : null } } };
}
