/**
 * chat-completions client -> messages upstream: the request goes chat -> messages, the response
 * and the stream come back messages -> chat.
 *
 * Choices pinned by the goldens in test/golden/chat-to-messages:
 * - All system/developer messages are hoisted, in order, into `system` text blocks.
 * - Consecutive same-role turns are merged; tool results join the next user turn, first.
 * - Thinking: Anthropic `thinking` blocks surface as `reasoning_content` (text) plus
 *   `reasoning_signature` (Meridian extension, the block's signature). A chat client that sends both
 *   back on an assistant message gets the thinking block restored; unsigned reasoning is dropped
 *   because Anthropic rejects thinking blocks without a valid signature. Redacted thinking is dropped.
 *   A request continuing a tool cycle whose call came back without its signature goes without
 *   thinking (Anthropic would refuse it: see fitThinking).
 * - `created` is 0: Anthropic responses carry no timestamp and outputs must not depend on the clock.
 * - `web_search_options` becomes Anthropic's web search server tool (hosted-tools.ts); its
 *   server_tool_use and result blocks are not shown to the chat client, the text citing them is.
 * - `prompt_cache_key` has no Anthropic field; a client that sends one wants its prefix cached, so
 *   the last tool, the last system block and the last block of the last turn get an ephemeral
 *   `cache_control` breakpoint (cache-key.ts).
 * - Other fields without an Anthropic equivalent (seed, penalties, logit_bias, metadata, store,
 *   verbosity, service_tier, ...) are dropped and named in the debug log.
 */
import type {
  ChatChunk,
  ChatCompletion,
  ChatContentPart,
  ChatDelta,
  ChatFinishReason,
  ChatMessage,
  ChatRequest,
  ChatResponseMessage,
  ChatTool,
  ChatToolCall,
  ChatToolChoice,
} from '../formats/chat/types.js';
import type {
  MessagesContentBlock,
  MessagesMessage,
  MessagesResponse,
  MessagesStreamEvent,
  MessagesTextBlock,
  MessagesTool,
  MessagesToolChoice,
  MessagesUsage,
} from '../formats/messages/types.js';
import {
  appendMessagesTurn,
  budgetForEffort,
  chatIdFromMessagesId,
  chatUsageFromMessages,
  definedOnly,
  finishReasonFromStop,
  fitThinking,
  IMAGE_MEDIA_TYPES,
  messagesSampling,
  parseDataUrl,
  parseToolArguments,
  toolUseId,
  type MessagesTurn,
} from './chat-messages-shared.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import { isRecord } from './json-values.js';
import { anthropicWebSearchTool } from './hosted-tools.js';
import { dropUnhandled } from './dropped.js';

/** Top-level request fields this direction reads; others are reported dropped. */
const HANDLED = new Set([
  'model', 'messages', 'max_tokens', 'max_completion_tokens', 'reasoning_effort', 'tools', 'tool_choice', 'parallel_tool_calls',
  'stop', 'temperature', 'top_p', 'user', 'safety_identifier', 'response_format', 'stream', 'stream_options', 'n', 'logprobs',
  'audio', 'modalities', 'functions', 'function_call', 'web_search_options', 'prompt_cache_key',
]);

/** Anthropic's breakpoint for a prefix worth caching. */
const EPHEMERAL = { type: 'ephemeral' } as const;

function textBlocks(content: unknown, path: string): MessagesTextBlock[] {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw new TranslationError(`${path}: content must be a string or an array of parts`);
  return content.flatMap((part: unknown, i) => {
    if (isRecord(part) && (part.type === 'text' || part.type === 'refusal')) {
      const text = part.type === 'text' ? part.text : part.refusal;
      return typeof text === 'string' && text !== '' ? [{ type: 'text' as const, text }] : [];
    }
    const type = isRecord(part) ? String(part.type) : typeof part;
    throw new TranslationError(`${path}[${i}]: content part type '${type}' is not supported here; only text parts are`);
  });
}

