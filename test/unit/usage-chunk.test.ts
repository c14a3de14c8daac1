/**
 * The usage-only chunk of a chat-completions stream among its events, as the relay reads them:
 * only a chunk with no choices and a usage object counts, whatever the framing.
 */
import { isUsageOnlyChunk } from '../../data-plane/relay/usage-chunk.js';
import { SseReader } from '../../shared/wire/sse/read.js';

const chunk = (data: Record<string, unknown>, eol = '\n') => `data: ${JSON.stringify(data)}${eol}${eol}`;
const content = chunk({ id: 'c', choices: [{ index: 0, delta: { content: 'say "usage": {' } }], usage: null });
const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };

/** The raw bytes of the usage-only chunks among `events`. */
function usageChunks(events: string): string[] {
  return new SseReader()
    .push(Buffer.from(events))
    .filter((e) => isUsageOnlyChunk(e.data))
    .map((e) => e.raw.toString());
}

test('the usage-only chunk is found between others, with LF or CRLF framing and spaced JSON', () => {
  const only = chunk({ id: 'c', choices: [], usage });
  expect(usageChunks(content + only + 'data: [DONE]\n\n')).toEqual([only]);
  const crlf = chunk({ id: 'c', choices: [], usage }, '\r\n');
  expect(usageChunks(content + crlf)).toEqual([crlf]);
  const spaced = `data: {"id": "c", "choices": [], "usage" : {"prompt_tokens": 1}}\n\n`;
  expect(usageChunks(content + spaced)).toEqual([spaced]);
});

test('chunks with choices, null usage or no usage (an Azure prompt-filter chunk) are not it', () => {
  expect(usageChunks(content)).toEqual([]);
  expect(usageChunks(chunk({ id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage }))).toEqual([]);
  expect(usageChunks(chunk({ id: '', choices: [], prompt_filter_results: [{ prompt_index: 0 }] }))).toEqual([]);
  expect(usageChunks('data: [DONE]\n\n: keep-alive\n\n')).toEqual([]);
});
