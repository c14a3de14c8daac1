/**
 * A fake upstream provider for tests: one plain node:http server that speaks every channel kind's
 * native API (OpenAI chat + responses, Azure OpenAI deployments, Anthropic messages, Gemini
 * generateContent / streamGenerateContent), checks each request the way the real API would (auth
 * header, version header or query, path, body shape, and how a multi-turn tool conversation must
 * hang together: ./wire/conversation-rules.ts, which tools it accepts: ./wire/tool-rules.ts), records it, and answers as scripted per upstream key:
 * canned answers (streamed when asked), error statuses, silence, connection resets, streams cut
 * midway, recorded real-world answers (./fixtures/). Its error messages deliberately contain the
 * key and the URL it was called with, so tests can prove the gateway never passes them on.
 *
 * Its answers are written by ./wire/<api>.ts from the providers' documented wire formats, never by
 * the gateway's own encoders, so the gateway's reading of a format is judged against the
 * documentation rather than against itself.
 */
import http from 'node:http';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { anthropicRequestId, messagesBody, messagesError, messagesStream, messagesStreamError } from './wire/anthropic-messages.js';
import { checkChatConversation, checkGeminiConversation, checkMessagesConversation, checkResponsesConversation, checkThinkingToolCycle, RuleBroken } from './wire/conversation-rules.js';
import { checkChatTools, checkGeminiTools, checkMessagesTools, checkResponsesTools } from './wire/tool-rules.js';
import { SKIP_THOUGHT_SIGNATURE, geminiBody, geminiError, geminiStream, geminiStreamError, thoughtSignatureFor } from './wire/gemini.js';
import { chatBody, chatError, chatStream, chatStreamError } from './wire/openai-chat.js';
import { responsesBody, responsesError, responsesStream, responsesStreamError } from './wire/openai-responses.js';
import { hexId, type CannedReply, type ReplyContext, type WireEvent } from './wire/reply.js';

export type { CannedReply, CannedThinking, CannedToolCall, CannedUsage } from './wire/reply.js';

/** Which native API a request was addressed to. */
export type FakeApi = 'openai-chat' | 'openai-responses' | 'azure-chat' | 'anthropic-messages' | 'gemini';

/** One request the fake received. */
export interface RecordedRequest {
  api: FakeApi;
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The upstream key the request authenticated with (from the kind's own auth header). */
  key: string;
  /** The model: from the body, the Azure deployment or the Gemini path. */
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
  rawBody: string;
}

/** What the fake does with one request. */
export type Behaviour =
  /**
   * Answer (streamed when the request asked for a stream); without `reply`, a default that suits
   * the request. `gapMs`: a stream waits this long before each event after the first (a long,
   * slow stream). `after`: nothing is answered before this promise settles (the request stays in
   * flight until the test lets it go). `delayMs`: the headers wait this long (a slow first byte).
   */
  | { kind: 'reply'; reply?: CannedReply; gapMs?: number; after?: Promise<unknown>; delayMs?: number }
  /** An error in the API's own envelope, with extra response `headers` (`Retry-After`, rate-limit headers). */
  | { kind: 'error'; status: number; message?: string; headers?: Record<string, string> }
  /** Never answer (the gateway's timeout must fire). */
  | { kind: 'hang' }
  /** Destroy the connection without answering. */
  | { kind: 'reset' }
  /**
   * Start a streamed answer, send `afterEvents` events, then end it short: destroy the connection
   * (`reset`, the default), close the stream cleanly without its terminal event (`close`), send
   * an error event in the API's own stream shape (`error-event`, as Anthropic does when overloaded;
   * its message holds the key and the URL, which must never reach a client) and close cleanly, or
   * send nothing more while keeping the connection open (`stall`: the gateway's idle timeout must
   * fire; a non-streamed answer stalls after its headers and the first half of its body).
   */
  | { kind: 'cut'; afterEvents: number; reply?: CannedReply; ending?: 'reset' | 'close' | 'error-event' | 'stall' }
  /**
   * Answer with a recorded real-world answer, byte for byte: `fixtures/<fixture>` (`.sse` for a
   * stream, `.json` for a body, sent with `status`, default 200). Its name starts with the API it
   * was recorded from; a request to another API, or of the other stream mode, is a violation.
   */
  | { kind: 'recorded'; fixture: string; status?: number };

/** The answer when nothing else is scripted: plain text. */
export const TEXT_REPLY: CannedReply = {
  text: 'Hello from the fake upstream.',
  toolCalls: [],
  usage: { input: 12, cacheRead: 4, cacheWrite: 0, output: 7, reasoning: 0 },
};

/** Where the recorded answers live. */
export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The API a fixture was recorded from, by its name's prefix. */
const FIXTURE_API: [string, FakeApi][] = [
  ['openai-chat-', 'openai-chat'],
  ['openai-responses-', 'openai-responses'],
  ['azure-chat-', 'azure-chat'],
  ['anthropic-', 'anthropic-messages'],
  ['gemini-', 'gemini'],
];

/** How a fake is started. */
export interface FakeUpstreamOptions {
  record?: boolean;
  delay?: (ms: number) => Promise<void>;
}

/** A problem with a request that the real API would reject too; recorded for assertions. */
class Violation extends Error {}

/** A running fake upstream. */
export class FakeUpstream {
  /** Every well-formed request, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Requests the fake rejected as malformed (the real API would have too): should stay empty. */
  readonly violations: string[] = [];
  private readonly scripts = new Map<string, Behaviour[]>();
  private readonly defaults = new Map<string, Behaviour>();
  /** Per key and upstream model name (`key\nmodel`): over the key's default. */
  private readonly modelDefaults = new Map<string, Behaviour>();
  private readonly sockets = new Set<Socket>();
  /** Answers given so far: numbers each one, for its ids. */
  private served = 0;
  /** The Gemini thought signatures given out, which the model accepts back. */
  private readonly signatures = new Set<string>();

