import type { WireFormat } from '../../shared/formats.js';

/**
 * The smallest real request in an upstream format: one short user message and an output cap
 * of `maxTokens` (the Responses API accepts no cap below 16).
 */
export function probeBody(format: WireFormat, upstreamModel: string, stream: boolean, maxTokens: number): Record<string, unknown> {
  const text = 'ping';
  switch (format) {
    case 'chat-completions':
      return { model: upstreamModel, messages: [{ role: 'user', content: text }], max_tokens: maxTokens, stream };
    case 'messages':
      return { model: upstreamModel, max_tokens: maxTokens, messages: [{ role: 'user', content: text }], stream };
    case 'responses':
      return { model: upstreamModel, input: text, max_output_tokens: Math.max(16, maxTokens), stream };
    case 'generateContent':
      // The model and the stream mode travel in the path (the provider builds it).
      return { contents: [{ role: 'user', parts: [{ text }] }], generationConfig: { maxOutputTokens: maxTokens } };
  }
}
