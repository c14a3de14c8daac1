/**
 * Gemini generateContent / streamGenerateContent (Developer API, `alt=sse`) as Google documents it
 * (API reference "GenerateContentResponse", "UsageMetadata", function calling and thinking guides,
 * troubleshooting / API errors):
 * - body: `candidates[0].content` `{parts, role: "model"}` with `finishReason` STOP even when the
 *   turn ends with function calls; `functionCall` parts carry `name` and an object `args` and no
 *   `id` (the Developer API leaves it out); the first functionCall part of a turn carries a
 *   `thoughtSignature` (Gemini 3 signs function calls and requires the signature back); thought
 *   summaries (`{text, thought: true}`) only when the request set `thinkingConfig.includeThoughts`.
 *   `usageMetadata`: `promptTokenCount` INCLUDES `cachedContentTokenCount`, `candidatesTokenCount`
 *   EXCLUDES `thoughtsTokenCount`, `totalTokenCount` is their sum; per-modality details.
 * - stream: `data: <GenerateContentResponse>` events ended by CRLF pairs, each holding only the new
 *   parts and a running `usageMetadata`; function calls arrive whole; the last event carries
 *   `finishReason` and the complete usage. No terminator.
 * - errors: `{error: {code, message, status, details}}`; mid-stream the same object as an event.
 */
import { base62Id, fullText, promptTotal, textDeltas, thinkingDeltas, type CannedReply, type CannedUsage, type ReplyContext, type WireEvent } from './reply.js';

/** Google's documented value for "no signature known" (accepted instead of a real one). */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** The signature the fake gives the function calls of answer `serial` (opaque base64, as Google's). */
export function thoughtSignatureFor(serial: number): string {
  return Buffer.from(`fake-thought-signature:${serial}:${base62Id(`sig:${serial}`, 12)}`).toString('base64');
}

function includeThoughts(ctx: ReplyContext): boolean {
  const config = (ctx.body.generationConfig ?? {}) as { thinkingConfig?: { includeThoughts?: unknown } };
  return config.thinkingConfig?.includeThoughts === true;
}

function usageOf(u: CannedUsage, final: boolean): Record<string, unknown> {
  const prompt = promptTotal(u);
  const usage: Record<string, unknown> = { promptTokenCount: prompt };
  if (final) usage.candidatesTokenCount = u.output;
  usage.totalTokenCount = prompt + (final ? u.output : 0) + u.reasoning;
  if (u.cacheRead > 0) usage.cachedContentTokenCount = u.cacheRead;
  usage.promptTokensDetails = [{ modality: 'TEXT', tokenCount: prompt }];
  if (u.cacheRead > 0) usage.cacheTokensDetails = [{ modality: 'TEXT', tokenCount: u.cacheRead }];
  if (u.reasoning > 0) usage.thoughtsTokenCount = u.reasoning;
  return usage;
}

function responseId(ctx: ReplyContext): string {
  return base62Id(`gem:${ctx.serial}`, 22);
}

function callParts(reply: CannedReply, ctx: ReplyContext): Record<string, unknown>[] {
  return reply.toolCalls.map((c, i) => ({ functionCall: { name: c.name, args: c.arguments }, ...(i === 0 && { thoughtSignature: thoughtSignatureFor(ctx.serial) }) }));
}

function envelope(parts: unknown[], ctx: ReplyContext, usage: Record<string, unknown>, finish: boolean): Record<string, unknown> {
  return {
    candidates: [{ content: { parts, role: 'model' }, ...(finish && { finishReason: 'STOP' }), index: 0 }],
    usageMetadata: usage,
    modelVersion: ctx.model,
    responseId: responseId(ctx),
  };
}

/** The non-streamed response. */
export function geminiBody(reply: CannedReply, ctx: ReplyContext): Record<string, unknown> {
  const parts: unknown[] = [];
  if (reply.thinking && includeThoughts(ctx)) parts.push({ text: reply.thinking.text, thought: true });
  const text = fullText(reply);
  if (text !== '') parts.push({ text });
  parts.push(...callParts(reply, ctx));
  return envelope(parts, ctx, usageOf(reply.usage, true), true);
}

/** The stream's events (lazy). */
export function* geminiStream(reply: CannedReply, ctx: ReplyContext): Generator<WireEvent> {
  const running = usageOf(reply.usage, false);
  if (reply.thinking && includeThoughts(ctx)) {
    for (const text of thinkingDeltas(reply.thinking)) yield { data: envelope([{ text, thought: true }], ctx, running, false) };
  }
  const calls = callParts(reply, ctx);
  const words = textDeltas(reply);
  // The last text delta travels with the finish reason when no call follows, as Gemini's last chunk does.
  let pending = words.next();
  while (!pending.done) {
    const next = words.next();
    if (next.done && calls.length === 0) {
      yield { data: envelope([{ text: pending.value }], ctx, usageOf(reply.usage, true), true) };
      return;
    }
    yield { data: envelope([{ text: pending.value }], ctx, running, false) };
    pending = next;
  }
  yield { data: envelope(calls.length > 0 ? calls : [{ text: '' }], ctx, usageOf(reply.usage, true), true) };
}

/** Google's status names by HTTP status (API errors page). */
function statusName(status: number): string {
  switch (status) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT';
  }
}

/** The error envelope; a rate limit says when to retry, as Google's does. */
export function geminiError(status: number, message: string): Record<string, unknown> {
  const error: Record<string, unknown> = { code: status, message, status: statusName(status) };
  if (status === 429) {
    error.details = [
      { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests', quotaId: 'GenerateRequestsPerMinutePerProjectPerModel' }] },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' },
    ];
  }
  return { error };
}

/** What Gemini sends inside a stream it cannot finish. */
export function geminiStreamError(message: string): WireEvent {
  return { data: { error: { code: 503, message, status: 'UNAVAILABLE' } } };
}
