/**
 * OpenAI Responses as OpenAI documents it (API reference "The response object" and "Streaming
 * events", streaming guide):
 * - body: a `response` object that echoes the request's settings (instructions, tools, tool_choice,
 *   temperature, top_p, max_output_tokens, reasoning, text, store, metadata...) with `output` items
 *   in order: a `reasoning` item (`rs_...`, its summary when the model shows one), a `message` item
 *   (`msg_...`) with `output_text` parts, one `function_call` item (`fc_...`, `call_id`, `arguments`
 *   a JSON string) per call; usage `input_tokens` with `input_tokens_details.cached_tokens` inside,
 *   `output_tokens` with `output_tokens_details.reasoning_tokens` inside. No finish reason: a tool
 *   turn is told by its function_call items.
 * - stream: `event: <type>` + `data:` whose JSON repeats `type` and counts `sequence_number` from 0;
 *   `response.created`, `response.in_progress`, then per item `output_item.added`, its parts and
 *   deltas (`output_text.delta` with `logprobs` and `obfuscation`, `reasoning_summary_*`,
 *   `function_call_arguments.delta` / `.done`), `output_item.done`, and `response.completed` holding
 *   the whole response. No `[DONE]`.
 * - failure mid-stream: an `error` event, then `response.failed` with `response.error`.
 */
import { openAiError } from './openai-chat.js';
import { CREATED, base62Id, fullText, hexId, jsonFragments, promptTotal, textDeltas, thinkingDeltas, type CannedReply, type CannedUsage, type ReplyContext, type WireEvent } from './reply.js';

function usageOf(u: CannedUsage): Record<string, unknown> {
  const input = promptTotal(u);
  const output = u.output + u.reasoning;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: u.cacheRead },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: u.reasoning },
    total_tokens: input + output,
  };
}

interface Ids {
  response: string;
  reasoning: string;
  message: string;
  call: (i: number) => string;
}

function idsOf(ctx: ReplyContext): Ids {
  const seed = `resp:${ctx.serial}`;
  return {
    response: `resp_${hexId(seed, 48)}`,
    reasoning: `rs_${hexId(`${seed}:rs`, 48)}`,
    message: `msg_${hexId(`${seed}:msg`, 48)}`,
    call: (i) => `fc_${hexId(`${seed}:fc:${i}`, 48)}`,
  };
}

