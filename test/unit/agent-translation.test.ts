/**
 * The pure pieces the coding-agent translations rest on: the one reasoning table read both ways,
 * namespace tool names flattened uniquely and named back, cache keys that fit OpenAI's field, and
 * the fields of each agent's request (test/fakes/fixtures/client-*.json) that a translation names
 * as dropped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WireFormat } from '../../shared/formats.js';
import { translatorFor } from '../../shared/wire/translators.js';
import { REASONING, budgetForEffort, effortForBudget, effortFromMessages, effortFromResponses, effortFromThinkingConfig, thinkingConfigFromEffort } from '../../shared/wire/translate/reasoning.js';
import { ToolNames, chatTools } from '../../shared/wire/translate/responses-tools.js';
import { promptCacheKey } from '../../shared/wire/translate/cache-key.js';
import type { ChatReasoningEffort } from '../../shared/wire/formats/chat/types.js';

const EFFORTS = Object.keys(REASONING) as ChatReasoningEffort[];
/** What an effort reads back as after a trip through a budget: capped at `high`, no thinking for none/minimal. */
const BACK: Record<ChatReasoningEffort, ChatReasoningEffort | undefined> = { none: undefined, minimal: undefined, low: 'low', medium: 'medium', high: 'high', xhigh: 'high', max: 'high' };

test.each(EFFORTS)('effort %s survives a trip through Anthropic and through Gemini budgets and levels', (effort) => {
  const budget = budgetForEffort(effort);
  expect(budget === undefined ? undefined : effortForBudget(budget)).toBe(BACK[effort]);
  const viaBudget = effortFromThinkingConfig(thinkingConfigFromEffort(effort, 'gemini-2.5-pro')!);
  expect(viaBudget).toBe(BACK[effort] ?? 'minimal');
  const viaLevel = effortFromThinkingConfig(thinkingConfigFromEffort(effort, 'gemini-3-pro-preview')!);
  expect(viaLevel).toBe(BACK[effort] ?? 'minimal');
});

test('each format\'s reasoning setting reads into one effort', () => {
  expect(effortFromResponses({ summary: 'auto' })).toBe('medium');
  expect(effortFromResponses({ effort: 'high', summary: 'auto' })).toBe('high');
  expect(effortFromResponses({ summary: null })).toBeUndefined();
  expect(effortFromMessages({ thinking: { type: 'adaptive' }, output_config: { effort: 'high' } })).toBe('high');
  expect(effortFromMessages({ thinking: { type: 'adaptive' } })).toBe('medium');
  expect(effortFromMessages({ output_config: { effort: 'max' } })).toBe('high');
  expect(effortFromMessages({ thinking: { type: 'enabled', budget_tokens: 3000 } })).toBe('medium');
  expect(effortFromThinkingConfig({ includeThoughts: true })).toBe('medium');
  expect(effortFromThinkingConfig({ thinkingBudget: -1 })).toBe('medium');
  expect(effortFromThinkingConfig({ thinkingBudget: 0 })).toBe('minimal');
  expect(effortFromThinkingConfig({ thinkingLevel: 'LOW' })).toBe('low');
});

