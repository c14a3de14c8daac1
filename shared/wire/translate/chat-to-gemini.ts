/**
 * chat-completions client -> generateContent upstream.
 *
 * Decisions, pinned by test/golden/chat-to-gemini:
 * - All system/developer messages are hoisted, in order, into `systemInstruction` (joined by a blank
 *   line); Gemini has no mid-conversation system turn.
 * - Consecutive same-role turns are merged (Gemini wants user/model alternation), so tool results
 *   answering one model turn share one user turn, followed by any user text of the next message.
 *   A trailing assistant message is rejected: Gemini requires the last turn to be the user's.
 * - Images: data URLs become `inlineData`; http(s) URLs become `fileData{fileUri}` (the translator
 *   never fetches). Gemini accepts such URIs on Vertex, for public URLs on newer models and for
 *   YouTube; elsewhere the upstream's 400 reaches the client unchanged.
 * - Tool-call ids are synthesised as `call_<responseId>_<n>` and carry the part's functionCall.id
 *   (when Gemini sent one) and thoughtSignature (see toolCallIdFromGemini); a history call without a
 *   signature gets Google's skip sentinel. A Gemini id goes back on its call and on the function
 *   response answering it; no other id is sent (Gemini then matches by name and position).
 * - Tool results are wrapped as `{output: text}` unless the text is a JSON object; the function name
 *   comes from the assistant tool call with the same id earlier in the history.
 * - Thought parts become `reasoning_content`; `reasoning_content` in history is dropped (Gemini
 *   only needs the signatures). `created` is Vertex's createTime, else 0.
 * - `web_search_options` becomes Gemini's `googleSearch` tool (hosted-tools.ts); its context size
 *   and location have no Gemini field (each named dropped).
 * - Dropped, each named in the debug log: parallel_tool_calls, logit_bias, logprobs/top_logprobs,
 *   user, store, metadata, service_tier, prediction, prompt_cache_key (Gemini caches implicitly),
 *   safety_identifier, verbosity and any other field without a Gemini equivalent.
 */
import type {
  ChatChunk,
  ChatContentPart,
  ChatDelta,
  ChatFinishReason,
  ChatMessage,
  ChatRequest,
  ChatToolCall,
  ChatToolChoice,
} from '../formats/chat/types.js';
import type {
  GeminiCandidate,
  GeminiContent,
  GeminiGenerationConfig,
  GeminiPart,
  GeminiRequest,
  GeminiResponse,
  GeminiToolConfig,
  GeminiUsageMetadata,
} from '../formats/gemini/types.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import { parseToolArguments } from './chat-messages-shared.js';
import { chatStreamError, plainText } from './chat-client.js';
import {
  appendTurn,
  chatFinishFromGemini,
  chatIdFromGemini,
  chatUsageFromGemini,
  geminiIdFromToolCallId,
  geminiMediaPart,
  geminiToolResponse,
  signedFunctionCalls,
  thinkingConfigFromEffort,
  toolCallIdFromGemini,
} from './chat-gemini-shared.js';
import { isRecord } from './json-values.js';
import { geminiWebSearchTools } from './hosted-tools.js';
import { dropUnhandled } from './dropped.js';

/** Top-level request fields this direction reads; others are reported dropped. */
const HANDLED = new Set([
  'model', 'messages', 'max_tokens', 'max_completion_tokens', 'reasoning_effort', 'tools', 'tool_choice', 'stop', 'temperature',
  'top_p', 'seed', 'presence_penalty', 'frequency_penalty', 'n', 'response_format', 'stream', 'stream_options', 'functions',
  'function_call', 'audio', 'modalities', 'web_search_options',
]);

/** Chat request fields beyond the shared type that this direction reads. */
interface ChatRequestExtras extends ChatRequest {
  seed?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
}

/** OpenAI-chat client, Gemini upstream. */
export class ChatToGeminiTranslator implements Translator {
  readonly from = 'chat-completions' as const;
  readonly to = 'generateContent' as const;
  private model = '';
  private includeUsage = false;
  // Stream state.
  private id = '';
  private responseId: string | undefined;
  private created = 0;
  private started = false;
  private finished = false;
  private failed = false;
  private usage: GeminiUsageMetadata | undefined;
  private readonly toolCounts = new Map<number, number>();

  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = body as unknown as ChatRequestExtras;
    this.model = typeof req.model === 'string' ? req.model : ctx.upstreamModel;
    this.includeUsage = req.stream_options?.include_usage === true;
    rejectUntranslatable(req, ctx);
    dropUnhandled(body, HANDLED, ctx);

