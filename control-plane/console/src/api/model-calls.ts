import type { WireFormat } from '../../../../shared/formats';
import { FORMAT_BASES, baseAddressFor } from './format-bases';

export type { WireFormat };

/** The four formats, in the order the console lists them. */
export const FORMATS: readonly WireFormat[] = FORMAT_BASES.map((f) => f.format);

/** What the console knows of a group to tell which formats a token may use. */
export interface GroupFormats {
  name: string;
  formats: readonly string[];
  autoRoute: boolean;
}

/**
 * The formats a token with `tokenGroups` may call, as the API describes its groups: those any of
 * its groups accepts; a token without groups routes automatically, over the automatic-routing groups.
 */
export function servedFormats(tokenGroups: readonly string[], groups: readonly GroupFormats[]): WireFormat[] {
  const chosen = tokenGroups.length > 0 ? groups.filter((g) => tokenGroups.includes(g.name)) : groups.filter((g) => g.autoRoute);
  const accepted = new Set(chosen.flatMap((g) => g.formats));
  return FORMATS.filter((f) => accepted.has(f));
}

/** One HTTP call to a data plane, as the browser sends it and as a curl example shows it. */
export interface ModelCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}

/** What to ask a model. */
export interface Prompt {
  model: string;
  text: string;
  maxTokens: number;
  stream: boolean;
}

/** The base address a format's clients are configured with, on the node at `nodeBaseUrl`. */
export function formatBase(format: WireFormat, nodeBaseUrl: string): string {
  return baseAddressFor(nodeBaseUrl, FORMAT_BASES.find((f) => f.format === format)!.withV1);
}

/** The key where each format's clients put it (the README's endpoint table). */
function keyHeaders(format: WireFormat, key: string): Record<string, string> {
  switch (format) {
    case 'messages':
      return { 'x-api-key': key, 'anthropic-version': '2023-06-01' };
    case 'generateContent':
      return { 'x-goog-api-key': key };
    default:
      return { authorization: `Bearer ${key}` };
  }
}

/** A one-message generation call in `format`, with the key and body that format's clients send. */
export function generateCall(format: WireFormat, nodeBaseUrl: string, key: string, prompt: Prompt): ModelCall {
  const headers = { 'content-type': 'application/json', ...keyHeaders(format, key) };
  const base = formatBase(format, nodeBaseUrl);
  const stream = prompt.stream ? { stream: true } : {};
  switch (format) {
    case 'chat-completions':
      return { method: 'POST', url: `${base}/chat/completions`, headers, body: { model: prompt.model, max_tokens: prompt.maxTokens, ...stream, messages: [{ role: 'user', content: prompt.text }] } };
    case 'responses':
      return { method: 'POST', url: `${base}/responses`, headers, body: { model: prompt.model, max_output_tokens: prompt.maxTokens, ...stream, input: prompt.text } };
    case 'messages':
      return { method: 'POST', url: `${base}/v1/messages`, headers, body: { model: prompt.model, max_tokens: prompt.maxTokens, ...stream, messages: [{ role: 'user', content: prompt.text }] } };
    case 'generateContent': {
      const method = prompt.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
      return {
        method: 'POST',
        url: `${base}/v1beta/models/${encodeURIComponent(prompt.model)}:${method}`,
        headers,
        body: { contents: [{ role: 'user', parts: [{ text: prompt.text }] }], generationConfig: { maxOutputTokens: prompt.maxTokens } },
      };
    }
  }
}

/** The model listing in `format`'s shape: the models this key may call in that format. */
export function listModelsCall(format: WireFormat, nodeBaseUrl: string, key: string): ModelCall {
  const url = format === 'generateContent' ? `${nodeBaseUrl}/v1beta/models` : `${nodeBaseUrl}/v1/models`;
  return { method: 'GET', url, headers: keyHeaders(format, key) };
}

/** The model ids of a listing answer, whichever format's shape it has. */
export function modelIdsOf(listing: unknown): string[] {
  const body = listing as { data?: { id?: unknown }[]; models?: { name?: unknown }[] };
  if (Array.isArray(body.models)) return body.models.flatMap((m) => (typeof m.name === 'string' ? [m.name.replace(/^models\//, '')] : []));
  if (Array.isArray(body.data)) return body.data.flatMap((m) => (typeof m.id === 'string' ? [m.id] : []));
  return [];
}
