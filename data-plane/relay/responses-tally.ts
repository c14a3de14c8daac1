/**
 * What a Responses stream has told its client so far (docs/formats.md, "Responses streaming"):
 * the Response it announced (`response.created`), the last `sequence_number`, and the output items
 * with the text, arguments and summaries their deltas delivered. A stream the gateway must end
 * early ends with a `response.failed` that continues it: the next sequence number, the stream's own
 * response id, and `output` holding what was delivered (items still open marked `incomplete`), so
 * an SDK's final Response agrees with what its user saw. It sees the events the client gets,
 * whether passed through or translated; its memory grows with the output, like the client's own
 * copy.
 */
import type { StreamEvent } from '../../shared/wire/translate/translator.js';

type Loose = Record<string, unknown>;

function asRecord(value: unknown): Loose | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
}

/** Appends `delta` to the string field `key` of `target` (absent counts as ''). */
function append(target: Loose | undefined, key: string, delta: unknown): void {
  if (target && typeof delta === 'string') target[key] = (typeof target[key] === 'string' ? (target[key] as string) : '') + delta;
}

/** Follows one Responses stream sent to a client. */
export class ResponsesTally {
  private sequence = -1;
  private response: Loose | undefined;
  private readonly items: Loose[] = [];
  private readonly done = new Set<number>();

  /** One event's data, as the client got it. */
  event(data: unknown): void {
    const e = asRecord(data);
    if (!e) return;
    if (typeof e.sequence_number === 'number') this.sequence = Math.max(this.sequence, e.sequence_number);
    const index = typeof e.output_index === 'number' ? e.output_index : -1;
    const item = this.items[index];
    const part = (list: unknown, at: unknown) => (Array.isArray(list) && typeof at === 'number' ? asRecord(list[at]) : undefined);
    switch (e.type) {
      case 'response.created':
      case 'response.in_progress':
        if (asRecord(e.response)) this.response = e.response as Loose;
        return;
      case 'response.output_item.added':
      case 'response.output_item.done': {
        const added = asRecord(e.item);
        if (!added || index < 0) return;
        // A copy: the item grows here as deltas come, and a `done` item replaces it whole.
        this.items[index] = structuredClone(added);
        if (e.type === 'response.output_item.done') this.done.add(index);
        return;
      }
      case 'response.content_part.added':
      case 'response.reasoning_summary_part.added': {
        const key = e.type === 'response.content_part.added' ? 'content' : 'summary';
        const at = e.type === 'response.content_part.added' ? e.content_index : e.summary_index;
        if (!item || typeof at !== 'number' || !asRecord(e.part)) return;
        if (!Array.isArray(item[key])) item[key] = [];
        (item[key] as unknown[])[at] = structuredClone(e.part);
        return;
      }
      case 'response.output_text.delta':
        return append(part(item?.content, e.content_index), 'text', e.delta);
      case 'response.refusal.delta':
        return append(part(item?.content, e.content_index), 'refusal', e.delta);
      case 'response.reasoning_summary_text.delta':
        return append(part(item?.summary, e.summary_index), 'text', e.delta);
      case 'response.function_call_arguments.delta':
        return append(item, 'arguments', e.delta);
    }
  }

  /** The `response.failed` event that ends this stream with `error`. */
  failed(error: { code: string; message: string }, fallbackId: string, model: string): StreamEvent {
    const output = this.items.flatMap((item, index) => (item === undefined ? [] : [this.done.has(index) || !('status' in item) ? item : { ...item, status: 'incomplete' }]));
    const response = {
      ...(this.response ?? { id: fallbackId, object: 'response', created_at: Math.floor(Date.now() / 1000), model }),
      status: 'failed',
      error,
      incomplete_details: null,
      output,
      usage: null,
    };
    return { event: 'response.failed', data: { type: 'response.failed', sequence_number: this.sequence + 1, response } };
  }
}
