/**
 * A 10 MB streamed answer passes through the data plane without being buffered: the process's
 * live memory (heap plus buffers, measured after a forced GC at several points of the stream)
 * stays far below the stream's size. The fake upstream generates the stream lazily, so it holds
 * no copy either. A relay that kept the stream would grow by more than its 10 MB.
 * The jest configuration keeps this file apart (jest.memory.config.js runs it alone, and `npm
 * test` runs that after the rest): with another test process competing for the cores, the
 * measurement is not about the relay any more.
 */
import http from 'node:http';
import type { CannedReply } from '../../shared/wire/providers/demo/reply.js';
import { liveBytes } from '../support/memory.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';

const CHUNK = 'x'.repeat(999) + ' ';
const LARGE: CannedReply = { text: CHUNK, repeat: 10_000, toolCalls: [], usage: { input: 1, cacheRead: 0, cacheWrite: 0, output: 10_000, reasoning: 0 } };
const MB = 1024 * 1024;

let bed: RelayBed;
let key: string;

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
  key = await bed.token({ groups: ['all'] });
  // Warm both routes up (code, pools, caches), so the measurements see only per-stream memory.
  await streamThrough('/v1/chat/completions', { authorization: `Bearer ${key}` }, { model: 'm-openai', stream: true, messages: [{ role: 'user', content: 'Go' }] });
  await streamThrough('/v1/messages', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, { model: 'm-openai', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'Go' }] });
});
afterAll(() => bed?.stop());

/** Streams a request, keeping only a count of bytes and the last few; returns the peak live-memory growth. */
function streamThrough(path: string, headers: Record<string, string>, body: unknown): Promise<{ bytes: number; tail: string; peakGrowth: number }> {
  return new Promise((resolve, reject) => {
    let base = 0;
    let peak = 0;
    let bytes = 0;
    let nextCheck = MB;
    let tail = '';
    const req = http.request(bed.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        tail = (tail + chunk.toString('latin1')).slice(-200);
        if (bytes < nextCheck) return;
        nextCheck += 2 * MB;
        // Measure with the stream paused mid-way: everything the relay holds for it is live now.
        res.pause();
        void liveBytes().then((live) => {
          peak = Math.max(peak, live - base);
          res.resume();
        }, reject);
      });
      res.on('end', () => resolve({ bytes, tail, peakGrowth: peak }));
      res.on('error', reject);
    });
    req.on('error', reject);
    void liveBytes().then((live) => {
      base = live;
      req.end(JSON.stringify(body));
    }, reject);
  });
}

test('a 10 MB pass-through stream is relayed with bounded memory', async () => {
  bed.upstream.script(keyOf('ch-openai'), { kind: 'reply', reply: LARGE });
  const result = await streamThrough('/v1/chat/completions', { authorization: `Bearer ${key}` }, { model: 'm-openai', stream: true, messages: [{ role: 'user', content: 'Go' }] });
  expect(result.tail).toContain('data: [DONE]');
  expect(result.bytes).toBeGreaterThan(10 * MB);
  expect(result.peakGrowth).toBeLessThan(3 * MB);
});

test('a 10 MB translated stream (messages client, chat upstream) is relayed with bounded memory', async () => {
  bed.upstream.script(keyOf('ch-openai'), { kind: 'reply', reply: LARGE });
  const result = await streamThrough(
    '/v1/messages',
    { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    { model: 'm-openai', max_tokens: 100_000, stream: true, messages: [{ role: 'user', content: 'Go' }] },
  );
  expect(result.tail).toContain('message_stop');
  expect(result.bytes).toBeGreaterThan(10 * MB);
  expect(result.peakGrowth).toBeLessThan(3 * MB);
});
