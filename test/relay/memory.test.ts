/**
 * A 10 MB streamed answer passes through the data plane without being buffered: the process's
 * live memory (heap plus buffers, measured after a forced GC at several points of the stream)
 * stays far below the stream's size. The fake upstream generates the stream lazily, so it holds
 * no copy either. A relay that kept the stream would grow by more than its 10 MB.
 * The relay and the measuring client run in a process of their own (memory-scenario.ts): in a test
 * worker, what earlier test files left behind would be measured with them.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { StreamMeasure } from './memory-scenario.js';

const MB = 1024 * 1024;

let measured: { passThrough: StreamMeasure; translated: StreamMeasure };

beforeAll(async () => {
  const scenario = fileURLToPath(new URL('./memory-scenario.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', '@swc-node/register/esm-register', scenario], { maxBuffer: MB });
  measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as typeof measured;
});

test('a 10 MB pass-through stream is relayed with bounded memory', () => {
  expect(measured.passThrough.tail).toContain('data: [DONE]');
  expect(measured.passThrough.bytes).toBeGreaterThan(10 * MB);
  expect(measured.passThrough.peakGrowth).toBeLessThan(3 * MB);
});

test('a 10 MB translated stream (messages client, chat upstream) is relayed with bounded memory', () => {
  expect(measured.translated.tail).toContain('message_stop');
  expect(measured.translated.bytes).toBeGreaterThan(10 * MB);
  expect(measured.translated.peakGrowth).toBeLessThan(3 * MB);
});
