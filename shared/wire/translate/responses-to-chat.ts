/**
 * responses client -> chat-completions upstream.
 *
 * Decisions, pinned by test/golden/responses-to-chat:
 * - `instructions` -> a leading system message; system/developer input messages keep their role.
 * - Consecutive function_call items, and the assistant message right before them, form ONE
 *   assistant message (one message per call breaks strict upstreams); reasoning items between them
 *   do not split the group.
 * - Tools: see responses-tools.ts (namespace tools flattened and their calls named back) and
 *   hosted-tools.ts (hosted tools dropped; web search kept for the next translator of a composed
 *   translation). A tool choice naming a hosted tool is dropped; hosted-tool items in the input
 *   (earlier web_search_call and the like) are dropped: their results are in the text around them.
 * - Reasoning: the effort through the table of reasoning.ts. Upstream `reasoning_content` becomes a
 *   reasoning item with one summary_text part; its signature (`reasoning_signature`, from an
 *   Anthropic upstream) becomes the item's `encrypted_content` when the client asked for
 *   `reasoning.encrypted_content`, marked as Anthropic's. Sent back in a later turn, a reasoning
 *   item with such content gives the next assistant message its `reasoning_content` and
 *   `reasoning_signature` again when the chat body is a pivot (the thinking block is restored
 *   upstream); other reasoning items (OpenAI's own encrypted state) are dropped.
 * - `prompt_cache_key` (else the `session-id` header) and `user`/`safety_identifier` pass on.
 * - Images in a function_call_output (a chat tool message holds text only) follow the tool
 *   messages of their group as one user message.
 * - Rejected (the gateway is stateless or the chat upstream has no equivalent): previous_response_id,
 *   conversation, prompt, background, item_reference items, file_id/file_url inputs.
 * - Dropped, each named in the debug log: every other top-level field (store, include,
 *   client_metadata, truncation, top_logprobs, stream_options, context_management, ...).
 * - Ids: `resp_<chat id>`, `rs_`/`msg_<chat id>` and `fc_<call id>`; `created_at` is the upstream
 *   `created`. The Response echoes the request's settings and reports `store: false` since nothing
 *   is stored.
 */
import type {
  ChatChunk,
  ChatCompletion,
  ChatContentPart,
  ChatDelta,
  ChatMessage,
  ChatRequest,
  ChatResponseFormat,
  ChatToolChoice,
  ChatUsage,
} from '../formats/chat/types.js';
import type {
  ResponsesInputContent,
  ResponsesInputItem,
  ResponsesOutputItem,
  ResponsesRequest,
  ResponsesResponse,
  ResponsesToolChoice,
} from '../formats/responses/types.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import { responseIdFromChatId, responsesUsageFromChat, responseStatusFromChat } from './chat-responses-shared.js';
import { isRecord } from './json-values.js';
import { chatStreamFields } from './chat-upstream.js';
import { chatTools, ToolNames, type DeclaredName } from './responses-tools.js';
import { effortFromResponses } from './reasoning.js';
import { dropHeaders, dropUnhandled, headerValue } from './dropped.js';
import { promptCacheKey } from './cache-key.js';
import { markSignature, unmarkSignature } from './messages-gemini-shared.js';

/** Top-level request fields this direction reads; others are reported dropped. */
const HANDLED = new Set([
  'model', 'input', 'instructions', 'max_output_tokens', 'temperature', 'top_p', 'tools', 'tool_choice', 'parallel_tool_calls',
  'text', 'reasoning', 'metadata', 'user', 'safety_identifier', 'prompt_cache_key', 'service_tier', 'stream',
  'previous_response_id', 'conversation', 'prompt', 'background',
]);

/** Codex CLI's own headers: nothing upstream reads them. */
const CLIENT_HEADERS = ['originator', 'x-codex-turn-metadata', 'x-codex-beta-features'];

/** What the translation needs while it reads input items. */
interface ItemContext {
  names: ToolNames;
  /** Keep signed reasoning for the next translator (the chat body is a pivot). */
  pivot: boolean;
  dropped: (field: string) => void;
}

