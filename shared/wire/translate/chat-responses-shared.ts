/**
 * Mapping tables shared by the chat-completions <-> responses translators, each with its inverse
 * next to it so the two directions cannot drift apart.
 * Reference: the providers' API documentation named in shared/wire/formats/<format>/types.ts.
 */
import type { ChatFinishReason, ChatUsage } from '../formats/chat/types.js';
import type { ResponsesResponse, ResponsesUsage } from '../formats/responses/types.js';
import { tokenCount } from './json-values.js';

/**
 * Response status -> chat `finish_reason`: a function call means `tool_calls` (Responses has no
 * finish reason), `incomplete` means `length` or `content_filter` by its reason, else `stop`.
 */
export function chatFinishFromResponse(
  res: Pick<ResponsesResponse, 'status' | 'incomplete_details'>,
  hasToolCalls: boolean,
): ChatFinishReason {
  if (res.status === 'incomplete') {
    return res.incomplete_details?.reason === 'content_filter' ? 'content_filter' : 'length';
  }
  return hasToolCalls ? 'tool_calls' : 'stop';
}

/** Chat `finish_reason` -> Response status (inverse of {@link chatFinishFromResponse}). */
export function responseStatusFromChat(
  finish: string | null | undefined,
): Pick<ResponsesResponse, 'status' | 'incomplete_details'> {
  if (finish === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finish === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/** Responses usage -> chat usage: a rename (both count cached input and reasoning output inside the totals). */
export function chatUsageFromResponses(usage: Partial<ResponsesUsage>): ChatUsage {
  const input = tokenCount(usage.input_tokens);
  const output = tokenCount(usage.output_tokens);
  return {
    prompt_tokens: input,
    completion_tokens: output,
    total_tokens: usage.total_tokens ?? input + output,
    prompt_tokens_details: { cached_tokens: tokenCount(usage.input_tokens_details?.cached_tokens) },
    completion_tokens_details: { reasoning_tokens: tokenCount(usage.output_tokens_details?.reasoning_tokens) },
  };
}

/** Chat usage -> Responses usage (inverse of {@link chatUsageFromResponses}). */
export function responsesUsageFromChat(usage: Partial<ChatUsage>): ResponsesUsage {
  const input = tokenCount(usage.prompt_tokens);
  const output = tokenCount(usage.completion_tokens);
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: tokenCount(usage.prompt_tokens_details?.cached_tokens) },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: tokenCount(usage.completion_tokens_details?.reasoning_tokens) },
    total_tokens: usage.total_tokens ?? input + output,
  };
}

/**
 * Client-side ids derived from the upstream id so replays (and goldens) are stable:
 * `chatcmpl-X` <-> `resp_X`. A missing upstream id gives `<prefix>0`.
 */
export function responseIdFromChatId(id: unknown): string {
  return `resp_${typeof id === 'string' && id !== '' ? id.replace(/^chatcmpl-/, '') : '0'}`;
}

/** See {@link responseIdFromChatId}. */
export function chatIdFromResponseId(id: unknown): string {
  return `chatcmpl-${typeof id === 'string' && id !== '' ? id.replace(/^resp_/, '') : '0'}`;
}
