/**
 * A fake upstream provider for tests: one plain node:http server that speaks every channel kind's
 * native API (OpenAI chat + responses, Azure OpenAI deployments, Anthropic messages, Gemini
 * generateContent / streamGenerateContent), checks each request the way the real API would (auth
 * header, version header or query, path, body shape), records it, and answers as scripted per
 * upstream key: canned answers (streamed when asked), error statuses, silence, connection resets,
 * streams cut midway. Its error messages deliberately contain the key and the URL it was called
 * with, so tests can prove the gateway never passes them on.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import type { WireFormat } from '../../shared/formats.js';
import { replyBody, replyEvents, type CannedReply } from '../../data-plane/providers/demo/reply.js';
import type { StreamEvent } from '../../data-plane/translate/translator.js';

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
   * flight until the test lets it go).
   */
  | { kind: 'reply'; reply?: CannedReply; gapMs?: number; after?: Promise<unknown> }
  /** An error in the API's own envelope. */
  | { kind: 'error'; status: number; message?: string }
  /** Never answer (the gateway's timeout must fire). */
  | { kind: 'hang' }
  /** Destroy the connection without answering. */
  | { kind: 'reset' }
  /**
   * Start a streamed answer, send `afterEvents` events, then end it short: destroy the connection
   * (`reset`, the default), close the stream cleanly without its terminal event (`close`), or send
   * an error event in the API's own stream shape (`error-event`, as Anthropic does when overloaded;
   * its message holds the key and the URL, which must never reach a client) and close cleanly.
   */
  | { kind: 'cut'; afterEvents: number; reply?: CannedReply; ending?: 'reset' | 'close' | 'error-event' };

/** The answer when nothing else is scripted: plain text. */
export const TEXT_REPLY: CannedReply = {
  text: 'Hello from the fake upstream.',
  toolCalls: [],
  usage: { input: 12, cacheRead: 4, cacheWrite: 0, output: 7, reasoning: 0 },
};

const FORMAT_OF: Record<FakeApi, WireFormat> = {
  'openai-chat': 'chat-completions',
  'azure-chat': 'chat-completions',
  'openai-responses': 'responses',
  'anthropic-messages': 'messages',
  gemini: 'generateContent',
};

/** A problem with a request that the real API would reject too; recorded for assertions. */
class Violation extends Error {}

/**
 * Anthropic's rule for thinking with tools: with thinking on, a request continuing a tool cycle
 * (its last message holds tool results) must send back the cycle's assistant turn starting with
 * its thinking block, signed; the turn is every assistant message since the last user message
 * that was not tool results (later ones carry no thinking). Else 400.
 */
function checkThinkingToolCycle(body: Record<string, unknown>): void {
  if ((body.thinking as { type?: string } | undefined)?.type !== 'enabled') return;
  type Block = { type: string; signature?: string };
  const turns = body.messages as { role: string; content: unknown }[];
  const toolResults = (t: { role: string; content: unknown }) => t.role === 'user' && Array.isArray(t.content) && (t.content as Block[]).some((b) => b.type === 'tool_result');
  if (turns.length === 0 || !toolResults(turns[turns.length - 1])) return;
  let first = -1;
  for (let i = turns.length - 1; i >= 0 && (turns[i].role === 'assistant' || toolResults(turns[i])); i--) if (turns[i].role === 'assistant') first = i;
  if (first === -1) return;
  const opening = Array.isArray(turns[first].content) ? (turns[first].content as Block[])[0] : { type: 'text' };
  if (opening.type === 'redacted_thinking' || (opening.type === 'thinking' && opening.signature)) return;
  throw new Violation(`messages.${first}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${opening.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block`);
}

