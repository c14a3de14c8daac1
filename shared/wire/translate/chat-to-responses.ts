/**
 * chat-completions client -> responses upstream.
 *
 * Decisions, pinned by test/golden/chat-to-responses:
 * - Leading system/developer messages -> `instructions` (joined by a blank line); later ones stay
 *   input messages with their role. Assistant text -> an output_text message item, then one
 *   function_call item per tool call (`call_id` = the chat id); tool messages -> function_call_output.
 * - Function tools are flattened with `strict` set explicitly (`false` when the client gave none):
 *   Responses would otherwise strict-normalise the schema and make optional fields required.
 * - `store: false` unless the client asked for `true` (a chat client cannot retrieve stored responses).
 * - `web_search_options` becomes a `web_search` tool (hosted-tools.ts).
 * - Rejected: n > 1, audio in or out, custom tools, legacy functions.
 *   Dropped: stop, seed, penalties, logit_bias, logprobs/top_logprobs, prediction.
 * - Reasoning: summary deltas and raw reasoning text become chat `reasoning_content`; encrypted
 *   reasoning is not requested (chat has nowhere to carry it back), like OpenAI's own chat API.
 * - Ids: `chatcmpl-<response id without resp_>`; `created` is the upstream `created_at`; tool-call
 *   ids are the function calls' `call_id` (not the `fc_` item ids). A `failed` response becomes a
 *   chat error body.
 */
import type {
  ChatChunk,
  ChatContentPart,
  ChatDelta,
  ChatMessage,
  ChatRequest,
  ChatTool,
  ChatToolCall,
  ChatToolChoice,
} from '../formats/chat/types.js';
import type {
  ResponsesFunctionCallItem,
  ResponsesFunctionTool,
  ResponsesInputContent,
  ResponsesInputItem,
  ResponsesResponse,
  ResponsesTextFormat,
  ResponsesToolChoice,
  ResponsesUsage,
} from '../formats/responses/types.js';
import { responsesWebSearchTool } from './hosted-tools.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translator.js';
import { chatStreamError, plainText } from './chat-client.js';
import { chatFinishFromResponse, chatIdFromResponseId, chatUsageFromResponses } from './chat-responses-shared.js';
import { isRecord } from './json-values.js';

/** Chat request fields beyond the shared type that this direction reads. */
interface ChatRequestExtras extends ChatRequest {
  verbosity?: 'low' | 'medium' | 'high';
  metadata?: Record<string, string>;
  prompt_cache_key?: string;
  service_tier?: string;
  store?: boolean;
}

/** OpenAI-chat client, Responses upstream. */
export class ChatToResponsesTranslator implements Translator {
  readonly from = 'chat-completions' as const;
  readonly to = 'responses' as const;
  private model = '';
  private includeUsage = false;
  // Stream state.
  private id = '';
  private created = 0;
  private started = false;
  private ended = false;
  /** Responses output_index of each function call -> its chat tool-call index and the arguments sent so far. */
  private readonly calls = new Map<number, { index: number; sent: string }>();

  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const req = body as unknown as ChatRequestExtras;
    this.model = typeof req.model === 'string' ? req.model : ctx.upstreamModel;
    this.includeUsage = req.stream_options?.include_usage === true;
    rejectUntranslatable(req);

    const instructions: string[] = [];
    const input: ResponsesInputItem[] = [];
    (Array.isArray(req.messages) ? req.messages : []).forEach((m, i) => {
      const at = `messages[${i}]`;
      if ((m.role === 'system' || m.role === 'developer') && input.length === 0) instructions.push(plainText(m.content, at));
      else input.push(...inputItems(m, at));
    });