/** The response object around `output`, echoing the request the way OpenAI does. */
function responseObject(ctx: ReplyContext, ids: Ids, status: string, output: unknown[], usage: unknown): Record<string, unknown> {
  const b = ctx.body;
  const reasoning = (b.reasoning ?? {}) as { effort?: unknown; summary?: unknown };
  return {
    id: ids.response,
    object: 'response',
    created_at: CREATED,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: b.instructions ?? null,
    max_output_tokens: b.max_output_tokens ?? null,
    max_tool_calls: null,
    model: ctx.model,
    output,
    parallel_tool_calls: b.parallel_tool_calls ?? true,
    previous_response_id: b.previous_response_id ?? null,
    prompt_cache_key: b.prompt_cache_key ?? null,
    reasoning: { effort: reasoning.effort ?? null, summary: reasoning.summary ?? null },
    safety_identifier: b.safety_identifier ?? null,
    service_tier: 'default',
    store: b.store ?? true,
    temperature: b.temperature ?? 1,
    text: b.text ?? { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: b.tool_choice ?? 'auto',
    tools: b.tools ?? [],
    top_logprobs: 0,
    top_p: b.top_p ?? 1,
    truncation: b.truncation ?? 'disabled',
    usage,
    user: b.user ?? null,
    metadata: b.metadata ?? {},
  };
}

/** The reasoning item: its summary only when the request asked for one (`reasoning.summary`). */
function reasoningItem(reply: CannedReply, ctx: ReplyContext, ids: Ids): Record<string, unknown> | undefined {
  if (reply.usage.reasoning === 0 && !reply.thinking) return undefined;
  const summarise = reply.thinking !== undefined && typeof (ctx.body.reasoning as { summary?: unknown } | undefined)?.summary === 'string';
  const item: Record<string, unknown> = { id: ids.reasoning, type: 'reasoning', summary: summarise ? [{ type: 'summary_text', text: reply.thinking!.text }] : [] };
  const include = Array.isArray(ctx.body.include) ? ctx.body.include : [];
  if (include.includes('reasoning.encrypted_content')) item.encrypted_content = `gAAAAA${base62Id(`enc:${ctx.serial}`, 64)}`;
  return item;
}

function messageItem(text: string, ids: Ids): Record<string, unknown> {
  return { id: ids.message, type: 'message', status: 'completed', content: [{ type: 'output_text', annotations: [], logprobs: [], text }], role: 'assistant' };
}

function callItem(reply: CannedReply, i: number, ids: Ids): Record<string, unknown> {
  const c = reply.toolCalls[i];
  return { id: ids.call(i), type: 'function_call', status: 'completed', arguments: JSON.stringify(c.arguments), call_id: c.id, name: c.name };
}

function outputOf(reply: CannedReply, ctx: ReplyContext, ids: Ids): Record<string, unknown>[] {
  const output: Record<string, unknown>[] = [];
  const reasoning = reasoningItem(reply, ctx, ids);
  if (reasoning) output.push(reasoning);
  const text = fullText(reply);
  if (text !== '') output.push(messageItem(text, ids));
  reply.toolCalls.forEach((_, i) => output.push(callItem(reply, i, ids)));
  return output;
}

/** The non-streamed response. */
export function responsesBody(reply: CannedReply, ctx: ReplyContext): Record<string, unknown> {
  const ids = idsOf(ctx);
  return responseObject(ctx, ids, 'completed', outputOf(reply, ctx, ids), usageOf(reply.usage));
}

/** The stream's events (lazy). */
export function* responsesStream(reply: CannedReply, ctx: ReplyContext): Generator<WireEvent> {
  const ids = idsOf(ctx);
  let seq = 0;
  const ev = (type: string, fields: Record<string, unknown>): WireEvent => ({ event: type, data: { type, sequence_number: seq++, ...fields } });
  const obfuscation = () => base62Id(`obf:${ctx.serial}:${seq}`, 2 + (seq % 12));
  yield ev('response.created', { response: responseObject(ctx, ids, 'in_progress', [], null) });
  yield ev('response.in_progress', { response: responseObject(ctx, ids, 'in_progress', [], null) });
  let outputIndex = 0;
  const reasoning = reasoningItem(reply, ctx, ids);
  if (reasoning) {
    const summary = reasoning.summary as { text: string }[];
    yield ev('response.output_item.added', { output_index: outputIndex, item: { ...reasoning, summary: [] } });
    if (summary.length > 0) {
      const at = { item_id: ids.reasoning, output_index: outputIndex, summary_index: 0 };
      yield ev('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
      for (const delta of thinkingDeltas(reply.thinking!)) yield ev('response.reasoning_summary_text.delta', { ...at, delta, obfuscation: obfuscation() });
      yield ev('response.reasoning_summary_text.done', { ...at, text: summary[0].text });
      yield ev('response.reasoning_summary_part.done', { ...at, part: { type: 'summary_text', text: summary[0].text } });
    }
    yield ev('response.output_item.done', { output_index: outputIndex, item: reasoning });
    outputIndex++;
  }
  if (reply.text !== '') {
    const at = { item_id: ids.message, output_index: outputIndex, content_index: 0 };
    yield ev('response.output_item.added', { output_index: outputIndex, item: { id: ids.message, type: 'message', status: 'in_progress', content: [], role: 'assistant' } });
    yield ev('response.content_part.added', { ...at, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
    for (const delta of textDeltas(reply)) yield ev('response.output_text.delta', { ...at, delta, logprobs: [], obfuscation: obfuscation() });
    const text = fullText(reply);
    yield ev('response.output_text.done', { ...at, text, logprobs: [] });
    yield ev('response.content_part.done', { ...at, part: { type: 'output_text', annotations: [], logprobs: [], text } });
    yield ev('response.output_item.done', { output_index: outputIndex, item: messageItem(text, ids) });
    outputIndex++;
  }
  for (const [i, c] of reply.toolCalls.entries()) {
    const item = callItem(reply, i, ids);
    yield ev('response.output_item.added', { output_index: outputIndex, item: { ...item, status: 'in_progress', arguments: '' } });
    for (const delta of jsonFragments(JSON.stringify(c.arguments))) {
      yield ev('response.function_call_arguments.delta', { item_id: item.id, output_index: outputIndex, delta, obfuscation: obfuscation() });
    }
    yield ev('response.function_call_arguments.done', { item_id: item.id, output_index: outputIndex, arguments: item.arguments });
    yield ev('response.output_item.done', { output_index: outputIndex, item });
    outputIndex++;
  }
  yield ev('response.completed', { response: responseObject(ctx, ids, 'completed', outputOf(reply, ctx, ids), usageOf(reply.usage)) });
}

/** The error envelope: the same as Chat Completions'. */
export function responsesError(status: number, message: string): Record<string, unknown> {
  return { error: openAiError(status, message) };
}

/** A failure inside a stream: the `error` event, then `response.failed` (which the SDK ends on). */
export function responsesStreamError(message: string, ctx: ReplyContext, sequenceNumber: number): WireEvent[] {
  const ids = idsOf(ctx);
  const failed = { ...responseObject(ctx, ids, 'failed', [], null), error: { code: 'server_error', message } };
  return [
    { event: 'error', data: { type: 'error', sequence_number: sequenceNumber, code: 'server_error', message, param: null } },
    { event: 'response.failed', data: { type: 'response.failed', sequence_number: sequenceNumber + 1, response: failed } },
  ];
}
