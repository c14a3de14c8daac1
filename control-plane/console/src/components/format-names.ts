import type { WireFormat } from '../api/model-calls';
import { defineMessages } from '../i18n/i18n';

const useMessages = defineMessages(
  'formatNames',
  { 'chat-completions': 'Chat Completions', responses: 'Responses', messages: 'Messages', generateContent: 'generateContent' },
  { 'chat-completions': 'Chat Completions', responses: 'Responses', messages: 'Messages', generateContent: 'generateContent' },
);

/** The name each client format is shown by. */
export function useFormatNames(): (format: WireFormat) => string {
  const t = useMessages();
  return (format) => t(format);
}