    const out: Record<string, unknown> = { model: ctx.upstreamModel };
    if (instructions.length > 0) out.instructions = instructions.join('\n\n');
    out.input = input;
    const max = req.max_completion_tokens ?? req.max_tokens;
    if (typeof max === 'number') out.max_output_tokens = max;
    if (typeof req.temperature === 'number') out.temperature = req.temperature;
    if (typeof req.top_p === 'number') out.top_p = req.top_p;
    const tools: unknown[] = (req.tools ?? []).map((tool, i) => responsesTool(tool, `tools[${i}]`));
    if (req.web_search_options) tools.push(responsesWebSearchTool(req.web_search_options));
    if (tools.length > 0) out.tools = tools;
    if (req.tool_choice !== undefined) out.tool_choice = responsesToolChoice(req.tool_choice);
    if (typeof req.parallel_tool_calls === 'boolean') out.parallel_tool_calls = req.parallel_tool_calls;
    const format = req.response_format ? textFormat(req.response_format) : undefined;
    if (format || req.verbosity) out.text = { ...(format && { format }), ...(req.verbosity && { verbosity: req.verbosity }) };
    if (typeof req.reasoning_effort === 'string') out.reasoning = { effort: req.reasoning_effort };
    if (req.metadata) out.metadata = req.metadata;
    for (const key of ['user', 'safety_identifier', 'prompt_cache_key', 'service_tier'] as const) {
      if (typeof req[key] === 'string') out[key] = req[key];
    }
    out.store = req.store === true;
    if (ctx.stream) out.stream = true;
    return out;
  }

  response(body: Record<string, unknown>): Record<string, unknown> {
    const res = body as unknown as ResponsesResponse;
    if (res.status === 'failed') {
      return { error: { message: res.error?.message ?? 'the upstream response failed', type: 'server_error', param: null, code: res.error?.code ?? null } };
    }
    const text: string[] = [];
    const refusal: string[] = [];
    const reasoning: string[] = [];
    const toolCalls: ChatToolCall[] = [];
    for (const item of res.output ?? []) {
      if (item.type === 'message' && Array.isArray(item.content)) {
        for (const part of item.content) {
          if (part.type === 'output_text') text.push(part.text);
          else if (part.type === 'refusal') refusal.push(part.refusal);
        }
      } else if (item.type === 'function_call') {
        toolCalls.push({ id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } });
      } else if (item.type === 'reasoning') {
        reasoning.push(...reasoningTexts(item));
      }
      // Hosted-tool items have no chat equivalent and are left out.
    }
    const message = {
      role: 'assistant' as const,
      content: text.length > 0 ? text.join('') : null,
      ...(reasoning.length > 0 && { reasoning_content: reasoning.join('\n\n') }),
      ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
      refusal: refusal.length > 0 ? refusal.join('') : null,
    };
    return {
      id: chatIdFromResponseId(res.id),
      object: 'chat.completion',
      created: res.created_at ?? 0,
      model: this.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: chatFinishFromResponse(res, toolCalls.length > 0) }],
      ...(res.usage && { usage: chatUsageFromResponses(res.usage) }),
    };
  }

  streamEvent(event: StreamEvent): StreamEvent[] {
    if (this.ended || !isRecord(event.data)) return [];
    const data = event.data;
    const type = typeof data.type === 'string' ? data.type : event.event;
    const out: StreamEvent[] = [];
    if (!this.started) out.push(this.start(isRecord(data.response) ? (data.response as unknown as ResponsesResponse) : undefined));
    switch (type) {
      case 'response.output_text.delta':
        out.push(this.delta({ content: String(data.delta ?? '') }));
        break;
      case 'response.refusal.delta':
        out.push(this.delta({ refusal: String(data.delta ?? '') }));
        break;
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        out.push(this.delta({ reasoning_content: String(data.delta ?? '') }));
        break;
      case 'response.reasoning_summary_part.added':
        // Separate summary parts the way the non-streamed response joins them.
        if (typeof data.summary_index === 'number' && data.summary_index > 0) out.push(this.delta({ reasoning_content: '\n\n' }));
        break;
      case 'response.output_item.added':
        if (isRecord(data.item) && data.item.type === 'function_call') {
          out.push(...this.callStarted(Number(data.output_index), data.item as unknown as ResponsesFunctionCallItem));
        }
        break;
      case 'response.function_call_arguments.delta':
        out.push(...this.callArguments(Number(data.output_index), String(data.delta ?? ''), false));
        break;
      case 'response.function_call_arguments.done':
        out.push(...this.callArguments(Number(data.output_index), String(data.arguments ?? ''), true));
        break;
      case 'response.output_item.done':
        if (isRecord(data.item) && data.item.type === 'function_call') {
          out.push(...this.callArguments(Number(data.output_index), String(data.item.arguments ?? ''), true));
        }
        break;
      case 'response.completed':
      case 'response.incomplete':
        out.push(...this.finish(data.response as unknown as ResponsesResponse));
        break;
      case 'response.failed':
      case 'error': {
        this.ended = true;
        const error = type === 'error' ? data : isRecord(data.response) && isRecord(data.response.error) ? data.response.error : {};
        out.push(chatStreamError(String(error.message ?? 'the upstream response failed'), error.code));
        break;
      }
      default:
        // Lifecycle, content-part and hosted-tool events carry nothing a chat client needs.
        break;
    }
    return out;
  }

  streamEnd(): StreamEvent[] {
    if (this.ended) return [];
    this.ended = true;
    const out = this.started ? [] : [this.start(undefined)];
    return [...out, chatStreamError('upstream stream ended before response.completed')];
  }

  private start(res: ResponsesResponse | undefined): StreamEvent {
    this.started = true;
    this.id = chatIdFromResponseId(res?.id);
    this.created = typeof res?.created_at === 'number' ? res.created_at : 0;
    return this.delta({ role: 'assistant', content: '' });
  }

  private callStarted(outputIndex: number, item: ResponsesFunctionCallItem): StreamEvent[] {
    if (this.calls.has(outputIndex)) return [];
    const index = this.calls.size;
    const args = item.arguments ?? '';
    this.calls.set(outputIndex, { index, sent: args });
    return [this.delta({ tool_calls: [{ index, id: item.call_id, type: 'function', function: { name: item.name, arguments: args } }] })];
  }

  /** Argument fragments; for `done` events only what was not streamed yet (some upstreams skip deltas). */
  private callArguments(outputIndex: number, text: string, complete: boolean): StreamEvent[] {
    const call = this.calls.get(outputIndex);
    if (!call) return [];
    let fragment = text;
    if (complete) {
      if (!text.startsWith(call.sent)) return [];
      fragment = text.slice(call.sent.length);
    }
    if (fragment === '') return [];
    call.sent += fragment;
    return [this.delta({ tool_calls: [{ index: call.index, function: { arguments: fragment } }] })];
  }

  private finish(res: ResponsesResponse): StreamEvent[] {
    this.ended = true;
    const out = [this.chunk([{ index: 0, delta: {}, finish_reason: chatFinishFromResponse(res, this.calls.size > 0) }])];
    if (this.includeUsage) out.push(this.chunk([], chatUsageFromResponses(res.usage ?? ({} as ResponsesUsage))));
    out.push({ data: '[DONE]' });
    return out;
  }

  private delta(delta: ChatDelta): StreamEvent {
    return this.chunk([{ index: 0, delta, finish_reason: null }]);
  }

  private chunk(choices: ChatChunk['choices'], usage?: ChatChunk['usage']): StreamEvent {
    const data: ChatChunk = { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices };
    if (this.includeUsage) data.usage = usage ?? null;
    return { data };
  }
}

