import type { Provider } from '../provider.js';
import { joinUrl, jsonHeaders } from '../provider.js';

/** Any server speaking OpenAI chat completions (vLLM, DeepSeek, OpenRouter...): `{base}/v1/chat/completions`, Bearer auth. */
export const openaiCompatibleProvider: Provider = {
  formats: ['chat-completions'],
  endpoint: (call) => ({
    url: joinUrl(call.channel.baseUrl, '/v1/chat/completions'),
    headers: jsonHeaders({ authorization: `Bearer ${call.key}` }),
  }),
};
