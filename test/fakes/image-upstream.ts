/**
 * A fake image upstream for tests: one node:http server speaking OpenAI's images API
 * (`/v1/images/generations` JSON, `/v1/images/edits` multipart; under `/compat` for
 * OpenAI-compatible channels), Azure OpenAI's (`/openai/deployments/{d}/images/...?api-version=`)
 * and Gemini's generateContent with image output. It checks every request as the real APIs would
 * (the key in the kind's own header, the path, the body's fields, the files of a form, the
 * inlineData of a Gemini request) and records the malformed ones in `violations`. A key listed
 * in `failing` answers 503, one in `rateLimited` 429 with `Retry-After: 30`; an upstream model
 * named `big-image` (OpenAI format) or `big-gemini-image` (Gemini) answers one image making a
 * body of `bigBytes`, written as the socket takes it; one named `cut-image` or `cut-gemini-image`
 * answers 200 with one whole image and the start of a second, then breaks the connection.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Busboy, type BusboyHeaders } from '@fastify/busboy';

/** A 1x1 PNG, as the fake's images. */
export const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** One request the fake accepted. */
export interface ImageRequestSeen {
  api: 'openai' | 'azure' | 'gemini';
  path: string;
  key: string;
  /** The JSON body, or a form's text fields. */
  fields: Record<string, unknown>;
  /** A form's files (field, type, bytes), or a Gemini request's inlineData (field `inlineData`). */
  files: { field: string; type: string; bytes: number }[];
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

/** A 200 whose body is `start`, then a broken connection (no end of the body). */
function cut(res: http.ServerResponse, start: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(start, () => res.destroy());
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

async function readForm(req: http.IncomingMessage): Promise<{ fields: Record<string, unknown>; files: ImageRequestSeen['files'] }> {
  const fields: Record<string, unknown> = {};
  const files: ImageRequestSeen['files'] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = new Busboy({ headers: req.headers as BusboyHeaders });
    parser.on('field', (name: string, value: string) => (fields[name] = value));
    parser.on('file', (field: string, stream: NodeJS.ReadableStream, _name: string, _enc: string, type: string) => {
      let bytes = 0;
      stream.on('data', (c: Buffer) => (bytes += c.length));
      stream.on('end', () => files.push({ field, type, bytes }));
    });
    parser.on('finish', resolve);
    parser.on('error', reject);
    req.pipe(parser);
  });
  return { fields, files };
}

