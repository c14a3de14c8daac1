/**
 * Mapping tables shared by the chat-completions <-> generateContent translators, each with its
 * inverse next to it so the two directions cannot drift apart.
 * Reference: the providers' API documentation named in shared/wire/formats/<format>/types.ts.
 */
import type { ChatFinishReason, ChatUsage } from '../formats/chat/types.js';
import type { GeminiContent, GeminiPart, GeminiUsageMetadata } from '../formats/gemini/types.js';
import { parseDataUrl } from './chat-messages-shared.js';
import { TranslationError } from './translator.js';
import { isRecord, tokenCount } from './json-values.js';

/** Gemini reasons that mean the output was blocked or withheld. */
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
  'IMAGE_OTHER',
  'NO_IMAGE',
]);

/**
 * Gemini `finishReason` -> chat `finish_reason`. Gemini says `STOP` even when the turn ends with
 * function calls, so the caller says whether any were produced. Unknown reasons (OTHER,
 * MALFORMED_FUNCTION_CALL, ...) count as a normal stop: the chat format has no finish reason for
 * a turn the model itself broke off.
 */
export function chatFinishFromGemini(reason: string | undefined, hasToolCalls: boolean): ChatFinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason !== undefined && FILTERED.has(reason)) return 'content_filter';
  return hasToolCalls ? 'tool_calls' : 'stop';
}

/** Chat `finish_reason` -> Gemini `finishReason` (inverse of {@link chatFinishFromGemini}; tool calls end with STOP). */
export function geminiFinishFromChat(finish: string | null | undefined): string {
  switch (finish) {
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      return 'STOP';
  }
}

/**
 * Gemini usage -> chat usage. Thoughts are output tokens: completion = candidates + thoughts and
 * reasoning_tokens = thoughts. Cached tokens are inside promptTokenCount, as in OpenAI's prompt_tokens.
 */
export function chatUsageFromGemini(usage: GeminiUsageMetadata): ChatUsage {
  const prompt = tokenCount(usage.promptTokenCount) + tokenCount(usage.toolUsePromptTokenCount);
  const thoughts = tokenCount(usage.thoughtsTokenCount);
  const completion = tokenCount(usage.candidatesTokenCount) + thoughts;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: usage.totalTokenCount ?? prompt + completion,
    prompt_tokens_details: { cached_tokens: tokenCount(usage.cachedContentTokenCount) },
    completion_tokens_details: { reasoning_tokens: thoughts },
  };
}

/** Chat usage -> Gemini usage (inverse of {@link chatUsageFromGemini}); zero cache/thought counts are omitted like Gemini does. */
export function geminiUsageFromChat(usage: Partial<ChatUsage>): GeminiUsageMetadata {
  const reasoning = tokenCount(usage.completion_tokens_details?.reasoning_tokens);
  const cached = tokenCount(usage.prompt_tokens_details?.cached_tokens);
  const out: GeminiUsageMetadata = {
    promptTokenCount: tokenCount(usage.prompt_tokens),
    candidatesTokenCount: Math.max(tokenCount(usage.completion_tokens) - reasoning, 0),
  };
  if (reasoning > 0) out.thoughtsTokenCount = reasoning;
  out.totalTokenCount = usage.total_tokens ?? tokenCount(usage.prompt_tokens) + tokenCount(usage.completion_tokens);
  if (cached > 0) out.cachedContentTokenCount = cached;
  return out;
}

/** Chat completion id for a Gemini response: `chatcmpl-<responseId>` (`chatcmpl-0` when Gemini sent none). */
export function chatIdFromGemini(responseId: unknown): string {
  return `chatcmpl-${typeof responseId === 'string' && responseId !== '' ? responseId : '0'}`;
}

/** Marks the start of an encoded thought signature inside a chat tool-call id. */
const SIGNATURE_MARK = '__thought__';
/** Marks the start of an encoded Gemini `functionCall.id` inside a chat tool-call id (before any signature). */
const ID_MARK = '__gid__';