  private constructor(
    private readonly server: http.Server,
    /** Base URL, e.g. `http://127.0.0.1:1234`. */
    readonly url: string,
    private readonly record: boolean,
    private readonly delay: (ms: number) => Promise<void>,
  ) {}

  /**
   * Starts a fake on a free loopback port; `record: false` keeps no requests (long benchmark
   * runs). `delay`: how a reply's `delayMs` is waited out (default: on the real clock; a test
   * whose gateway reads first-byte times on a clock of its own moves that clock instead).
   */
  static async start(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const delay = options.delay ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const fake = new FakeUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, options.record ?? true, delay);
    server.on('connection', (socket) => {
      fake.sockets.add(socket);
      socket.on('close', () => fake.sockets.delete(socket));
    });
    server.on('request', (req, res) => void fake.handle(req, res));
    return fake;
  }

  /** Queues behaviours for the next requests made with `key` (one each, in order). */
  script(key: string, ...behaviours: Behaviour[]): void {
    this.scripts.set(key, [...(this.scripts.get(key) ?? []), ...behaviours]);
  }

  /** What requests with `key` get once their script is used up (default: `{kind:'reply'}`). */
  setDefault(key: string, behaviour: Behaviour): void {
    this.defaults.set(key, behaviour);
  }

  /** What requests with `key` for the upstream model `model` get once the key's script is used up. */
  setModelDefault(key: string, model: string, behaviour: Behaviour): void {
    this.modelDefaults.set(`${key}\n${model}`, behaviour);
  }

  /** Requests made with `key`. */
  requestsFor(key: string): RecordedRequest[] {
    return this.requests.filter((r) => r.key === key);
  }

  /** Forgets recorded requests, violations and scripts. */
  reset(): void {
    this.requests.length = 0;
    this.violations.length = 0;
    this.scripts.clear();
    this.defaults.clear();
    this.modelDefaults.clear();
  }

