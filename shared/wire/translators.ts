/**
 * Which upstream format serves a client format on a channel kind, and the translator for it. Pairs
 * without a translator of their own are composed through chat-completions, the pivot format
 * (docs/formats.md, "Translation"), e.g. responses -> chat -> messages.
 */
import type { WireFormat } from '../formats.js';
import type { ChannelKind } from '../snapshot/types.js';
import { providerFor } from './providers/registry.js';
import { createTranslator } from './translate/registry.js';
import { TranslationError, type StreamEvent, type TranslateContext, type Translator } from './translate/translator.js';

/**
 * Chat field names an inner translator's refusal or dropped field may start with, in the client's
 * own terms. Only Responses clients go through the pivot (every other pair has a translator of its own).
 */
const CLIENT_FIELDS: Partial<Record<WireFormat, Record<string, string>>> = {
  responses: {
    response_format: 'text.format',
    reasoning_effort: 'reasoning.effort',
    max_completion_tokens: 'max_output_tokens',
    messages: 'input',
    verbosity: 'text.verbosity',
    web_search_options: 'tools (web_search)',
  },
};

/** A field of the chat pivot that the inner translator dropped, named as the client sent it. */
function droppedInClientTerms(from: WireFormat, field: string): string {
  const head = /^[a-z_]+/.exec(field)?.[0];
  const name = head && CLIENT_FIELDS[from]?.[head];
  return name ? name + field.slice(head.length) : field;
}

/** A refusal of the chat pivot, worded with the client's field names (an index into the chat form is said to be one). */
function inClientTerms(from: WireFormat, error: TranslationError): TranslationError {
  const match = /^([a-z_]+)(\[\d+\][^:]*)?:/.exec(error.message);
  const field = match && CLIENT_FIELDS[from]?.[match[1]];
  if (!match || !field) return error;
  const where = match[2] ? ` (${match[1]}${match[2]} of its chat-completions form)` : '';
  return new TranslationError(`${field}${where}:${error.message.slice(match[0].length)}`);
}

/** `outer` (client -> chat) composed with `inner` (chat -> upstream); one pair of fresh instances per request. */
class ViaChatTranslator implements Translator {
  constructor(
    private readonly outer: Translator,
    private readonly inner: Translator,
  ) {}

  get from(): WireFormat {
    return this.outer.from;
  }

  get to(): WireFormat {
    return this.inner.to;
  }

  request(body: Record<string, unknown>, ctx: TranslateContext): Record<string, unknown> {
    const pivot = this.outer.request(body, { ...ctx, pivot: true });
    const dropped = ctx.dropped;
    const inner = dropped ? { ...ctx, dropped: (field: string) => dropped(droppedInClientTerms(this.outer.from, field)) } : ctx;
    try {
      return this.inner.request(pivot, inner);
    } catch (err) {
      throw err instanceof TranslationError ? inClientTerms(this.outer.from, err) : err;
    }
  }

  response(body: Record<string, unknown>): Record<string, unknown> {
    return this.outer.response(this.inner.response(body));
  }

  streamEvent(event: StreamEvent): StreamEvent[] {
    return this.inner.streamEvent(event).flatMap((e) => this.outer.streamEvent(e));
  }

  streamEnd(): StreamEvent[] {
    return [...this.inner.streamEnd().flatMap((e) => this.outer.streamEvent(e)), ...this.outer.streamEnd()];
  }
}

/** A fresh translator from `from` (client) to `to` (upstream): direct, or through chat; undefined when neither exists. */
export function translatorFor(from: WireFormat, to: WireFormat): Translator | undefined {
  const direct = createTranslator(from, to);
  if (direct || from === 'chat-completions' || to === 'chat-completions') return direct;
  const outer = createTranslator(from, 'chat-completions');
  const inner = createTranslator('chat-completions', to);
  return outer && inner ? new ViaChatTranslator(outer, inner) : undefined;
}

/**
 * The format to speak to a `kind` upstream for a `client`-format request: the client's own when
 * the upstream speaks it (pass-through), else the first native format a translator reaches;
 * undefined when none does.
 */
export function upstreamFormat(kind: ChannelKind, client: WireFormat): WireFormat | undefined {
  const formats = providerFor(kind).formats;
  if (formats.includes(client)) return client;
  return formats.find((f) => translatorFor(client, f) !== undefined);
}
