import type { Provider } from '../provider.js';
import { joinUrl, jsonHeaders } from '../provider.js';

/**
 * Gemini (Developer API): the model travels in the path,
 * `{base}/v1beta/models/{model}:generateContent` or `:streamGenerateContent?alt=sse`;
 * the key in `x-goog-api-key` (never in the query, where it would end up in logs).
 */
export const geminiProvider: Provider = {
  formats: ['generateContent'],
  endpoint: (call) => {
    const model = encodeURIComponent(call.upstreamModel.replace(/^models\//, ''));
    const method = call.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
    return { url: joinUrl(call.channel.baseUrl, `/v1beta/models/${model}:${method}`), headers: jsonHeaders({ 'x-goog-api-key': call.key }) };
  },
};
