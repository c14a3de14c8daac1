/**
 * generateContent client -> chat-completions upstream.
 *
 * Decisions, pinned by test/golden/gemini-to-chat:
 * - snake_case request keys are normalised to camelCase first (the API accepts both); user data
 *   (function args/responses, JSON schemas) is never rewritten.
 * - `systemInstruction` -> one leading system message; a user turn's functionResponse parts become
 *   tool messages ahead of the rest of that turn. Tool-call ids: `functionCall.id` when the client
 *   sent one, else `call_<turn>_<k>` (turn = position in `contents`), so replays map the same way;
 *   responses are matched by id, else by name in call order against the previous model turn.
 * - `{output: <string>}` tool responses are unwrapped to the string; other objects go as JSON text.
 * - Thought parts and thoughtSignatures in history are dropped: a chat upstream cannot use them.
 *   Upstream `reasoning_content` comes back as `thought: true` text parts.
 * - Images: inlineData -> data URL; fileData with an http(s) URI -> image_url; other files -> 400.
 * - Response `functionCall.id` carries the chat tool-call id, so the client's functionResponse.id
 *   maps back. Streamed tool calls are buffered and sent whole in the final event (Gemini clients
 *   expect complete calls), which also carries finishReason and usageMetadata.
 * - Built-in tools (googleSearch included: ordinary chat models have no web search) are dropped, as
 *   hosted-tools.ts rules.
 * - Dropped, each named in the debug log (generation settings as `generationConfig.<name>`): topK,
 *   safetySettings, responseLogprobs/logprobs, and fields without a chat equivalent. `thinkingConfig` becomes
 *   `reasoning_effort` through the table of reasoning.ts (bare `includeThoughts`: `medium`).
 */
import type {
  ChatChunk,
  ChatCompletion,
  ChatContentPart,
  ChatMessage,
  ChatRequest,
  ChatResponseFormat,
  ChatTool,
  ChatToolCall,
  ChatToolChoice,
} from '../formats/chat/types.js';
import type {
  GeminiContent,
  GeminiGenerationConfig,
  GeminiPart,
  GeminiRequest,
  GeminiResponse,
  GeminiToolConfig,
  GeminiUsageMetadata,
} from '../formats/gemini/types.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import { parseToolArguments, toDataUrl } from './chat-messages-shared.js';
import { chatToolContent, effortFromThinkingConfig, geminiFinishFromChat, geminiUsageFromChat } from './chat-gemini-shared.js';
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
import { chatStreamFields } from './chat-upstream.js';
import { isRecord } from './json-values.js';

/** Chat request fields beyond the shared type that this direction writes. */
interface ChatRequestOut extends ChatRequest {
  seed?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
}

/** Per-choice stream state: buffered tool calls and the finish reason. */
interface ChoiceState {
  calls: Map<number, { id: string; name: string; args: string }>;
  finish?: string;
  refused: boolean;
}

/** Gemini client, OpenAI-chat upstream. */
export class GeminiToChatTranslator implements Translator {
  readonly from = 'generateContent' as const;
  readonly to = 'chat-completions' as const;
  // Stream state.
  private responseId = '';
  private modelVersion = '';
  private readonly choices = new Map<number, ChoiceState>();
  private usage: GeminiUsageMetadata | undefined;
  private done = false;

  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = readGeminiRequest(body);

    const messages: ChatMessage[] = [];
    if (req.systemInstruction) {
      messages.push({ role: 'system', content: userContent(req.systemInstruction.parts ?? [], 'systemInstruction') });
    }
    let pending: PendingCall[] = [];
    req.contents.forEach((content, t) => {
      const at = `contents[${t}]`;
      if (content.role === 'model') {
        const message = assistantMessage(content, t);
        pending = (message?.tool_calls ?? []).map((c) => ({ matchId: c.id, id: c.id, name: c.function.name, answered: false }));
        if (message) messages.push(message);
        return;
      }
      const rest: GeminiPart[] = [];
      (content.parts ?? []).forEach((part, k) => {
        if (!part.functionResponse) return void rest.push(part);
        const call = answeredCall(pending, part.functionResponse, `${at}.parts[${k}]`);
        messages.push({ role: 'tool', tool_call_id: call.id, content: chatToolContent(part.functionResponse.response) });
      });
      const visible = rest.filter((p) => !p.thought);
      if (visible.length > 0) messages.push({ role: 'user', content: userContent(visible, at) });
    });

