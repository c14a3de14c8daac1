/**
 * messages client -> chat-completions upstream: the request goes messages -> chat, the response and
 * the stream come back chat -> messages.
 *
 * Choices pinned by the goldens in test/golden/messages-to-chat:
 * - `system` becomes one leading system message (text blocks joined with a blank line).
 * - A user turn's tool_result blocks become `tool` messages placed before the rest of the turn,
 *   because chat needs them right after the assistant's tool_calls. Images inside a tool result
 *   move into that user message (chat tool messages carry text only); `is_error` is not carried.
 * - Thinking blocks in history are dropped: chat has no input slot for them. Upstream
 *   `reasoning_content` (+ Meridian's `reasoning_signature`) becomes a thinking block.
 * - `thinking` and `output_config.effort` become `reasoning_effort` through the table of reasoning.ts.
 * - Server tools (web search included: ordinary chat models have none) are dropped, as hosted-tools.ts
 *   rules; so are `context_management`, `cache_control`, `top_k`, `service_tier` and the
 *   `anthropic-beta` header, each named in the debug log. Mid-conversation `system` turns become
 *   system messages in place.
 * - `metadata.user_id` (Claude Code's user and session) becomes `user` and `prompt_cache_key`.
 * - The stream opens one block at a time, as Anthropic does. Parallel tool calls that an upstream
 *   interleaves are queued and replayed whole after the open call closes.
 */
import type {
  ChatChunk,
  ChatCompletion,
  ChatContentPart,
  ChatMessage,
  ChatToolCall,
  ChatToolCallDelta,
  ChatUsage,
} from '../formats/chat/types.js';
import type {
  MessagesContentBlock,
  MessagesMessage,
  MessagesRequest,
  MessagesResponse,
  MessagesStreamEvent,
  MessagesTool,
  MessagesToolChoice,
} from '../formats/messages/types.js';
import {
  blocksOf,
  joinText,
  messagesIdFromChatId,
  messagesUsageFromChat,
  parseToolArguments,
  stopFromFinishReason,
  toDataUrl,
} from './chat-messages-shared.js';
import { cutShortEvent, dropCacheControl, messageEndEvents, messagesEvent as ev, messageStartEvent } from './messages-client.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import { isRecord } from './json-values.js';
import { chatStreamFields } from './chat-upstream.js';
import { effortFromMessages } from './reasoning.js';
import { dropHeaders, dropUnhandled } from './dropped.js';
import { promptCacheKey } from './cache-key.js';

/** Top-level request fields this direction reads; others are reported dropped. */
const HANDLED = new Set([
  'model', 'messages', 'system', 'max_tokens', 'temperature', 'top_p', 'stop_sequences', 'tools', 'tool_choice',
  'thinking', 'output_config', 'metadata', 'stream', 'mcp_servers', 'container',
]);

/** An image or document block -> a chat content part. */
function mediaPart(block: MessagesContentBlock, path: string): ChatContentPart {
  if ((block.type === 'image' || block.type === 'document') && !isRecord(block.source)) {
    throw new TranslationError(`${path}.source: an '${block.type}' block needs a source`);
  }
  if (block.type === 'image') {
    const src = block.source;
    if (src.type === 'base64') return { type: 'image_url', image_url: { url: toDataUrl(src.media_type, src.data) } };
    if (src.type === 'url') return { type: 'image_url', image_url: { url: src.url } };
  } else if (block.type === 'document') {
    const src = block.source;
    if (src.type === 'base64') {
      const file: { file_data: string; filename?: string } = { file_data: toDataUrl(src.media_type, src.data) };
      if (block.title) file.filename = block.title;
      return { type: 'file', file };
    }
    if (src.type === 'text') return { type: 'text', text: src.data };
  }
  const source = 'source' in block ? ` with a '${block.source.type}' source` : '';
  throw new TranslationError(`${path}: a '${block.type}' block${source} cannot be sent to this upstream`);
}

