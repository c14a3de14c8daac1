/**
 * Usage normalisers: the raw usage object an upstream reported, in its own wire format, to one
 * {@link NormalisedUsage}. Done once, in one place; the raw object is kept beside the result.
 *
 * Leniency: these never throw and never produce NaN. A missing or malformed field counts 0, a
 * negative count is clamped to 0, a fraction is rounded up (see {@link toCount}); a raw value that
 * is not an object (null, a string, an array) normalises to all zeros. When a report claims more
 * cached/cache-written tokens than prompt tokens, `input` is clamped to 0 and the cache buckets
 * are kept as reported (never under-charge cache writes because a total was wrong).
 *
 * Images and video seconds are not in any token usage object; the caller sets them from the
 * response (e.g. `makeUsage({ ...normalised, images: 2 })`).
 */
import type { WireFormat } from '../formats.js';
import { makeUsage, toCount, type NormalisedUsage } from './usage.js';

/** A normalised usage and the raw upstream usage it came from (the same value, not a copy). */
export interface NormaliseResult {
  readonly normalised: NormalisedUsage;
  readonly raw: unknown;
}

type Loose = Readonly<Record<string, unknown>>;

/** What a missing or malformed object reads as (one, shared: normalising runs for every request). */
const EMPTY: Loose = Object.freeze({});

function asRecord(value: unknown): Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : EMPTY;
}

/**
 * Splits a cache-write total into 5-minute and 1-hour parts using an Anthropic-style
 * `cache_creation: { ephemeral_5m_input_tokens, ephemeral_1h_input_tokens }` breakdown.
 * Without a breakdown every write is 5-minute. With one, 1h = `ephemeral_1h_input_tokens` and
 * 5m = max(total, 5m + 1h) - 1h: if the breakdown sums to more than the total the breakdown wins;
 * if it sums to less, the rest is 5-minute.
 */
export function splitCacheWrite(total: number, cacheCreation: unknown): { cacheWrite5m: number; cacheWrite1h: number } {
  const breakdown = asRecord(cacheCreation);
  const fiveMinutes = toCount(breakdown.ephemeral_5m_input_tokens);
  const oneHour = toCount(breakdown.ephemeral_1h_input_tokens);
  return { cacheWrite5m: Math.max(toCount(total), fiveMinutes + oneHour) - oneHour, cacheWrite1h: oneHour };
}

/** Field names of the two OpenAI usage shapes (Chat Completions and Responses). */
interface OpenAiKeys {
  prompt: string;
  completion: string;
  promptDetails: string;
  completionDetails: string;
}

/**
 * OpenAI semantics: the prompt total INCLUDES cached reads and cache writes; the completion total
 * INCLUDES reasoning. Cached reads: `<details>.cached_tokens`, else DeepSeek-style top-level
 * `prompt_cache_hit_tokens`, else Anthropic-style `cache_read_input_tokens` passed through.
 * Cache writes: `<details>.cache_write_tokens` (current SDK), else `<details>.cache_creation_tokens`,
 * else a passed-through `cache_creation_input_tokens`; split 5m/1h by a passed-through
 * `cache_creation` object if present (see {@link splitCacheWrite}), otherwise all 5-minute.
 * All of these are taken as subsets of the prompt total.
 */
function normaliseOpenAiStyle(raw: unknown, keys: OpenAiKeys): NormaliseResult {
  const usage = asRecord(raw);
  const promptDetails = asRecord(usage[keys.promptDetails]);
  const completionDetails = asRecord(usage[keys.completionDetails]);
  const prompt = toCount(usage[keys.prompt]);
  const cacheRead = toCount(
    promptDetails.cached_tokens ?? usage.prompt_cache_hit_tokens ?? usage.cache_read_input_tokens,
  );
  const cacheWriteTotal = toCount(
    promptDetails.cache_write_tokens ?? promptDetails.cache_creation_tokens ?? usage.cache_creation_input_tokens,
  );
  const writes = splitCacheWrite(cacheWriteTotal, usage.cache_creation ?? promptDetails.cache_creation);
  const normalised = makeUsage({
    input: Math.max(prompt - cacheRead - writes.cacheWrite5m - writes.cacheWrite1h, 0),
    cacheRead,
    ...writes,
    output: usage[keys.completion],
    reasoning: completionDetails.reasoning_tokens,
  });
  return { normalised, raw };
}

/**
 * Chat Completions `usage`: `prompt_tokens` includes `prompt_tokens_details.cached_tokens` (and
 * cache writes); `completion_tokens` includes `completion_tokens_details.reasoning_tokens`.
 * input = max(prompt - cached - cacheWrites, 0); output = completion; reasoning = reasoning_tokens.
 */
export function normaliseChatCompletionsUsage(raw: unknown): NormaliseResult {
  return normaliseOpenAiStyle(raw, {
    prompt: 'prompt_tokens',
    completion: 'completion_tokens',
    promptDetails: 'prompt_tokens_details',
    completionDetails: 'completion_tokens_details',
  });
}

