import type { Provider } from '../provider.js';
import { joinUrl, jsonHeaders } from '../provider.js';

/** The version sent when the client sent none (it is not an Anthropic client). */
export const DEFAULT_ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic: `{base}/v1/messages`, `x-api-key` + `anthropic-version`. The client's own version and
 * beta flags are forwarded, so features an Anthropic client opted into keep working.
 */
export const anthropicProvider: Provider = {
  formats: ['messages'],
  endpoint: (call) => {
    const header = (name: string) => {
      const v = call.clientHeaders[name];
      return typeof v === 'string' && v !== '' ? v : undefined;
    };
    const headers: Record<string, string> = { 'x-api-key': call.key, 'anthropic-version': header('anthropic-version') ?? DEFAULT_ANTHROPIC_VERSION };
    const beta = header('anthropic-beta');
    if (beta) headers['anthropic-beta'] = beta;
    return { url: joinUrl(call.channel.baseUrl, '/v1/messages'), headers: jsonHeaders(headers) };
  },
};