    const system: string[] = [];
    const contents: GeminiContent[] = [];
    const callNames = new Map<string, string>();
    (Array.isArray(req.messages) ? req.messages : []).forEach((m, i) => {
      const at = `messages[${i}]`;
      switch (m.role) {
        case 'system':
        case 'developer':
          system.push(plainText(m.content, at));
          break;
        case 'user':
          appendTurn(contents, 'user', userParts(m.content, at));
          break;
        case 'assistant':
          appendTurn(contents, 'model', modelParts(m, callNames));
          break;
        case 'tool':
          appendTurn(contents, 'user', [toolResultPart(m, callNames, at)]);
          break;
        default:
          throw new TranslationError(`${at}.role "${String(m.role)}" cannot be sent to a Gemini upstream`);
      }
    });
    if (contents.length === 0) throw new TranslationError('messages: a Gemini upstream needs at least one user message');
    if (contents[contents.length - 1].role !== 'user') {
      throw new TranslationError('messages: the last message must be a user or tool message; Gemini rejects a conversation ending with the assistant');
    }

    const out: GeminiRequest = { contents };
    if (system.length > 0) out.systemInstruction = { parts: [{ text: system.join('\n\n') }] };
    const config = generationConfig(req, ctx);
    if (Object.keys(config).length > 0) out.generationConfig = config;
    const declarations = (req.tools ?? []).map((tool, i) => {
      if (tool.type !== 'function' || !tool.function) {
        throw new TranslationError(`tools[${i}]: only function tools can be sent to a Gemini upstream, not "${tool.type}"`);
      }
      const { name, description, parameters } = tool.function;
      return { name, ...(description !== undefined && { description }), ...(parameters !== undefined && { parametersJsonSchema: parameters }) };
    });
    if (declarations.length > 0) out.tools = [{ functionDeclarations: declarations }];
    if (req.web_search_options) {
      const search = geminiWebSearchTools(declarations.length > 0, ctx.upstreamModel);
      if (search.length > 0) {
        out.tools = [...(out.tools ?? []), ...search];
        // googleSearch takes neither a context size nor a location.
        for (const key of Object.keys(req.web_search_options)) ctx.dropped?.(`web_search_options.${key}`);
      } else ctx.dropped?.('web_search_options');
    }
    if (req.tool_choice !== undefined) out.toolConfig = toolConfig(req.tool_choice);
    return out as unknown as Record<string, unknown>;
  }

  response(body: Record<string, unknown>): Record<string, unknown> {
    const res = body as GeminiResponse;
    const candidates = res.candidates ?? [];
    const choices = candidates.length > 0
      ? candidates.map((c, i) => {
        const { text, reasoning, toolCalls } = splitParts(c, res.responseId, 0);
        const message = {
          role: 'assistant' as const,
          content: text.length > 0 ? text.join('') : toolCalls.length > 0 ? null : '',
          ...(reasoning.length > 0 && { reasoning_content: reasoning.join('') }),
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
          refusal: null,
        };
        return { index: c.index ?? i, message, logprobs: null, finish_reason: chatFinishFromGemini(c.finishReason, toolCalls.length > 0) };
      })
      // No candidates: the prompt itself was blocked (promptFeedback.blockReason).
      : [{ index: 0, message: { role: 'assistant' as const, content: '', refusal: null }, logprobs: null, finish_reason: 'content_filter' as const }];
    return {
      id: chatIdFromGemini(res.responseId),
      object: 'chat.completion',
      created: createdFrom(res),
      model: this.model,
      choices,
      ...(res.usageMetadata && { usage: chatUsageFromGemini(res.usageMetadata) }),
    };
  }

  streamEvent(event: StreamEvent): StreamEvent[] {
    if (this.failed || !isRecord(event.data)) return [];
    if (isRecord(event.data.error)) {
      this.failed = true;
      return [chatStreamError(String(event.data.error.message ?? 'upstream error'))];
    }
    const res = event.data as GeminiResponse;
    const out: StreamEvent[] = [];
    if (!this.started) out.push(...this.start(res));
    if (res.usageMetadata) this.usage = res.usageMetadata;
    for (const [i, cand] of (res.candidates ?? []).entries()) {
      const index = cand.index ?? i;
      const first = this.toolCounts.get(index) ?? 0;
      const { text, reasoning, toolCalls } = splitParts(cand, this.responseId, first);
      this.toolCounts.set(index, first + toolCalls.length);
      const delta: ChatDelta = {};
      if (reasoning.length > 0) delta.reasoning_content = reasoning.join('');
      if (text.length > 0) delta.content = text.join('');
      // Gemini sends each call whole: one delta per call with id, name and the complete arguments.
      if (toolCalls.length > 0) delta.tool_calls = toolCalls.map((call, k) => ({ index: first + k, ...call }));
      if (Object.keys(delta).length > 0) out.push(this.chunk(index, delta, null));
      if (cand.finishReason) {
        this.finished = true;
        out.push(this.chunk(index, {}, chatFinishFromGemini(cand.finishReason, (this.toolCounts.get(index) ?? 0) > 0)));
      }
    }
    if ((res.candidates ?? []).length === 0 && res.promptFeedback?.blockReason && !this.finished) {
      this.finished = true;
      out.push(this.chunk(0, {}, 'content_filter'));
    }
    return out;
  }

  streamEnd(): StreamEvent[] {
    if (this.failed) return [];
    const out = this.started ? [] : this.start({});
    if (!this.finished) {
      // Gemini always ends with a finishReason; without one the stream was cut short.
      this.failed = true;
      return [...out, chatStreamError('upstream stream ended before a finish reason')];
    }
    if (this.includeUsage) {
      out.push({ data: { ...this.envelope(), choices: [], usage: chatUsageFromGemini(this.usage ?? {}) } });
    }
    out.push({ data: '[DONE]' });
    return out;
  }

  private start(res: GeminiResponse): StreamEvent[] {
    this.started = true;
    this.responseId = res.responseId;
    this.id = chatIdFromGemini(res.responseId);
    this.created = createdFrom(res);
    return [this.chunk(0, { role: 'assistant', content: '' }, null)];
  }

  private envelope() {
    return { id: this.id, object: 'chat.completion.chunk' as const, created: this.created, model: this.model };
  }

  private chunk(index: number, delta: ChatDelta, finish: ChatFinishReason | null): StreamEvent {
    const data: ChatChunk = { ...this.envelope(), choices: [{ index, delta, finish_reason: finish }] };
    if (this.includeUsage) data.usage = null;
    return { data };
  }
}

