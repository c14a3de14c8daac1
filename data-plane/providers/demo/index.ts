import { Readable } from 'node:stream';
import { frameEventText } from '../../sse/frame.js';
import type { Provider, UpstreamCall } from '../provider.js';
import { replyBody, replyEvents, type CannedReply } from './reply.js';

/**
 * The demo answer: deterministic, with input usage estimated from the request (about 4 bytes of
 * JSON a token, stream settings left out so a streamed call counts as the same call).
 */
export function demoReply(call: UpstreamCall, body: Record<string, unknown>): CannedReply {
  const text = `This is the Meridian demo channel answering as ${call.upstreamModel}: no upstream model was called.`;
  const { stream: _stream, stream_options: _options, ...prompt } = body;
  return {
    text,
    toolCalls: [],
    usage: { input: Math.max(1, Math.ceil(JSON.stringify(prompt).length / 4)), cacheRead: 0, cacheWrite: 0, output: text.split(' ').length, reasoning: 0 },
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
