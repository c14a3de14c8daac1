/**
 * Mappings shared by the messages <-> generateContent translators, each with its inverse next to
 * it. Stop reasons compose the chat tables (chat is the pivot); usage uses the direct Anthropic <->
 * Gemini formulas (docs/formats.md, "Usage"); thinking signatures are marked with their origin
 * (they are not interchangeable, so only a signature that came from the same upstream family is
 * ever sent back).
 */
import type { GeminiUsageMetadata } from '../formats/gemini/types.js';
import type { MessagesStopReason, MessagesUsage } from '../formats/messages/types.js';
import { chatFinishFromGemini, geminiFinishFromChat } from './chat-gemini-shared.js';
import { finishReasonFromStop, stopFromFinishReason } from './chat-messages-shared.js';
import { isRecord, tokenCount } from './json-values.js';

/**
 * Gemini usage -> Anthropic usage: input excludes the cached part (`P + U - K`), cache reads are
 * `K`, output counts thoughts (`C + T`) and `thinking_tokens` is `T` when Gemini reported it.
 */
export function messagesUsageFromGemini(usage: GeminiUsageMetadata): MessagesUsage {
  const cached = tokenCount(usage.cachedContentTokenCount);
  const out: MessagesUsage = {
    input_tokens: Math.max(tokenCount(usage.promptTokenCount) + tokenCount(usage.toolUsePromptTokenCount) - cached, 0),
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: cached,
    output_tokens: tokenCount(usage.candidatesTokenCount) + tokenCount(usage.thoughtsTokenCount),
  };
  if (typeof usage.thoughtsTokenCount === 'number') out.output_tokens_details = { thinking_tokens: usage.thoughtsTokenCount };
  return out;
}

/** Anthropic usage -> Gemini usage (inverse of {@link messagesUsageFromGemini}); zero cache/thought counts are omitted like Gemini does. */
export function geminiUsageFromMessages(usage: Partial<MessagesUsage>): GeminiUsageMetadata {
  const cacheRead = tokenCount(usage.cache_read_input_tokens);
  const prompt = tokenCount(usage.input_tokens) + cacheRead + tokenCount(usage.cache_creation_input_tokens);
  const output = tokenCount(usage.output_tokens);
  const thinking = Math.min(tokenCount(usage.output_tokens_details?.thinking_tokens), output);
  const out: GeminiUsageMetadata = { promptTokenCount: prompt, candidatesTokenCount: output - thinking };
  if (thinking > 0) out.thoughtsTokenCount = thinking;
  out.totalTokenCount = prompt + output;
  if (cacheRead > 0) out.cachedContentTokenCount = cacheRead;
  return out;
}

/** Gemini `finishReason` -> Anthropic `stop_reason`; `STOP` after function calls is `tool_use`. */
export function stopFromGemini(reason: string | undefined, hasToolUse: boolean): MessagesStopReason {
  return stopFromFinishReason(chatFinishFromGemini(reason, hasToolUse), hasToolUse);
}

/** Anthropic `stop_reason` -> Gemini `finishReason` (inverse of {@link stopFromGemini}). */
export function geminiFinishFromStop(stop: string | null | undefined): string {
  return geminiFinishFromChat(finishReasonFromStop(stop));
}

/**
 * Where a carried signature came from: a Gemini thoughtSignature inside an Anthropic `signature`,
 * or an Anthropic thinking signature / redacted-thinking payload inside a Gemini `thoughtSignature`.
 * Each mark is the base64 of a 12-byte tag, so a marked base64 signature is still valid base64
 * (Gemini's field is protobuf `bytes`; strict clients decode and re-encode it).
 */
const MARKS = {
  gemini: 'bWVyaWRpYW46Z2Vt', // "meridian:gem"
  anthropic: 'bWVyaWRpYW46YW50', // "meridian:ant"
  redacted: 'bWVyaWRpYW46cmVk', // "meridian:red"
} as const;

/** Origin of a carried signature, see {@link markSignature}. */
export type SignatureOrigin = keyof typeof MARKS;

/** `signature` prefixed with the mark of its origin. */
export function markSignature(origin: SignatureOrigin, signature: string): string {
  return MARKS[origin] + signature;
}

/** The signature carried in `value` when it bears `origin`'s mark, else undefined (foreign or unmarked: drop it). */
export function unmarkSignature(origin: SignatureOrigin, value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith(MARKS[origin])) return undefined;
  const signature = value.slice(MARKS[origin].length);
  return signature === '' ? undefined : signature;
}

const ANTHROPIC_ERROR: Record<string, string> = {
  INVALID_ARGUMENT: 'invalid_request_error',
  FAILED_PRECONDITION: 'invalid_request_error',
  OUT_OF_RANGE: 'invalid_request_error',
  UNAUTHENTICATED: 'authentication_error',
  PERMISSION_DENIED: 'permission_error',
  NOT_FOUND: 'not_found_error',
  RESOURCE_EXHAUSTED: 'rate_limit_error',
  UNAVAILABLE: 'overloaded_error',
  DEADLINE_EXCEEDED: 'timeout_error',
};

/**
 * A Gemini error body's `error` -> an Anthropic stream `error` (docs/formats.md, "Error
 * bodies").
 */
export function messagesErrorFromGemini(error: Record<string, unknown>): { type: string; message: string } {
  const status = typeof error.status === 'string' ? error.status : '';
  return {
    type: ANTHROPIC_ERROR[status] ?? 'api_error',
    message: typeof error.message === 'string' ? error.message : 'upstream error',
  };
}

const GEMINI_ERROR: Record<string, [number, string]> = {
  invalid_request_error: [400, 'INVALID_ARGUMENT'],
  request_too_large: [413, 'INVALID_ARGUMENT'],
  authentication_error: [401, 'UNAUTHENTICATED'],
  billing_error: [402, 'RESOURCE_EXHAUSTED'],
  permission_error: [403, 'PERMISSION_DENIED'],
  not_found_error: [404, 'NOT_FOUND'],
  rate_limit_error: [429, 'RESOURCE_EXHAUSTED'],
  timeout_error: [504, 'DEADLINE_EXCEEDED'],
  overloaded_error: [503, 'UNAVAILABLE'],
};

/** An Anthropic `error` object -> a Gemini error body (inverse of {@link messagesErrorFromGemini}). */
export function geminiErrorFromMessages(error: unknown): { error: { code: number; message: string; status: string } } {
  const e = isRecord(error) ? error : {};
  const [code, status] = GEMINI_ERROR[typeof e.type === 'string' ? e.type : ''] ?? [500, 'INTERNAL'];
  return { error: { code, message: typeof e.message === 'string' ? e.message : 'upstream error', status } };
}