function userBlock(part: ChatContentPart, path: string): MessagesContentBlock[] {
  if (part.type === 'text') {
    const text = (part as { text?: unknown }).text;
    return typeof text === 'string' && text !== '' ? [{ type: 'text', text }] : [];
  }
  if (part.type === 'image_url') {
    const url = (part as { image_url?: { url?: unknown } }).image_url?.url;
    if (typeof url !== 'string') throw new TranslationError(`${path}.image_url.url: a URL string is required`);
    const inline = parseDataUrl(url);
    if (inline) {
      if (!IMAGE_MEDIA_TYPES.has(inline.mediaType)) {
        throw new TranslationError(`${path}: image type '${inline.mediaType}' is not supported by the upstream (jpeg, png, gif, webp)`);
      }
      return [{ type: 'image', source: { type: 'base64', media_type: inline.mediaType, data: inline.data } }];
    }
    if (/^https?:\/\//i.test(url)) return [{ type: 'image', source: { type: 'url', url } }];
    throw new TranslationError(`${path}: image URLs must be http(s) or base64 data URLs`);
  }
  if (part.type === 'file') {
    const file = (part as { file?: { file_data?: unknown; filename?: unknown } }).file;
    const inline = typeof file?.file_data === 'string' ? parseDataUrl(file.file_data) : undefined;
    if (inline?.mediaType === 'application/pdf') {
      return [{ type: 'document', source: { type: 'base64', media_type: inline.mediaType, data: inline.data } }];
    }
    throw new TranslationError(`${path}: only inline PDF files (file_data) can be sent to this upstream; file ids and other file types cannot`);
  }
  if (part.type === 'input_audio') throw new TranslationError(`${path}: audio input is not supported by the upstream`);
  throw new TranslationError(`${path}: content part type '${String(part.type)}' is not supported by the upstream`);
}

function assistantBlocks(message: ChatMessage, path: string): MessagesContentBlock[] {
  const blocks: MessagesContentBlock[] = [];
  // Anthropic validates the signature against the text, so only signed reasoning is sent back.
  if (typeof message.reasoning_signature === 'string' && message.reasoning_signature !== '') {
    blocks.push({ type: 'thinking', thinking: message.reasoning_content ?? '', signature: message.reasoning_signature });
  }
  blocks.push(...textBlocks(message.content, `${path}.content`));
  if (typeof message.refusal === 'string' && message.refusal !== '') blocks.push({ type: 'text', text: message.refusal });
  for (const call of message.tool_calls ?? []) {
    if (call.type !== 'function' || !isRecord(call.function) || typeof call.function.name !== 'string') {
      throw new TranslationError(`${path}.tool_calls: only function tool calls with a name are supported`);
    }
    blocks.push({ type: 'tool_use', id: toolUseId(call.id), name: call.function.name, input: parseToolArguments(call.function.arguments) });
  }
  return blocks;
}

function convertMessages(messages: unknown): { system: MessagesTextBlock[]; turns: MessagesMessage[] } {
  if (!Array.isArray(messages)) throw new TranslationError('messages: an array of messages is required');
  const system: MessagesTextBlock[] = [];
  const turns: MessagesTurn[] = [];
  const push = (role: MessagesTurn['role'], blocks: MessagesContentBlock[]) => appendMessagesTurn(turns, role, blocks);
  (messages as ChatMessage[]).forEach((message, i) => {
    const path = `messages[${i}]`;
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(...textBlocks(message.content, `${path}.content`));
        break;
      case 'user': {
        const content = message.content;
        if (typeof content === 'string' || content === null || content === undefined) push('user', textBlocks(content, path));
        else if (Array.isArray(content)) push('user', content.flatMap((part, k) => userBlock(part, `${path}.content[${k}]`)));
        else throw new TranslationError(`${path}.content: must be a string or an array of parts`);
        break;
      }
      case 'assistant':
        push('assistant', assistantBlocks(message, path));
        break;
      case 'tool': {
        const text = textBlocks(message.content, `${path}.content`);
        const result: MessagesContentBlock = { type: 'tool_result', tool_use_id: toolUseId(message.tool_call_id) };
        if (typeof message.content === 'string' && message.content !== '') result.content = message.content;
        else if (text.length > 0) result.content = text;
        push('user', [result]);
        break;
      }
      default:
        throw new TranslationError(`${path}.role: role '${String(message.role)}' is not supported (legacy function messages: use tools)`);
    }
  });
  return { system, turns };
}

