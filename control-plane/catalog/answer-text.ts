/**
 * The text of an answer as a client of each wire format reads it, for the channel test: from a
 * complete body or from stream events. A complete answer the client would take for an error (an
 * error envelope, a failed response) throws {@link AnswerError}; a stream's error events never get
 * here (the stream watch fails the stream first, as it does in the relay).
 */
import type { WireFormat } from '../../shared/formats.js';
import type { StreamEvent } from '../../shared/wire/translate/translator.js';

/** An answer that is an error in the client's format; the message is the answer's own. */
export class AnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerError';
  }
}

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Throws when `data` is an error envelope (`{error: {message}}`, or Anthropic's `{type: 'error', error}`). */
function rejectError(data: Obj): void {
  if (data.error === undefined || data.error === null) return;
  throw new AnswerError(str(obj(data.error).message) || 'the answer is an error');
}

/** The text of a complete (non-streamed) answer in `format`. */
export function bodyText(format: WireFormat, body: Obj): string {
  rejectError(body);
  switch (format) {
    case 'chat-completions':
      return str(obj(obj(list(body.choices)[0]).message).content);
    case 'messages':
      return list(body.content)
        .filter((b) => b.type === 'text')
        .map((b) => str(b.text))
        .join('');
    case 'responses':
      if (body.status === 'failed') throw new AnswerError('the response failed');
      return list(body.output)
        .flatMap((item) => list(item.content))
        .filter((c) => c.type === 'output_text')
        .map((c) => str(c.text))
        .join('');
    case 'generateContent':
      return geminiText(body);
  }
}

/** The text one stream event in `format` adds ('' for events without text). */
export function eventText(format: WireFormat, event: StreamEvent): string {
  if (event.data === '[DONE]') return '';
  const data = obj(event.data);
  switch (format) {
    case 'chat-completions':
      return str(obj(obj(list(data.choices)[0]).delta).content);
    case 'messages':
      return data.type === 'content_block_delta' ? str(obj(data.delta).text) : '';
    case 'responses':
      return data.type === 'response.output_text.delta' ? str(data.delta) : '';
    case 'generateContent':
      return geminiText(data);
  }
}

/** The text parts of a Gemini answer's first candidate (thoughts left out). */
function geminiText(data: Obj): string {
  return list(obj(obj(list(data.candidates)[0]).content).parts)
    .filter((p) => p.thought !== true)
    .map((p) => str(p.text))
    .join('');
}