function createdFrom(res: GeminiResponse): number {
  const ms = typeof res.createTime === 'string' ? Date.parse(res.createTime) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** A candidate's parts split into answer text, thought text and chat tool calls numbered from `first`. */
function splitParts(cand: GeminiCandidate, responseId: string | undefined, first: number) {
  const text: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: ChatToolCall[] = [];
  for (const part of cand.content?.parts ?? []) {
    if (part.functionCall) {
      toolCalls.push({
        id: toolCallIdFromGemini(responseId, first + toolCalls.length, part.thoughtSignature, part.functionCall.id),
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
      });
    } else if (typeof part.text === 'string') {
      (part.thought ? reasoning : text).push(part.text);
    }
  }
  return { text, reasoning, toolCalls };
}

function rejectUntranslatable(req: ChatRequestExtras, ctx: TranslateContext): void {
  if (req.functions !== undefined || req.function_call !== undefined) {
    throw new TranslationError('functions/function_call (legacy) are not translated to Gemini; use tools/tool_choice');
  }
  if (req.audio !== undefined || req.modalities?.includes('audio')) {
    throw new TranslationError('audio output cannot be requested from a Gemini upstream through chat completions');
  }
  if (typeof req.n === 'number' && req.n > 1 && ctx.stream) {
    throw new TranslationError('n > 1 cannot be streamed from a Gemini upstream');
  }
}

function userParts(content: ChatMessage['content'], at: string): GeminiPart[] {
  if (typeof content === 'string') return [{ text: content }];
  return (content ?? []).map((part, k) => userPart(part, `${at}.content[${k}]`));
}

function userPart(part: ChatContentPart, at: string): GeminiPart {
  if (part.type === 'text' && typeof part.text === 'string') return { text: part.text };
  if (part.type === 'image_url' && isRecord(part.image_url) && typeof part.image_url.url === 'string') {
    return geminiMediaPart(part.image_url.url, at);
  }
  if (part.type === 'input_audio' && isRecord(part.input_audio)) {
    const { data, format } = part.input_audio;
    return { inlineData: { mimeType: `audio/${String(format)}`, data: String(data) } };
  }
  if (part.type === 'file' && isRecord(part.file) && typeof part.file.file_data === 'string') {
    return geminiMediaPart(part.file.file_data, at);
  }
  if (part.type === 'file') throw new TranslationError(`${at}: OpenAI file ids cannot be sent to a Gemini upstream; send file_data`);
  throw new TranslationError(`${at}: content part "${part.type}" cannot be sent to a Gemini upstream`);
}

function modelParts(m: ChatMessage, callNames: Map<string, string>): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const text = typeof m.content === 'string'
    ? m.content
    : (m.content ?? []).map((p) => (p.type === 'text' ? p.text : p.type === 'refusal' ? p.refusal : '')).join('');
  const visible = text || m.refusal || '';
  if (visible !== '') parts.push({ text: String(visible) });
  const calls = (m.tool_calls ?? []).map((call) => {
    callNames.set(call.id, call.function.name);
    return { id: call.id, name: call.function.name, args: parseToolArguments(call.function.arguments) };
  });
  return [...parts, ...signedFunctionCalls(calls)];
}

