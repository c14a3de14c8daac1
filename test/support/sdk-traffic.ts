/**
 * Steady traffic from the official SDKs against data planes, for the fault suite: lanes of
 * back-to-back requests (openai chat completions streamed and not, @anthropic-ai/sdk messages
 * streamed), each outcome recorded with what the client saw (status, error shape in the
 * client's own format, Retry-After, whether a stream ended properly) and how long it took.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

/** How a lane calls: the SDK and the stream mode. */
export type ClientKind = 'chat' | 'chat-stream' | 'messages-stream';

/** What one request came to, as its client saw it. */
export type Result =
  /** A whole answer: a complete body, or a stream that ended with its finish reason. */
  | 'ok'
  /** An HTTP error status before any answer. */
  | 'http-error'
  /** A stream that ended with the format's error event. */
  | 'stream-error'
  /** No HTTP answer: connection refused or reset before the status line. */
  | 'connection-error'
  /** A stream that stopped without its finish reason or an error event (a silent EOF or a reset mid-stream). */
  | 'cut'
  /** No answer within the client's timeout: a hang. */
  | 'timeout';

/** One request's outcome. */
export interface Outcome {
  node: string;
  client: ClientKind;
  /** Which lane's key (see {@link Lane.label}). */
  label: string;
  startedAt: number;
  latencyMs: number;
  result: Result;
  status?: number;
  /** The `Retry-After` header of an error answer. */
  retryAfter?: string | null;
  /** The error as the SDK parsed it from the body or the stream's error event. */
  error?: unknown;
  /** The error has the client's own format's shape (openai: `{message, type}`, anthropic: `{type: "error", error: {type, message}}`). */
  inFormat?: boolean;
  requestId?: string | null;
  /** Text received (streams: also when cut). */
  text: string;
  message?: string;
}

/** One stream of back-to-back requests. */
export interface Lane {
  node: string;
  url: string;
  key: string;
  client: ClientKind;
  model: string;
  /** Names the key in outcomes, e.g. the account it belongs to. */
  label: string;
}

/** The longest any request may take before it counts as hung. */
export const CLIENT_TIMEOUT_MS = 20_000;

/** Runs lanes until stopped; every outcome lands in {@link SdkTraffic.outcomes}. */
export class SdkTraffic {
  readonly outcomes: Outcome[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly lanes: Lane[],
    /** Pause between two requests of a lane (keeps a 2-core machine usable for the service itself). */
    private readonly pauseMs = 60,
  ) {}

  /** Starts every lane. */
  start(): this {
    this.running = true;
    this.loops = this.lanes.map((lane) => this.loop(lane));
    return this;
  }

  /** Lets each lane finish its request in flight, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Outcomes of requests started in [from, to). */
  startedBetween(from: number, to: number): Outcome[] {
    return this.outcomes.filter((o) => o.startedAt >= from && o.startedAt < to);
  }

  /** Outcomes of requests started at or after `from`. */
  since(from: number): Outcome[] {
    return this.outcomes.filter((o) => o.startedAt >= from);
  }

  private async loop(lane: Lane): Promise<void> {
    while (this.running) {
      this.outcomes.push(await callOnce(lane));
      await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    }
  }
}

