/**
 * A canned model answer rendered in any of the four wire formats, complete or as stream events: the
 * demo channel answers with it locally (docs/formats.md, "Event streams", "Usage"). The tests'
 * fake upstream does not use it: it writes each provider's answers itself (test/fakes/wire/), so
 * the gateway is not judged by its own reading of the formats.
 */
import type { WireFormat } from '../../../formats.js';
import type { StreamEvent } from '../../translate/translator.js';

/** One function call the answer makes. */
export interface CannedToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** Token counts by kind; each format adds them up its own way (cached inside or beside input). */
export interface CannedUsage {
  /** Input tokens that were neither read from nor written to a cache. */
  input: number;
  cacheRead: number;
  cacheWrite: number;
  /** Visible output tokens. */
  output: number;
  reasoning: number;
}

/** What the model "says". */
export interface CannedReply {
  text: string;
  /** The text is sent this many times in a row (one stream delta each), so a stream can be large without being held in memory. */
  repeat?: number;
  toolCalls: CannedToolCall[];
  usage: CannedUsage;
  /** The answer stopped at the request's output cap: its finish reason says so, as the real APIs' do. */
  capped?: boolean;
}

/** Options of a rendered stream. */
export interface StreamOptions {
  /** chat-completions only: the client asked for `stream_options.include_usage`. */
  includeUsage: boolean;
}

const CREATED = 1_700_000_000;

/** The text split into deltas: words with their leading space, repeated `repeat` times. */
function* textDeltas(reply: CannedReply): Generator<string> {
  const words = reply.text.match(/\s*\S+/g) ?? (reply.text === '' ? [] : [reply.text]);
  for (let i = 0; i < (reply.repeat ?? 1); i++) yield* words;
}

function fullText(reply: CannedReply): string {
  return reply.text.repeat(reply.repeat ?? 1);
}

/** A JSON arguments string cut in two, to exercise argument fragments. */
function argumentHalves(call: CannedToolCall): [string, string] {
  const json = JSON.stringify(call.arguments);
  const cut = Math.floor(json.length / 2);
  return [json.slice(0, cut), json.slice(cut)];
}

function totalInput(u: CannedUsage): number {
  return u.input + u.cacheRead + u.cacheWrite;
}

/** The complete (non-streaming) response body in `format`. */
export function replyBody(format: WireFormat, reply: CannedReply, model: string): Record<string, unknown> {
  switch (format) {
    case 'chat-completions':
      return chatBody(reply, model);
    case 'messages':
      return messagesBody(reply, model);
    case 'generateContent':
      return geminiBody(reply, model);
    case 'responses':
      return responsesBody(reply, model);
  }
}

/** The response as stream events in `format` (lazy: large repeated texts are never materialised). */
export function replyEvents(format: WireFormat, reply: CannedReply, model: string, options: StreamOptions): Iterable<StreamEvent> {
  switch (format) {
    case 'chat-completions':
      return chatEvents(reply, model, options.includeUsage);
    case 'messages':
      return messagesEvents(reply, model);
    case 'generateContent':
      return geminiEvents(reply, model);
    case 'responses':
      return responsesEvents(reply, model);
  }
}

// chat-completions

function chatUsage(u: CannedUsage): Record<string, unknown> {
  return {
    prompt_tokens: totalInput(u),
    completion_tokens: u.output + u.reasoning,
    total_tokens: totalInput(u) + u.output + u.reasoning,
    prompt_tokens_details: { cached_tokens: u.cacheRead },
    completion_tokens_details: { reasoning_tokens: u.reasoning },
  };
}

function chatFinish(reply: CannedReply): string {
  if (reply.capped) return 'length';
  return reply.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}

function chatBody(reply: CannedReply, model: string): Record<string, unknown> {
  const text = fullText(reply);
  const message: Record<string, unknown> = { role: 'assistant', content: text === '' ? null : text, refusal: null };
  if (reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } }));
  }
  return {
    id: 'chatcmpl-demo',
    object: 'chat.completion',
    created: CREATED,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: chatFinish(reply) }],
    usage: chatUsage(reply.usage),
  };
}

