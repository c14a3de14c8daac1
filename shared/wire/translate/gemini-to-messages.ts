/**
 * generateContent client -> messages upstream (docs/formats.md, "Translation", "Usage").
 *
 * Decisions, pinned by test/golden/gemini-to-messages:
 * - snake_case keys are normalised first. `systemInstruction` -> `system` text blocks; same-role
 *   turns are merged (`function` counts as user) and a user turn's function responses come first.
 * - Tool ids: `functionCall.id` when the client sent one (sanitised to Anthropic's id rule), else
 *   `call_<turn>_<k>`; function responses match by id, else by name in call order against the
 *   previous model turn. `{output: <string>}` is unwrapped, `{error: ...}` becomes `is_error: true`.
 * - Thinking: Anthropic thinking blocks come back as `thought: true` text parts; the block's
 *   signature (or a redacted block's data) rides, marked, in `thoughtSignature` on the last part of
 *   the block. In history, consecutive thought parts form one thinking block, sent back only with
 *   such a signature (Anthropic rejects unsigned or foreign ones); other thoughts are dropped.
 *   `includeThoughts` is not honoured: a signature is only valid with its text.
 * - `thinkingBudget` > 0 -> `thinking.budget_tokens` (at least 1024, fitted under `max_tokens`);
 *   levels, dynamic (-1) and bare `includeThoughts` are bucketed; 0 / MINIMAL -> no thinking, nor
 *   when the last model turn's function calls came without an Anthropic signature (see fitThinking).
 *   With thinking on, temperature/topP/topK are dropped (Anthropic accepts only defaults) and a
 *   forced function call is rejected. `max_tokens` defaults to ctx.defaultMaxTokens.
 * - temperature is clamped to Anthropic's [0, 1]; seed, penalties and safetySettings are dropped
 *   (each dropped setting named in the debug log as `generationConfig.<name>`, the sampling ones
 *   too when thinking drops them); candidateCount > 1, `responseLogprobs`, non-text output and
 *   JSON mode without a schema -> 400 (`logprobs`, a count that means nothing without it, is dropped).
 * - `allowedFunctionNames` with mode ANY (several names) or VALIDATED narrows `tools` to those names.
 * - `googleSearch` becomes Anthropic's web search server tool; other built-in tools are dropped
 *   (hosted-tools.ts), as are top-level fields without an Anthropic equivalent (debug log).
 * - Streamed tool calls are buffered per block and sent whole as a functionCall part at block stop.
 */
import type {
  GeminiContent,
  GeminiGenerationConfig,
  GeminiPart,
  GeminiRequest,
  GeminiResponse,
  GeminiToolConfig,
} from '../formats/gemini/types.js';
import type {
  MessagesContentBlock,
  MessagesResponse,
  MessagesStreamEvent,
  MessagesTool,
  MessagesToolChoice,
  MessagesUsage,
} from '../formats/messages/types.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import {
  appendMessagesTurn,
  budgetForEffort,
  definedOnly,
  fitThinking,
  IMAGE_MEDIA_TYPES,
  messagesSampling,
  MIN_THINKING_BUDGET,
  parseToolArguments,
  toolUseId,
  type MessagesTurn,
} from './chat-messages-shared.js';
import { chatToolContent, effortFromThinkingConfig } from './chat-gemini-shared.js';
import {
  answeredCall,
  functionDeclarations,
  GEMINI_HANDLED,
  geminiStreamError,
  jsonOutput,
  parametersSchema,
  readGeminiRequest,
  rejectNonTextOutput,
  type PendingCall,
} from './gemini-client.js';
import { dropUnhandled } from './dropped.js';
import { anthropicWebSearchTool } from './hosted-tools.js';
import {
  geminiErrorFromMessages,
  geminiFinishFromStop,
  geminiUsageFromMessages,
  markSignature,
  unmarkSignature,
} from './messages-gemini-shared.js';
import { isRecord } from './json-values.js';

interface OpenBlock {
  type: string;
  id: string;
  name: string;
  json: string;
  signature: string;
}

/** Translator for Gemini clients served by a messages upstream. */
export class GeminiToMessagesTranslator implements Translator {
  readonly from = 'generateContent' as const;
  readonly to = 'messages' as const;
  // Stream state.
  private responseId = '';
  private modelVersion = '';
  private usage: Partial<MessagesUsage> = {};
  private readonly blocks = new Map<number, OpenBlock>();
  private stop: string | undefined;
  private done = false;