    const out: ChatRequestOut = { model: ctx.upstreamModel, messages };
    applyGenerationConfig(out, req.generationConfig ?? {});
    dropUnhandled(req as unknown as Record<string, unknown>, GEMINI_HANDLED, ctx);
    dropUnhandled({ ...req.generationConfig }, CONFIG_HANDLED, ctx, 'generationConfig.');
    const tools = chatTools(req, (_name, at) => ctx.dropped?.(at));
    if (tools.length > 0) out.tools = tools;
    const choice = toolChoice(req.toolConfig);
    if (choice !== undefined) out.tool_choice = choice;
    Object.assign(out, chatStreamFields(ctx.stream));
    return out as unknown as Record<string, unknown>;
  }

  response(body: Record<string, unknown>): Record<string, unknown> {
    const res = body as unknown as ChatCompletion;
    const out: GeminiResponse = {
      candidates: (res.choices ?? []).map((choice) => {
        const m = choice.message;
        const parts: GeminiPart[] = [];
        if (m.reasoning_content) parts.push({ text: m.reasoning_content, thought: true });
        if (m.content) parts.push({ text: m.content });
        if (m.refusal) parts.push({ text: m.refusal });
        for (const call of m.tool_calls ?? []) parts.push(functionCallPart(call.id, call.function.name, call.function.arguments));
        return {
          content: { role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] },
          finishReason: m.refusal ? 'SAFETY' : geminiFinishFromChat(choice.finish_reason),
          index: choice.index,
        };
      }),
    };
    if (res.usage) out.usageMetadata = geminiUsageFromChat(res.usage);
    out.modelVersion = res.model;
    out.responseId = res.id;
    return out as unknown as Record<string, unknown>;
  }

  streamEvent(event: StreamEvent): StreamEvent[] {
    if (this.done) return [];
    if (event.data === '[DONE]') return this.finalEvent();
    if (!isRecord(event.data)) return [];
    if (isRecord(event.data.error)) {
      this.done = true;
      return [geminiStreamError(String(event.data.error.message ?? 'upstream error'))];
    }
    const chunk = event.data as unknown as ChatChunk;
    if (this.responseId === '') {
      this.responseId = chunk.id ?? '';
      this.modelVersion = chunk.model ?? '';
    }
    if (chunk.usage) this.usage = geminiUsageFromChat(chunk.usage);
    const candidates = [];
    for (const choice of chunk.choices ?? []) {
      const state = this.choice(choice.index);
      const delta = choice.delta ?? {};
      const parts: GeminiPart[] = [];
      if (delta.reasoning_content) parts.push({ text: delta.reasoning_content, thought: true });
      if (delta.content) parts.push({ text: delta.content });
      if (delta.refusal) {
        state.refused = true;
        parts.push({ text: delta.refusal });
      }
      for (const tc of delta.tool_calls ?? []) {
        const call = state.calls.get(tc.index) ?? { id: '', name: '', args: '' };
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name = tc.function.name;
        call.args += tc.function?.arguments ?? '';
        state.calls.set(tc.index, call);
      }
      if (choice.finish_reason) state.finish = choice.finish_reason;
      if (parts.length > 0) candidates.push({ content: { role: 'model', parts }, index: choice.index });
    }
    return candidates.length > 0 ? [{ data: this.envelope({ candidates }) }] : [];
  }

  streamEnd(): StreamEvent[] {
    if (this.done) return [];
    if ([...this.choices.values()].some((c) => c.finish !== undefined)) return this.finalEvent();
    this.done = true;
    return [geminiStreamError('upstream stream ended before a finish reason')];
  }

  /** The last event: buffered function calls, finishReason and the final usage. */
  private finalEvent(): StreamEvent[] {
    this.done = true;
    if (this.choices.size === 0) this.choice(0);
    const candidates = [...this.choices.entries()].map(([index, state]) => {
      const parts = [...state.calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, c]) => functionCallPart(c.id, c.name, c.args));
      return {
        content: { role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] },
        finishReason: state.refused ? 'SAFETY' : geminiFinishFromChat(state.finish),
        index,
      };
    });
    return [{ data: this.envelope({ candidates, ...(this.usage && { usageMetadata: this.usage }) }) }];
  }

  private choice(index: number): ChoiceState {
    let state = this.choices.get(index);
    if (!state) this.choices.set(index, (state = { calls: new Map(), refused: false }));
    return state;
  }

  private envelope(body: GeminiResponse | Record<string, unknown>): Record<string, unknown> {
    return { ...body, modelVersion: this.modelVersion, responseId: this.responseId };
  }
}

function functionCallPart(id: string, name: string, args: string): GeminiPart {
  return { functionCall: { ...(id && { id }), name, args: parseToolArguments(args) } };
}

/** A model turn -> an assistant message (undefined when it holds only thoughts). */
function assistantMessage(content: GeminiContent, t: number): ChatMessage | undefined {
  const text: string[] = [];
  const toolCalls: ChatToolCall[] = [];
  for (const part of content.parts ?? []) {
    if (part.functionCall) {
      toolCalls.push({
        id: part.functionCall.id ?? `call_${t}_${toolCalls.length}`,
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
      });
    } else if (typeof part.text === 'string' && !part.thought) {
      text.push(part.text);
    }
  }
  if (text.length === 0 && toolCalls.length === 0) return undefined;
  return {
    role: 'assistant',
    content: text.length > 0 ? text.join('') : null,
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
  };
}

