/**
 * Mapping tables shared by the two chat-completions <-> messages translators, each with its inverse
 * next to it so the two directions cannot drift apart.
 * Reference: the providers' API documentation named in shared/wire/formats/<format>/types.ts.
 */
import type { ChatFinishReason, ChatUsage } from '../formats/chat/types.js';
import type {
  MessagesContentBlock,
  MessagesRequest,
  MessagesStopReason,
  MessagesThinking,
  MessagesUsage,
} from '../formats/messages/types.js';
import { TranslationError } from './translator.js';
import { isRecord, tokenCount } from './json-values.js';

/** Anthropic `stop_reason` -> chat `finish_reason`; unknown or missing reasons count as a normal stop. */
export function finishReasonFromStop(stop: string | null | undefined): ChatFinishReason {
  switch (stop) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      // end_turn, stop_sequence, pause_turn and anything newer.
      return 'stop';
  }
}

/**
 * Chat `finish_reason` -> Anthropic `stop_reason`. `tool_use` is only claimed when tool_use blocks
 * were actually produced: Anthropic clients treat it as a promise that they exist.
 */
export function stopFromFinishReason(finish: string | null | undefined, hasToolUse: boolean): MessagesStopReason {
  switch (finish) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return hasToolUse ? 'tool_use' : 'end_turn';
    case 'content_filter':
      return 'refusal';
    default:
      // OpenAI does not say whether a stop string matched, so never `stop_sequence`.
      return 'end_turn';
  }
}

/**
 * Anthropic usage -> chat usage. OpenAI's `prompt_tokens` includes cached tokens, Anthropic's
 * `input_tokens` excludes cache reads and writes, so they are added back.
 */
export function chatUsageFromMessages(usage: Partial<MessagesUsage>): ChatUsage {
  const cacheRead = tokenCount(usage.cache_read_input_tokens);
  const cacheWrite = tokenCount(usage.cache_creation_input_tokens);
  const prompt = tokenCount(usage.input_tokens) + cacheRead + cacheWrite;
  const completion = tokenCount(usage.output_tokens);
  const out: ChatUsage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: cacheRead, cache_write_tokens: cacheWrite },
  };
  const thinking = usage.output_tokens_details?.thinking_tokens;
  if (typeof thinking === 'number') out.completion_tokens_details = { reasoning_tokens: thinking };
  return out;
}

/** Chat usage -> Anthropic usage (the inverse of {@link chatUsageFromMessages}). */
export function messagesUsageFromChat(usage: Partial<ChatUsage>): MessagesUsage {
  const cacheRead = tokenCount(usage.prompt_tokens_details?.cached_tokens);
  const cacheWrite = tokenCount(usage.prompt_tokens_details?.cache_write_tokens);
  const out: MessagesUsage = {
    input_tokens: Math.max(tokenCount(usage.prompt_tokens) - cacheRead - cacheWrite, 0),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens: tokenCount(usage.completion_tokens),
  };
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') out.output_tokens_details = { thinking_tokens: reasoning };
  return out;
}

/**
 * Client-side response ids, derived from the upstream id so replays (and goldens) are stable:
 * `msg_01X` <-> `chatcmpl-01X`. A missing upstream id gives `<prefix>0`.
 */
export function chatIdFromMessagesId(id: unknown): string {
  return `chatcmpl-${typeof id === 'string' && id !== '' ? id.replace(/^msg_/, '') : '0'}`;
}

/** See {@link chatIdFromMessagesId}. */
export function messagesIdFromChatId(id: unknown): string {
  return `msg_${typeof id === 'string' && id !== '' ? id.replace(/^chatcmpl-/, '') : '0'}`;
}

/**
 * Chat tool-call `arguments` (a JSON string) -> Anthropic `input` (an object). Empty text is `{}`;
 * JSON that is not an object is wrapped as `{value}` and unparsable text as `{_raw_arguments}`
 * (new-api's compat rule), so a truncated call in history never fails the whole request.
 */
export function parseToolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : { value: parsed };
  } catch {
    return { _raw_arguments: text };
  }
}

/** `data:<mime>;base64,<data>` -> parts, or undefined when `url` is not a base64 data URL. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1].toLowerCase(), data: match[2] } : undefined;
}

/** Inverse of {@link parseDataUrl}. */
export function toDataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}

/** The reasoning table lives in reasoning.ts; these two are its Anthropic side. */
export { budgetForEffort, effortForBudget } from './reasoning.js';

/** Image media types Anthropic accepts in `image` blocks. */
export const IMAGE_MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Anthropic's minimum `budget_tokens`. */
export const MIN_THINKING_BUDGET = 1024;

/** Anthropic ids must match `^[a-zA-Z0-9_-]+$`; the same rule applies to tool_use and tool_result ids. */
export function toolUseId(id: unknown): string {
  const text = typeof id === 'string' ? id.replace(/[^a-zA-Z0-9_-]/g, '_') : '';
  return text === '' ? 'call_0' : text;
}