function toolResultPart(m: ChatMessage, callNames: Map<string, string>, at: string): GeminiPart {
  const name = (m.tool_call_id !== undefined ? callNames.get(m.tool_call_id) : undefined) ?? m.name;
  if (!name) {
    throw new TranslationError(`${at}.tool_call_id "${String(m.tool_call_id)}" matches no earlier assistant tool call; Gemini needs the function name`);
  }
  const id = geminiIdFromToolCallId(m.tool_call_id);
  return { functionResponse: { ...(id && { id }), name, response: geminiToolResponse(plainText(m.content, at)) } };
}

function generationConfig(req: ChatRequestExtras, ctx: TranslateContext): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  const max = req.max_completion_tokens ?? req.max_tokens;
  if (typeof max === 'number') config.maxOutputTokens = max;
  if (typeof req.temperature === 'number') config.temperature = req.temperature;
  if (typeof req.top_p === 'number') config.topP = req.top_p;
  if (req.stop != null) {
    const stop = typeof req.stop === 'string' ? [req.stop] : req.stop;
    if (stop.length > 5) throw new TranslationError('stop: a Gemini upstream accepts at most 5 stop sequences');
    config.stopSequences = stop;
  }
  if (typeof req.n === 'number' && req.n > 1) config.candidateCount = req.n;
  if (typeof req.presence_penalty === 'number') config.presencePenalty = req.presence_penalty;
  if (typeof req.frequency_penalty === 'number') config.frequencyPenalty = req.frequency_penalty;
  if (typeof req.seed === 'number') config.seed = req.seed;
  const format = req.response_format;
  if (format?.type === 'json_object' || format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    if (format.json_schema?.schema) config.responseJsonSchema = format.json_schema.schema;
  }
  if (typeof req.reasoning_effort === 'string') {
    const thinking = thinkingConfigFromEffort(req.reasoning_effort, ctx.upstreamModel);
    if (thinking) config.thinkingConfig = thinking;
  }
  return config;
}

function toolConfig(choice: ChatToolChoice): GeminiToolConfig {
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  const c: unknown = choice;
  if (isRecord(c) && c.type === 'function' && isRecord(c.function) && typeof c.function.name === 'string') {
    return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [c.function.name] } };
  }
  if (isRecord(c) && c.type === 'allowed_tools' && isRecord(c.allowed_tools)) {
    const { mode, tools } = c.allowed_tools;
    const names = (Array.isArray(tools) ? tools : []).map((t: unknown) =>
      isRecord(t) && isRecord(t.function) ? String(t.function.name) : String(isRecord(t) ? t.name : ''));
    // VALIDATED = "function call or text, but only these functions": Gemini's allowed_tools/auto.
    return { functionCallingConfig: { mode: mode === 'required' ? 'ANY' : 'VALIDATED', allowedFunctionNames: names } };
  }
  throw new TranslationError('tool_choice: only none/auto/required, a named function or allowed_tools can be sent to a Gemini upstream');
}