  /** Stops the server, cutting hanging connections. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    let recorded: RecordedRequest;
    try {
      recorded = this.check(req, url, rawBody);
    } catch (err) {
      const message = `${(err as Error).message} (${req.method} ${url.pathname})`;
      this.violations.push(message);
      return sendJson(res, err instanceof Violation || err instanceof RuleBroken ? 400 : 500, { error: { message } });
    }
    if (this.record) this.requests.push(recorded);
    const queue = this.scripts.get(recorded.key);
    const behaviour = queue?.shift() ?? this.modelDefaults.get(`${recorded.key}\n${recorded.model}`) ?? this.defaults.get(recorded.key) ?? { kind: 'reply' };
    await this.behave(behaviour, recorded, req, res);
  }

  /** Parses and validates a request as the real API would; throws Violation or RuleBroken. */
  private check(req: http.IncomingMessage, url: URL, rawBody: string): RecordedRequest {
    const h = req.headers;
    if (req.method !== 'POST') throw new Violation(`unexpected method ${req.method}`);
    if (!String(h['content-type'] ?? '').startsWith('application/json')) throw new Violation('content-type must be application/json');
    for (const name of Object.keys(h)) {
      if (name.startsWith('x-stainless-')) throw new Violation(`client header ${name} was forwarded`);
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      throw new Violation('body is not JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Violation('body is not a JSON object');
    const path = url.pathname;
    const bearer = () => {
      const m = /^Bearer (\S+)$/.exec(String(h.authorization ?? ''));
      if (!m) throw new Violation('missing Authorization: Bearer');
      if (h['x-api-key'] || h['api-key'] || h['x-goog-api-key']) throw new Violation('extra credentials headers');
      return m[1];
    };
    const base = { method: req.method, path, query: url.searchParams, headers: h, body, rawBody };

    let m: RegExpExecArray | null;
    if (/\/v1\/chat\/completions$/.test(path) && !path.startsWith('/openai/')) {
      const key = bearer();
      requireFields(body, { model: 'string', messages: 'array' });
      checkChatConversation(body);
      checkChatTools(body);
      return { ...base, api: 'openai-chat', key, model: body.model as string, stream: body.stream === true };
    }
    if (/\/v1\/responses$/.test(path)) {
      const key = bearer();
      requireFields(body, { model: 'string' });
      if (body.input === undefined) throw new Violation('missing input');
      checkResponsesConversation(body);
      checkResponsesTools(body);
      return { ...base, api: 'openai-responses', key, model: body.model as string, stream: body.stream === true };
    }
    if ((m = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(path))) {
      const key = String(h['api-key'] ?? '');
      if (!key) throw new Violation('missing api-key header');
      if (h.authorization) throw new Violation('Authorization must not be sent to Azure with an api-key');
      if (!url.searchParams.get('api-version')) throw new Violation('missing api-version query parameter');
      requireFields(body, { messages: 'array' });
      checkChatConversation(body);
      checkChatTools(body);
      return { ...base, api: 'azure-chat', key, model: decodeURIComponent(m[1]), stream: body.stream === true };
    }
    if (/\/v1\/messages$/.test(path)) {
      const key = String(h['x-api-key'] ?? '');
      if (!key) throw new Violation('missing x-api-key header');
      if (!h['anthropic-version']) throw new Violation('missing anthropic-version header');
      if (h.authorization) throw new Violation('Authorization must not be sent with x-api-key');
      requireFields(body, { model: 'string', max_tokens: 'number', messages: 'array' });
      checkMessagesConversation(body);
      checkThinkingToolCycle(body);
      checkMessagesTools(body);
      return { ...base, api: 'anthropic-messages', key, model: body.model as string, stream: body.stream === true };
    }
    if ((m = /\/v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path))) {
      const key = String(h['x-goog-api-key'] ?? '');
      if (!key) throw new Violation('missing x-goog-api-key header');
      if (url.searchParams.has('key')) throw new Violation('key must not travel in the query');
      if (h.authorization) throw new Violation('Authorization must not be sent with x-goog-api-key');
      const stream = m[2] === 'streamGenerateContent';
      if (stream && url.searchParams.get('alt') !== 'sse') throw new Violation('streamGenerateContent without alt=sse');
      requireFields(body, { contents: 'array' });
      if ('model' in body) throw new Violation('generateContent bodies carry no model');
      checkGeminiConversation(body, (s) => s === SKIP_THOUGHT_SIGNATURE || this.signatures.has(s));
      checkGeminiTools(body, decodeURIComponent(m[1]));
      return { ...base, api: 'gemini', key, model: decodeURIComponent(m[1]), stream };
    }
    throw new Violation(`unknown path ${path}`);
  }

  private async behave(b: Behaviour, r: RecordedRequest, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const ctx: ReplyContext = { model: r.model, body: r.body, serial: ++this.served };
    switch (b.kind) {
      case 'hang':
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'error':
        return sendJson(res, b.status, errorEnvelope(r, ctx, b.status, b.message ?? defaultMessage(r, b.status, this.url)), { ...responseHeaders(r, ctx), ...b.headers });
      case 'recorded':
        return this.replay(b, r, res, ctx);
      case 'reply':
      case 'cut': {
        if (b.kind === 'reply' && b.after) {
          await b.after.catch(() => undefined);
          if (res.destroyed) return;
        }
        if (b.kind === 'reply' && b.delayMs) {
          await this.delay(b.delayMs);
          if (res.destroyed) return;
        }
        const reply = b.reply ?? defaultReply(r);
        if (r.api === 'gemini' && reply.toolCalls.length > 0) this.signatures.add(thoughtSignatureFor(ctx.serial));
        if (!r.stream && b.kind === 'reply') return sendJson(res, 200, replyBody(r.api, reply, ctx), responseHeaders(r, ctx));
        if (!r.stream && b.kind === 'cut' && b.ending === 'stall') {
          const text = JSON.stringify(replyBody(r.api, reply, ctx));
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...responseHeaders(r, ctx) });
          return void res.write(text.slice(0, text.length >> 1));
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...responseHeaders(r, ctx) });
        let sent = 0;
        for (const event of replyEvents(r.api, reply, ctx)) {
          if (b.kind === 'cut' && sent === b.afterEvents) {
            // The headers go out even before any event: a stream that stalls at once still answered.
            if (b.ending === 'stall') return void res.flushHeaders();
            if (b.ending === 'error-event') {
              for (const e of streamErrorEvents(r, ctx, `Overloaded: upstream ${this.url} is busy (key ${r.key})`, sent)) res.write(frame(r.api, e));
            }
            if (b.ending === 'close' || b.ending === 'error-event') return void res.end();
            // Let what was written reach the socket first: destroy() drops unflushed writes.
            await new Promise<void>((resolve) => res.write('', () => resolve()));
            req.socket.destroy();
            return;
          }
          if (b.kind === 'reply' && b.gapMs && sent > 0) await new Promise((resolve) => setTimeout(resolve, b.gapMs));
          if (res.destroyed) return;
          if (!res.write(frame(r.api, event))) await Promise.race([once(res, 'drain'), once(res, 'close')]);
          sent++;
        }
        res.end();
      }
    }
  }

  /** Sends a recorded answer, a stream in small uneven slices (as a network delivers it, cut anywhere). */
  private async replay(b: Extract<Behaviour, { kind: 'recorded' }>, r: RecordedRequest, res: http.ServerResponse, ctx: ReplyContext): Promise<void> {
    const api = FIXTURE_API.find(([prefix]) => b.fixture.startsWith(prefix))?.[1];
    const streamed = b.fixture.endsWith('.sse');
    if (api !== r.api || streamed !== r.stream) {
      const message = `fixture ${b.fixture} cannot answer a ${r.stream ? 'streamed' : 'complete'} ${r.api} request`;
      this.violations.push(message);
      return sendJson(res, 500, { error: { message } });
    }
    const bytes = readFileSync(join(FIXTURES_DIR, b.fixture));
    if (r.api === 'gemini') {
      for (const s of [...this.signaturesIn(bytes.toString('utf8'))]) this.signatures.add(s);
    }
    if (!streamed) {
      res.writeHead(b.status ?? 200, { 'content-type': 'application/json', 'content-length': bytes.length, ...responseHeaders(r, ctx) });
      return void res.end(bytes);
    }
    res.writeHead(b.status ?? 200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...responseHeaders(r, ctx) });
    for (let at = 0, n = 0; at < bytes.length; n++) {
      const size = 23 + ((n * 37) % 61);
      if (res.destroyed) return;
      res.write(bytes.subarray(at, at + size));
      at += size;
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  }

  private *signaturesIn(text: string): Generator<string> {
    for (const m of text.matchAll(/"thoughtSignature"\s*:\s*"([^"]+)"/g)) yield m[1];
  }
}