  /** Gemini request -> messages request. */
  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = readGeminiRequest(body);
    const config = req.generationConfig ?? {};
    rejectConfig(config);
    const turns = convertContents(req.contents);
    const { maxTokens, thinking } = fitThinking(config.maxOutputTokens, thinkingBudget(config), ctx.defaultMaxTokens, turns);
    const out: Record<string, unknown> = { model: ctx.upstreamModel, max_tokens: maxTokens };
    const system = (req.systemInstruction?.parts ?? []).map((part, k) => {
      if (typeof part.text !== 'string') throw new TranslationError(`systemInstruction.parts[${k}]: only text parts are supported in the system instruction`);
      return part.text;
    }).filter((text) => text !== '');
    if (system.length > 0) out.system = system.map((text) => ({ type: 'text', text }));
    out.messages = turns;
    dropUnhandled(req as unknown as Record<string, unknown>, GEMINI_HANDLED, ctx);
    const webSearch: MessagesTool[] = [];
    const tools = convertTools(req, (name, at) => (name === 'googleSearch' ? webSearch.push(anthropicWebSearchTool({})) : ctx.dropped?.(at)));
    if (webSearch.length > 0) out.tools = webSearch;
    if (tools.length > 0) {
      const { choice, allowed } = convertToolChoice(req.toolConfig);
      out.tools = [...(allowed ? tools.filter((t) => allowed.includes(t.name)) : tools), ...webSearch];
      if (thinking && (choice?.type === 'any' || choice?.type === 'tool')) {
        throw new TranslationError('toolConfig.functionCallingConfig.mode: a forced function call (ANY) cannot be combined with thinking on this model');
      }
      if (choice) out.tool_choice = choice;
    }
    if (thinking) out.thinking = thinking;
    const stop = (config.stopSequences ?? []).filter((s) => s !== '');
    if (stop.length > 0) out.stop_sequences = stop;
    Object.assign(out, messagesSampling(thinking !== undefined, config));
    dropUnhandled({ ...config }, thinking ? CONFIG_HANDLED_THINKING : CONFIG_HANDLED, ctx, 'generationConfig.');
    const schema = responseSchema(config);
    if (schema) out.output_config = { format: { type: 'json_schema', schema } };
    if (ctx.stream) out.stream = true;
    return out;
  }

  /** Messages response -> Gemini response. */
  response(body: Record<string, unknown>): Record<string, unknown> {
    const msg = body as unknown as MessagesResponse;
    const parts = (Array.isArray(msg.content) ? msg.content : []).flatMap(blockParts);
    const out: GeminiResponse = {
      candidates: [{ content: { role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] }, finishReason: geminiFinishFromStop(msg.stop_reason), index: 0 }],
      usageMetadata: geminiUsageFromMessages(msg.usage ?? {}),
      modelVersion: msg.model,
      responseId: msg.id,
    };
    return out as unknown as Record<string, unknown>;
  }

  /** One messages stream event -> Gemini chunks. */
  streamEvent(event: StreamEvent): StreamEvent[] {
    if (this.done || !isRecord(event.data)) return [];
    const e = event.data as MessagesStreamEvent;
    switch (e.type) {
      case 'message_start':
        this.responseId = e.message.id;
        this.modelVersion = e.message.model;
        this.usage = { ...e.message.usage };
        return [];
      case 'content_block_start': {
        const b = e.content_block;
        if (b.type === 'tool_use') this.blocks.set(e.index, { type: b.type, id: b.id, name: b.name, json: '', signature: '' });
        else this.blocks.set(e.index, { type: b.type, id: '', name: '', json: '', signature: '' });
        if (b.type === 'redacted_thinking') return this.chunk(blockParts(b));
        if (b.type === 'text' && b.text) return this.chunk([{ text: b.text }]);
        if (b.type === 'thinking' && b.thinking) return this.chunk([{ text: b.thinking, thought: true }]);
        return [];
      }
      case 'content_block_delta': {
        const d = e.delta;
        const block = this.blocks.get(e.index);
        if (d.type === 'text_delta' && d.text) return this.chunk([{ text: d.text }]);
        if (d.type === 'thinking_delta' && d.thinking) return this.chunk([{ text: d.thinking, thought: true }]);
        if (d.type === 'signature_delta' && block) block.signature = d.signature;
        if (d.type === 'input_json_delta' && block) block.json += d.partial_json;
        return [];
      }
      case 'content_block_stop': {
        const block = this.blocks.get(e.index);
        if (block?.type === 'tool_use') return this.chunk([{ functionCall: { id: block.id, name: block.name, args: parseToolArguments(block.json) } }]);
        if (block?.type === 'thinking' && block.signature) return this.chunk([{ text: '', thought: true, thoughtSignature: markSignature('anthropic', block.signature) }]);
        return [];
      }
      case 'message_delta':
        this.stop = e.delta.stop_reason ?? 'end_turn';
        this.usage = { ...this.usage, ...definedOnly(e.usage) };
        return [];
      case 'message_stop':
        return this.finalChunk();
      case 'error':
        this.done = true;
        return [{ data: geminiErrorFromMessages(e.error) }];
      default:
        return []; // ping and future events.
    }
  }

  /** Upstream ended: send the final chunk if the stop reason arrived, otherwise report the cut. */
  streamEnd(): StreamEvent[] {
    if (this.done) return [];
    if (this.stop !== undefined) return this.finalChunk();
    this.done = true;
    return [geminiStreamError('upstream stream ended before the response was complete')];
  }

  private chunk(parts: GeminiPart[]): StreamEvent[] {
    return [{ data: { candidates: [{ content: { role: 'model', parts }, index: 0 }], modelVersion: this.modelVersion, responseId: this.responseId } }];
  }

  /** The last chunk: finishReason and the final usage. */
  private finalChunk(): StreamEvent[] {
    this.done = true;
    const data: GeminiResponse = {
      candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: geminiFinishFromStop(this.stop), index: 0 }],
      usageMetadata: geminiUsageFromMessages(this.usage),
      modelVersion: this.modelVersion,
      responseId: this.responseId,
    };
    return [{ data }];
  }
}