/**
 * Responses `usage`: `input_tokens` includes `input_tokens_details.cached_tokens` (and
 * `cache_write_tokens`); `output_tokens` includes `output_tokens_details.reasoning_tokens`.
 * Same rules as {@link normaliseChatCompletionsUsage} with the renamed fields.
 */
export function normaliseResponsesUsage(raw: unknown): NormaliseResult {
  return normaliseOpenAiStyle(raw, {
    prompt: 'input_tokens',
    completion: 'output_tokens',
    promptDetails: 'input_tokens_details',
    completionDetails: 'output_tokens_details',
  });
}

/**
 * Anthropic Messages `usage`: `input_tokens` EXCLUDES `cache_read_input_tokens` and
 * `cache_creation_input_tokens`, so input = input_tokens, cacheRead = cache_read_input_tokens,
 * cache writes = cache_creation_input_tokens split by `cache_creation` (all 5-minute when absent).
 * output = output_tokens; reasoning = `output_tokens_details.thinking_tokens` (0 when unknown).
 * For a stream, first combine the pieces with {@link mergeUsagePieces}.
 */
export function normaliseMessagesUsage(raw: unknown): NormaliseResult {
  const usage = asRecord(raw);
  const normalised = makeUsage({
    input: usage.input_tokens,
    cacheRead: usage.cache_read_input_tokens,
    ...splitCacheWrite(toCount(usage.cache_creation_input_tokens), usage.cache_creation),
    output: usage.output_tokens,
    reasoning: asRecord(usage.output_tokens_details).thinking_tokens,
  });
  return { normalised, raw };
}

function gemini(usage: Loose, camel: string, snake: string): number {
  return toCount(usage[camel] ?? usage[snake]);
}

/**
 * Gemini `usageMetadata` (camelCase, or snake_case from some proxies): `promptTokenCount` (P)
 * INCLUDES `cachedContentTokenCount` (K); `toolUsePromptTokenCount` (U) is extra prompt input;
 * `candidatesTokenCount` (C) EXCLUDES `thoughtsTokenCount` (T).
 * input = max(P - K, 0) + U; cacheRead = K; output = C + T; reasoning = T; no cache writes
 * (implicit caching has no write charge). In a stream each chunk carries the running total.
 */
export function normaliseGenerateContentUsage(raw: unknown): NormaliseResult {
  const usage = asRecord(raw);
  const prompt = gemini(usage, 'promptTokenCount', 'prompt_token_count');
  const cached = gemini(usage, 'cachedContentTokenCount', 'cached_content_token_count');
  const toolUse = gemini(usage, 'toolUsePromptTokenCount', 'tool_use_prompt_token_count');
  const candidates = gemini(usage, 'candidatesTokenCount', 'candidates_token_count');
  const thoughts = gemini(usage, 'thoughtsTokenCount', 'thoughts_token_count');
  const normalised = makeUsage({
    input: Math.max(prompt - cached, 0) + toolUse,
    cacheRead: cached,
    output: candidates + thoughts,
    reasoning: thoughts,
  });
  return { normalised, raw };
}

const NORMALISERS: Readonly<Record<WireFormat, (raw: unknown) => NormaliseResult>> = {
  'chat-completions': normaliseChatCompletionsUsage,
  responses: normaliseResponsesUsage,
  messages: normaliseMessagesUsage,
  generateContent: normaliseGenerateContentUsage,
};

/** Normalises the usage object an upstream speaking `format` reported (see the per-format functions). */
export function normaliseUsage(format: WireFormat, raw: unknown): NormaliseResult {
  return NORMALISERS[format](raw);
}

/**
 * Combines stream usage pieces, in arrival order, into one raw usage object of the same format.
 * Every field present and not null in `piece` OVERWRITES the one in `acc` (nested objects such as
 * `cache_creation` are replaced whole); nothing is ever added. This matches every format:
 * - messages: `message_start.message.usage` then `message_delta.usage`, whose `output_tokens`
 *   (and, in current API versions, input/cache counts) are cumulative; the SDK overwrites too.
 * - generateContent: each chunk's `usageMetadata` is a running total; a field a later chunk
 *   omits keeps its last value.
 * - chat-completions / responses: one final usage object; merging is a no-op copy.
 * Non-object arguments are treated as `{}`; a `__proto__` key is ignored. Returns a new object; the inputs are not modified.
 */
export function mergeUsagePieces(acc: unknown, piece: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...asRecord(acc) };
  const from = asRecord(piece);
  // Keys, not entries: this runs for every metered stream, and entries makes an array per field.
  for (const key of Object.keys(from)) {
    const value = from[key];
    if (value === null || value === undefined || key === '__proto__') continue;
    merged[key] = value;
  }
  return merged;
}
