/**
 * Finding the usage-only chunk of a chat-completions stream among complete SSE events: only a
 * chunk with no choices and a usage object counts, whatever the framing.
 */
import { findUsageOnlyChunk } from '../../data-plane/relay/usage-chunk.js';

const chunk = (data: Record<string, unknown>, eol = '\n') => `data: ${JSON.stringify(data)}${eol}${eol}`;
const content = chunk({ id: 'c', choices: [{ index: 0, delta: { content: 'say "usage": {' } }], usage: null });
const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };

function cut(events: string): string | undefined {
  const buf = Buffer.from(events);
  const range = findUsageOnlyChunk(buf);
  return range && buf.subarray(range.from, range.to).toString();
}

test('the usage-only chunk is found between others, with LF or CRLF framing and spaced JSON', () => {
  const only = chunk({ id: 'c', choices: [], usage });
  expect(cut(content + only + 'data: [DONE]\n\n')).toBe(only);
  const crlf = chunk({ id: 'c', choices: [], usage }, '\r\n');
  expect(cut(content + crlf)).toBe(crlf);
  const spaced = `data: {"id": "c", "choices": [], "usage" : {"prompt_tokens": 1}}\n\n`;
  expect(cut(content + spaced)).toBe(spaced);
});

test('chunks with choices, null usage or no usage (an Azure prompt-filter chunk) are not it', () => {
  expect(cut(content)).toBeUndefined();
  expect(cut(chunk({ id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage }))).toBeUndefined();
  expect(cut(chunk({ id: '', choices: [], prompt_filter_results: [{ prompt_index: 0 }] }))).toBeUndefined();
  expect(cut('data: [DONE]\n\n')).toBeUndefined();
});