/** A response content block -> Gemini parts (server-tool blocks have no Gemini form and are skipped). */
function blockParts(block: MessagesContentBlock): GeminiPart[] {
  switch (block.type) {
    case 'text':
      return [{ text: block.text }];
    case 'thinking':
      return [{ text: block.thinking, thought: true, ...(block.signature && { thoughtSignature: markSignature('anthropic', block.signature) }) }];
    case 'redacted_thinking':
      return [{ text: '', thought: true, thoughtSignature: markSignature('redacted', block.data) }];
    case 'tool_use':
      return [{ functionCall: { id: block.id, name: block.name, args: block.input ?? {} } }];
    default:
      return [];
  }
}

function rejectConfig(config: GeminiGenerationConfig): void {
  rejectNonTextOutput(config);
  if (typeof config.candidateCount === 'number' && config.candidateCount > 1) {
    throw new TranslationError(`generationConfig.candidateCount: this model returns one candidate per request; ${config.candidateCount} is not supported`);
  }
  if (config.responseLogprobs === true) throw new TranslationError('generationConfig.responseLogprobs: this model does not return log probabilities');
}

/** The generation settings this direction reads (or refuses); the others are reported dropped. */
const CONFIG_HANDLED_THINKING: ReadonlySet<string> = new Set([
  'maxOutputTokens', 'stopSequences', 'candidateCount', 'responseLogprobs', 'responseMimeType', 'responseSchema', 'responseJsonSchema',
  'responseModalities', 'speechConfig', 'thinkingConfig',
]);
/** Without thinking, the sampling settings are read too. */
const CONFIG_HANDLED: ReadonlySet<string> = new Set([...CONFIG_HANDLED_THINKING, 'temperature', 'topP', 'topK']);

/** `thinkingConfig` -> Anthropic thinking budget; undefined means no thinking. */
function thinkingBudget(config: GeminiGenerationConfig): number | undefined {
  const thinking = config.thinkingConfig;
  if (!thinking) return undefined;
  const budget = thinking.thinkingBudget;
  if (typeof budget === 'number' && budget > 0) return Math.max(budget, MIN_THINKING_BUDGET);
  return budgetForEffort(effortFromThinkingConfig(thinking));
}

function responseSchema(config: GeminiGenerationConfig): Record<string, unknown> | undefined {
  const json = jsonOutput(config);
  if (!json || json.schema) return json?.schema;
  throw new TranslationError('generationConfig.responseMimeType "application/json" needs responseJsonSchema or responseSchema on this model');
}

function convertContents(contents: GeminiContent[]): MessagesTurn[] {
  const turns: MessagesTurn[] = [];
  const push = (role: MessagesTurn['role'], blocks: MessagesContentBlock[]) => appendMessagesTurn(turns, role, blocks);
  let pending: PendingCall[] = [];
  contents.forEach((content, t) => {
    const at = `contents[${t}]`;
    if (content.role === 'model') {
      const blocks = modelBlocks(content.parts ?? [], t, at);
      const rawIds = (content.parts ?? []).filter((p) => p.functionCall).map((p) => p.functionCall?.id);
      pending = blocks.flatMap((b) => (b.type === 'tool_use' ? [b] : [])).map((b, k) => ({ matchId: rawIds[k], id: b.id, name: b.name, answered: false }));
      push('assistant', blocks);
      return;
    }
    const results: MessagesContentBlock[] = [];
    const rest: MessagesContentBlock[] = [];
    (content.parts ?? []).forEach((part, k) => {
      if (part.functionResponse) {
        const call = answeredCall(pending, part.functionResponse, `${at}.parts[${k}]`);
        results.push(toolResult(call.id, part.functionResponse.response));
      } else if (!part.thought) {
        rest.push(...userBlocks(part, `${at}.parts[${k}]`));
      }
    });
    push('user', [...results, ...rest]);
  });
  return turns;
}