/** A running fake upstream. */
export class FakeUpstream {
  /** Every well-formed request, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Requests the fake rejected as malformed (the real API would have too): should stay empty. */
  readonly violations: string[] = [];
  private readonly scripts = new Map<string, Behaviour[]>();
  private readonly defaults = new Map<string, Behaviour>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: http.Server,
    /** Base URL, e.g. `http://127.0.0.1:1234`. */
    readonly url: string,
    private readonly record: boolean,
  ) {}

  /** Starts a fake on a free loopback port; `record: false` keeps no requests (long benchmark runs). */
  static async start(options: { record?: boolean } = {}): Promise<FakeUpstream> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, options.record ?? true);
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
      return sendJson(res, err instanceof Violation ? 400 : 500, { error: { message } });
    }
    if (this.record) this.requests.push(recorded);
    const queue = this.scripts.get(recorded.key);
    const behaviour = queue?.shift() ?? this.defaults.get(recorded.key) ?? { kind: 'reply' };
    await this.behave(behaviour, recorded, req, res);
  }

  /** Parses and validates a request as the real API would; throws Violation. */
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
      return { ...base, api: 'openai-chat', key, model: body.model as string, stream: body.stream === true };
    }
    if (/\/v1\/responses$/.test(path)) {
      const key = bearer();
      requireFields(body, { model: 'string' });
      if (body.input === undefined) throw new Violation('missing input');
      return { ...base, api: 'openai-responses', key, model: body.model as string, stream: body.stream === true };
    }
    if ((m = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(path))) {
      const key = String(h['api-key'] ?? '');
      if (!key) throw new Violation('missing api-key header');
      if (h.authorization) throw new Violation('Authorization must not be sent to Azure with an api-key');
      if (!url.searchParams.get('api-version')) throw new Violation('missing api-version query parameter');
      requireFields(body, { messages: 'array' });
      return { ...base, api: 'azure-chat', key, model: decodeURIComponent(m[1]), stream: body.stream === true };
    }
    if (/\/v1\/messages$/.test(path)) {
      const key = String(h['x-api-key'] ?? '');
      if (!key) throw new Violation('missing x-api-key header');
      if (!h['anthropic-version']) throw new Violation('missing anthropic-version header');
      if (h.authorization) throw new Violation('Authorization must not be sent with x-api-key');
      requireFields(body, { model: 'string', max_tokens: 'number', messages: 'array' });
      checkThinkingToolCycle(body);
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
      return { ...base, api: 'gemini', key, model: decodeURIComponent(m[1]), stream };
    }
    throw new Violation(`unknown path ${path}`);
  }

  private async behave(b: Behaviour, r: RecordedRequest, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    switch (b.kind) {
      case 'hang':
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'error':
        return sendJson(res, b.status, errorEnvelope(r, b.status, b.message ?? defaultMessage(r, b.status, this.url)));
      case 'reply':
      case 'cut': {
        if (b.kind === 'reply' && b.after) {
          await b.after.catch(() => undefined);
          if (res.destroyed) return;
        }
        const reply = b.reply ?? defaultReply(r);
        const format = FORMAT_OF[r.api];
        if (!r.stream && b.kind === 'reply') return sendJson(res, 200, replyBody(format, reply, r.model));
        const includeUsage = (r.body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        let sent = 0;
        for (const event of replyEvents(format, reply, r.model, { includeUsage })) {
          if (b.kind === 'cut' && sent === b.afterEvents) {
            if (b.ending === 'error-event') res.write(frame(r.api, streamErrorEvent(r, `Overloaded: upstream ${this.url} is busy (key ${r.key})`)));
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

/** The error envelope of the request's API. */
function errorEnvelope(r: RecordedRequest, status: number, message: string): Record<string, unknown> {
  if (r.api === 'anthropic-messages') {
    // 529 is Anthropic's own status for an overloaded API.
    const type = status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
    return { type: 'error', error: { type, message }, request_id: 'req_fake' };
  }
  if (r.api === 'gemini') {
    const s = status === 401 ? 'UNAUTHENTICATED' : status === 429 ? 'RESOURCE_EXHAUSTED' : status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT';
    return { error: { code: status, message, status: s } };
  }
  const type = status === 401 ? 'invalid_request_error' : status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { error: { message, type, param: null, code: status === 401 ? 'invalid_api_key' : null } };
}

/** The error event each API sends inside a stream it cannot finish (an overload, here). */
function streamErrorEvent(r: RecordedRequest, message: string): StreamEvent {
  switch (r.api) {
    case 'anthropic-messages':
      return { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message } } };
    case 'gemini':
      return { data: { error: { code: 503, message, status: 'UNAVAILABLE' } } };
    case 'openai-responses':
      return { event: 'response.failed', data: { type: 'response.failed', response: { id: 'resp_fake', object: 'response', status: 'failed', error: { code: 'server_error', message }, output: [] } } };
    case 'openai-chat':
    case 'azure-chat':
      return { data: { error: { message, type: 'server_error', param: null, code: null } } };
  }
}

/** SSE framing as each provider does it (Google ends events with CRLF pairs). */
function frame(api: FakeApi, event: StreamEvent): string {
  const data = event.data === '[DONE]' ? '[DONE]' : JSON.stringify(event.data);
  if (api === 'gemini') return `data: ${data}\r\n\r\n`;
  return event.event === undefined ? `data: ${data}\n\n` : `event: ${event.event}\ndata: ${data}\n\n`;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
