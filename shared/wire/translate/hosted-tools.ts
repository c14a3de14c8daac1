/**
 * Hosted (server-run) tools across formats: the one rule every translator applies.
 *
 * - Web search is the hosted tool every upstream family runs itself. A client's web search (a
 *   Responses `web_search*` tool, chat `web_search_options`, an Anthropic `web_search_*` server
 *   tool, Gemini `googleSearch`) becomes the upstream's own: Anthropic `web_search_20250305`,
 *   Gemini `googleSearch`, a Responses `web_search` tool. A chat-completions upstream has none
 *   that ordinary models accept, so there it is dropped. Gemini runs `googleSearch` beside
 *   function declarations only from Gemini 3 on: with function tools on an older model it is
 *   dropped too. Inside a composed translation the chat
 *   pivot carries it as `web_search_options`.
 * - Every other hosted tool (file search, code interpreter, computer use, image generation, MCP,
 *   shell, Anthropic's bash / text editor / code execution / web fetch / memory tools, Gemini's
 *   codeExecution / urlContext / googleMaps / fileSearch) runs only on its own provider: dropped
 *   when translating, each one named in the debug log.
 *
 * Dropping rather than refusing: coding agents declare these tools in every request whether or
 * not the task needs them, and the model simply does not call a tool it was not given.
 */
import type { ChatWebSearchOptions } from '../formats/chat/types.js';
import type { GeminiTool } from '../formats/gemini/types.js';
import type { MessagesTool } from '../formats/messages/types.js';
import { isRecord } from './json-values.js';

/** Anthropic's web search tool version the gateway asks for. */
export const ANTHROPIC_WEB_SEARCH_TYPE = 'web_search_20250305';

/** Searches allowed per request for each OpenAI `search_context_size` (new-api's mapping). */
const MAX_USES = { low: 1, medium: 5, high: 10 } as const;

/** True for a Responses hosted web search tool (`web_search`, `web_search_preview`, dated versions). */
export function isResponsesWebSearch(type: unknown): boolean {
  return type === 'web_search' || (typeof type === 'string' && type.startsWith('web_search_'));
}

/** True for an Anthropic web search server tool (any version). */
export function isAnthropicWebSearch(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('web_search_');
}

/**
 * A Responses web search tool -> chat `web_search_options`; `dropped` is told each of its fields
 * without an equivalent there (Codex's `external_web_access`, `filters`, ...).
 */
export function webSearchFromResponsesTool(tool: Record<string, unknown>, dropped: (field: string) => void = () => undefined): ChatWebSearchOptions {
  for (const key of Object.keys(tool)) if (key !== 'type' && key !== 'search_context_size' && key !== 'user_location') dropped(key);
  const out: ChatWebSearchOptions = {};
  const size = tool.search_context_size;
  if (size === 'low' || size === 'medium' || size === 'high') out.search_context_size = size;
  if (isRecord(tool.user_location)) out.user_location = { type: 'approximate', approximate: withoutType(tool.user_location) };
  return out;
}

/** Chat `web_search_options` -> a Responses `web_search` tool. */
export function responsesWebSearchTool(options: ChatWebSearchOptions): Record<string, unknown> {
  const location = approximateLocation(options.user_location);
  return {
    type: 'web_search',
    ...(options.search_context_size && { search_context_size: options.search_context_size }),
    ...(location && { user_location: { type: 'approximate', ...location } }),
  };
}

/** An Anthropic web search server tool -> chat `web_search_options`. */
export function webSearchFromAnthropicTool(tool: MessagesTool): ChatWebSearchOptions {
  const raw = tool as unknown as Record<string, unknown>;
  const out: ChatWebSearchOptions = {};
  if (isRecord(raw.user_location)) out.user_location = { type: 'approximate', approximate: withoutType(raw.user_location) };
  return out;
}

/** Chat `web_search_options` -> Anthropic's web search server tool. */
export function anthropicWebSearchTool(options: ChatWebSearchOptions): MessagesTool {
  const location = approximateLocation(options.user_location);
  const tool: MessagesTool & Record<string, unknown> = { type: ANTHROPIC_WEB_SEARCH_TYPE, name: 'web_search' };
  if (options.search_context_size) tool.max_uses = MAX_USES[options.search_context_size];
  if (location) tool.user_location = { type: 'approximate', ...location };
  return tool;
}

/**
 * Gemini's web search tool (grounding with Google Search) for a request with or without function
 * tools: none when the model cannot combine them (before Gemini 3).
 */
export function geminiWebSearchTools(hasFunctions: boolean, upstreamModel: string): GeminiTool[] {
  return !hasFunctions || /gemini-([3-9]|\d{2,})/.test(upstreamModel) ? [{ googleSearch: {} }] : [];
}

/** The `approximate` fields of chat's `user_location` (`{type, approximate: {...}}`), if any. */
function approximateLocation(location: unknown): Record<string, unknown> | undefined {
  return isRecord(location) && isRecord(location.approximate) ? location.approximate : undefined;
}

function withoutType(record: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = record;
  return rest;
}