function convertTools(tools: ChatTool[]): MessagesTool[] {
  return tools.map((tool, i) => {
    if (tool.type !== 'function' || !tool.function) {
      throw new TranslationError(`tools[${i}]: tool type '${String(tool.type)}' is not supported by the upstream; only function tools are`);
    }
    const { name, description, parameters, strict } = tool.function;
    const out: MessagesTool = { name };
    if (description !== undefined) out.description = description;
    // Anthropic requires an object schema even for tools without parameters.
    out.input_schema = parameters ?? { type: 'object', properties: {} };
    if (typeof strict === 'boolean') out.strict = strict;
    return out;
  });
}

function convertToolChoice(choice: ChatToolChoice | undefined, parallel: boolean | undefined): MessagesToolChoice | undefined {
  const noParallel = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined) return parallel === false ? { type: 'auto', disable_parallel_tool_use: true } : undefined;
  if (choice === 'auto') return { type: 'auto', ...noParallel };
  if (choice === 'required') return { type: 'any', ...noParallel };
  if (choice === 'none') return { type: 'none' };
  const name = isRecord(choice) && choice.type === 'function' && 'function' in choice ? choice.function.name : undefined;
  if (typeof name === 'string') return { type: 'tool', name, ...noParallel };
  throw new TranslationError(`tool_choice: '${JSON.stringify(choice)}' is not supported by the upstream`);
}

/** Request fields a messages upstream cannot honour and that would change the answer if dropped. */
function rejectUntranslatable(req: ChatRequest): void {
  if (typeof req.n === 'number' && req.n > 1) throw new TranslationError(`n: the upstream returns one choice per request; n=${req.n} is not supported`);
  if (req.logprobs === true) throw new TranslationError('logprobs: the upstream does not return log probabilities');
  if (req.audio != null || req.modalities?.includes('audio')) throw new TranslationError('audio: audio output is not supported by the upstream');
  if (req.functions !== undefined || req.function_call !== undefined) {
    throw new TranslationError('functions/function_call: legacy function calling is not supported; use tools and tool_choice');
  }
  if (req.response_format?.type === 'json_object') {
    throw new TranslationError("response_format: 'json_object' has no equivalent upstream; use 'json_schema'");
  }
}

/** Ephemeral cache breakpoints on the last tool, the last system block and the last block of the last turn. */
function markCachePrefix(system: MessagesTextBlock[], tools: MessagesTool[] | undefined, turns: MessagesMessage[]): void {
  const lastTool = tools?.at(-1);
  if (lastTool) lastTool.cache_control = EPHEMERAL;
  const lastSystem = system.at(-1);
  if (lastSystem) lastSystem.cache_control = EPHEMERAL;
  const content = turns.at(-1)?.content;
  const lastBlock = Array.isArray(content) ? content.at(-1) : undefined;
  // Thinking blocks take no breakpoint; the last turn is the user's (text, image, tool_result).
  if (lastBlock && lastBlock.type !== 'thinking' && lastBlock.type !== 'redacted_thinking') Object.assign(lastBlock, { cache_control: EPHEMERAL });
}

