/**
 * The model endpoints (docs/formats.md, "Endpoints and keys", "Model listings"): which wire
 * format a request speaks and what it asks for.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { WireFormat } from '../../shared/formats.js';

/** A matched model route. */
export type ModelRoute =
  /** A generation request; `pathModel`/`pathStream` come from a generateContent path. */
  | { action: 'generate'; format: WireFormat; pathModel?: string; pathStream?: boolean }
  /** POST /v1/messages/count_tokens. */
  | { action: 'count_tokens'; format: 'messages' }
  /** GET of the model list (`id` unset) or of one model. */
  | { action: 'models'; format: WireFormat; id?: string };

const GEMINI_METHOD = /^\/(?:v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
const GEMINI_MODELS = /^\/v1beta\/models(?:\/([^/:]+))?$/;
const MODELS = /^\/v1\/models(?:\/([^/:]+))?$/;

/**
 * The listing format of GET /v1/models: Anthropic clients send `anthropic-version` (SDK 1.x also
 * uses Bearer auth, so the key header cannot tell them apart); Gemini-style keys ask for Gemini.
 */
function listingFormat(headers: IncomingHttpHeaders, query: URLSearchParams): WireFormat {
  if (headers['anthropic-version'] !== undefined) return 'messages';
  if (headers['x-goog-api-key'] !== undefined || query.has('key')) return 'generateContent';
  return 'chat-completions';
}

/** The route of a request, or undefined when the path is not a model endpoint. */
export function matchRoute(method: string, path: string, headers: IncomingHttpHeaders, query: URLSearchParams): ModelRoute | undefined {
  if (method === 'POST') {
    if (path === '/v1/chat/completions') return { action: 'generate', format: 'chat-completions' };
    if (path === '/v1/responses') return { action: 'generate', format: 'responses' };
    if (path === '/v1/messages') return { action: 'generate', format: 'messages' };
    if (path === '/v1/messages/count_tokens') return { action: 'count_tokens', format: 'messages' };
    const m = GEMINI_METHOD.exec(path);
    if (m) return { action: 'generate', format: 'generateContent', pathModel: decodeURIComponent(m[1]), pathStream: m[2] === 'streamGenerateContent' };
    return undefined;
  }
  if (method === 'GET') {
    let m = GEMINI_MODELS.exec(path);
    if (m) return { action: 'models', format: 'generateContent', id: m[1] && decodeURIComponent(m[1]) };
    m = MODELS.exec(path);
    if (m) return { action: 'models', format: listingFormat(headers, query), id: m[1] && decodeURIComponent(m[1]) };
  }
  return undefined;
}