/** One user turn -> tool messages (first) and then one user message. */
function userMessages(content: unknown, path: string): ChatMessage[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  const tools: ChatMessage[] = [];
  const parts: ChatContentPart[] = [];
  blocksOf(content, path).forEach((block, i) => {
    const at = `${path}[${i}]`;
    if (block.type === 'tool_result') {
      const inner = block.content === undefined ? [] : blocksOf(block.content, `${at}.content`);
      const texts = inner.filter((b) => b.type === 'text');
      inner.forEach((b, k) => {
        if (b.type !== 'text') parts.push(mediaPart(b, `${at}.content[${k}]`));
      });
      const text = typeof block.content === 'string' ? block.content : joinText(texts, `${at}.content`, '\n\n');
      tools.push({ role: 'tool', tool_call_id: block.tool_use_id, content: text });
    } else if (block.type === 'text') {
      if (block.text !== '') parts.push({ type: 'text', text: block.text });
    } else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      // Not expected in user turns; nothing to carry.
    } else {
      parts.push(mediaPart(block, at));
    }
  });
  if (parts.length === 0) return tools;
  const only = parts.length === 1 && parts[0].type === 'text' ? (parts[0] as { text: string }).text : undefined;
  return [...tools, { role: 'user', content: only ?? parts }];
}

function assistantMessage(content: unknown, path: string): ChatMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  const texts: string[] = [];
  const calls: ChatToolCall[] = [];
  blocksOf(content, path).forEach((block, i) => {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_use') {
      calls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    } else if (block.type !== 'thinking' && block.type !== 'redacted_thinking') {
      throw new TranslationError(`${path}[${i}]: block type '${block.type}' is not supported in assistant turns by this upstream`);
    }
  });
  const text = texts.join('');
  const message: ChatMessage = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (calls.length > 0) message.tool_calls = calls;
  return message;
}

function convertMessages(req: MessagesRequest): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (req.system !== undefined) {
    const system = typeof req.system === 'string' ? req.system : joinText(req.system, 'system', '\n\n');
    if (system !== '') out.push({ role: 'system', content: system });
  }
  if (!Array.isArray(req.messages)) throw new TranslationError('messages: an array of messages is required');
  req.messages.forEach((turn: MessagesMessage, i) => {
    const path = `messages.${i}.content`;
    if (turn.role === 'user') out.push(...userMessages(turn.content, path));
    else if (turn.role === 'assistant') out.push(assistantMessage(turn.content, path));
    else if (turn.role === 'system') out.push({ role: 'system', content: joinText(blocksOf(turn.content, path), path, '\n\n') });
    else throw new TranslationError(`messages.${i}.role: role '${String(turn.role)}' is not supported`);
  });
  return out;
}

/** Client tools -> chat function tools; server tools are reported to `dropped` (hosted-tools.ts). */
function convertTools(tools: MessagesTool[], dropped: (field: string) => void): Record<string, unknown>[] {
  return tools.flatMap((tool, i) => {
    if (tool.type !== undefined && tool.type !== 'custom') {
      dropped(`tools.${i} (${tool.type})`);
      return [];
    }
    const fn: Record<string, unknown> = { name: tool.name };
    if (tool.description !== undefined) fn.description = tool.description;
    fn.parameters = tool.input_schema ?? { type: 'object', properties: {} };
    if (typeof tool.strict === 'boolean') fn.strict = tool.strict;
    return [{ type: 'function', function: fn }];
  });
}

function convertToolChoice(choice: MessagesToolChoice): unknown {
  switch (choice.type) {
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: choice.name } };
    default:
      throw new TranslationError(`tool_choice.type: '${String((choice as { type: unknown }).type)}' is not supported`);
  }
}

/** Anthropic error type for a chat error payload's `type`. */
function errorType(type: unknown): string {
  if (type === 'invalid_request_error') return 'invalid_request_error';
  if (typeof type === 'string' && type.includes('rate_limit')) return 'rate_limit_error';
  return 'api_error';
}