function reasoningTexts(item: { summary?: Array<{ text: string }>; content?: Array<{ text: string }> }): string[] {
  const summary = (item.summary ?? []).map((s) => s.text);
  return summary.length > 0 ? summary : (item.content ?? []).map((c) => c.text);
}

function rejectUntranslatable(req: ChatRequestExtras): void {
  if (typeof req.n === 'number' && req.n > 1) throw new TranslationError('n > 1: a Responses upstream returns a single output');
  if (req.audio !== undefined || req.modalities?.includes('audio')) throw new TranslationError('audio output is not available through a Responses upstream');
  if (req.functions !== undefined || req.function_call !== undefined) {
    throw new TranslationError('functions/function_call (legacy) are not translated to Responses; use tools/tool_choice');
  }
}

function inputItems(m: ChatMessage, at: string): ResponsesInputItem[] {
  switch (m.role) {
    case 'system':
    case 'developer':
      return [{ type: 'message', role: m.role, content: [{ type: 'input_text', text: plainText(m.content, at) }] }];
    case 'user':
      return [{ type: 'message', role: 'user', content: userContent(m.content, at) }];
    case 'assistant': {
      const items: ResponsesInputItem[] = [];
      const text = typeof m.content === 'string'
        ? m.content
        : (m.content ?? []).map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : '')).join('');
      const content = [
        ...(text ? [{ type: 'output_text' as const, text, annotations: [] }] : []),
        ...(m.refusal ? [{ type: 'refusal' as const, refusal: m.refusal }] : []),
      ];
      if (content.length > 0) items.push({ type: 'message', role: 'assistant', content });
      for (const call of m.tool_calls ?? []) {
        items.push({ type: 'function_call', call_id: call.id, name: call.function.name, arguments: call.function.arguments });
      }
      return items;
    }
    case 'tool':
      return [{ type: 'function_call_output', call_id: String(m.tool_call_id ?? ''), output: plainText(m.content, at) }];
    default:
      throw new TranslationError(`${at}.role "${String(m.role)}" cannot be sent to a Responses upstream`);
  }
}

