/**
 * messages client -> generateContent upstream (docs/formats.md, "Translation", "Usage").
 *
 * Decisions, pinned by test/golden/messages-to-gemini:
 * - `system` and mid-conversation `system` turns are hoisted, in order, into `systemInstruction`
 *   (joined by a blank line). Same-role turns are merged; a conversation ending with an assistant
 *   turn (prefill) is rejected: Gemini requires the last turn to be the user's.
 * - Images and documents: base64 -> `inlineData`; URLs -> `fileData{fileUri}` (never fetched);
 *   text documents -> text parts; Files API sources -> 400.
 * - tool_result -> `functionResponse` named after the tool_use with that id earlier in the history;
 *   content is wrapped as `{output: text}` unless it is a JSON object, `is_error` as `{error: text}`;
 *   images inside a result follow the function responses in the same user turn.
 * - Thinking: Gemini thought parts become thinking blocks. A thoughtSignature on a thought or text part
 *   becomes the (marked) signature of the turn's thinking block, an empty one if Gemini sent no
 *   thought text; on a functionCall part it rides in the tool_use id (toolCallIdFromGemini), as does
 *   the call's own id when Gemini sent one (it goes back on the call and its function response). Sent
 *   back, marked thinking blocks become signed thought parts; other thinking (a real Anthropic
 *   signature, redacted thinking) is dropped, and function-call turns without a known signature get
 *   Google's skip sentinel.
 * - `thinking.budget_tokens` -> `thinkingBudget` (gemini-3: the bucketed `thinkingLevel`), with
 *   `includeThoughts`; adaptive -> the model's dynamic default; `output_config.effort` -> the level.
 * - Sampling: temperature, top_p, top_k map 1:1; `disable_parallel_tool_use`, `metadata`,
 *   `cache_control`, `service_tier`, `context_management` and the `anthropic-beta` header are
 *   dropped (top-level fields, each `cache_control` by its path and the header named in the debug log).
 * - Server tools: web search becomes `googleSearch` (its limits, domains and location have no
 *   Gemini field: each is named dropped), the others are dropped (hosted-tools.ts). No Gemini field
 *   says which stop sequence matched, so `stop_sequence` is never claimed.
 * - The response is the stream machine run over one chunk and folded, so both share one block layout.
 */
import type {
  GeminiContent,
  GeminiGenerationConfig,
  GeminiPart,
  GeminiRequest,
  GeminiResponse,
  GeminiThinkingConfig,
  GeminiToolConfig,
  GeminiUsageMetadata,
} from '../formats/gemini/types.js';
import type {
  MessagesContentBlock,
  MessagesDelta,
  MessagesRequest,
  MessagesResponse,
  MessagesStreamEvent,
  MessagesToolChoice,
} from '../formats/messages/types.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import {
  blocksOf,
  effortForBudget,
  joinText,
  messagesIdFromChatId,
} from './chat-messages-shared.js';
import { cutShortEvent, dropCacheControl, messageEndEvents, messagesEvent as ev, messageStartEvent } from './messages-client.js';
import {
  appendTurn,
  chatIdFromGemini,
  geminiIdFromToolCallId,
  geminiMediaPart,
  geminiToolResponse,
  signedFunctionCalls,
  thinkingConfigFromEffort,
  toolCallIdFromGemini,
} from './chat-gemini-shared.js';
import {
  markSignature,
  messagesErrorFromGemini,
  messagesUsageFromGemini,
  stopFromGemini,
  unmarkSignature,
} from './messages-gemini-shared.js';
import { isRecord } from './json-values.js';
import { geminiWebSearchTools, isAnthropicWebSearch } from './hosted-tools.js';
import { dropHeaders, dropUnhandled } from './dropped.js';

/** Top-level request fields this direction reads; others are reported dropped. */
const HANDLED = new Set([
  'model', 'messages', 'system', 'max_tokens', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'tools', 'tool_choice',
  'thinking', 'output_config', 'stream', 'mcp_servers', 'container',
]);

/** The fields of an Anthropic web search tool that `googleSearch` stands for (cache_control is named apart). */
const WEB_SEARCH_MAPPED = new Set(['type', 'name', 'cache_control']);