function* chatEvents(reply: CannedReply, model: string, includeUsage: boolean): Generator<StreamEvent> {
  const chunk = (choices: unknown[], usage: unknown = null): StreamEvent => ({
    data: { id: 'chatcmpl-demo', object: 'chat.completion.chunk', created: CREATED, model, choices, ...(includeUsage ? { usage } : {}) },
  });
  const delta = (d: Record<string, unknown>, finish: string | null = null) => chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finish }]);
  yield delta({ role: 'assistant', content: '' });
  for (const text of textDeltas(reply)) yield delta({ content: text });
  for (const [index, call] of reply.toolCalls.entries()) {
    yield delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
    for (const part of argumentHalves(call)) yield delta({ tool_calls: [{ index, function: { arguments: part } }] });
  }
  yield delta({}, chatFinish(reply));
  if (includeUsage) yield chunk([], chatUsage(reply.usage));
  yield { data: '[DONE]' };
}

// messages

function messagesUsage(u: CannedUsage): Record<string, number> {
  return {
    input_tokens: u.input,
    cache_creation_input_tokens: u.cacheWrite,
    cache_read_input_tokens: u.cacheRead,
    output_tokens: u.output + u.reasoning,
  };
}

function messagesStop(reply: CannedReply): string {
  if (reply.capped) return 'max_tokens';
  return reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
}

function messagesBody(reply: CannedReply, model: string): Record<string, unknown> {
  const text = fullText(reply);
  const content: unknown[] = text === '' ? [] : [{ type: 'text', text }];
  for (const c of reply.toolCalls) content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments });
  return {
    id: 'msg_demo',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: messagesStop(reply),
    stop_sequence: null,
    usage: messagesUsage(reply.usage),
  };
}

function* messagesEvents(reply: CannedReply, model: string): Generator<StreamEvent> {
  const ev = (data: Record<string, unknown>): StreamEvent => ({ event: data.type as string, data });
  const usage = messagesUsage(reply.usage);
  yield ev({
    type: 'message_start',
    message: { id: 'msg_demo', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } },
  });
  yield ev({ type: 'ping' });
  let index = 0;
  if (reply.text !== '') {
    yield ev({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    for (const text of textDeltas(reply)) yield ev({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
    yield ev({ type: 'content_block_stop', index });
    index++;
  }
  for (const call of reply.toolCalls) {
    yield ev({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
    for (const part of argumentHalves(call)) yield ev({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } });
    yield ev({ type: 'content_block_stop', index });
    index++;
  }
  yield ev({ type: 'message_delta', delta: { stop_reason: messagesStop(reply), stop_sequence: null }, usage });
  yield ev({ type: 'message_stop' });
}

// generateContent

function geminiUsage(u: CannedUsage, output = u.output): Record<string, number> {
  const usage: Record<string, number> = { promptTokenCount: totalInput(u), candidatesTokenCount: output };
  if (u.cacheRead > 0) usage.cachedContentTokenCount = u.cacheRead;
  if (u.reasoning > 0) usage.thoughtsTokenCount = u.reasoning;
  usage.totalTokenCount = totalInput(u) + output + u.reasoning;
  return usage;
}

function geminiFinish(reply: CannedReply): string {
  return reply.capped ? 'MAX_TOKENS' : 'STOP';
}

function geminiCallParts(reply: CannedReply): unknown[] {
  return reply.toolCalls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: c.arguments } }));
}

function geminiBody(reply: CannedReply, model: string): Record<string, unknown> {
  const text = fullText(reply);
  const parts = [...(text === '' ? [] : [{ text }]), ...geminiCallParts(reply)];
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: geminiFinish(reply), index: 0 }],
    usageMetadata: geminiUsage(reply.usage),
    modelVersion: model,
    responseId: 'demo-response',
  };
}

function* geminiEvents(reply: CannedReply, model: string): Generator<StreamEvent> {
  const chunk = (parts: unknown[], extra: Record<string, unknown>, output: number): StreamEvent => ({
    data: {
      candidates: [{ content: { role: 'model', parts }, ...extra, index: 0 }],
      usageMetadata: geminiUsage(reply.usage, output),
      modelVersion: model,
      responseId: 'demo-response',
    },
  });
  // usageMetadata is a running total on every chunk; the last one is complete.
  for (const text of textDeltas(reply)) yield chunk([{ text }], {}, 0);
  yield chunk(geminiCallParts(reply), { finishReason: geminiFinish(reply) }, reply.usage.output);
}