function userContent(content: ChatMessage['content'], at: string): ResponsesInputContent[] {
  if (typeof content === 'string') return [{ type: 'input_text', text: content }];
  return (content ?? []).map((part, k) => userPart(part, `${at}.content[${k}]`));
}

function userPart(part: ChatContentPart, at: string): ResponsesInputContent {
  if (part.type === 'text' && typeof part.text === 'string') return { type: 'input_text', text: part.text };
  if (part.type === 'image_url' && isRecord(part.image_url) && typeof part.image_url.url === 'string') {
    const detail = part.image_url.detail;
    return { type: 'input_image', image_url: part.image_url.url, detail: detail === 'low' || detail === 'high' ? detail : 'auto' };
  }
  if (part.type === 'file' && isRecord(part.file)) {
    const { file_data, file_id, filename } = part.file;
    return {
      type: 'input_file',
      ...(typeof file_id === 'string' && { file_id }),
      ...(typeof file_data === 'string' && { file_data }),
      ...(typeof filename === 'string' && { filename }),
    };
  }
  throw new TranslationError(`${at}: content part "${part.type}" cannot be sent to a Responses upstream`);
}

function responsesTool(tool: ChatTool, at: string): ResponsesFunctionTool {
  if (tool.type !== 'function' || !tool.function) throw new TranslationError(`${at}: only function tools are translated to a Responses upstream, not "${tool.type}"`);
  const { name, description, parameters, strict } = tool.function;
  return {
    type: 'function',
    name,
    ...(description !== undefined && { description }),
    ...(parameters !== undefined && { parameters }),
    strict: strict ?? false,
  };
}

function responsesToolChoice(choice: ChatToolChoice): ResponsesToolChoice {
  if (typeof choice === 'string') return choice;
  const c: unknown = choice;
  if (isRecord(c) && c.type === 'function' && isRecord(c.function) && typeof c.function.name === 'string') {
    return { type: 'function', name: c.function.name };
  }
  if (isRecord(c) && c.type === 'allowed_tools' && isRecord(c.allowed_tools)) {
    const { mode, tools } = c.allowed_tools;
    return {
      type: 'allowed_tools',
      mode: mode === 'required' ? 'required' : 'auto',
      tools: (Array.isArray(tools) ? tools : []).map((t: unknown) => ({
        type: 'function',
        name: isRecord(t) && isRecord(t.function) ? String(t.function.name) : '',
      })),
    };
  }
  throw new TranslationError('tool_choice: only none/auto/required, a named function or allowed_tools are translated to a Responses upstream');
}

function textFormat(format: NonNullable<ChatRequest['response_format']>): ResponsesTextFormat | undefined {
  if (format.type === 'text' || format.type === 'json_object') return { type: format.type };
  if (format.type === 'json_schema' && format.json_schema) {
    const { name, description, schema, strict } = format.json_schema;
    return { type: 'json_schema', name, schema: schema ?? {}, ...(description !== undefined && { description }), ...(strict != null && { strict }) };
  }
  return undefined;
}