/** Translator for messages clients served by a Gemini upstream. */
export class MessagesToGeminiTranslator implements Translator {
  readonly from = 'messages' as const;
  readonly to = 'generateContent' as const;
  private clientModel?: string;
  private stream = new GeminiToMessagesStream(undefined);

  /** Messages request -> Gemini request. */
  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = body as unknown as MessagesRequest;
    if (typeof req.model === 'string') this.clientModel = req.model;
    this.stream = new GeminiToMessagesStream(this.clientModel);
    if (req.mcp_servers !== undefined) throw new TranslationError('mcp_servers: MCP servers cannot be used with a Gemini upstream');
    if (req.container !== undefined) throw new TranslationError('container: containers cannot be used with a Gemini upstream');
    if (!Array.isArray(req.messages) || req.messages.length === 0) throw new TranslationError('messages: at least one message is required');

    const system: string[] = [];
    if (req.system !== undefined) system.push(typeof req.system === 'string' ? req.system : joinText(req.system, 'system', '\n\n'));
    const contents: GeminiContent[] = [];
    const callNames = new Map<string, string>();
    req.messages.forEach((turn, i) => {
      const path = `messages.${i}.content`;
      if (turn.role === 'system') system.push(joinText(blocksOf(turn.content, path), path, '\n\n'));
      else if (turn.role === 'user') appendTurn(contents, 'user', userParts(turn.content, path, callNames));
      else if (turn.role === 'assistant') appendTurn(contents, 'model', modelParts(turn.content, path, callNames));
      else throw new TranslationError(`messages.${i}.role: role '${String(turn.role)}' is not supported`);
    });
    if (contents.at(-1)?.role !== 'user') {
      throw new TranslationError('messages: the last turn must be a non-empty user turn; a Gemini upstream cannot continue a prefilled assistant turn');
    }

    const out: GeminiRequest = { contents };
    const instruction = system.filter((s) => s !== '').join('\n\n');
    if (instruction !== '') out.systemInstruction = { parts: [{ text: instruction }] };
    const config = generationConfig(req, ctx);
    if (Object.keys(config).length > 0) out.generationConfig = config;
    dropUnhandled(body, HANDLED, ctx);
    dropHeaders(['anthropic-beta'], ctx);
    dropCacheControl(req, ctx);
    let webSearch: string | undefined;
    const declarations = (req.tools ?? []).flatMap((tool, i) => {
      if (tool.type !== undefined && tool.type !== 'custom') {
        if (isAnthropicWebSearch(tool.type)) {
          webSearch = `tools.${i} (${tool.type})`;
          for (const key of Object.keys(tool)) if (!WEB_SEARCH_MAPPED.has(key)) ctx.dropped?.(`tools.${i}.${key}`);
        } else ctx.dropped?.(`tools.${i} (${tool.type})`);
        return [];
      }
      const { name, description, input_schema: schema } = tool;
      return [{ name, ...(description !== undefined && { description }), ...(schema !== undefined && { parametersJsonSchema: schema }) }];
    });
    // Without tools a tool_choice means nothing; it is dropped.
    if (declarations.length > 0) {
      out.tools = [{ functionDeclarations: declarations }];
      if (req.tool_choice) out.toolConfig = toolConfig(req.tool_choice);
    }
    if (webSearch) {
      const search = geminiWebSearchTools(declarations.length > 0, ctx.upstreamModel);
      if (search.length > 0) out.tools = [...(out.tools ?? []), ...search];
      else ctx.dropped?.(webSearch);
    }
    return out as unknown as Record<string, unknown>;
  }

  /** Gemini response -> messages response: the stream machine over one chunk, folded into a message. */
  response(body: Record<string, unknown>): Record<string, unknown> {
    const machine = new GeminiToMessagesStream(this.clientModel);
    return foldMessage([...machine.event(body), ...machine.complete()]) as unknown as Record<string, unknown>;
  }

  /** One Gemini SSE chunk -> messages events. */
  streamEvent(event: StreamEvent): StreamEvent[] {
    return this.stream.event(event.data);
  }

  /** Upstream ended: finish the message if Gemini sent a finish reason, otherwise report the cut. */
  streamEnd(): StreamEvent[] {
    return this.stream.end();
  }
}

