import type Koa from 'koa';
import type { RequestState } from '../server.js';

/** Headers of every JSON answer. */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Headers of every event stream the gateway sends (docs/formats.md, "Event streams"). */
const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' };

/**
 * The answer to the client of one attempt. Nothing is sent until the attempt has something to
 * send (`committed` then turns true and no other channel may be tried): a stream's headers go out
 * with its first event, so an upstream failing before that can still be replaced.
 */
export class ClientStream {
  committed = false;

  constructor(
    private readonly ctx: Koa.Context,
    /** Response headers naming the group and channel kind that served. */
    private readonly headers: Record<string, string>,
  ) {}

  /**
   * A complete JSON answer, sent at once and straight to the socket (Koa's response machinery
   * costs a measurable share of a short request, and there is nothing left for it to decide).
   */
  sendJson(body: Buffer | Record<string, unknown>): void {
    this.committed = true;
    (this.ctx.state as RequestState).onFirstByte?.(false);
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body), 'utf8');
    this.ctx.respond = false;
    this.ctx.res.writeHead(200, { ...JSON_HEADERS, 'content-length': bytes.length, ...this.headers });
    this.ctx.res.end(bytes);
  }

  /** True when the client is gone and writing is pointless. */
  get closed(): boolean {
    return this.ctx.res.destroyed;
  }

  /** Writes stream bytes (headers first if not sent yet), waiting while the client's socket is full. */
  async write(bytes: Buffer): Promise<void> {
    const res = this.ctx.res;
    if (!this.committed) {
      this.committed = true;
      (this.ctx.state as RequestState).onFirstByte?.(true);
      this.ctx.respond = false;
      res.writeHead(200, { ...SSE_HEADERS, ...this.headers });
    }
    if (res.destroyed || res.write(bytes)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }

  /** Ends the stream. */
  end(): void {
    this.ctx.res.end();
  }
}
