import type { Provider, UpstreamCall } from '../provider.js';
import { joinUrl, jsonHeaders } from '../provider.js';

/** Azure's default `api-version` when a channel names none. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/**
 * The deployment serving the call: a model mapped to another upstream name is deployed under that
 * name; otherwise the channel's default deployment, else the model's own name.
 */
export function azureDeployment(call: Pick<UpstreamCall, 'channel' | 'model' | 'upstreamModel'>): string {
  if (call.upstreamModel !== call.model) return call.upstreamModel;
  return call.channel.azure?.deployment ?? call.upstreamModel;
}

/** Azure OpenAI: `{base}/openai/deployments/{deployment}/chat/completions?api-version=...`, `api-key` header. */
export const azureOpenaiProvider: Provider = {
  formats: ['chat-completions'],
  endpoint: (call) => {
    const version = encodeURIComponent(call.channel.azure?.apiVersion ?? DEFAULT_AZURE_API_VERSION);
    const path = `/openai/deployments/${encodeURIComponent(azureDeployment(call))}/chat/completions?api-version=${version}`;
    return { url: joinUrl(call.channel.baseUrl, path), headers: jsonHeaders({ 'api-key': call.key }) };
  },
};