/** Gemini chunks -> Anthropic stream events, one block open at a time (as Anthropic does). */
class GeminiToMessagesStream {
  private started = false;
  private done = false;
  private responseId: string | undefined;
  private finish: string | undefined;
  private blocked = false;
  private usage: GeminiUsageMetadata = {};
  private next = 0;
  private open: 'text' | 'thinking' | undefined;
  private signed = false;
  private calls = 0;

  constructor(private readonly clientModel: string | undefined) {}

  event(data: unknown): StreamEvent[] {
    if (this.done || !isRecord(data)) return [];
    if (isRecord(data.error)) {
      this.done = true;
      return [ev({ type: 'error', error: messagesErrorFromGemini(data.error) })];
    }
    const res = data as GeminiResponse;
    const out = this.start(res);
    if (res.usageMetadata) this.usage = res.usageMetadata;
    // Anthropic has one candidate; candidateCount is never requested.
    const cand = (res.candidates ?? []).find((c, i) => (c.index ?? i) === 0);
    for (const part of cand?.content?.parts ?? []) out.push(...this.part(part));
    if (cand?.finishReason) this.finish = cand.finishReason;
    else if (!cand && res.promptFeedback?.blockReason) {
      this.blocked = true;
      this.finish = res.promptFeedback.blockReason;
    }
    if (this.finish !== undefined) out.push(...this.close());
    return out;
  }

  end(): StreamEvent[] {
    if (this.done) return [];
    if (this.finish !== undefined) return this.complete();
    this.done = true;
    return [cutShortEvent()];
  }

  /** Closes the message whether or not a finish reason came (a whole response always completes). */
  complete(): StreamEvent[] {
    if (this.done) return [];
    const out = [...this.start({}), ...this.close()];
    const stop = this.blocked ? 'refusal' : stopFromGemini(this.finish, this.calls > 0);
    out.push(...messageEndEvents(stop, messagesUsageFromGemini(this.usage)));
    this.done = true;
    return out;
  }

  private start(res: GeminiResponse): StreamEvent[] {
    if (this.started) return [];
    this.started = true;
    this.responseId = res.responseId;
    const id = messagesIdFromChatId(chatIdFromGemini(res.responseId));
    return [messageStartEvent(id, this.clientModel ?? res.modelVersion ?? '', messagesUsageFromGemini(res.usageMetadata ?? {}))];
  }

  private part(part: GeminiPart): StreamEvent[] {
    const out: StreamEvent[] = [];
    if (part.functionCall) {
      out.push(...this.close());
      const id = toolCallIdFromGemini(this.responseId, this.calls++, part.thoughtSignature, part.functionCall.id);
      out.push(this.startBlock({ type: 'tool_use', id, name: part.functionCall.name, input: {} }));
      // Gemini sends each call whole: one input_json_delta with the complete arguments.
      out.push(this.delta({ type: 'input_json_delta', partial_json: JSON.stringify(part.functionCall.args ?? {}) }));
      out.push(...this.close(true));
      return out;
    }
    if (typeof part.text !== 'string') return out; // executableCode and friends are never requested.
    if (part.thought) {
      if (this.open !== 'thinking' || this.signed) out.push(...this.openBlock('thinking'));
      if (part.text !== '') out.push(this.delta({ type: 'thinking_delta', thinking: part.text }));
      if (part.thoughtSignature) out.push(...this.sign(part.thoughtSignature));
      return out;
    }
    if (part.thoughtSignature) {
      // The signature of the turn's thinking: the open unsigned thinking block, else an empty one.
      if (this.open !== 'thinking' || this.signed) out.push(...this.openBlock('thinking'));
      out.push(...this.sign(part.thoughtSignature));
    }
    if (part.text === '') return out;
    if (this.open !== 'text') out.push(...this.openBlock('text'));
    out.push(this.delta({ type: 'text_delta', text: part.text }));
    return out;
  }

  private sign(signature: string): StreamEvent[] {
    this.signed = true;
    return [this.delta({ type: 'signature_delta', signature: markSignature('gemini', signature) })];
  }

