/**
 * OpenAI Chat Completions as OpenAI documents it (API reference "The chat completion object" and
 * "The chat completion chunk object", streaming guide), and Azure OpenAI's variant of it:
 * - body: `chat.completion` with `message.content` null beside `tool_calls`, `refusal: null`,
 *   `annotations: []`, `logprobs: null`, `service_tier`, `system_fingerprint`; usage with
 *   `prompt_tokens` holding the cached tokens (`prompt_tokens_details.cached_tokens`) and
 *   `completion_tokens` holding the reasoning tokens (`completion_tokens_details.reasoning_tokens`).
 *   OpenAI reports no cache writes: written tokens are plain prompt tokens to it.
 * - stream: `data:` lines only; the first delta carries `role: "assistant"`; a tool call's first
 *   delta carries `index`, `id`, `type`, `function.name` and `arguments: ""`, later ones `index` and
 *   an arguments fragment; the finish chunk has an empty delta; with `stream_options.include_usage`
 *   every chunk has `usage: null` and a last chunk with `choices: []` carries the usage; then
 *   `data: [DONE]`. Each chunk carries `obfuscation` padding unless
 *   `stream_options.include_obfuscation` is false.
 * - Azure: no obfuscation; the stream opens with a chunk of empty `choices` and empty id/model
 *   holding `prompt_filter_results`, and every choice carries `content_filter_results`
 *   (Azure's content filtering annotations; see fixtures/azure-chat-content-filter.sse).
 */
import { CREATED, base62Id, fullText, hexId, jsonFragments, promptTotal, textDeltas, type CannedReply, type CannedUsage, type ReplyContext, type WireEvent } from './reply.js';

/** Which service speaks: OpenAI itself or an Azure OpenAI deployment. */
export type ChatFlavour = 'openai' | 'azure';

const SAFE = { filtered: false, severity: 'safe' };
const FILTER_RESULTS = { hate: SAFE, self_harm: SAFE, sexual: SAFE, violence: SAFE };
const PROMPT_FILTER_RESULTS = [{ prompt_index: 0, content_filter_results: { ...FILTER_RESULTS, jailbreak: { filtered: false, detected: false } } }];

function usageOf(u: CannedUsage): Record<string, unknown> {
  const prompt = promptTotal(u);
  const completion = u.output + u.reasoning;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: u.cacheRead, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: u.reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

function chatId(ctx: ReplyContext): string {
  return `chatcmpl-${base62Id(`chat:${ctx.serial}`, 29)}`;
}

function fingerprint(ctx: ReplyContext): string {
  return `fp_${hexId(ctx.model, 10)}`;
}

/** The non-streamed `chat.completion`. */
export function chatBody(reply: CannedReply, ctx: ReplyContext, flavour: ChatFlavour): Record<string, unknown> {
  const text = fullText(reply);
  const message: Record<string, unknown> = { role: 'assistant', content: text === '' && reply.toolCalls.length > 0 ? null : text, refusal: null, annotations: [] };
  if (reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } }));
  }
  const choice: Record<string, unknown> = { index: 0, message, logprobs: null, finish_reason: reply.toolCalls.length > 0 ? 'tool_calls' : 'stop' };
  if (flavour === 'azure') choice.content_filter_results = FILTER_RESULTS;
  return {
    id: chatId(ctx),
    object: 'chat.completion',
    created: CREATED,
    model: ctx.model,
    choices: [choice],
    usage: usageOf(reply.usage),
    ...(flavour === 'azure' ? { prompt_filter_results: PROMPT_FILTER_RESULTS } : { service_tier: 'default' }),
    system_fingerprint: fingerprint(ctx),
  };
}

/** The streamed chunks, `[DONE]` last (lazy: a large repeated text is never held whole). */
export function* chatStream(reply: CannedReply, ctx: ReplyContext, flavour: ChatFlavour): Generator<WireEvent> {
  const options = (ctx.body.stream_options ?? {}) as { include_usage?: boolean; include_obfuscation?: boolean };
  const includeUsage = options.include_usage === true;
  const obfuscate = flavour === 'openai' && options.include_obfuscation !== false;
  const id = chatId(ctx);
  let n = 0;
  const chunk = (choices: unknown[], usage: unknown = null): WireEvent => {
    const data: Record<string, unknown> = { id, object: 'chat.completion.chunk', created: CREATED, model: ctx.model };
    if (flavour === 'openai') data.service_tier = 'default';
    data.system_fingerprint = fingerprint(ctx);
    data.choices = choices;
    if (includeUsage) data.usage = usage;
    // Padding that evens out chunk sizes: a few random characters, different on every chunk.
    if (obfuscate) data.obfuscation = base62Id(`obf:${ctx.serial}:${n++}`, 1 + (n % 9));
    return { data };
  };
  const delta = (d: Record<string, unknown>, finish: string | null = null) => {
    const choice: Record<string, unknown> = { index: 0, delta: d, logprobs: null, finish_reason: finish };
    if (flavour === 'azure') choice.content_filter_results = finish === null && Object.keys(d).length > 0 && !('role' in d) ? FILTER_RESULTS : {};
    return chunk([choice]);
  };
  if (flavour === 'azure') yield { data: { choices: [], created: 0, id: '', model: '', object: '', prompt_filter_results: PROMPT_FILTER_RESULTS } };
  yield delta({ role: 'assistant', content: '', refusal: null });
  for (const text of textDeltas(reply)) yield delta({ content: text });
  for (const [index, call] of reply.toolCalls.entries()) {
    yield delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
    for (const part of jsonFragments(JSON.stringify(call.arguments))) yield delta({ tool_calls: [{ index, function: { arguments: part } }] });
  }
  yield delta({}, reply.toolCalls.length > 0 ? 'tool_calls' : 'stop');
  if (includeUsage) yield chunk([], usageOf(reply.usage));
  yield { data: '[DONE]' };
}

/**
 * OpenAI's error envelope `{error: {message, type, param, code}}` by status (error codes guide);
 * Azure answers 401 and 429 in its gateway's own shape, `{error: {code: "<status>", message}}`.
 */
export function chatError(status: number, message: string, flavour: ChatFlavour): Record<string, unknown> {
  if (flavour === 'azure' && (status === 401 || status === 429)) return { error: { code: String(status), message } };
  return { error: openAiError(status, message) };
}

/** The inside of an OpenAI error envelope (shared with the Responses API, which uses the same one). */
export function openAiError(status: number, message: string): Record<string, unknown> {
  switch (status) {
    case 401:
      return { message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' };
    case 403:
      return { message, type: 'invalid_request_error', param: null, code: 'unsupported_country_region_territory' };
    case 404:
      return { message, type: 'invalid_request_error', param: 'model', code: 'model_not_found' };
    case 429:
      return { message, type: 'requests', param: null, code: 'rate_limit_exceeded' };
    default:
      return status >= 500 ? { message, type: 'server_error', param: null, code: null } : { message, type: 'invalid_request_error', param: null, code: null };
  }
}

/** What OpenAI sends inside a stream it cannot finish: an error payload, and no `[DONE]` after it. */
export function chatStreamError(message: string): WireEvent {
  return { data: { error: { message, type: 'server_error', param: null, code: null } } };
}