/** `functionResponse.response` -> a tool_result; `{error}` marks a failed call. */
function toolResult(id: string, response: unknown): MessagesContentBlock {
  const keys = isRecord(response) ? Object.keys(response) : [];
  const failed = isRecord(response) && keys.length === 1 && keys[0] === 'error';
  const text = failed ? (typeof response.error === 'string' ? response.error : JSON.stringify(response.error)) : chatToolContent(response);
  return { type: 'tool_result', tool_use_id: id, ...(text !== '' && { content: text }), ...(failed && { is_error: true }) };
}

/** A model turn -> assistant blocks: signed thought runs, merged text, tool_use per functionCall. */
function modelBlocks(parts: GeminiPart[], t: number, at: string): MessagesContentBlock[] {
  const blocks: MessagesContentBlock[] = [];
  let thought: string[] = [];
  let calls = 0;
  parts.forEach((part, k) => {
    if (part.thought) {
      const redacted = unmarkSignature('redacted', part.thoughtSignature);
      if (redacted !== undefined) {
        thought = [];
        blocks.push({ type: 'redacted_thinking', data: redacted });
        return;
      }
      thought.push(part.text ?? '');
      const signature = unmarkSignature('anthropic', part.thoughtSignature);
      if (signature !== undefined) blocks.push({ type: 'thinking', thinking: thought.join(''), signature });
      if (part.thoughtSignature !== undefined) thought = []; // A signature ends the run; foreign ones drop it.
      return;
    }
    thought = []; // Unsigned thoughts cannot be sent to Anthropic.
    const last = blocks.at(-1);
    if (part.functionCall) {
      const { id, name, args } = part.functionCall;
      blocks.push({ type: 'tool_use', id: toolUseId(id ?? `call_${t}_${calls}`), name, input: isRecord(args) ? args : {} });
      calls++;
    } else if (typeof part.text === 'string') {
      if (part.text === '') return;
      if (last?.type === 'text') last.text += part.text;
      else blocks.push({ type: 'text', text: part.text });
    } else {
      throw new TranslationError(`${at}.parts[${k}]: only text, thought and functionCall parts can be sent to this model in a model turn`);
    }
  });
  return blocks;
}

/** A user part -> Anthropic blocks. */
function userBlocks(part: GeminiPart, at: string): MessagesContentBlock[] {
  if (typeof part.text === 'string') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
  if (part.inlineData) {
    const { mimeType, data } = part.inlineData;
    const mime = mimeType.toLowerCase();
    if (IMAGE_MEDIA_TYPES.has(mime)) return [{ type: 'image', source: { type: 'base64', media_type: mime, data } }];
    if (mime === 'application/pdf') return [{ type: 'document', source: { type: 'base64', media_type: mime, data } }];
    throw new TranslationError(`${at}.inlineData: mimeType "${mimeType}" cannot be sent to this model (jpeg, png, gif, webp images and PDFs can)`);
  }
  if (part.fileData) {
    const { fileUri, mimeType } = part.fileData;
    if (/^https?:\/\//i.test(fileUri)) {
      if (mimeType === 'application/pdf') return [{ type: 'document', source: { type: 'url', url: fileUri } }];
      if (mimeType === undefined || mimeType.startsWith('image/')) return [{ type: 'image', source: { type: 'url', url: fileUri } }];
    }
    throw new TranslationError(`${at}.fileData: only http(s) image and PDF URLs can be sent to this model, not "${fileUri}"`);
  }
  throw new TranslationError(`${at}: this part type cannot be sent to this model in a user turn`);
}

function convertTools(req: GeminiRequest, builtin: (name: string, at: string) => void): MessagesTool[] {
  return functionDeclarations(req, builtin).map((fn): MessagesTool => {
    const schema = parametersSchema(fn);
    // Anthropic requires an object schema even for functions without parameters.
    return { name: fn.name, ...(fn.description !== undefined && { description: fn.description }), input_schema: schema ?? { type: 'object', properties: {} } };
  });
}

/** `toolConfig` -> tool_choice, plus the tool names to keep when Gemini restricts them. */
function convertToolChoice(config: GeminiToolConfig | undefined): { choice?: MessagesToolChoice; allowed?: string[] } {
  const fcc = config?.functionCallingConfig;
  const names = fcc?.allowedFunctionNames ?? [];
  switch (fcc?.mode) {
    case 'AUTO':
      return { choice: { type: 'auto' } };
    case 'NONE':
      return { choice: { type: 'none' } };
    case 'ANY':
      if (names.length === 1) return { choice: { type: 'tool', name: names[0] } };
      return { choice: { type: 'any' }, ...(names.length > 1 && { allowed: names }) };
    case 'VALIDATED':
      return { choice: { type: 'auto' }, ...(names.length > 0 && { allowed: names }) };
    default:
      return {};
  }
}
