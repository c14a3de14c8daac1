/**
 * The scenario of memory.test.ts, run as a process of its own (so that nothing else a test worker
 * did or still does counts): a relay bed, then a 10 MB streamed answer through each route while
 * the process's live memory is measured; prints the results as one JSON line.
 */
import http from 'node:http';
import type { CannedReply } from '../../shared/wire/providers/demo/reply.js';
import { liveBytes } from '../support/memory.js';
import { startRelayBed } from '../support/relay.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';

/** What one stream measured: bytes read, the last 200 of them, and the peak growth of live memory. */
export interface StreamMeasure {
  bytes: number;
  tail: string;
  peakGrowth: number;
}

const CHUNK = 'x'.repeat(999) + ' ';
const LARGE: CannedReply = { text: CHUNK, repeat: 10_000, toolCalls: [], usage: { input: 1, cacheRead: 0, cacheWrite: 0, output: 10_000, reasoning: 0 } };
const MB = 1024 * 1024;

const bed = await startRelayBed(patientRelayCatalog);
const key = await bed.token({ groups: ['all'] });
const chat = { path: '/v1/chat/completions', headers: { authorization: `Bearer ${key}` }, body: { model: 'm-openai', stream: true, messages: [{ role: 'user', content: 'Go' }] } };
const messages = {
  path: '/v1/messages',
  headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
  body: { model: 'm-openai', max_tokens: 100_000, stream: true, messages: [{ role: 'user', content: 'Go' }] },
};

/** Streams a request, keeping only a count of bytes and the last few; measures live memory every 2 MB. */
function streamThrough(request: typeof chat | typeof messages): Promise<StreamMeasure> {
  return new Promise((resolve, reject) => {
    let base = 0;
    let peak = 0;
    let bytes = 0;
    let nextCheck = MB;
    let tail = '';
    const req = http.request(bed.url + request.path, { method: 'POST', headers: { 'content-type': 'application/json', ...request.headers } }, (res) => {
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
      req.end(JSON.stringify(request.body));
    }, reject);
  });
}

try {
  // Warm both routes up (code, pools, caches), so the measurements see only per-stream memory.
  await streamThrough(chat);
  await streamThrough(messages);
  bed.upstream.script(keyOf('ch-openai'), { kind: 'reply', reply: LARGE });
  const passThrough = await streamThrough(chat);
  bed.upstream.script(keyOf('ch-openai'), { kind: 'reply', reply: LARGE });
  const translated = await streamThrough(messages);
  process.stdout.write(`${JSON.stringify({ passThrough, translated })}\n`);
} finally {
  await bed.stop();
}