  private openBlock(kind: 'text' | 'thinking'): StreamEvent[] {
    const out = this.close();
    this.open = kind;
    this.signed = false;
    out.push(this.startBlock(kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' }));
    return out;
  }

  private startBlock(block: MessagesContentBlock): StreamEvent {
    return ev({ type: 'content_block_start', index: this.next++, content_block: block });
  }

  private delta(delta: MessagesDelta): StreamEvent {
    return ev({ type: 'content_block_delta', index: this.next - 1, delta });
  }

  /** Closes the open block; `tool` closes the tool_use block just written. */
  private close(tool = false): StreamEvent[] {
    if (!tool && this.open === undefined) return [];
    this.open = undefined;
    return [ev({ type: 'content_block_stop', index: this.next - 1 })];
  }
}

/** A complete Anthropic event sequence -> the message it describes (what the Anthropic SDK accumulates). */
function foldMessage(events: StreamEvent[]): MessagesResponse {
  let message: MessagesResponse | undefined;
  const json = new Map<number, string>();
  for (const { data } of events) {
    const e = data as MessagesStreamEvent;
    if (e.type === 'message_start') message = { ...e.message, content: [] };
    else if (e.type === 'content_block_start') message?.content.push({ ...e.content_block });
    else if (e.type === 'content_block_delta') {
      const block = message?.content[e.index];
      const d = e.delta;
      if (block?.type === 'text' && d.type === 'text_delta') block.text += d.text;
      else if (block?.type === 'thinking' && d.type === 'thinking_delta') block.thinking += d.thinking;
      else if (block?.type === 'thinking' && d.type === 'signature_delta') block.signature = d.signature;
      else if (block?.type === 'tool_use' && d.type === 'input_json_delta') json.set(e.index, (json.get(e.index) ?? '') + d.partial_json);
    } else if (e.type === 'message_delta' && message) {
      message.stop_reason = e.delta.stop_reason;
      message.stop_sequence = e.delta.stop_sequence;
      message.usage = { ...message.usage, ...e.usage };
    }
  }
  if (!message) throw new Error('foldMessage: no message_start');
  for (const [index, text] of json) {
    const block = message.content[index];
    if (block.type === 'tool_use') block.input = JSON.parse(text) as Record<string, unknown>;
  }
  // Clients commonly read content[0]; never return an empty array.
  if (message.content.length === 0) message.content.push({ type: 'text', text: '' });
  return message;
}

/** An image or document block -> a Gemini part. */
function mediaPart(block: MessagesContentBlock, at: string): GeminiPart {
  if ((block.type !== 'image' && block.type !== 'document') || !isRecord(block.source)) {
    throw new TranslationError(`${at}: a '${block.type}' block needs a source`);
  }
  const src = block.source;
  if (src.type === 'base64') return { inlineData: { mimeType: src.media_type, data: src.data } };
  if (src.type === 'url') return geminiMediaPart(src.url, `${at}.source.url`, block.type === 'document' ? 'application/pdf' : undefined);
  if (src.type === 'text' && block.type === 'document') return { text: src.data };
  throw new TranslationError(`${at}.source: a '${String(src.type)}' source (Anthropic Files API) cannot be sent to a Gemini upstream`);
}

/** A user turn -> function responses first (with any images they carry), then the other parts. */
function userParts(content: unknown, path: string, callNames: Map<string, string>): GeminiPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  const responses: GeminiPart[] = [];
  const attachments: GeminiPart[] = [];
  const rest: GeminiPart[] = [];
  blocksOf(content, path).forEach((block, k) => {
    const at = `${path}[${k}]`;
    if (block.type === 'text') {
      if (block.text !== '') rest.push({ text: block.text });
    } else if (block.type === 'image' || block.type === 'document') {
      rest.push(mediaPart(block, at));
    } else if (block.type === 'tool_result') {
      const name = callNames.get(block.tool_use_id);
      if (!name) throw new TranslationError(`${at}.tool_use_id '${block.tool_use_id}' matches no earlier tool_use block; Gemini needs the function name`);
      const inner = block.content === undefined ? [] : blocksOf(block.content, `${at}.content`);
      const texts: string[] = [];
      inner.forEach((b, j) => (b.type === 'text' ? texts.push(b.text) : attachments.push(mediaPart(b, `${at}.content[${j}]`))));
      const text = texts.join('\n\n');
      const id = geminiIdFromToolCallId(block.tool_use_id);
      responses.push({ functionResponse: { ...(id && { id }), name, response: block.is_error ? { error: text } : geminiToolResponse(text) } });
    } else if (block.type !== 'thinking' && block.type !== 'redacted_thinking') {
      throw new TranslationError(`${at}: block type '${(block as { type: string }).type}' cannot be sent to a Gemini upstream`);
    }
  });
  return [...responses, ...attachments, ...rest];
}

/** An assistant turn -> model parts in block order; function calls get their signatures restored. */
function modelParts(content: unknown, path: string, callNames: Map<string, string>): GeminiPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  const slots: Array<GeminiPart | number> = [];
  const calls: Array<{ id: string; name: string; args: Record<string, unknown> }> = [];
  blocksOf(content, path).forEach((block, k) => {
    if (block.type === 'text') {
      if (block.text !== '') slots.push({ text: block.text });
    } else if (block.type === 'thinking') {
      const signature = unmarkSignature('gemini', block.signature);
      if (signature !== undefined) slots.push({ text: block.thinking, thought: true, thoughtSignature: signature });
    } else if (block.type === 'tool_use') {
      callNames.set(block.id, block.name);
      slots.push(calls.length);
      calls.push({ id: block.id, name: block.name, args: isRecord(block.input) ? block.input : {} });
    } else if (block.type !== 'redacted_thinking') {
      throw new TranslationError(`${path}[${k}]: block type '${block.type}' cannot be sent to a Gemini upstream in an assistant turn`);
    }
  });
  const signed = signedFunctionCalls(calls);
  return slots.map((slot) => (typeof slot === 'number' ? signed[slot] : slot));
}