/** Chat request fields beyond the shared type that this direction writes. */
interface ChatRequestOut extends ChatRequest {
  verbosity?: string;
  metadata?: Record<string, string>;
  prompt_cache_key?: string;
  service_tier?: string;
}

/** Request settings a Response echoes back. */
type Echo = Pick<
  ResponsesResponse,
  'instructions' | 'max_output_tokens' | 'model' | 'parallel_tool_calls' | 'reasoning' | 'temperature' | 'text' | 'tool_choice' | 'tools' | 'top_p' | 'metadata'
>;

/** Responses client, OpenAI-chat upstream. */
export class ResponsesToChatTranslator implements Translator {
  readonly from = 'responses' as const;
  readonly to = 'chat-completions' as const;
  private echo: Echo = echoOf({ model: '' });
  private writer: ResponsesEventWriter | undefined;
  private names = new ToolNames();
  /** The client asked for `reasoning.encrypted_content`. */
  private encrypted = false;

  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = body as unknown as ResponsesRequest & Record<string, unknown>;
    this.echo = echoOf(req);
    for (const field of ['previous_response_id', 'conversation', 'prompt'] as const) {
      if (req[field] != null) {
        throw new TranslationError(`${field} needs responses stored by the server; this route is stateless, send the full input instead`);
      }
    }
    if (req.background === true) throw new TranslationError('background responses are not supported on this route');

    const dropped = ctx.dropped ?? (() => undefined);
    dropUnhandled(req, HANDLED, ctx);
    dropHeaders(CLIENT_HEADERS, ctx);
    this.names = new ToolNames();
    this.encrypted = Array.isArray(req.include) && req.include.includes('reasoning.encrypted_content');
    // Tools first: their names are settled before history items refer to them.
    const tools = chatTools(req.tools ?? [], this.names, ctx.pivot === true, dropped);

    const messages: ChatMessage[] = [];
    if (typeof req.instructions === 'string' && req.instructions !== '') messages.push({ role: 'system', content: req.instructions });
    const input = typeof req.input === 'string' ? [{ role: 'user' as const, content: req.input }] : req.input ?? [];
    appendItems(messages, input, { names: this.names, pivot: ctx.pivot === true, dropped });

