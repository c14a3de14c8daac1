import { Readable } from 'node:stream';
import type { WireFormat } from '../../../formats.js';
import { frameEventText } from '../../sse/frame.js';
import type { Provider, UpstreamCall } from '../provider.js';
import { replyBody, replyEvents, type CannedReply } from './reply.js';

/** The output cap a request in `format` sets (each format names it its own way), if any. */
function outputCap(format: WireFormat, body: Record<string, unknown>): number | undefined {
  const config = body.generationConfig as Record<string, unknown> | undefined;
  const cap = {
    'chat-completions': body.max_completion_tokens ?? body.max_tokens,
    messages: body.max_tokens,
    responses: body.max_output_tokens,
    generateContent: config?.maxOutputTokens,
  }[format];
  return typeof cap === 'number' ? cap : undefined;
}

/**
 * The demo answer: deterministic, one output token a word, cut at the request's output cap
 * (`max_tokens` and its kin) like a real model's; input usage estimated from the request (about
 * 4 bytes of JSON a token, stream settings left out so a streamed call counts as the same call).
 */
export function demoReply(call: UpstreamCall, body: Record<string, unknown>): CannedReply {
  const words = `This is the Meridian demo channel answering as ${call.upstreamModel}: no upstream model was called.`.split(' ');
  const cap = outputCap(call.format, body);
  const capped = cap !== undefined && cap < words.length;
  const output = capped ? words.slice(0, Math.max(cap, 0)) : words;
  const { stream: _stream, stream_options: _options, ...prompt } = body;
  return {
    text: output.join(' '),
    toolCalls: [],
    usage: { input: Math.max(1, Math.ceil(JSON.stringify(prompt).length / 4)), cacheRead: 0, cacheWrite: 0, output: output.length, reasoning: 0 },
    capped,
  };
}

/**
 * The built-in demo kind: speaks every format, answers locally (no key, no network), streaming
 * too, so a fresh installation can be tried end to end.
 */
export const demoProvider: Provider = {
  formats: ['chat-completions', 'messages', 'generateContent', 'responses'],
  answer: (call) => {
    const body = JSON.parse(call.body.toString('utf8')) as Record<string, unknown> & { stream_options?: { include_usage?: boolean } };
    const reply = demoReply(call, body);
    if (!call.stream) {
      return { status: 200, headers: { 'content-type': 'application/json' }, body: Readable.from([Buffer.from(JSON.stringify(replyBody(call.format, reply, call.upstreamModel)))]) };
    }
    const includeUsage = body.stream_options?.include_usage === true;
    const frames = function* () {
      for (const event of replyEvents(call.format, reply, call.upstreamModel, { includeUsage })) yield Buffer.from(frameEventText(call.format, event));
    };
    return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: Readable.from(frames()) };
  },
};