test('namespace tools get unique, valid flat names that map back; declared names keep theirs', () => {
  const dropped: string[] = [];
  const names = new ToolNames();
  const long = 'x'.repeat(70);
  const tools = chatTools(
    [
      { type: 'namespace', name: 'mcp.git', tools: [{ type: 'function', name: 'log' }, { type: 'function', name: long }, { type: 'custom', name: 'raw' }] },
      { type: 'function', name: 'mcp_git__log' },
      { type: 'namespace', name: '1password', tools: [{ type: 'function', name: 'read' }] },
      { type: 'web_search' },
      { type: 'file_search' },
    ],
    names,
    false,
    (field) => dropped.push(field),
  );
  const flat = tools.tools.map((t) => String(t.function?.name));
  expect(flat[2]).toBe('mcp_git__log'); // the declared function keeps its name ...
  expect(flat[0]).toBe('mcp_git__log_2'); // ... the namespaced one gives way
  expect(flat[1]).toMatch(/^mcp_git__x+_[0-9a-f]{8}$/);
  expect(flat[1]).toHaveLength(64);
  expect(flat[3]).toBe('_1password__read'); // Gemini wants a letter or `_` first
  expect(new Set(flat).size).toBe(4);
  // Valid for every upstream: OpenAI's and Anthropic's pattern, and Gemini's first character.
  for (const name of flat) expect(name).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
  expect(names.declared(flat[0])).toEqual({ name: 'log', namespace: 'mcp.git' });
  expect(names.declared(flat[1])).toEqual({ name: long, namespace: 'mcp.git' });
  expect(names.declared('mcp_git__log')).toEqual({ name: 'mcp_git__log' });
  expect(names.flat('log', 'mcp.git')).toBe(flat[0]);
  expect(tools.webSearch).toBeUndefined();
  expect(names.declared(flat[3])).toEqual({ name: 'read', namespace: '1password' });
  expect(dropped).toEqual(['tools[0].tools[2] (custom)', 'tools[3] (web_search)', 'tools[4] (file_search)']);
  // In a composed translation the web search is kept for the next translator.
  expect(chatTools([{ type: 'web_search', search_context_size: 'high' }], new ToolNames(), true, () => undefined).webSearch).toEqual({ search_context_size: 'high' });
});

test('cache keys fit OpenAI\'s field', () => {
  expect(promptCacheKey('0199b7e4-2f6a-7c31-9d3e-5a8b1c2d3e4f')).toBe('0199b7e4-2f6a-7c31-9d3e-5a8b1c2d3e4f');
  const long = `user_${'a'.repeat(64)}_account__session_7d3e1f5a`;
  expect(promptCacheKey(long)).toMatch(/^sha256:[0-9a-f]{32}$/);
  expect(promptCacheKey(long)).toBe(promptCacheKey(long));
  expect(promptCacheKey(long)).not.toBe(promptCacheKey(`${long}b`));
});

/** A coding agent's request as recorded at the gateway. */
const agentRequest = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fakes/fixtures', `client-${name}.json`), 'utf8')) as { headers: Record<string, string>; body: Record<string, unknown> };

const CODEX_DROPPED = ['store', 'include', 'client_metadata', 'header originator', 'header x-codex-turn-metadata', 'header x-codex-beta-features'];
const CLAUDE_CODE_CACHE = ['system.0.cache_control', 'system.1.cache_control', 'messages.3.content.0.cache_control'];

test.each<[string, WireFormat, WireFormat, string, string[]]>([
  ['codex-cli', 'responses', 'chat-completions', 'gpt-5', [...CODEX_DROPPED, 'tools[7] (web_search)']],
  ['codex-cli', 'responses', 'messages', 'claude-sonnet-4-5', [...CODEX_DROPPED, 'tools[7].external_web_access']],
  ['codex-cli', 'responses', 'generateContent', 'gemini-2.5-pro', [...CODEX_DROPPED, 'tools[7].external_web_access', 'parallel_tool_calls', 'prompt_cache_key', 'tools (web_search)']],
  ['codex-cli', 'responses', 'generateContent', 'gemini-3-pro-preview', [...CODEX_DROPPED, 'tools[7].external_web_access', 'parallel_tool_calls', 'prompt_cache_key']],
  ['claude-code', 'messages', 'chat-completions', 'gpt-5', ['context_management', 'header anthropic-beta', ...CLAUDE_CODE_CACHE]],
  ['claude-code', 'messages', 'generateContent', 'gemini-2.5-pro', ['context_management', 'metadata', 'header anthropic-beta', ...CLAUDE_CODE_CACHE]],
  ['gemini-cli', 'generateContent', 'chat-completions', 'gpt-5', []],
  ['gemini-cli', 'generateContent', 'messages', 'claude-sonnet-4-5', ['generationConfig.temperature', 'generationConfig.topP']],
])('%s (%s) to a %s upstream (%s): every field left out is named, as the client sent it', (agent, from, to, upstreamModel, expected) => {
  const { headers, body } = agentRequest(agent);
  const dropped: string[] = [];
  translatorFor(from, to)!.request(body, { upstreamModel, stream: true, defaultMaxTokens: 4096, headers, dropped: (field) => void dropped.push(field) });
  expect(dropped).toEqual(expected);
});
