/**
 * The one reasoning mapping table. Every format's reasoning setting is read into a chat
 * `reasoning_effort` (the pivot) and written out of it:
 *
 * | effort | Anthropic `thinking.budget_tokens` | Gemini 2.5 `thinkingBudget` | Gemini 3 `thinkingLevel` |
 * |---|---|---|---|
 * | none, minimal | no thinking | 0 | MINIMAL |
 * | low | 2048 | 1024 | LOW |
 * | medium | 8192 | 8192 | MEDIUM |
 * | high | 16384 | 24576 | HIGH |
 * | xhigh | 32768 | 24576 | HIGH |
 * | max | 65536 | 24576 | HIGH |
 *
 * Into effort: Responses `reasoning.effort` as is, and a `reasoning` object with only a `summary`
 * as `medium` (OpenAI's default effort); Anthropic `output_config.effort` as is (it wins), else
 * `thinking` enabled bucketed by budget, adaptive as `medium`; Gemini `thinkingLevel` as is,
 * `thinkingBudget` bucketed (-1, dynamic: `medium`; 0: `minimal`), bare `includeThoughts` as
 * `medium`. Budgets read back into an effort stop at `high`: few chat upstreams accept more.
 * Thought summaries (Responses `reasoning.summary`, Gemini `includeThoughts`, Anthropic thinking
 * text) are always asked for when thinking is on, so reasoning reaches every client format.
 */
import type { ChatReasoningEffort } from '../formats/chat/types.js';
import type { GeminiThinkingConfig, GeminiThinkingLevel } from '../formats/gemini/types.js';
import type { MessagesRequest } from '../formats/messages/types.js';

interface Row {
  /** Anthropic thinking budget; undefined: no thinking. */
  anthropicBudget?: number;
  geminiBudget: number;
  geminiLevel: GeminiThinkingLevel;
}

/** The table above, by chat effort. */
export const REASONING: Readonly<Record<ChatReasoningEffort, Row>> = {
  none: { geminiBudget: 0, geminiLevel: 'MINIMAL' },
  minimal: { geminiBudget: 0, geminiLevel: 'MINIMAL' },
  low: { anthropicBudget: 2048, geminiBudget: 1024, geminiLevel: 'LOW' },
  medium: { anthropicBudget: 8192, geminiBudget: 8192, geminiLevel: 'MEDIUM' },
  high: { anthropicBudget: 16384, geminiBudget: 24576, geminiLevel: 'HIGH' },
  xhigh: { anthropicBudget: 32768, geminiBudget: 24576, geminiLevel: 'HIGH' },
  max: { anthropicBudget: 65536, geminiBudget: 24576, geminiLevel: 'HIGH' },
};

/** True for a known chat effort. */
export function isEffort(value: unknown): value is ChatReasoningEffort {
  return typeof value === 'string' && Object.hasOwn(REASONING, value);
}

/** A budget (Anthropic's or Gemini's column) bucketed into an effort, at most `high`. */
function bucket(budget: number, column: 'anthropicBudget' | 'geminiBudget'): ChatReasoningEffort {
  if (budget <= REASONING.low[column]!) return 'low';
  if (budget <= REASONING.medium[column]!) return 'medium';
  return 'high';
}

/** Chat `reasoning_effort` -> Anthropic thinking budget; undefined means no thinking. */
export function budgetForEffort(effort: unknown): number | undefined {
  return isEffort(effort) ? REASONING[effort].anthropicBudget : undefined;
}

/** Anthropic thinking budget -> chat `reasoning_effort`. */
export function effortForBudget(budget: number): ChatReasoningEffort {
  return bucket(budget, 'anthropicBudget');
}

/** Responses `reasoning` -> chat effort: its effort, or `medium` when it only asks for a summary. */
export function effortFromResponses(reasoning: { effort?: string | null; summary?: string | null } | null | undefined): ChatReasoningEffort | undefined {
  if (!reasoning) return undefined;
  if (isEffort(reasoning.effort)) return reasoning.effort;
  return typeof reasoning.summary === 'string' && reasoning.summary !== 'none' ? 'medium' : undefined;
}

/** Anthropic `thinking` / `output_config.effort` -> chat effort; the explicit effort wins (`max` read as `high`). */
export function effortFromMessages(req: Pick<MessagesRequest, 'thinking' | 'output_config'>): ChatReasoningEffort | undefined {
  const effort = req.output_config?.effort;
  if (effort === 'max' || effort === 'xhigh') return 'high';
  if (isEffort(effort)) return effort;
  if (req.thinking?.type === 'enabled') return effortForBudget(req.thinking.budget_tokens);
  if (req.thinking?.type === 'adaptive') return 'medium';
  return undefined;
}

/**
 * Chat effort -> `thinkingConfig`: `thinkingLevel` for gemini-3 models, `thinkingBudget`
 * otherwise, with thought summaries whenever thinking is on.
 */
export function thinkingConfigFromEffort(effort: string, upstreamModel: string): GeminiThinkingConfig | undefined {
  if (!isEffort(effort)) return undefined;
  const row = REASONING[effort];
  const config: GeminiThinkingConfig = /gemini-3/.test(upstreamModel) ? { thinkingLevel: row.geminiLevel } : { thinkingBudget: row.geminiBudget };
  if (row.geminiBudget !== 0) config.includeThoughts = true;
  return config;
}

/** `thinkingConfig` -> chat effort (inverse of {@link thinkingConfigFromEffort}, bucketed). */
export function effortFromThinkingConfig(config: GeminiThinkingConfig): ChatReasoningEffort | undefined {
  const level = config.thinkingLevel;
  if (typeof level === 'string') {
    const effort = level.toLowerCase();
    if (isEffort(effort)) return effort;
  }
  const budget = config.thinkingBudget;
  if (typeof budget !== 'number') return config.includeThoughts === true ? 'medium' : undefined;
  if (budget < 0) return 'medium';
  if (budget === 0) return 'minimal';
  return bucket(budget, 'geminiBudget');
}
