/**
 * The fake upstream's own streams (test/fakes/wire/) against the recorded ones (test/fakes/fixtures/):
 * for the same kind of answer, the same events in the same order (runs of deltas counted once), each
 * with the same top-level fields. Keeps the fake's generated answers as close to real traffic as the
 * recordings, reasoning and signatures included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../fakes/upstream.js';
import { messagesStream } from '../fakes/wire/anthropic-messages.js';
import { geminiStream } from '../fakes/wire/gemini.js';
import { chatStream } from '../fakes/wire/openai-chat.js';
import { responsesStream } from '../fakes/wire/openai-responses.js';
import type { CannedReply, ReplyContext, WireEvent } from '../fakes/wire/reply.js';

type Loose = Record<string, unknown>;

/** A recorded stream's events (`event:` and `data:` lines; blank lines, LF or CRLF, between events). */
function recorded(fixture: string): WireEvent[] {
  return readFileSync(join(FIXTURES_DIR, fixture), 'utf8')
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
      return { ...(event !== undefined && { event }), data: data === '[DONE]' ? data : (JSON.parse(data) as unknown) };
    });
}

/** What an event is, finely enough to tell its role in the stream apart (block, delta and item types). */
function kind(e: WireEvent): string {
  if (typeof e.data !== 'object' || e.data === null) return String(e.data);
  const d = e.data as Loose;
  const sub = (v: unknown) => (typeof v === 'object' && v !== null ? String((v as Loose).type ?? '') : '');
  const parts = [e.event ?? String(d.type ?? '')];
  if (d.content_block) parts.push(sub(d.content_block));
  if (d.delta && typeof d.delta === 'object') parts.push(sub(d.delta));
  if (d.item) parts.push(sub(d.item));
  if (Array.isArray(d.candidates)) {
    const c = d.candidates[0] as { content?: { parts?: Loose[] }; finishReason?: string } | undefined;
    parts.push((c?.content?.parts ?? []).map((p) => (p.functionCall ? 'functionCall' : p.thought ? 'thought' : 'text')).join('+'), c?.finishReason ?? '');
  }
  if (Array.isArray(d.choices)) {
    const choice = d.choices[0] as { delta?: Loose; finish_reason?: string } | undefined;
    parts.push(choice ? Object.keys(choice.delta ?? {}).sort().join('+') : d.usage ? 'usage' : 'filter', choice?.finish_reason ?? '');
  }
  return parts.join(':');
}

/** The stream as kinds, a run of the same kind counted once, each with the event's top-level fields. */
function outline(events: WireEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    const fields = typeof e.data === 'object' && e.data !== null ? Object.keys(e.data).sort().join(',') : '';
    const line = `${kind(e)} {${fields}}`;
    if (out.at(-1) !== line) out.push(line);
  }
  return out;
}

const usage = { input: 14, cacheRead: 1600, cacheWrite: 0, output: 40, reasoning: 56 };
const weather = { id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: { city: 'Zürich', unit: 'celsius' } };
const thinking = { text: 'The user wants the weather in Zürich. I should call get_weather.', signature: 'EqQBCnkS' };
const ctx = (body: Loose): ReplyContext => ({ model: 'm', body, serial: 7 });

test('Anthropic: signed thinking, text and a tool call', () => {
  const reply: CannedReply = { text: 'Let me check the weather in Zürich.', toolCalls: [weather], usage, thinking };
  expect(outline([...messagesStream(reply, ctx({}))])).toEqual(outline(recorded('anthropic-thinking-tool-use.sse')));
});

test('Responses: a reasoning summary, then a function call', () => {
  const reply: CannedReply = { text: '', toolCalls: [{ ...weather, id: 'call_HdPq7W2x3nF4kLm9Zs0aVb1c' }], usage, thinking };
  expect(outline([...responsesStream(reply, ctx({ reasoning: { effort: 'medium', summary: 'auto' } }))])).toEqual(outline(recorded('openai-responses-reasoning-function-call.sse')));
});

test('Gemini: thought parts, then a signed function call with the finish reason', () => {
  const reply: CannedReply = { text: '', toolCalls: [weather], usage: { ...usage, cacheRead: 1024 }, thinking };
  expect(outline([...geminiStream(reply, ctx({ generationConfig: { thinkingConfig: { includeThoughts: true } } }))])).toEqual(outline(recorded('gemini-thinking-function-call.sse')));
});

test('Azure: the prompt filter chunk, text, the finish and usage chunks', () => {
  const reply: CannedReply = { text: 'The capital of France is Paris.', toolCalls: [], usage: { input: 24, cacheRead: 0, cacheWrite: 0, output: 8, reasoning: 0 } };
  expect(outline([...chatStream(reply, ctx({ stream: true, stream_options: { include_usage: true } }), 'azure')])).toEqual(outline(recorded('azure-chat-content-filter.sse')));
});