function generationConfig(req: MessagesRequest, ctx: TranslateContext): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  if (typeof req.max_tokens === 'number') config.maxOutputTokens = req.max_tokens;
  if (typeof req.temperature === 'number') config.temperature = req.temperature;
  if (typeof req.top_p === 'number') config.topP = req.top_p;
  if (typeof req.top_k === 'number') config.topK = req.top_k;
  const stop = (req.stop_sequences ?? []).filter((s) => s !== '');
  if (stop.length > 5) throw new TranslationError(`stop_sequences: a Gemini upstream accepts at most 5 stop sequences, got ${stop.length}`);
  if (stop.length > 0) config.stopSequences = stop;
  const schema = req.output_config?.format?.schema;
  if (schema) {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = schema;
  }
  const thinking = thinkingConfig(req, ctx.upstreamModel);
  if (thinking) config.thinkingConfig = thinking;
  return config;
}

/** `thinking` (+ `output_config.effort`) -> `thinkingConfig`; see the file comment. */
function thinkingConfig(req: MessagesRequest, model: string): GeminiThinkingConfig | undefined {
  const effort = typeof req.output_config?.effort === 'string' ? req.output_config.effort : undefined;
  switch (req.thinking?.type) {
    case 'enabled': {
      const budget = req.thinking.budget_tokens;
      const config = thinkingConfigFromEffort(effort ?? effortForBudget(budget), model);
      // Budget models get the client's exact budget rather than the bucket.
      if (config?.thinkingBudget !== undefined) return { thinkingBudget: budget, includeThoughts: true };
      return config;
    }
    case 'adaptive':
      return effort !== undefined ? thinkingConfigFromEffort(effort, model) : { includeThoughts: true };
    case 'disabled':
      return thinkingConfigFromEffort('none', model);
    default: {
      if (effort === undefined) return undefined;
      // Effort without thinking: reason at that level, but show no thoughts, as Anthropic would.
      const config = thinkingConfigFromEffort(effort, model);
      if (config) delete config.includeThoughts;
      return config;
    }
  }
}

function toolConfig(choice: MessagesToolChoice): GeminiToolConfig {
  switch (choice.type) {
    case 'auto':
      return { functionCallingConfig: { mode: 'AUTO' } };
    case 'any':
      return { functionCallingConfig: { mode: 'ANY' } };
    case 'none':
      return { functionCallingConfig: { mode: 'NONE' } };
    case 'tool':
      return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } };
    default:
      throw new TranslationError(`tool_choice.type: '${String((choice as { type: unknown }).type)}' is not supported`);
  }
}