    const out: ChatRequestOut = { model: ctx.upstreamModel, messages };
    if (typeof req.max_output_tokens === 'number') out.max_completion_tokens = req.max_output_tokens;
    if (typeof req.temperature === 'number') out.temperature = req.temperature;
    if (typeof req.top_p === 'number') out.top_p = req.top_p;
    if (tools.tools.length > 0) out.tools = tools.tools;
    if (tools.webSearch) out.web_search_options = tools.webSearch;
    const choice = req.tool_choice === undefined ? undefined : chatToolChoice(req.tool_choice, this.names);
    if (choice !== undefined) out.tool_choice = choice;
    else if (req.tool_choice !== undefined) dropped('tool_choice');
    if (typeof req.parallel_tool_calls === 'boolean') out.parallel_tool_calls = req.parallel_tool_calls;
    const format = req.text?.format ? chatResponseFormat(req.text.format) : undefined;
    if (format) out.response_format = format;
    if (req.text?.verbosity) out.verbosity = req.text.verbosity;
    const effort = effortFromResponses(req.reasoning);
    if (effort) out.reasoning_effort = effort;
    if (req.metadata) out.metadata = req.metadata;
    for (const key of ['user', 'safety_identifier', 'prompt_cache_key', 'service_tier'] as const) {
      if (typeof req[key] === 'string') out[key] = req[key];
    }
    // Codex names its conversation in `session-id`: the same key keeps its turns on one cache.
    const session = headerValue(ctx, 'session-id');
    if (out.prompt_cache_key === undefined && session) out.prompt_cache_key = promptCacheKey(session);
    Object.assign(out, chatStreamFields(ctx.stream));
    return out as unknown as Record<string, unknown>;
  }

  response(body: Record<string, unknown>): Record<string, unknown> {
    const res = body as unknown as ChatCompletion;
    const choice = res.choices?.[0];
    const base = responseIdFromChatId(res.id).slice('resp_'.length);
    const m = choice?.message;
    const status = responseStatusFromChat(choice?.finish_reason);
    const output: ResponsesOutputItem[] = [];
    const encrypted = this.encrypted && m?.reasoning_signature ? { encrypted_content: markSignature('anthropic', m.reasoning_signature) } : {};
    if (m?.reasoning_content || encrypted.encrypted_content) {
      const summary = m?.reasoning_content ? [{ type: 'summary_text' as const, text: m.reasoning_content }] : [];
      output.push({ id: `rs_${base}`, type: 'reasoning', summary, ...encrypted });
    }
    if (m?.content || m?.refusal) {
      output.push({
        id: `msg_${base}`,
        type: 'message',
        status: status.status === 'completed' ? 'completed' : 'incomplete',
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'output_text' as const, text: m.content, annotations: [], logprobs: [] }] : []),
          ...(m.refusal ? [{ type: 'refusal' as const, refusal: m.refusal }] : []),
        ],
      });
    }
    for (const call of m?.tool_calls ?? []) {
      output.push({ id: `fc_${call.id}`, type: 'function_call', status: 'completed', arguments: call.function.arguments, call_id: call.id, ...this.names.declared(call.function.name) });
    }
    return responseObject(this.echo, { id: `resp_${base}`, created_at: res.created ?? 0, ...status, output, usage: res.usage }) as unknown as Record<string, unknown>;
  }

  streamEvent(event: StreamEvent): StreamEvent[] {
    if (this.writer?.done) return [];
    if (event.data === '[DONE]') return this.writer?.complete() ?? [];
    if (!isRecord(event.data)) return [];
    const writer = this.start(event.data.id, event.data.created);
    if (isRecord(event.data.error)) return writer.fail(String(event.data.error.message ?? 'upstream error'));
    const chunk = event.data as unknown as ChatChunk;
    if (chunk.usage) writer.usage = chunk.usage;
    // A Response has one output list: only the first choice is translated.
    const choice = (chunk.choices ?? []).find((c) => c.index === 0);
    if (!choice) return writer.take();
    const delta: ChatDelta = choice.delta ?? {};
    if (delta.reasoning_content) writer.reasoningDelta(delta.reasoning_content);
    if (delta.reasoning_signature && this.encrypted) writer.reasoningSignature(markSignature('anthropic', delta.reasoning_signature));
    if (delta.content) writer.textDelta('output_text', delta.content);
    if (delta.refusal) writer.textDelta('refusal', delta.refusal);
    for (const tc of delta.tool_calls ?? []) {
      const name = tc.function?.name;
      writer.toolCallDelta(tc.index, tc.id, name === undefined ? undefined : this.names.declared(name), tc.function?.arguments);
    }
    if (choice.finish_reason) writer.finish(choice.finish_reason);
    return writer.take();
  }

  streamEnd(): StreamEvent[] {
    const writer = this.start(undefined, undefined);
    if (writer.done) return [];
    // A chat stream that reported a finish reason is complete even without `[DONE]`.
    return writer.finishReason ? writer.complete() : writer.fail('upstream stream ended before a finish reason');
  }

  /** The event writer, created on the first upstream chunk (its id and timestamp name the Response). */
  private start(id: unknown, created: unknown): ResponsesEventWriter {
    if (!this.writer) {
      const base = responseIdFromChatId(id).slice('resp_'.length);
      const createdAt = typeof created === 'number' ? created : 0;
      this.writer = new ResponsesEventWriter(base, (fields) => responseObject(this.echo, { id: `resp_${base}`, created_at: createdAt, ...fields }));
    }
    return this.writer;
  }
}

/** What a Response says beyond the echoed request settings. */
interface ResponseFields {
  status: ResponsesResponse['status'];
  incomplete_details: ResponsesResponse['incomplete_details'];
  output: ResponsesOutputItem[];
  usage?: Partial<ChatUsage> | null;
  error?: ResponsesResponse['error'];
}