/** The fake (see the file comment). */
export class FakeImageUpstream {
  readonly seen: ImageRequestSeen[] = [];
  readonly violations: string[] = [];
  /** Size of a `big-image` answer. */
  bigBytes = 0;
  /** Keys answering 429 with a Retry-After of 30 seconds. */
  readonly rateLimited = new Set<string>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly keys: ReadonlySet<string>,
    private readonly failing: ReadonlySet<string>,
  ) {}

  /** Starts on a free port; `keys`: the upstream keys it accepts, `failing` those that answer 503. */
  static async start(keys: string[], failing: string[] = []): Promise<FakeImageUpstream> {
    const holder: { fake?: FakeImageUpstream } = {};
    const server = http.createServer((req, res) => {
      const fake = holder.fake!;
      fake.handle(req, res).catch((err: Error) => {
        fake.violations.push(`${req.url}: ${err.message}`);
        if (!res.headersSent) json(res, 500, { error: { message: err.message } });
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    holder.fake = new FakeImageUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, new Set(keys), new Set(failing));
    return holder.fake;
  }

  /** The requests seen under `key`. */
  by(key: string): ImageRequestSeen[] {
    return this.seen.filter((s) => s.key === key);
  }

  private check(ok: boolean, what: string): void {
    if (!ok) this.violations.push(what);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = url.pathname.replace(/^\/compat/, '');
    const azure = /^\/openai\/deployments\/([^/]+)\/images\/(generations|edits)$/.exec(path);
    const openai = /^\/v1\/images\/(generations|edits)$/.exec(path);
    const gemini = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path);
    const key = azure ? String(req.headers['api-key'] ?? '') : gemini ? String(req.headers['x-goog-api-key'] ?? '') : String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.keys.has(key)) return json(res, 401, { error: { message: `unknown key on ${path}` } });
    if (gemini) return this.gemini(req, res, url.pathname, key, gemini[1]);
    if (!openai && !azure) return json(res, 404, { error: { message: `no route ${path}` } });
    if (azure) this.check(url.searchParams.get('api-version') === '2024-10-21', `azure call without its api-version: ${req.url}`);
    const action = (openai ?? azure)![openai ? 1 : 2];
    const { fields, files } = action === 'edits' ? await readForm(req) : { fields: await readJson(req), files: [] };
    this.seen.push({ api: azure ? 'azure' : 'openai', path: url.pathname, key, fields, files });
    if (this.failing.has(key)) return json(res, 503, { error: { message: 'overloaded' } });
    if (this.rateLimited.has(key)) {
      res.setHeader('retry-after', '30');
      return json(res, 429, { error: { message: 'Rate limit reached for images per minute', type: 'requests', code: 'rate_limit_exceeded' } });
    }
    this.check(typeof fields.prompt === 'string' && fields.prompt !== '', `${path}: no prompt`);
    if (azure) this.check(fields.model === undefined, `${path}: azure calls name the model by deployment, not in the body`);
    else this.check(typeof fields.model === 'string' && fields.model.startsWith('up-'), `${path}: model ${String(fields.model)} is not an upstream name`);
    if (action === 'edits') this.check(files.some((f) => f.field === 'image' || f.field === 'image[]'), `${path}: an edit without an image`);
    if (fields.model === 'up-big-image') return this.large(res, this.bigBytes);
    if (fields.model === 'up-cut-image') return cut(res, `{"created":1,"data":[{"b64_json":"${PNG_B64}"},{"b64_json":"AAAA`);
    const n = Number(fields.n ?? 1);
    const item = fields.response_format === 'url' ? { url: 'https://images.example/1.png', revised_prompt: 'a "url": in a prompt' } : { b64_json: PNG_B64 };
    const body: Record<string, unknown> = { created: 1_760_000_000, data: Array.from({ length: n }, () => item) };
    if (String(fields.model).includes('gpt-image')) body.usage = { input_tokens: 50, output_tokens: 4160 * n, total_tokens: 50 + 4160 * n, input_tokens_details: { text_tokens: 50, image_tokens: 0 } };
    json(res, 200, body);
  }

  /**
   * One image of base64 between `head` and `tail` (an OpenAI images answer by default) making an
   * answer of `bytes` in all, with its length, written as the socket takes it (never whole: the
   * fake holds one chunk); `bytesSent` counts what was written.
   */
  private large(res: http.ServerResponse, bytes: number, head = Buffer.from('{"created":1,"data":[{"b64_json":"'), tail = Buffer.from('"}]}')): void {
    const chunk = Buffer.alloc(64 * 1024, 'A');
    let left = bytes - head.length - tail.length;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes });
    this.bytesSent = 0;
    const write = (data: Buffer): boolean => {
      this.bytesSent += data.length;
      return res.write(data);
    };
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!write(part)) return void res.once('drain', pump);
      }
      if (!res.destroyed) {
        this.bytesSent += tail.length;
        res.end(tail);
      }
    };
    write(head);
    pump();
  }

  /** Bytes of the last large answer written so far. */
  bytesSent = 0;

  private async gemini(req: http.IncomingMessage, res: http.ServerResponse, path: string, key: string, model: string): Promise<void> {
    const body = await readJson(req);
    const contents = body.contents as { role?: string; parts: Record<string, unknown>[] }[];
    const parts = contents?.[0]?.parts ?? [];
    const files = parts.flatMap((p) => {
      const inline = p.inlineData as { mimeType: string; data: string } | undefined;
      return inline ? [{ field: 'inlineData', type: inline.mimeType, bytes: Buffer.from(inline.data, 'base64').length }] : [];
    });
    this.seen.push({ api: 'gemini', path, key, fields: body, files });
    if (this.failing.has(key)) return json(res, 503, { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } });
    this.check(model.startsWith('up-'), `${path}: model ${model} is not an upstream name`);
    if (model === 'up-big-gemini-image') {
      const head = Buffer.from('{"candidates":[{"content":{"role":"model","parts":[{"text":"A large one."},{"inlineData":{"mimeType":"image/png","data":"');
      const tail = Buffer.from('"}}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":7,"candidatesTokenCount":1290}}');
      return this.large(res, this.bigBytes, head, tail);
    }
    if (model === 'up-cut-gemini-image') {
      const image = (data: string) => `{"inlineData":{"mimeType":"image/png","data":"${data}`;
      return cut(res, `{"candidates":[{"content":{"role":"model","parts":[${image(PNG_B64)}"}},${image('AAAA')}`);
    }
    this.check(typeof parts[0]?.text === 'string' && parts[0].text !== '', `${path}: no text prompt`);
    const config = (body.generationConfig ?? {}) as { responseModalities?: string[]; candidateCount?: number };
    this.check(config.responseModalities?.includes('IMAGE') ?? false, `${path}: image output not asked for`);
    const count = config.candidateCount ?? 1;
    const candidates = Array.from({ length: count }, (_, index) => ({
      index,
      finishReason: 'STOP',
      content: { role: 'model', parts: [{ text: 'Here is your image.' }, { inlineData: { mimeType: 'image/png', data: PNG_B64 } }] },
    }));
    json(res, 200, { candidates, usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 1290 * count, totalTokenCount: 12 + 1290 * count }, modelVersion: model });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
