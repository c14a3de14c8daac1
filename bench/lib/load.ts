/**
 * Load generation over undici pools (never Node's fetch, whose web streams would load the load
 * generator more than the subject): closed loop (a fixed number of clients, each sending its next
 * request when the previous answer ended) for throughput, and open loop (requests at a fixed rate,
 * whatever is outstanding) for latency.
 */
import type { Dispatcher, Pool } from 'undici';

/** One request to send, as undici's `Pool.request` takes it. */
export type LoadRequest = Dispatcher.RequestOptions;

/** Bounds of a closed-loop run: it stops at whichever comes first. */
export interface ClosedLoopOptions {
  concurrency: number;
  ms: number;
  /** Most requests to start (default: no bound). */
  maxRequests?: number;
}

/** What a closed-loop run did; `rate` counts answered 200s only. */
export interface ClosedLoopResult {
  ok: number;
  failed: number;
  seconds: number;
  /** Successful requests per second. */
  rate: number;
}

/** Sends `request` from `concurrency` clients until the time or count bound; every answer is read to its end. */
export async function closedLoop(pool: Pool, request: LoadRequest, options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const deadline = performance.now() + options.ms;
  const max = options.maxRequests ?? Infinity;
  let started = 0;
  let ok = 0;
  let failed = 0;
  const client = async () => {
    while (performance.now() < deadline && started < max) {
      started++;
      try {
        const res = await pool.request(request);
        await res.body.dump({ limit: Number.MAX_SAFE_INTEGER }); // read to the end (the default limit destroys larger bodies)
        if (res.statusCode === 200) ok++;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const seconds = (performance.now() - start) / 1000;
  return { ok, failed, seconds, rate: ok / seconds };
}

/** Per-request timings of an open-loop run (milliseconds from sending; successful requests only). */
export interface OpenLoopResult {
  /** Until the answer's last byte. */
  latencies: number[];
  /** Until the answer's first body byte. */
  ttfbs: number[];
  failed: number;
}

/**
 * Sends `request` at `rate` per second for `ms` (a timer tick sends what is due, so requests go
 * out in bursts of about rate/1000), then waits for the answers.
 */
export async function openLoop(pool: Pool, request: LoadRequest, options: { rate: number; ms: number }): Promise<OpenLoopResult> {
  const result: OpenLoopResult = { latencies: [], ttfbs: [], failed: 0 };
  const inFlight: Promise<void>[] = [];
  const one = async () => {
    const sent = performance.now();
    try {
      const res = await pool.request(request);
      let first = 0;
      for await (const _chunk of res.body) first ||= performance.now();
      const end = performance.now();
      if (res.statusCode !== 200) {
        result.failed++;
        return;
      }
      result.latencies.push(end - sent);
      result.ttfbs.push((first || end) - sent);
    } catch {
      result.failed++;
    }
  };
  const start = performance.now();
  let sent = 0;
  for (let now = start; now - start < options.ms; now = performance.now()) {
    const due = Math.floor(((now - start) * options.rate) / 1000);
    for (; sent < due; sent++) inFlight.push(one());
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  return result;
}

/** A non-streamed chat-completions request with `key`, as the relay test catalog's clients send it. */
export function chatRequest(key: string, model = 'm-openai'): LoadRequest {
  return {
    method: 'POST',
    path: '/v1/chat/completions',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hello there' }] }),
  };
}