function responseObject(echo: Echo, f: ResponseFields & { id: string; created_at: number }): ResponsesResponse {
  return {
    id: f.id,
    object: 'response',
    created_at: f.created_at,
    status: f.status,
    error: f.error ?? null,
    incomplete_details: f.incomplete_details,
    instructions: echo.instructions,
    max_output_tokens: echo.max_output_tokens,
    model: echo.model,
    output: f.output,
    parallel_tool_calls: echo.parallel_tool_calls,
    previous_response_id: null,
    reasoning: echo.reasoning,
    store: false,
    temperature: echo.temperature,
    text: echo.text,
    tool_choice: echo.tool_choice,
    tools: echo.tools,
    top_p: echo.top_p,
    truncation: 'disabled',
    usage: f.usage ? responsesUsageFromChat(f.usage) : null,
    metadata: echo.metadata,
  };
}

function echoOf(req: Partial<ResponsesRequest>): Echo {
  return {
    instructions: req.instructions ?? null,
    max_output_tokens: req.max_output_tokens ?? null,
    model: req.model ?? '',
    parallel_tool_calls: req.parallel_tool_calls ?? true,
    reasoning: { effort: req.reasoning?.effort ?? null, summary: req.reasoning?.summary ?? null },
    temperature: req.temperature ?? null,
    text: { format: req.text?.format ?? { type: 'text' }, ...(req.text?.verbosity && { verbosity: req.text.verbosity }) },
    tool_choice: req.tool_choice ?? 'auto',
    tools: req.tools ?? [],
    top_p: req.top_p ?? null,
    metadata: req.metadata ?? {},
  };
}

/**
 * Input items -> chat messages. Consecutive function_call items join the assistant message right
 * before them (or start one); any other message or output ends the group, reasoning items do not.
 * A reasoning item carrying a signature this gateway gave out is held for the next assistant
 * message (see the file comment).
 */
function appendItems(messages: ChatMessage[], items: ResponsesInputItem[], ic: ItemContext): void {
  let group: ChatMessage | undefined;
  let reasoning: { text: string; signature: string } | undefined;
  // Images of tool outputs wait until the group's tool messages are all written.
  let images: ChatContentPart[] = [];
  const flushImages = () => {
    if (images.length > 0) messages.push({ role: 'user', content: images });
    images = [];
  };
  /** An assistant message, given the held reasoning. */
  const assistant = (message: ChatMessage): ChatMessage => {
    if (reasoning) Object.assign(message, { reasoning_content: reasoning.text, reasoning_signature: reasoning.signature });
    reasoning = undefined;
    return message;
  };
  items.forEach((item, i) => {
    const at = `input[${i}]`;
    const type = (item as { type?: unknown }).type ?? 'message';
    if (item.type !== 'function_call_output') flushImages();
    if (item.type === 'function_call') {
      const call = { id: item.call_id, type: 'function' as const, function: { name: ic.names.flat(item.name, item.namespace), arguments: item.arguments } };
      if (group) (group.tool_calls ??= []).push(call);
      else messages.push((group = assistant({ role: 'assistant', content: null, tool_calls: [call] })));
    } else if (item.type === 'function_call_output') {
      group = undefined;
      const output = toolOutput(item.output, `${at}.output`);
      messages.push({ role: 'tool', tool_call_id: item.call_id, content: output.text });
      images.push(...output.images);
    } else if (item.type === 'reasoning') {
      const signature = ic.pivot ? unmarkSignature('anthropic', item.encrypted_content) : undefined;
      if (signature !== undefined) reasoning = { text: (item.summary ?? []).map((p) => p.text).join(''), signature };
      else if (item.encrypted_content) ic.dropped(`${at}.encrypted_content`);
    } else if (type === 'message' && 'role' in item) {
      const role = item.role;
      if (role === 'assistant') messages.push((group = assistant(assistantMessage(item.content, `${at}.content`))));
      else if (role === 'user' || role === 'system' || role === 'developer') {
        group = undefined;
        messages.push({ role, content: inputContent(item.content, `${at}.content`) });
      } else throw new TranslationError(`${at}.role "${String(role)}" is not a message role`);
    } else if (type === 'item_reference') {
      throw new TranslationError(`${at}: item_reference needs items stored by the server; this route is stateless, send the items themselves`);
    } else {
      // A hosted tool's call or output (web_search_call, ...): its results are in the text around it.
      ic.dropped(`${at} (${String(type)})`);
    }
  });
  flushImages();
}