/** Translator for chat-completions clients served by a messages upstream. */
export class ChatToMessagesTranslator implements Translator {
  readonly from = 'chat-completions' as const;
  readonly to = 'messages' as const;
  private clientModel?: string;
  private includeUsage = false;
  // Stream state.
  private id = chatIdFromMessagesId(undefined);
  private model = '';
  private usage: Partial<MessagesUsage> = {};
  private blockToTool = new Map<number, number>();
  private nextTool = 0;
  private finished = false;
  private done = false;

  /** Chat request -> messages request. */
  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = body as unknown as ChatRequest;
    if (typeof req.model === 'string') this.clientModel = this.model = req.model;
    this.includeUsage = req.stream_options?.include_usage === true;
    rejectUntranslatable(req);
    dropUnhandled(body, HANDLED, ctx);
    const { system, turns } = convertMessages(req.messages);
    const { maxTokens, thinking } = fitThinking(req.max_completion_tokens ?? req.max_tokens ?? undefined, budgetForEffort(req.reasoning_effort), ctx.defaultMaxTokens, turns);
    const out: Record<string, unknown> = { model: ctx.upstreamModel, max_tokens: maxTokens };
    if (system.length > 0) out.system = system;
    out.messages = turns;
    // Without tools a tool_choice means nothing, and Anthropic rejects one; it is dropped.
    const webSearch = req.web_search_options ? [anthropicWebSearchTool(req.web_search_options)] : [];
    if (Array.isArray(req.tools) && req.tools.length > 0) {
      out.tools = [...convertTools(req.tools), ...webSearch];
      const choice = convertToolChoice(req.tool_choice, req.parallel_tool_calls);
      if (thinking && (choice?.type === 'any' || choice?.type === 'tool')) {
        throw new TranslationError('tool_choice: a forced tool choice cannot be combined with reasoning_effort on this upstream');
      }
      if (choice) out.tool_choice = choice;
    }
    else if (webSearch.length > 0) out.tools = webSearch;
    if (thinking) out.thinking = thinking;
    if (typeof req.prompt_cache_key === 'string') markCachePrefix(system, out.tools as MessagesTool[] | undefined, turns);
    const stop = typeof req.stop === 'string' ? [req.stop] : Array.isArray(req.stop) ? req.stop : [];
    if (stop.filter((s) => s !== '').length > 0) out.stop_sequences = stop.filter((s) => s !== '');
    Object.assign(out, messagesSampling(thinking !== undefined, { temperature: req.temperature, topP: req.top_p }));
    if (thinking) for (const key of ['temperature', 'top_p'] as const) if (req[key] != null) ctx.dropped?.(key);
    const user = req.safety_identifier ?? req.user;
    if (typeof user === 'string') out.metadata = { user_id: user };
    if (req.response_format?.type === 'json_schema' && req.response_format.json_schema?.schema) {
      out.output_config = { format: { type: 'json_schema', schema: req.response_format.json_schema.schema } };
    }
    if (ctx.stream) out.stream = true;
    return out;
  }

  /** Messages response -> chat completion. */
  response(body: Record<string, unknown>): Record<string, unknown> {
    const msg = body as unknown as MessagesResponse;
    const texts: string[] = [];
    const reasoning: string[] = [];
    let signature: string | undefined;
    const toolCalls: ChatToolCall[] = [];
    for (const block of Array.isArray(msg.content) ? msg.content : []) {
      if (block.type === 'text') texts.push(block.text);
      else if (block.type === 'thinking') {
        reasoning.push(block.thinking);
        signature = block.signature;
      } else if (block.type === 'tool_use') {
        toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
      }
    }
    const content = texts.length > 0 || toolCalls.length === 0 ? texts.join('') : null;
    const message = { role: 'assistant', content } as ChatResponseMessage;
    if (reasoning.length > 0) message.reasoning_content = reasoning.join('\n\n');
    if (signature !== undefined) message.reasoning_signature = signature;
    if (toolCalls.length > 0) message.tool_calls = toolCalls;
    message.refusal = null; // Last, matching OpenAI's key order.
    const out: ChatCompletion = {
      id: chatIdFromMessagesId(msg.id),
      object: 'chat.completion',
      created: 0,
      model: this.clientModel ?? msg.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonFromStop(msg.stop_reason) }],
      usage: chatUsageFromMessages(msg.usage ?? {}),
    };
    return out as unknown as Record<string, unknown>;
  }

  // Chunks are written as literals (no spread of a shared envelope): a stream makes one per delta.
  private chunk(delta: ChatDelta, finish: ChatFinishReason | null = null): StreamEvent {
    const chunk: ChatChunk = { id: this.id, object: 'chat.completion.chunk', created: 0, model: this.model, choices: [{ index: 0, delta, finish_reason: finish }] };
    return { data: chunk };
  }

  private usageChunk(): StreamEvent {
    const chunk: ChatChunk = { id: this.id, object: 'chat.completion.chunk', created: 0, model: this.model, choices: [], usage: chatUsageFromMessages(this.usage) };
    return { data: chunk };
  }

  private end(): StreamEvent[] {
    this.done = true;
    return [...(this.includeUsage ? [this.usageChunk()] : []), { data: '[DONE]' }];
  }

  /** One messages stream event -> chat chunks. */
  streamEvent(event: StreamEvent): StreamEvent[] {
    if (this.done || !isRecord(event.data)) return [];
    const ev = event.data as MessagesStreamEvent;
    switch (ev.type) {
      case 'message_start':
        this.id = chatIdFromMessagesId(ev.message.id);
        this.model = this.clientModel ?? ev.message.model;
        this.usage = { ...ev.message.usage };
        return [this.chunk({ role: 'assistant', content: '' })];
      case 'content_block_start': {
        const block = ev.content_block;
        if (block.type === 'tool_use') {
          const index = this.nextTool++;
          this.blockToTool.set(ev.index, index);
          return [this.chunk({ tool_calls: [{ index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] })];
        }
        if (block.type === 'text' && block.text) return [this.chunk({ content: block.text })];
        if (block.type === 'thinking' && block.thinking) return [this.chunk({ reasoning_content: block.thinking })];
        return [];
      }
      case 'content_block_delta':
        return this.delta(ev.index, ev.delta);
      case 'message_delta':
        this.usage = { ...this.usage, ...definedOnly(ev.usage) };
        this.finished = true;
        return [this.chunk({}, finishReasonFromStop(ev.delta.stop_reason))];
      case 'message_stop':
        return this.end();
      case 'error':
        this.done = true;
        return [{ data: { error: { message: ev.error?.message ?? 'upstream error', type: ev.error?.type ?? 'server_error', code: null } } }];
      default:
        return []; // ping, content_block_stop, unknown future events.
    }
  }

  private delta(index: number, delta: Extract<MessagesStreamEvent, { type: 'content_block_delta' }>['delta']): StreamEvent[] {
    switch (delta.type) {
      case 'text_delta':
        return delta.text ? [this.chunk({ content: delta.text })] : [];
      case 'thinking_delta':
        return delta.thinking ? [this.chunk({ reasoning_content: delta.thinking })] : [];
      case 'signature_delta':
        return [this.chunk({ reasoning_signature: delta.signature })];
      case 'input_json_delta': {
        const tool = this.blockToTool.get(index);
        if (tool === undefined || !delta.partial_json) return [];
        return [this.chunk({ tool_calls: [{ index: tool, function: { arguments: delta.partial_json } }] })];
      }
      default:
        return []; // citations_delta has no chat equivalent.
    }
  }

  /** Upstream ended: finish cleanly if the stop reason arrived, otherwise report the cut as an error. */
  streamEnd(): StreamEvent[] {
    if (this.done) return [];
    if (this.finished) return this.end();
    this.done = true;
    return [{ data: { error: { message: 'upstream stream ended before the response was complete', type: 'server_error', code: null } } }];
  }
}