/** User (or system) parts -> chat content: a string for a single text part, else parts. */
function userContent(parts: GeminiPart[], at: string): string | ChatContentPart[] {
  if (parts.length === 1 && typeof parts[0].text === 'string') return parts[0].text;
  return parts.map((part, k) => userPart(part, `${at}.parts[${k}]`));
}

function userPart(part: GeminiPart, at: string): ChatContentPart {
  if (typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.inlineData) {
    const { mimeType, data } = part.inlineData;
    const mime = mimeType.toLowerCase();
    if (mime.startsWith('image/')) return { type: 'image_url', image_url: { url: toDataUrl(mime, data) } };
    if (mime === 'audio/wav' || mime === 'audio/x-wav') return { type: 'input_audio', input_audio: { data, format: 'wav' } };
    if (mime === 'audio/mp3' || mime === 'audio/mpeg') return { type: 'input_audio', input_audio: { data, format: 'mp3' } };
    if (mime === 'application/pdf') return { type: 'file', file: { file_data: toDataUrl(mime, data), filename: 'document.pdf' } };
    throw new TranslationError(`${at}.inlineData: mimeType "${mimeType}" cannot be sent to this model`);
  }
  if (part.fileData) {
    const { fileUri, mimeType } = part.fileData;
    if (/^https?:\/\//i.test(fileUri) && (mimeType === undefined || mimeType.startsWith('image/'))) {
      return { type: 'image_url', image_url: { url: fileUri } };
    }
    throw new TranslationError(`${at}.fileData: only http(s) image URLs can be sent to this model, not "${fileUri}"`);
  }
  throw new TranslationError(`${at}: this part type cannot be sent to this model`);
}

/** The generation settings {@link applyGenerationConfig} reads (or refuses); the others are reported dropped. */
const CONFIG_HANDLED: ReadonlySet<string> = new Set([
  'maxOutputTokens', 'temperature', 'topP', 'stopSequences', 'candidateCount', 'seed', 'presencePenalty', 'frequencyPenalty',
  'responseMimeType', 'responseSchema', 'responseJsonSchema', 'responseModalities', 'speechConfig', 'thinkingConfig',
]);

function applyGenerationConfig(out: ChatRequestOut, config: GeminiGenerationConfig): void {
  rejectNonTextOutput(config);
  if (config.maxOutputTokens !== undefined) out.max_completion_tokens = config.maxOutputTokens;
  if (config.temperature !== undefined) out.temperature = config.temperature;
  if (config.topP !== undefined) out.top_p = config.topP;
  if (config.stopSequences !== undefined) out.stop = config.stopSequences;
  if (config.candidateCount !== undefined) out.n = config.candidateCount;
  if (config.seed !== undefined) out.seed = config.seed;
  if (config.presencePenalty !== undefined) out.presence_penalty = config.presencePenalty;
  if (config.frequencyPenalty !== undefined) out.frequency_penalty = config.frequencyPenalty;
  const format = responseFormat(config);
  if (format) out.response_format = format;
  const effort = config.thinkingConfig ? effortFromThinkingConfig(config.thinkingConfig) : undefined;
  if (effort) out.reasoning_effort = effort;
}

function responseFormat(config: GeminiGenerationConfig): ChatResponseFormat | undefined {
  const json = jsonOutput(config);
  if (!json) return undefined;
  return json.schema ? { type: 'json_schema', json_schema: { name: 'response', schema: json.schema } } : { type: 'json_object' };
}

function chatTools(req: GeminiRequest, builtin: (name: string, at: string) => void): ChatTool[] {
  return functionDeclarations(req, builtin).map((fn): ChatTool => {
    const parameters = parametersSchema(fn);
    return {
      type: 'function',
      function: { name: fn.name, ...(fn.description !== undefined && { description: fn.description }), ...(parameters && { parameters }) },
    };
  });
}

function toolChoice(config: GeminiToolConfig | undefined): ChatToolChoice | undefined {
  const fcc = config?.functionCallingConfig;
  const names = fcc?.allowedFunctionNames ?? [];
  const allowed = (mode: 'auto' | 'required') => ({
    type: 'allowed_tools',
    allowed_tools: { mode, tools: names.map((name) => ({ type: 'function', function: { name } })) },
  });
  switch (fcc?.mode) {
    case 'AUTO':
      return 'auto';
    case 'NONE':
      return 'none';
    case 'ANY':
      if (names.length === 1) return { type: 'function', function: { name: names[0] } };
      return names.length > 1 ? allowed('required') : 'required';
    case 'VALIDATED':
      return names.length > 0 ? allowed('auto') : 'auto';
    default:
      return undefined;
  }
}