function requireFields(body: Record<string, unknown>, fields: Record<string, 'string' | 'number' | 'array'>): void {
  for (const [name, type] of Object.entries(fields)) {
    const v = body[name];
    const ok = type === 'array' ? Array.isArray(v) : typeof v === type;
    if (!ok) throw new Violation(`${name} must be ${type === 'array' ? 'an array' : `a ${type}`}`);
  }
}

/** Tool names the request declares, in the API's own shape. */
function declaredTools(r: RecordedRequest): string[] {
  const tools = (r.body.tools ?? []) as Record<string, unknown>[];
  if (r.api === 'gemini') {
    return tools.flatMap((t) => ((t.functionDeclarations ?? []) as { name: string }[]).map((d) => d.name));
  }
  return tools.map((t) => (t.function as { name?: string } | undefined)?.name ?? (t.name as string)).filter((n) => typeof n === 'string');
}

/** True when the conversation ends with tool results (so the model should answer in text). */
function endsWithToolResult(r: RecordedRequest): boolean {
  const last = <T>(a: unknown): T | undefined => (Array.isArray(a) ? (a[a.length - 1] as T) : undefined);
  switch (r.api) {
    case 'openai-chat':
    case 'azure-chat':
      return last<{ role: string }>(r.body.messages)?.role === 'tool';
    case 'anthropic-messages': {
      const content = last<{ content: unknown }>(r.body.messages)?.content;
      return Array.isArray(content) && content.some((b: { type?: string }) => b.type === 'tool_result');
    }
    case 'gemini':
      return (last<{ parts: { functionResponse?: unknown }[] }>(r.body.contents)?.parts ?? []).some((p) => p.functionResponse !== undefined);
    case 'openai-responses':
      return last<{ type?: string }>(r.body.input)?.type === 'function_call_output';
  }
}

