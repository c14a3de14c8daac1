import type { WireFormat } from '../../formats.js';
import type { Translator } from './translator.js';
import { ChatToMessagesTranslator } from './chat-to-messages.js';
import { MessagesToChatTranslator } from './messages-to-chat.js';
import { ChatToGeminiTranslator } from './chat-to-gemini.js';
import { GeminiToChatTranslator } from './gemini-to-chat.js';
import { MessagesToGeminiTranslator } from './messages-to-gemini.js';
import { GeminiToMessagesTranslator } from './gemini-to-messages.js';
import { ResponsesToChatTranslator } from './responses-to-chat.js';
import { ChatToResponsesTranslator } from './chat-to-responses.js';

type Factory = () => Translator;

/** One factory per (client format, upstream format) pair; same-format traffic passes through untranslated. */
const FACTORIES: Partial<Record<`${WireFormat}>${WireFormat}`, Factory>> = {
  'chat-completions>messages': () => new ChatToMessagesTranslator(),
  'messages>chat-completions': () => new MessagesToChatTranslator(),
  'chat-completions>generateContent': () => new ChatToGeminiTranslator(),
  'generateContent>chat-completions': () => new GeminiToChatTranslator(),
  'messages>generateContent': () => new MessagesToGeminiTranslator(),
  'generateContent>messages': () => new GeminiToMessagesTranslator(),
  'responses>chat-completions': () => new ResponsesToChatTranslator(),
  'chat-completions>responses': () => new ChatToResponsesTranslator(),
};

/** A fresh translator for one request from `from` (client) to `to` (upstream), or undefined when the pair is not supported. */
export function createTranslator(from: WireFormat, to: WireFormat): Translator | undefined {
  return FACTORIES[`${from}>${to}`]?.();
}