function assistantMessage(content: string | unknown[], at: string): ChatMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  const text: string[] = [];
  const refusal: string[] = [];
  content.forEach((part, k) => {
    if (isRecord(part) && (part.type === 'output_text' || part.type === 'input_text') && typeof part.text === 'string') text.push(part.text);
    else if (isRecord(part) && part.type === 'refusal' && typeof part.refusal === 'string') refusal.push(part.refusal);
    else throw new TranslationError(`${at}[${k}]: assistant messages can only hold output_text and refusal parts`);
  });
  return { role: 'assistant', content: text.length > 0 ? text.join('') : null, ...(refusal.length > 0 && { refusal: refusal.join('') }) };
}

function inputContent(content: string | unknown[], at: string): string | ChatContentPart[] {
  if (typeof content === 'string') return content;
  return content.map((part, k) => inputPart(part as ResponsesInputContent, `${at}[${k}]`));
}

function inputPart(part: ResponsesInputContent, at: string): ChatContentPart {
  switch (part.type) {
    case 'input_text':
      return { type: 'text', text: part.text };
    case 'input_image':
      if (typeof part.image_url !== 'string') throw new TranslationError(`${at}: file_id images refer to OpenAI's file store and cannot be sent here; send image_url`);
      return { type: 'image_url', image_url: { url: part.image_url, ...(part.detail && { detail: part.detail }) } };
    case 'input_file':
      if (typeof part.file_data !== 'string') throw new TranslationError(`${at}: only input_file with file_data can be sent here (file_id and file_url refer to OpenAI's file store)`);
      return { type: 'file', file: { file_data: part.file_data, ...(part.filename && { filename: part.filename }) } };
    default:
      throw new TranslationError(`${at}: content part "${String(part.type)}" cannot be sent here`);
  }
}

/** function_call_output -> tool message text, and its images and files (a chat tool message holds text only). */
function toolOutput(output: string | ResponsesInputContent[], at: string): { text: string; images: ChatContentPart[] } {
  if (typeof output === 'string') return { text: output, images: [] };
  const text: string[] = [];
  const images: ChatContentPart[] = [];
  output.forEach((part, k) => {
    const converted = inputPart(part, `${at}[${k}]`);
    if (converted.type === 'text') text.push((converted as { text: string }).text);
    else images.push(converted);
  });
  return { text: text.join(''), images };
}

/** The chat tool choice; undefined for a choice of a hosted tool (dropped: the hosted tool is). */
function chatToolChoice(choice: ResponsesToolChoice, names: ToolNames): ChatToolChoice | undefined {
  if (typeof choice === 'string') return choice;
  const namespace = (c: unknown) => (isRecord(c) && typeof c.namespace === 'string' ? c.namespace : undefined);
  if (choice.type === 'function') return { type: 'function', function: { name: names.flat(choice.name, namespace(choice)) } };
  if (choice.type === 'allowed_tools') {
    const tools = choice.tools.flatMap((t) => (t.type === 'function' && t.name ? [{ type: 'function', function: { name: names.flat(t.name, namespace(t)) } }] : []));
    return { type: 'allowed_tools', allowed_tools: { mode: choice.mode, tools } } as ChatToolChoice;
  }
  return undefined;
}

function chatResponseFormat(format: NonNullable<ResponsesRequest['text']>['format']): ChatResponseFormat | undefined {
  if (!format) return undefined;
  if (format.type !== 'json_schema') return { type: format.type };
  const { name, description, schema, strict } = format;
  return { type: 'json_schema', json_schema: { name, ...(description !== undefined && { description }), schema, ...(strict != null && { strict }) } };
}