/** With tools declared (and no tool result yet): a call to each of the first two tools; otherwise text. */
export function defaultReply(r: RecordedRequest): CannedReply {
  const tools = declaredTools(r);
  if (tools.length === 0 || endsWithToolResult(r)) return TEXT_REPLY;
  return {
    text: 'Let me check.',
    toolCalls: tools.slice(0, 2).map((name, i) => ({ id: `call_${i + 1}`, name, arguments: { city: 'Paris', unit: i === 0 ? 'celsius' : 'kelvin' } })),
    usage: { input: 30, cacheRead: 0, cacheWrite: 0, output: 18, reasoning: 0 },
  };
}

function defaultMessage(r: RecordedRequest, status: number, baseUrl: string): string {
  const where = `${baseUrl}${r.path}`;
  if (status === 401) return `Incorrect API key provided: ${r.key}. Called ${where}`;
  return `Fake upstream failure ${status} at ${where} (internal host 10.0.0.7, key ${r.key})`;
}

function replyBody(api: FakeApi, reply: CannedReply, ctx: ReplyContext): Record<string, unknown> {
  switch (api) {
    case 'openai-chat':
      return chatBody(reply, ctx, 'openai');
    case 'azure-chat':
      return chatBody(reply, ctx, 'azure');
    case 'openai-responses':
      return responsesBody(reply, ctx);
    case 'anthropic-messages':
      return messagesBody(reply, ctx);
    case 'gemini':
      return geminiBody(reply, ctx);
  }
}

function replyEvents(api: FakeApi, reply: CannedReply, ctx: ReplyContext): Iterable<WireEvent> {
  switch (api) {
    case 'openai-chat':
      return chatStream(reply, ctx, 'openai');
    case 'azure-chat':
      return chatStream(reply, ctx, 'azure');
    case 'openai-responses':
      return responsesStream(reply, ctx);
    case 'anthropic-messages':
      return messagesStream(reply, ctx);
    case 'gemini':
      return geminiStream(reply, ctx);
  }
}

/** The error envelope of the request's API. */
function errorEnvelope(r: RecordedRequest, ctx: ReplyContext, status: number, message: string): Record<string, unknown> {
  switch (r.api) {
    case 'openai-chat':
      return chatError(status, message, 'openai');
    case 'azure-chat':
      return chatError(status, message, 'azure');
    case 'openai-responses':
      return responsesError(status, message);
    case 'anthropic-messages':
      return messagesError(status, message, anthropicRequestId(ctx));
    case 'gemini':
      return geminiError(status, message);
  }
}

/** The events each API sends inside a stream it cannot finish (an overload, here); `sent` events came before. */
function streamErrorEvents(r: RecordedRequest, ctx: ReplyContext, message: string, sent: number): WireEvent[] {
  switch (r.api) {
    case 'anthropic-messages':
      return [messagesStreamError(message)];
    case 'gemini':
      return [geminiStreamError(message)];
    case 'openai-responses':
      return responsesStreamError(message, ctx, sent);
    case 'openai-chat':
    case 'azure-chat':
      return [chatStreamError(message)];
  }
}

/** The request-id headers each provider sets on every answer. */
function responseHeaders(r: RecordedRequest, ctx: ReplyContext): Record<string, string> {
  switch (r.api) {
    case 'openai-chat':
    case 'openai-responses':
      return { 'x-request-id': `req_${hexId(`oai:${ctx.serial}`, 32)}`, 'openai-processing-ms': '231' };
    case 'azure-chat':
      return { 'apim-request-id': hexId(`apim:${ctx.serial}`, 32), 'x-request-id': hexId(`azr:${ctx.serial}`, 32) };
    case 'anthropic-messages':
      return { 'request-id': anthropicRequestId(ctx) };
    case 'gemini':
      return { 'server-timing': 'gfet4t7; dur=412' };
  }
}

/** SSE framing as each provider does it (Google ends events with CRLF pairs). */
function frame(api: FakeApi, event: WireEvent): string {
  const data = event.data === '[DONE]' ? '[DONE]' : JSON.stringify(event.data);
  if (api === 'gemini') return `data: ${data}\r\n\r\n`;
  return event.event === undefined ? `data: ${data}\n\n` : `event: ${event.event}\ndata: ${data}\n\n`;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