/** Sends one request of `lane`'s kind and records what its client saw. */
export async function callOnce(lane: Lane, prompt = 'Say hello.'): Promise<Outcome> {
  const startedAt = Date.now();
  const base = { node: lane.node, client: lane.client, label: lane.label, startedAt };
  const done = (fields: Omit<Outcome, keyof typeof base | 'latencyMs'>): Outcome => ({ ...base, latencyMs: Date.now() - startedAt, ...fields });
  let text = '';
  let requestId: string | null | undefined;
  // The SDKs' own timeouts bound the wait for the answer's head; this bounds a stream's body too.
  const signal = AbortSignal.timeout(CLIENT_TIMEOUT_MS);
  try {
    if (lane.client === 'messages-stream') {
      const anthropic = new Anthropic({ apiKey: lane.key, baseURL: lane.url, maxRetries: 0, timeout: CLIENT_TIMEOUT_MS });
      const stream = anthropic.messages.stream({ model: lane.model, max_tokens: 64, messages: [{ role: 'user', content: prompt }] }, { signal });
      stream.on('text', (delta) => (text += delta));
      // The gateway names every request in `x-request-id` (the SDK reads Anthropic's own `request-id`).
      requestId = (await stream.withResponse()).response.headers.get('x-request-id');
      const message = await stream.finalMessage();
      return done({ result: message.stop_reason ? 'ok' : 'cut', text, requestId });
    }
    const openai = new OpenAI({ apiKey: lane.key, baseURL: `${lane.url}/v1`, maxRetries: 0, timeout: CLIENT_TIMEOUT_MS });
    const params = { model: lane.model, max_tokens: 64, messages: [{ role: 'user' as const, content: prompt }] };
    if (lane.client === 'chat') {
      const { data, response } = await openai.chat.completions.create(params, { signal }).withResponse();
      return done({ result: data.choices[0]?.finish_reason ? 'ok' : 'cut', text: data.choices[0]?.message.content ?? '', requestId: response.headers.get('x-request-id') });
    }
    const { data: stream, response } = await openai.chat.completions.create({ ...params, stream: true, stream_options: { include_usage: true } }, { signal }).withResponse();
    requestId = response.headers.get('x-request-id');
    let finished = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finished = true;
    }
    return done({ result: finished ? 'ok' : 'cut', text, requestId });
  } catch (err) {
    return done({ ...classify(err, lane.client, text !== '' || requestId !== undefined), text, requestId: requestId ?? errorRequestId(err) });
  }
}

/** What an SDK's exception says the client saw. */
function classify(err: unknown, client: ClientKind, streamStarted: boolean): Pick<Outcome, 'result' | 'status' | 'retryAfter' | 'error' | 'inFormat' | 'message'> {
  const message = (err as Error)?.message ?? String(err);
  const timedOut = err instanceof OpenAI.APIConnectionTimeoutError || err instanceof Anthropic.APIConnectionTimeoutError || err instanceof OpenAI.APIUserAbortError || err instanceof Anthropic.APIUserAbortError;
  if (timedOut || (err as Error)?.name === 'TimeoutError') return { result: 'timeout', message };
  if (err instanceof OpenAI.APIConnectionError || err instanceof Anthropic.APIConnectionError) return { result: streamStarted ? 'cut' : 'connection-error', message };
  if (err instanceof OpenAI.APIError || err instanceof Anthropic.APIError) {
    const inFormat = client === 'messages-stream' ? isMessagesError(err.error) : isOpenAiError(err.error);
    // An error event inside a stream has no status of its own (the stream's was 200).
    if (err.status === undefined) return { result: 'stream-error', error: err.error, inFormat, message };
    return { result: 'http-error', status: err.status, retryAfter: err.headers?.get('retry-after') ?? null, error: err.error, inFormat, message };
  }
  // Anything else thrown while reading (a reset socket, a parse failure) is a stream that broke off.
  return { result: streamStarted ? 'cut' : 'connection-error', message };
}

function errorRequestId(err: unknown): string | null {
  return err instanceof OpenAI.APIError || err instanceof Anthropic.APIError ? (err.headers?.get('x-request-id') ?? null) : null;
}

/** chat-completions' error object (what the openai SDK keeps of the body): `{message, type, ...}`. */
function isOpenAiError(e: unknown): boolean {
  const o = e as { message?: unknown; type?: unknown } | undefined;
  return typeof o?.message === 'string' && typeof o.type === 'string';
}

/** messages' error body: `{type: "error", error: {type, message}}`. */
function isMessagesError(e: unknown): boolean {
  const o = e as { type?: unknown; error?: { type?: unknown; message?: unknown } } | undefined;
  return o?.type === 'error' && typeof o.error?.type === 'string' && typeof o.error.message === 'string';
}

/** Counts outcomes by node, client and result (status), for assertion messages. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = `${o.node} ${o.client} ${o.result}${o.status ? ` ${o.status}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