/**
 * Builds the Responses event stream from chat deltas: one open message or reasoning item at a time,
 * function calls kept open until the finish reason (chat may interleave their argument deltas),
 * dense output/content indices and a `sequence_number` that grows by one per event, as the openai
 * SDK's ResponseStream requires. Every emitted payload is a copy, never live state.
 */
class ResponsesEventWriter {
  done = false;
  finishReason: string | undefined;
  usage: Partial<ChatUsage> | undefined;
  private seq = 0;
  private events: StreamEvent[] = [];
  private readonly output: ResponsesOutputItem[] = [];
  private open: { index: number; kind: 'message' | 'reasoning' } | undefined;
  private readonly calls = new Map<number, number>();
  private readonly closedCalls = new Set<number>();
  private readonly idCounts = new Map<string, number>();

  constructor(
    private readonly base: string,
    private readonly response: (fields: ResponseFields) => ResponsesResponse,
  ) {
    const skeleton = this.response({ status: 'in_progress', incomplete_details: null, output: [], usage: null });
    this.emit('response.created', { response: skeleton });
    this.emit('response.in_progress', { response: skeleton });
  }

  /** The events produced since the last call. */
  take(): StreamEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  reasoningDelta(text: string): void {
    const { index, item } = this.reasoningItem();
    if (item.summary.length === 0) {
      item.summary.push({ type: 'summary_text', text: '' });
      this.emit('response.reasoning_summary_part.added', { item_id: item.id, output_index: index, summary_index: 0, part: { type: 'summary_text', text: '' } });
    }
    item.summary[0].text += text;
    this.emit('response.reasoning_summary_text.delta', { item_id: item.id, output_index: index, summary_index: 0, delta: text });
  }

  /** The reasoning's opaque state, shown on the item when it is done. */
  reasoningSignature(encrypted: string): void {
    this.reasoningItem().item.encrypted_content = encrypted;
  }

  /** The open reasoning item, opened now if another item (or none) is open. */
  private reasoningItem(): { index: number; item: Extract<ResponsesOutputItem, { type: 'reasoning' }> } {
    if (this.open?.kind !== 'reasoning') {
      this.closeOpen();
      const item = { id: this.itemId('rs'), type: 'reasoning' as const, summary: [] };
      const index = this.output.push(item) - 1;
      this.open = { index, kind: 'reasoning' };
      this.emit('response.output_item.added', { output_index: index, item });
    }
    const index = this.open.index;
    return { index, item: this.output[index] as Extract<ResponsesOutputItem, { type: 'reasoning' }> };
  }

  textDelta(kind: 'output_text' | 'refusal', text: string): void {
    if (this.open?.kind !== 'message') {
      this.closeOpen();
      const item = { id: this.itemId('msg'), type: 'message' as const, status: 'in_progress' as const, role: 'assistant' as const, content: [] };
      this.open = { index: this.output.push(item) - 1, kind: 'message' };
      this.emit('response.output_item.added', { output_index: this.open.index, item });
    }
    const index = this.open.index;
    const item = this.message(index);
    let contentIndex = item.content.length - 1;
    if (item.content[contentIndex]?.type !== kind) {
      if (contentIndex >= 0) this.closePart(index, contentIndex);
      const part = kind === 'output_text' ? { type: kind, text: '', annotations: [], logprobs: [] } : { type: kind, refusal: '' };
      contentIndex = item.content.push(part) - 1;
      this.emit('response.content_part.added', { item_id: item.id, output_index: index, content_index: contentIndex, part });
    }
    const part = item.content[contentIndex];
    const at = { item_id: item.id, output_index: index, content_index: contentIndex };
    if (part.type === 'output_text') {
      part.text += text;
      this.emit('response.output_text.delta', { ...at, delta: text, logprobs: [] });
    } else {
      part.refusal += text;
      this.emit('response.refusal.delta', { ...at, delta: text });
    }
  }

