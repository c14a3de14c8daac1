import type { WireFormat } from '../../api/model-calls';

/** One server-sent event: its `event:` name (if any) and its joined `data:` lines. */
export interface SseEvent {
  event?: string;
  data: string;
}

/** Cuts a server-sent event stream into events as its chunks arrive (an event may span chunks). */
export class SseReader {
  private buffer = '';

  /** The events completed by `chunk`. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk.replace(/\r\n/g, '\n');
    const events: SseEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) events.push({ event, data: data.join('\n') });
    }
    return events;
  }
}

type Json = Record<string, unknown> & {
  type?: string;
  delta?: { text?: string; content?: string } | string;
  choices?: { delta?: { content?: string | null } }[];
  candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] } }[];
  error?: { message?: string };
  message?: string;
  response?: { error?: { message?: string } };
};

function parse(data: string): Json | undefined {
  try {
    return JSON.parse(data) as Json;
  } catch {
    return undefined;
  }
}

/** What an event of `format`'s stream adds to the answer's text ('' for events that carry none). */
export function textOf(format: WireFormat, event: SseEvent): string {
  const body = parse(event.data);
  if (!body) return '';
  switch (format) {
    case 'chat-completions':
      return body.choices?.[0]?.delta?.content ?? '';
    case 'messages':
      return body.type === 'content_block_delta' && typeof body.delta === 'object' ? (body.delta.text ?? '') : '';
    case 'responses':
      return body.type === 'response.output_text.delta' && typeof body.delta === 'string' ? body.delta : '';
    case 'generateContent':
      return (body.candidates?.[0]?.content?.parts ?? []).map((p) => (p.thought ? '' : (p.text ?? ''))).join('');
  }
}

/** The error an event reports (an error event inside a stream), if it is one. */
export function errorOf(event: SseEvent): string | undefined {
  const body = parse(event.data);
  if (!body) return undefined;
  if (body.type === 'response.failed') return body.response?.error?.message ?? 'response.failed';
  if (body.type === 'error' && typeof body.message === 'string') return body.message;
  return body.error?.message;
}

/** The message of an error answer in any of the formats' shapes, or the text itself. */
export function errorMessageOf(text: string): string {
  const body = parse(text);
  return body?.error?.message ?? (text.trim() || '');
}
