import type { Provider } from '../provider.js';
import { joinUrl, jsonHeaders } from '../provider.js';

/** OpenAI (api.openai.com): chat completions and responses, `Authorization: Bearer`. */
export const openaiProvider: Provider = {
  formats: ['chat-completions', 'responses'],
  endpoint: (call) => ({
    url: joinUrl(call.channel.baseUrl, call.format === 'responses' ? '/v1/responses' : '/v1/chat/completions'),
    headers: jsonHeaders({ authorization: `Bearer ${call.key}` }),
  }),
};
