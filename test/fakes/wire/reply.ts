/**
 * What the fake upstream's model "says", independent of any wire format, and the small pieces every
 * format's encoder shares (text and argument fragments, one event's shape). The encoders beside this
 * file render it in each provider's documented format; none of them reads the gateway's own code.
 */

/** One function call the answer makes. */
export interface CannedToolCall {
  /** The call id, where the provider reports one (Gemini's Developer API does not). */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** Token counts by kind; each provider reports them its own way (cached inside or beside input). */
export interface CannedUsage {
  /** Input tokens that were neither read from nor written to a cache. */
  input: number;
  cacheRead: number;
  cacheWrite: number;
  /** Visible output tokens. */
  output: number;
  /** Reasoning (thinking) tokens, billed as output. */
  reasoning: number;
}

/** Reasoning the model shows: Anthropic thinking (signed), Gemini thought parts, a Responses reasoning summary. */
export interface CannedThinking {
  text: string;
  /** Anthropic's block signature; the other providers sign (or not) in their own way. */
  signature: string;
}

/** A whole answer. */
export interface CannedReply {
  text: string;
  /** The text is sent this many times in a row (one stream delta each), so a stream can be large without being held in memory. */
  repeat?: number;
  toolCalls: CannedToolCall[];
  usage: CannedUsage;
  /** Shown reasoning before the answer; chat completions has no place for it and reports only its tokens. */
  thinking?: CannedThinking;
}

/** One server-sent event before framing: `data` is JSON, or the raw text of OpenAI's `[DONE]`. */
export interface WireEvent {
  event?: string;
  data: unknown;
}

/** The request being answered, as far as an encoder needs it. */
export interface ReplyContext {
  /** The model named by the request (body, Azure deployment or Gemini path). */
  model: string;
  /** The request body. */
  body: Record<string, unknown>;
  /** A number unique to this answer within the fake, for ids. */
  serial: number;
}

/** The text split into stream deltas: words with their leading space, repeated `repeat` times. */
export function* textDeltas(reply: CannedReply): Generator<string> {
  const words = reply.text.match(/\s*\S+\s*$|\s*\S+/g) ?? (reply.text === '' ? [] : [reply.text]);
  for (let i = 0; i < (reply.repeat ?? 1); i++) yield* words;
}

/** The whole text, repeats included. */
export function fullText(reply: CannedReply): string {
  return reply.text.repeat(reply.repeat ?? 1);
}

/** Reasoning text split the way providers stream it: sentences. */
export function thinkingDeltas(thinking: CannedThinking): string[] {
  return thinking.text.match(/[^.!?]+[.!?]*\s*/g) ?? [thinking.text];
}

/**
 * A JSON arguments string cut into token-like fragments, the way OpenAI streams them
 * (`{"`, `city`, `":"`, `Paris`, `"}`): punctuation runs and word runs alternate.
 */
export function jsonFragments(json: string): string[] {
  return json.match(/[{}[\]":,\s]+|[^{}[\]":,\s]+/g) ?? [json];
}

/** `arguments` as Anthropic writes a tool input: JSON with a space after each colon and comma. */
export function spacedJson(value: unknown): string {
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, (m, offset: number, all: string) => {
    const before = all[offset - 1];
    const after = all[offset + m.length];
    return before === '{' || before === '[' || after === '}' || after === ']' ? '' : ' ';
  });
}

/** Total prompt tokens as OpenAI and Google count them (cache reads and writes inside). */
export function promptTotal(u: CannedUsage): number {
  return u.input + u.cacheRead + u.cacheWrite;
}

/** A stable lower-case hex string of `length` from `seed`, for ids that look like the providers'. */
export function hexId(seed: string, length: number): string {
  let h = 0x811c9dc5;
  let out = '';
  for (let round = 0; out.length < length; round++) {
    for (const ch of `${seed}:${round}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

/** A stable base62 string of `length` from `seed` (OpenAI call ids, Anthropic message ids). */
export function base62Id(seed: string, length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const hex = hexId(seed, length * 2);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[parseInt(hex.slice(i * 2, i * 2 + 2), 16) % 62];
  return out;
}

/** Seconds since the epoch, fixed so a fake's answers never depend on the clock. */
export const CREATED = 1_763_700_000;