  toolCallDelta(chatIndex: number, id: string | undefined, name: DeclaredName | undefined, args: string | undefined): void {
    let index = this.calls.get(chatIndex);
    if (index === undefined) {
      this.closeOpen();
      const callId = id ?? `call_${this.base}_${chatIndex}`;
      const item = { id: `fc_${callId}`, type: 'function_call' as const, status: 'in_progress' as const, arguments: '', call_id: callId, ...(name ?? { name: '' }) };
      index = this.output.push(item) - 1;
      this.calls.set(chatIndex, index);
      this.emit('response.output_item.added', { output_index: index, item });
    }
    const item = this.output[index] as Extract<ResponsesOutputItem, { type: 'function_call' }>;
    if (args) {
      item.arguments += args;
      this.emit('response.function_call_arguments.delta', { item_id: item.id, output_index: index, delta: args });
    }
  }

  /** The choice finished: close every open item. */
  finish(reason: string): void {
    this.finishReason = reason;
    this.closeOpen();
    for (const index of this.calls.values()) {
      if (this.closedCalls.has(index)) continue;
      this.closedCalls.add(index);
      const item = this.output[index] as Extract<ResponsesOutputItem, { type: 'function_call' }>;
      item.status = 'completed';
      this.emit('response.function_call_arguments.done', { item_id: item.id, output_index: index, name: item.name, arguments: item.arguments });
      this.emit('response.output_item.done', { output_index: index, item });
    }
  }

  /** The terminal event, carrying the full output and usage (the SDK replaces its snapshot with it). */
  complete(): StreamEvent[] {
    if (this.done) return this.take();
    this.finish(this.finishReason ?? 'stop');
    this.done = true;
    const status = responseStatusFromChat(this.finishReason);
    const type = status.status === 'completed' ? 'response.completed' : 'response.incomplete';
    this.emit(type, { response: this.response({ ...status, output: this.output, usage: this.usage }) });
    return this.take();
  }

  /** Ends the stream as `response.failed` with what was produced so far. */
  fail(message: string): StreamEvent[] {
    if (this.done) return this.take();
    this.done = true;
    const error = { code: 'server_error', message };
    this.emit('response.failed', { response: this.response({ status: 'failed', incomplete_details: null, output: this.output, usage: this.usage, error }) });
    return this.take();
  }

  private message(index: number): Extract<ResponsesOutputItem, { type: 'message' }> {
    return this.output[index] as Extract<ResponsesOutputItem, { type: 'message' }>;
  }

  private closePart(index: number, contentIndex: number): void {
    const item = this.message(index);
    const part = item.content[contentIndex];
    const at = { item_id: item.id, output_index: index, content_index: contentIndex };
    if (part.type === 'output_text') this.emit('response.output_text.done', { ...at, text: part.text, logprobs: [] });
    else this.emit('response.refusal.done', { ...at, refusal: part.refusal });
    this.emit('response.content_part.done', { ...at, part });
  }

  private closeOpen(): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    const item = this.output[open.index];
    if (item.type === 'reasoning' && item.summary.length > 0) {
      const at = { item_id: item.id, output_index: open.index, summary_index: 0 };
      this.emit('response.reasoning_summary_text.done', { ...at, text: item.summary[0].text });
      this.emit('response.reasoning_summary_part.done', { ...at, part: item.summary[0] });
    } else if (item.type === 'message') {
      this.closePart(open.index, item.content.length - 1);
      item.status = this.finishReason === 'length' || this.finishReason === 'content_filter' ? 'incomplete' : 'completed';
    }
    this.emit('response.output_item.done', { output_index: open.index, item });
  }

  private itemId(prefix: string): string {
    const n = this.idCounts.get(prefix) ?? 0;
    this.idCounts.set(prefix, n + 1);
    return n === 0 ? `${prefix}_${this.base}` : `${prefix}_${this.base}_${n}`;
  }

  private emit(type: string, fields: Record<string, unknown>): void {
    this.events.push({ event: type, data: { type, sequence_number: this.seq++, ...structuredClone(fields) } });
  }
}