function toBase64Url(b64: string): string {
  return b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(b64url: string): string {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
  return b64 + '='.repeat((4 - (b64.length % 4)) % 4);
}

/**
 * Chat tool-call id for the `index`-th functionCall of a Gemini response (Gemini rarely sends ids):
 * `call_<responseId>_<index>`, deterministic so replays and goldens are stable, unique across turns.
 * A Gemini `functionCall.id`, when the upstream sent one, rides along as `__gid__<base64url>`, and
 * a `thoughtSignature` on that part as `__thought__<base64url>`: the gateway is stateless and the
 * tool-call id is the one field every chat client echoes back verbatim, so the next request can
 * send the id back on the call and its response (Google: when present, echo it) and restore the
 * signature Gemini 3 requires. base64url keeps the id within `[A-Za-z0-9_-]` (Anthropic's id rule)
 * should the conversation move to another upstream.
 */
export function toolCallIdFromGemini(responseId: string | undefined, index: number, signature?: string, geminiId?: string): string {
  let id = responseId ? `call_${responseId}_${index}` : `call_${index}`;
  if (geminiId) id += `${ID_MARK}${toBase64Url(Buffer.from(geminiId, 'utf8').toString('base64'))}`;
  if (signature) id += `${SIGNATURE_MARK}${toBase64Url(signature)}`;
  return id;
}

/** The thought signature encoded by {@link toolCallIdFromGemini}, as standard padded base64, if any. */
function signatureFromToolCallId(id: string): string | undefined {
  const at = id.indexOf(SIGNATURE_MARK);
  if (at < 0) return undefined;
  const b64url = id.slice(at + SIGNATURE_MARK.length);
  return b64url === '' ? undefined : fromBase64Url(b64url);
}

/** The Gemini `functionCall.id` encoded by {@link toolCallIdFromGemini}, if the upstream sent one. */
export function geminiIdFromToolCallId(id: string | undefined): string | undefined {
  if (typeof id !== 'string') return undefined;
  const signatureAt = id.indexOf(SIGNATURE_MARK);
  const head = signatureAt < 0 ? id : id.slice(0, signatureAt);
  const at = head.indexOf(ID_MARK);
  if (at < 0) return undefined;
  const b64url = head.slice(at + ID_MARK.length);
  return b64url === '' ? undefined : Buffer.from(fromBase64Url(b64url), 'base64').toString('utf8');
}

/**
 * Signature Google documents for function calls whose real signature is unknown (history from
 * another model or client): it tells Gemini 3 to skip validation instead of failing with a 400.
 */
const SKIP_SIGNATURE = 'skip_thought_signature_validator';

/**
 * History function calls -> Gemini functionCall parts. Each call's thoughtSignature is restored
 * from its tool-call id (see {@link toolCallIdFromGemini}); when none of a turn's calls has one,
 * the first gets {@link SKIP_SIGNATURE}, because Gemini 3 rejects a function-call turn without.
 * A call gets back the `id` Gemini gave it; other ids (the client's own, or synthesised because
 * Gemini sent none) are not sent: Gemini then matches function responses by name and position.
 */
export function signedFunctionCalls(calls: Array<{ id: string; name: string; args: Record<string, unknown> }>): GeminiPart[] {
  const parts = calls.map((call): GeminiPart => {
    const signature = signatureFromToolCallId(call.id);
    const id = geminiIdFromToolCallId(call.id);
    return { functionCall: { ...(id && { id }), name: call.name, args: call.args }, ...(signature && { thoughtSignature: signature }) };
  });
  if (parts.length > 0 && !parts.some((p) => p.thoughtSignature)) parts[0].thoughtSignature = SKIP_SIGNATURE;
  return parts;
}

/** Appends parts as a turn, merging into the previous turn of the same role; empty part lists add nothing. */
export function appendTurn(contents: GeminiContent[], role: 'user' | 'model', parts: GeminiPart[]): void {
  if (parts.length === 0) return;
  const last = contents[contents.length - 1];
  if (last?.role === role) last.parts.push(...parts);
  else contents.push({ role, parts });
}

/** Extensions of likely http(s) file URLs -> MIME type for `fileData`. */
const URL_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
};

/**
 * A media URL -> a Gemini part: a base64 data URL becomes `inlineData`, an http(s) URL
 * `fileData{fileUri}` (never fetched; MIME type guessed from the extension, else `fallbackMime`);
 * anything else is a TranslationError at `at`.
 */
export function geminiMediaPart(url: string, at: string, fallbackMime?: string): GeminiPart {
  const data = parseDataUrl(url);
  if (data) return { inlineData: { mimeType: data.mediaType, data: data.data } };
  if (!/^https?:\/\//i.test(url)) throw new TranslationError(`${at}: only data: and http(s) URLs can be sent to a Gemini upstream`);
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const mimeType = (ext ? URL_MIME[ext] : undefined) ?? fallbackMime;
  return { fileData: { ...(mimeType && { mimeType }), fileUri: url } };
}

/**
 * Chat tool-message text -> Gemini `functionResponse.response` (must be an object): a JSON object
 * is passed as is, anything else is wrapped as `{output: text}` (the key Gemini's docs use).
 */
export function geminiToolResponse(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Plain text result.
  }
  return { output: text };
}

/** Inverse of {@link geminiToolResponse}: unwraps `{output: <string>}`, else JSON text. */
export function chatToolContent(response: unknown): string {
  if (isRecord(response)) {
    const keys = Object.keys(response);
    if (keys.length === 1 && keys[0] === 'output' && typeof response.output === 'string') return response.output;
  }
  return JSON.stringify(response ?? {});
}

/** The reasoning table lives in reasoning.ts; these two are its Gemini side. */
export { effortFromThinkingConfig, thinkingConfigFromEffort } from './reasoning.js';
