import { Readable } from 'node:stream';
import type { WireFormat } from '../../shared/formats.js';
import { AttemptAbort } from '../../shared/wire/attempt-abort.js';
import { UpstreamFailure } from '../../shared/wire/failure.js';
import { readUpstreamStream } from '../../shared/wire/upstream-stream.js';

/** Reads `text` (split into two chunks mid-event) as an upstream stream in `format`; the failure, or the events' data. */
async function read(format: WireFormat, text: string): Promise<UpstreamFailure | unknown[]> {
  const half = Math.floor(text.length / 2);
  const body = Readable.from([Buffer.from(text.slice(0, half)), Buffer.from(text.slice(half))]);
  const seen: unknown[] = [];
  const reading = { signal: new AttemptAbort(), received: () => undefined, secrets: () => ['sk-secret-key-0123'] };
  try {
    await readUpstreamStream(body, format, reading, (event) => seen.push(event.data));
    return seen;
  } catch (err) {
    if (err instanceof UpstreamFailure) return err;
    throw err;
  }
}

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('an upstream stream read with no client, judged as the relay judges it', () => {
  test('a whole stream: every event but comments, in order', async () => {
    expect(await read('chat-completions', `: keep-alive\n\n${chunk('a')}${chunk('b')}data: [DONE]\n\n`)).toEqual([
      { choices: [{ index: 0, delta: { content: 'a' } }] },
      { choices: [{ index: 0, delta: { content: 'b' } }] },
      '[DONE]',
    ]);
    expect(await read('messages', 'event: message_stop\ndata: {"type":"message_stop"}\n\n')).toEqual([{ type: 'message_stop' }]);
  });

  test('an in-band error: the status HTTP would carry, its message without the key', async () => {
    const overloaded = await read('messages', 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded sk-secret-key-0123"}}\n\n');
    expect(overloaded).toMatchObject({ result: 'status', status: 503 });
    expect((overloaded as UpstreamFailure).message).not.toContain('sk-secret-key-0123');
    expect(await read('responses', 'data: {"type":"response.failed","response":{"error":{"code":"server_error","message":"boom"}}}\n\n')).toMatchObject({ result: 'status', status: 502 });
  });

  test('no terminal event is a cut; no event, or a malformed one, a bad answer', async () => {
    expect(await read('chat-completions', chunk('a'))).toMatchObject({ result: 'cut' });
    expect(await read('generateContent', ': only a comment\n\n')).toMatchObject({ result: 'bad-response' });
    expect(await read('chat-completions', 'data: {not json\n\n')).toMatchObject({ result: 'bad-response' });
  });
});
