import { Pool, poolRequest } from './undici-pool.js';
import { providerFor } from './registry.js';
import type { UpstreamCall, UpstreamResponse } from './provider.js';
import type { AttemptAbort } from '../attempt-abort.js';
import type { Readable } from 'node:stream';
import type { RuntimeChannel } from '../../snapshot/runtime-config.js';

/** Options of the upstream connection pools. */
export interface TransportOptions {
  /**
   * Connections per upstream origin; null = as many as there are concurrent requests. A cap of a
   * few hundred silently queues long-lived streams behind each other.
   */
  connectionsPerOrigin: number | null;
  /** How long an idle kept-alive connection stays open. */
  keepAliveMs: number;
}

/** Defaults: unbounded connections, idle ones kept for 30 s. */
export const DEFAULT_TRANSPORT_OPTIONS: TransportOptions = { connectionsPerOrigin: null, keepAliveMs: 30_000 };

/**
 * Sends upstream calls over undici pools (one per origin and connect timeout), never Node's fetch,
 * whose web streams cost far more per request and per chunk. Resolves when the response headers
 * arrived; the body is a Node stream the relay reads as it comes.
 */
export class UpstreamTransport {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: TransportOptions = DEFAULT_TRANSPORT_OPTIONS) {}

  /** Sends `call`; `signal` aborts it (whole-exchange deadline, client gone). Rejects on connection errors and timeouts. */
  async send(call: UpstreamCall, signal: AbortSignal | AttemptAbort): Promise<UpstreamResponse> {
    const provider = providerFor(call.channel.kind);
    if (provider.answer) return provider.answer(call);
    const endpoint = provider.endpoint!(call);
    const url = new URL(endpoint.url);
    const res = await poolRequest(this.pool(url.origin, call.channel.timeouts.connectMs), {
      method: 'POST',
      path: url.pathname + url.search,
      headers: endpoint.headers,
      body: call.body,
      // The relay's own timers (first byte, whole exchange) abort the call through `signal`.
      // undici's would only repeat them, each a timer object kept until undici's next half-second
      // sweep, so old enough to be promoted by the garbage collector: thousands alive at a time
      // on a busy data plane (a heap snapshot under load held 6,611).
      signal,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }

  /**
   * Any other exchange with a channel's upstream, by method and full URL (video jobs: their
   * creation, polls and downloads), over the same pools and with the same abort rules as {@link send}.
   */
  async exchange(channel: RuntimeChannel, request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: Buffer | Readable }, signal: AbortSignal | AttemptAbort): Promise<UpstreamResponse> {
    const url = new URL(request.url);
    const res = await poolRequest(this.pool(url.origin, channel.timeouts.connectMs), {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: request.body ?? null,
      signal,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }

  /** Closes every pool (in-flight requests are destroyed). */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy()));
  }

  private pool(origin: string, connectMs: number): Pool {
    const id = `${origin} ${connectMs}`;
    let pool = this.pools.get(id);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.connectionsPerOrigin,
        pipelining: 1,
        keepAliveTimeout: this.options.keepAliveMs,
        connect: { timeout: connectMs },
      });
      this.pools.set(id, pool);
    }
    return pool;
  }
}