// responses

function responsesUsage(u: CannedUsage): Record<string, unknown> {
  return {
    input_tokens: totalInput(u),
    input_tokens_details: { cached_tokens: u.cacheRead },
    output_tokens: u.output + u.reasoning,
    output_tokens_details: { reasoning_tokens: u.reasoning },
    total_tokens: totalInput(u) + u.output + u.reasoning,
  };
}

function responsesOutput(reply: CannedReply, text: string): Record<string, unknown>[] {
  const output: Record<string, unknown>[] = [];
  if (text !== '') {
    output.push({ id: 'msg_demo', type: 'message', status: reply.capped ? 'incomplete' : 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] });
  }
  for (const c of reply.toolCalls) {
    output.push({ id: `fc_${c.id}`, type: 'function_call', status: 'completed', call_id: c.id, name: c.name, arguments: JSON.stringify(c.arguments) });
  }
  return output;
}

/** The status a finished response ends with: `incomplete` when the output cap cut it. */
function finalStatus(reply: CannedReply): 'completed' | 'incomplete' {
  return reply.capped ? 'incomplete' : 'completed';
}

function responseObject(model: string, status: string, output: unknown[], usage: unknown): Record<string, unknown> {
  return {
    id: 'resp_demo',
    object: 'response',
    created_at: CREATED,
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: null,
    max_output_tokens: null,
    model,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: null,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    truncation: 'disabled',
    usage,
    metadata: {},
  };
}

function responsesBody(reply: CannedReply, model: string): Record<string, unknown> {
  return responseObject(model, finalStatus(reply), responsesOutput(reply, fullText(reply)), responsesUsage(reply.usage));
}

function* responsesEvents(reply: CannedReply, model: string): Generator<StreamEvent> {
  let seq = 0;
  const ev = (type: string, fields: Record<string, unknown>): StreamEvent => ({ event: type, data: { type, sequence_number: seq++, ...fields } });
  yield ev('response.created', { response: responseObject(model, 'in_progress', [], null) });
  yield ev('response.in_progress', { response: responseObject(model, 'in_progress', [], null) });
  let outputIndex = 0;
  let text = '';
  if (reply.text !== '') {
    const at = { item_id: 'msg_demo', output_index: outputIndex, content_index: 0 };
    yield ev('response.output_item.added', { output_index: outputIndex, item: { id: 'msg_demo', type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
    yield ev('response.content_part.added', { ...at, part: { type: 'output_text', text: '', annotations: [] } });
    for (const delta of textDeltas(reply)) yield ev('response.output_text.delta', { ...at, delta, logprobs: [] });
    text = fullText(reply);
    yield ev('response.output_text.done', { ...at, text, logprobs: [] });
    yield ev('response.content_part.done', { ...at, part: { type: 'output_text', text, annotations: [] } });
    yield ev('response.output_item.done', { output_index: outputIndex, item: responsesOutput({ ...reply, toolCalls: [] }, text)[0] });
    outputIndex++;
  }
  for (const c of reply.toolCalls) {
    const id = `fc_${c.id}`;
    yield ev('response.output_item.added', { output_index: outputIndex, item: { id, type: 'function_call', status: 'in_progress', call_id: c.id, name: c.name, arguments: '' } });
    for (const delta of argumentHalves(c)) yield ev('response.function_call_arguments.delta', { item_id: id, output_index: outputIndex, delta });
    const args = JSON.stringify(c.arguments);
    yield ev('response.function_call_arguments.done', { item_id: id, output_index: outputIndex, name: c.name, arguments: args });
    yield ev('response.output_item.done', { output_index: outputIndex, item: { id, type: 'function_call', status: 'completed', call_id: c.id, name: c.name, arguments: args } });
    outputIndex++;
  }
  const status = finalStatus(reply);
  yield ev(`response.${status}`, { response: responseObject(model, status, responsesOutput(reply, text), responsesUsage(reply.usage)) });
}