/** True when `text` is a complete JSON value (used to tell a finished streamed tool call). */
function isCompleteJson(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

type OpenBlock = { kind: 'text' | 'thinking' } | { kind: 'tool'; call: number; args: string };
interface QueuedCall {
  id: string;
  name: string;
  args: string;
}

/** Translator for messages clients served by a chat-completions upstream. */
export class MessagesToChatTranslator implements Translator {
  readonly from = 'messages' as const;
  readonly to = 'chat-completions' as const;
  private clientModel?: string;
  // Stream state: one open block at a time, tool-call index -> seen, calls waiting for their turn.
  private started = false;
  private done = false;
  private nextBlock = 0;
  private open?: OpenBlock;
  private seenCalls = new Set<number>();
  private queued = new Map<number, QueuedCall>();
  private hadToolUse = false;
  private refused = false;
  private finish?: string;
  private usage?: ChatUsage;

  /** Messages request -> chat request. */
  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = body as unknown as MessagesRequest;
    if (typeof req.model === 'string') this.clientModel = req.model;
    if (req.mcp_servers !== undefined) throw new TranslationError('mcp_servers: MCP servers cannot be used with this upstream');
    if (req.container !== undefined) throw new TranslationError('container: containers cannot be used with this upstream');
    dropUnhandled(body, HANDLED, ctx);
    dropHeaders(['anthropic-beta'], ctx);
    dropCacheControl(req, ctx);
    const out: Record<string, unknown> = { model: ctx.upstreamModel, messages: convertMessages(req) };
    if (typeof req.max_tokens === 'number') out.max_completion_tokens = req.max_tokens;
    if (typeof req.temperature === 'number') out.temperature = req.temperature;
    if (typeof req.top_p === 'number') out.top_p = req.top_p;
    if (Array.isArray(req.stop_sequences) && req.stop_sequences.length > 0) out.stop = req.stop_sequences;
    const tools = Array.isArray(req.tools) ? convertTools(req.tools, ctx.dropped ?? (() => undefined)) : [];
    if (tools.length > 0) {
      out.tools = tools;
      if (req.tool_choice) {
        out.tool_choice = convertToolChoice(req.tool_choice);
        if ('disable_parallel_tool_use' in req.tool_choice && req.tool_choice.disable_parallel_tool_use === true) {
          out.parallel_tool_calls = false;
        }
      }
    }
    const effort = effortFromMessages(req);
    if (effort !== undefined) out.reasoning_effort = effort;
    const schema = req.output_config?.format?.schema;
    if (schema) out.response_format = { type: 'json_schema', json_schema: { name: 'output', schema, strict: true } };
    if (typeof req.metadata?.user_id === 'string') {
      out.user = req.metadata.user_id;
      out.prompt_cache_key = promptCacheKey(req.metadata.user_id);
    }
    Object.assign(out, chatStreamFields(ctx.stream));
    return out;
  }

  /** Chat completion -> messages response. */
  response(body: Record<string, unknown>): Record<string, unknown> {
    const completion = body as unknown as ChatCompletion;
    const choice = Array.isArray(completion.choices) ? completion.choices[0] : undefined;
    const message = (choice?.message ?? {}) as Partial<ChatCompletion['choices'][number]['message']>;
    const content: MessagesContentBlock[] = [];
    if (typeof message.reasoning_content === 'string' && message.reasoning_content !== '') {
      content.push({ type: 'thinking', thinking: message.reasoning_content, signature: message.reasoning_signature ?? '' });
    }
    if (typeof message.content === 'string' && message.content !== '') content.push({ type: 'text', text: message.content });
    const refused = typeof message.refusal === 'string' && message.refusal !== '';
    if (refused) content.push({ type: 'text', text: message.refusal as string });
    for (const call of message.tool_calls ?? []) {
      content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseToolArguments(call.function.arguments) });
    }
    const hasToolUse = content.some((b) => b.type === 'tool_use');
    // Clients commonly read content[0]; never return an empty array.
    if (content.length === 0) content.push({ type: 'text', text: '' });
    const out: MessagesResponse = {
      id: messagesIdFromChatId(completion.id),
      type: 'message',
      role: 'assistant',
      model: this.clientModel ?? completion.model,
      content,
      stop_reason: refused ? 'refusal' : stopFromFinishReason(choice?.finish_reason, hasToolUse),
      stop_sequence: null,
      usage: messagesUsageFromChat(completion.usage ?? {}),
    };
    return out as unknown as Record<string, unknown>;
  }

  /** One chat chunk (or `[DONE]`) -> messages events. */
  streamEvent(event: StreamEvent): StreamEvent[] {
    if (this.done) return [];
    if (event.data === '[DONE]') return [...this.start(undefined), ...this.finishEvents()];
    if (!isRecord(event.data)) return [];
    if (isRecord(event.data.error)) {
      this.done = true;
      const err = event.data.error;
      const message = typeof err.message === 'string' ? err.message : 'upstream error';
      return [ev({ type: 'error', error: { type: errorType(err.type), message } })];
    }
    const chunk = event.data as unknown as ChatChunk;
    const out = this.start(chunk);
    if (isRecord(chunk.usage)) this.usage = chunk.usage;
    for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
      if (choice.index !== 0) continue; // n is always 1 for messages clients.
      const delta = choice.delta ?? {};
      if (delta.reasoning_content) out.push(...this.openBlock('thinking'), this.delta({ type: 'thinking_delta', thinking: delta.reasoning_content }));
      if (delta.reasoning_signature && this.open?.kind === 'thinking') {
        out.push(this.delta({ type: 'signature_delta', signature: delta.reasoning_signature }));
      }
      if (delta.content) out.push(...this.openBlock('text'), this.delta({ type: 'text_delta', text: delta.content }));
      if (delta.refusal) {
        this.refused = true;
        out.push(...this.openBlock('text'), this.delta({ type: 'text_delta', text: delta.refusal }));
      }
      for (const call of delta.tool_calls ?? []) out.push(...this.toolDelta(call));
      if (choice.finish_reason) {
        // message_delta waits for the usage chunk that follows the finish chunk.
        this.finish = choice.finish_reason;
        out.push(...this.closeAll());
      }
    }
    return out;
  }

  /** Upstream ended: complete the message if it finished, otherwise report the cut as an error. */
  streamEnd(): StreamEvent[] {
    if (this.done) return [];
    if (this.finish !== undefined) return [...this.start(undefined), ...this.finishEvents()];
    this.done = true;
    return [cutShortEvent()];
  }

  private start(chunk: ChatChunk | undefined): StreamEvent[] {
    if (this.started) return [];
    this.started = true;
    // Chat upstreams report usage only at the end; message_delta carries the real numbers.
    return [messageStartEvent(messagesIdFromChatId(chunk?.id), this.clientModel ?? chunk?.model ?? '', { input_tokens: 0, output_tokens: 0 })];
  }

  private delta(delta: Extract<MessagesStreamEvent, { type: 'content_block_delta' }>['delta']): StreamEvent {
    return ev({ type: 'content_block_delta', index: this.nextBlock - 1, delta });
  }

  private startBlock(block: MessagesContentBlock): StreamEvent {
    return ev({ type: 'content_block_start', index: this.nextBlock++, content_block: block });
  }

  private openBlock(kind: 'text' | 'thinking'): StreamEvent[] {
    if (this.open?.kind === kind) return [];
    const out = this.closeAll();
    this.open = { kind };
    out.push(this.startBlock(kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' }));
    return out;
  }

  private closeOpen(): StreamEvent[] {
    if (!this.open) return [];
    this.open = undefined;
    return [ev({ type: 'content_block_stop', index: this.nextBlock - 1 })];
  }

  /** Close the open block, then replay queued tool calls, each as a whole block. */
  private closeAll(): StreamEvent[] {
    const out = this.closeOpen();
    for (const call of this.queued.values()) {
      out.push(this.startBlock({ type: 'tool_use', id: call.id, name: call.name, input: {} }));
      if (call.args !== '') out.push(this.delta({ type: 'input_json_delta', partial_json: call.args }));
      out.push(ev({ type: 'content_block_stop', index: this.nextBlock - 1 }));
    }
    this.queued.clear();
    return out;
  }

  private toolDelta(call: ChatToolCallDelta): StreamEvent[] {
    const k = typeof call.index === 'number' ? call.index : 0;
    const args = call.function?.arguments ?? '';
    const open = this.open;
    if (open?.kind === 'tool' && open.call === k) {
      open.args += args;
      return args === '' ? [] : [this.delta({ type: 'input_json_delta', partial_json: args })];
    }
    const queued = this.queued.get(k);
    if (queued) {
      queued.args += args;
      return [];
    }
    // A fragment for a call already closed cannot be delivered in block order; chat upstreams
    // finish one call before starting the next, which the completeness check below relies on.
    if (this.seenCalls.has(k)) return [];
    this.seenCalls.add(k);
    this.hadToolUse = true;
    const id = call.id ?? `call_${k}`;
    const name = call.function?.name ?? '';
    if (open?.kind === 'tool' && !isCompleteJson(open.args)) {
      this.queued.set(k, { id, name, args });
      return [];
    }
    const out = this.closeAll();
    this.open = { kind: 'tool', call: k, args };
    out.push(this.startBlock({ type: 'tool_use', id, name, input: {} }));
    if (args !== '') out.push(this.delta({ type: 'input_json_delta', partial_json: args }));
    return out;
  }

  private finishEvents(): StreamEvent[] {
    const out = this.closeAll();
    const stop = this.refused ? 'refusal' : stopFromFinishReason(this.finish, this.hadToolUse);
    // Without a usage chunk the upstream reported nothing; claim no tokens rather than guess.
    const usage = this.usage ? messagesUsageFromChat(this.usage) : { output_tokens: 0 };
    out.push(...messageEndEvents(stop, usage));
    this.done = true;
    return out;
  }
}
