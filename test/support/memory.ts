/**
 * Measuring that a large answer passes through without being held whole: the process's live
 * memory (after forced GCs) while a client reads slowly, against how much the upstream has sent.
 */
import http from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap plus buffer memory still referenced: two full GCs, a turn of the event loop between (buffers are freed then). */
export async function liveBytes(): Promise<number> {
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** `count()` once it stopped growing for a few polls in a row (an upstream held back by the full buffers on the way). */
export async function settledCount(count: () => number): Promise<number> {
  let last = -1;
  let still = 0;
  while (still < 5) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    still = count() === last ? still + 1 : 0;
    last = count();
  }
  return last;
}

/** A request for {@link pausedRead}. */
export interface PausedRead {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** What the upstream has sent so far (the reader waits until it stops growing). */
  upstreamSent: () => number;
  /** Sees every chunk with the offset it starts at. */
  onChunk?: (chunk: Buffer, offset: number) => void;
  /** Bytes read before the pause (default 2 MB). */
  pauseAfter?: number;
}

/**
 * Reads an answer into a counting sink; after `pauseAfter` bytes it stops reading until the
 * upstream stopped sending, measures how much live memory grew since before the request, then
 * reads on to the end. A status other than 200 fails it.
 */
export async function pausedRead(read: PausedRead): Promise<{ bytes: number; growthWhilePaused: number | null; headers: http.IncomingHttpHeaders }> {
  const pauseAfter = read.pauseAfter ?? 2 * 1024 * 1024;
  const base = await liveBytes();
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let paused = false;
    let growth: number | null = null;
    const req = http.request(read.url, { method: read.method ?? 'GET', headers: read.headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
      res.on('data', (chunk: Buffer) => {
        read.onChunk?.(chunk, bytes);
        bytes += chunk.length;
        if (paused || bytes < pauseAfter) return;
        paused = true;
        res.pause();
        void settledCount(read.upstreamSent)
          .then(liveBytes)
          .then((live) => {
            growth = live - base;
            res.resume();
          }, reject);
      });
      res.on('end', () => resolve({ bytes, growthWhilePaused: growth, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(read.body);
  });
}