/**
 * `max_tokens` and `thinking` together (thinking counts against max_tokens upstream). A client cap
 * is kept and the budget fitted under it (no thinking when that leaves less than the minimum
 * budget); without a cap there is room for both: default + budget. No thinking either when the
 * request continues a tool cycle whose call came without its signed thinking block (see
 * {@link toolCycleUnsigned}).
 */
export function fitThinking(
  cap: number | undefined,
  budget: number | undefined,
  defaultMaxTokens: number,
  history: readonly { role: string; content: string | readonly MessagesContentBlock[] }[],
): { maxTokens: number; thinking?: MessagesThinking } {
  if (budget === undefined || toolCycleUnsigned(history)) return { maxTokens: cap ?? defaultMaxTokens };
  if (cap === undefined) return { maxTokens: defaultMaxTokens + budget, thinking: { type: 'enabled', budget_tokens: budget } };
  const fitted = Math.min(budget, cap - 1);
  if (fitted < MIN_THINKING_BUDGET) return { maxTokens: cap }; // Too small a cap to think at all.
  return { maxTokens: cap, thinking: { type: 'enabled', budget_tokens: fitted } };
}

/**
 * True when the request continues a tool cycle (its last message carries tool results) whose
 * assistant turn did not start with a thinking (or redacted thinking) block. A tool cycle is one
 * assistant turn: every assistant message since the last user message that was not tool results.
 * With thinking on, Anthropic refuses such a request (400 "Expected `thinking` or
 * `redacted_thinking`, but found `tool_use`"), as the turn's thinking must come back signed; later
 * messages of the turn carry none (the model thinks once per turn). A client that kept no signature
 * (a chat client rebuilding its history, a Gemini client whose calls came from another model) then
 * gets this request without thinking rather than an error.
 */
export function toolCycleUnsigned(history: readonly { role: string; content: string | readonly MessagesContentBlock[] }[]): boolean {
  const toolResults = (turn: (typeof history)[number]) => turn.role === 'user' && typeof turn.content !== 'string' && turn.content.some((b) => b.type === 'tool_result');
  if (history.length === 0 || !toolResults(history[history.length - 1])) return false;
  let first: (typeof history)[number] | undefined;
  for (let i = history.length - 1; i >= 0 && (history[i].role === 'assistant' || toolResults(history[i])); i--) {
    if (history[i].role === 'assistant') first = history[i];
  }
  const opening = first === undefined || typeof first.content === 'string' ? undefined : first.content[0]?.type;
  return opening !== 'thinking' && opening !== 'redacted_thinking';
}

/**
 * Sampling fields for a messages upstream: none with thinking on (Anthropic then accepts only the
 * defaults, so the client's values are dropped), else the numbers given, temperature clamped to [0, 1].
 */
export function messagesSampling(
  thinking: boolean,
  sampling: { temperature?: unknown; topP?: unknown; topK?: unknown },
): Pick<MessagesRequest, 'temperature' | 'top_p' | 'top_k'> {
  if (thinking) return {};
  const { temperature, topP, topK } = sampling;
  return {
    ...(typeof temperature === 'number' && { temperature: Math.min(Math.max(temperature, 0), 1) }),
    ...(typeof topP === 'number' && { top_p: topP }),
    ...(typeof topK === 'number' && { top_k: topK }),
  };
}

/** A turn of a messages upstream request (always block content). */
export interface MessagesTurn {
  role: 'user' | 'assistant';
  content: MessagesContentBlock[];
}

/** Appends blocks as a turn, merging into the previous turn of the same role; no blocks add nothing (Anthropic rejects empty turns). */
export function appendMessagesTurn(turns: MessagesTurn[], role: MessagesTurn['role'], blocks: MessagesContentBlock[]): void {
  if (blocks.length === 0) return;
  const last = turns.at(-1);
  if (last?.role === role) last.content.push(...blocks);
  else turns.push({ role, content: blocks });
}

/** `message_delta.usage` repeats cumulative counters; absent or null ones must not erase known values. */
export function definedOnly(usage: Partial<MessagesUsage> | undefined): Partial<MessagesUsage> {
  return Object.fromEntries(Object.entries(usage ?? {}).filter(([, v]) => v !== null && v !== undefined));
}

/** Messages `content` (a string or blocks) as blocks; anything else is a TranslationError at `path`. */
export function blocksOf(content: unknown, path: string): MessagesContentBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw new TranslationError(`${path}: content must be a string or an array of blocks`);
  return content as MessagesContentBlock[];
}

/** The text of text-only blocks joined by `separator`; any other block is a TranslationError. */
export function joinText(blocks: MessagesContentBlock[], path: string, separator: string): string {
  return blocks
    .map((block, i) => {
      if (block.type !== 'text') throw new TranslationError(`${path}[${i}]: only text blocks are supported here, got '${block.type}'`);
      return block.text;
    })
    .join(separator);
}
