/**
 * Streams from the upstream to the client, chunk by chunk with the client's backpressure; state
 * is O(1) per stream (one partial event at most), whatever the stream's length. Each upstream
 * event is read once (../../shared/wire/sse/read.ts); the stream watch, metering's observer, the
 * usage-only chunk filter, the Responses tally and the translator all read that one event.
 */
import type { Readable } from 'node:stream';
import type { WireFormat } from '../../shared/formats.js';
import { SseReader, rawOf, type SseEvent } from '../../shared/wire/sse/read.js';
import { frameEvent, frameEventText } from '../../shared/wire/sse/frame.js';
import type { StreamEvent, Translator } from '../../shared/wire/translate/translator.js';
import type { ClientStream } from './client-stream.js';
import { failureFromError } from '../../shared/wire/failure.js';
import { StreamWatch, emptyStream, endedEarly, inBandFailure, malformedEvent, readEvents } from '../../shared/wire/stream-watch.js';
import { streamErrorEvent } from './stream-error.js';
import { ResponsesTally } from './responses-tally.js';
import { isUsageOnlyChunk } from './usage-chunk.js';
import type { AbortSource } from '../../shared/wire/attempt-abort.js';

/** Sees one attempt's successful answer as it goes to the client, in the upstream's format (never an error body). */
export interface AnswerObserver {
  /** A complete (non-streamed) answer, parsed (undefined when it was not JSON). */
  body(answer: unknown): void;
  /** One upstream stream event, pass-through or translated alike (the hidden usage-only chunk too). */
  event(event: SseEvent): void;
}

/** Where a stream goes and what it needs to end it in-format. */
export interface StreamSink {
  client: ClientStream;
  /** Called on every upstream chunk (stops the first-byte timer, restarts the idle timer). */
  received(): void;
  signal: AbortSource;
  requestId: string;
  /** The model the client asked for, for a `response.failed` event. */
  model: string;
  /** The client's format. */
  format: WireFormat;
  /** Metering's view of what is streamed. */
  observer?: AnswerObserver;
  /** chat-completions: the gateway added `include_usage`, so the usage-only chunk is not the client's (see usage-chunk.ts). */
  hideUsageChunk?: boolean;
  /** What must never reach the client from this call (its key, the upstream's address); asked only when an error is reported. */
  secrets(): string[];
}

/** A tally of the client's stream when it is a Responses one (its failure event continues it). */
function tallyFor(sink: StreamSink): ResponsesTally | undefined {
  return sink.format === 'responses' ? new ResponsesTally() : undefined;
}

/**
 * A failure while streaming: before the first byte reached the client it is rethrown (the relay
 * tries the next channel); after, the client's stream gets an in-format error event and ends, and
 * the failure is rethrown for the record. `tally`: what a Responses client was sent so far.
 */
async function fail(sink: StreamSink, err: unknown, tally: ResponsesTally | undefined): Promise<never> {
  const failure = failureFromError(err, sink.signal, 'cut');
  if (sink.client.committed && !sink.client.closed) {
    await sink.client.write(frameEvent(sink.format, streamErrorEvent(sink.format, failure.clientError, sink.requestId, sink.model, tally)));
    sink.client.end();
  }
  throw failure;
}

/**
 * Same format in and out: forwards the upstream's bytes unchanged, cut at event boundaries so a
 * connection that breaks mid-event never leaves half an event before the error event. An in-band
 * error event is not forwarded: the stream fails there (shared/wire/stream-watch.ts). The complete events of
 * one upstream read go out in one write, less the hidden usage-only chunk (one per stream).
 */
export async function pipePassThrough(body: Readable, sink: StreamSink): Promise<void> {
  const reader = new SseReader();
  const watch = new StreamWatch(sink.format);
  const tally = tallyFor(sink);
  let hideUsage = sink.hideUsageChunk === true;
  /** Writes `events[from, to)`, if any. */
  const send = async (events: SseEvent[], from: number, to: number) => {
    if (to > from) await sink.client.write(rawOf(events, from, to));
  };
  const forward = async (events: SseEvent[]) => {
    let from = 0;
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      const error = watch.event(event);
      if (error) {
        await send(events, from, i);
        throw inBandFailure(error, sink.secrets());
      }
      sink.observer?.event(event);
      tally?.event(event.data);
      if (hideUsage && isUsageOnlyChunk(event.data)) {
        hideUsage = false;
        await send(events, from, i);
        from = i + 1;
      }
    }
    await send(events, from, events.length);
  };
  try {
    for await (const chunk of body) {
      sink.received();
      await forward(readEvents(reader, chunk as Buffer));
    }
    await forward(readEvents(reader, undefined));
    if (!sink.client.committed) throw emptyStream();
    if (!watch.finished) throw endedEarly();
  } catch (err) {
    return fail(sink, err, tally);
  }
  sink.client.end();
}

/**
 * Different formats: maps the upstream's events with the request's translator and frames them in
 * the client's format. An in-band error event is not translated: the stream fails there
 * (shared/wire/stream-watch.ts).
 */
export async function pipeTranslated(body: Readable, translator: Translator, sink: StreamSink): Promise<void> {
  const reader = new SseReader();
  const watch = new StreamWatch(translator.to);
  const tally = tallyFor(sink);
  const emit = async (events: StreamEvent[]) => {
    if (tally) for (const event of events) tally.event(event.data);
    if (events.length > 0) await sink.client.write(Buffer.from(events.map((e) => frameEventText(sink.format, e)).join(''), 'utf8'));
  };
  let count = 0;
  /** Translates and sends the events, up to an in-band error (then fails). */
  const relay = async (events: SseEvent[]) => {
    const out: StreamEvent[] = [];
    for (const event of events) {
      if (event.data === undefined) continue; // a comment or keep-alive: nothing to translate
      if (event.malformed) throw malformedEvent();
      count++;
      const error = watch.event(event);
      if (error) {
        await emit(out);
        throw inBandFailure(error, sink.secrets());
      }
      sink.observer?.event(event);
      out.push(...translator.streamEvent(event));
    }
    await emit(out);
  };
  try {
    for await (const chunk of body) {
      sink.received();
      await relay(readEvents(reader, chunk as Buffer));
    }
    await relay(readEvents(reader, undefined));
    if (count === 0) throw emptyStream();
    if (!watch.finished) throw endedEarly();
    await emit(translator.streamEnd());
    if (!sink.client.committed) throw emptyStream();
  } catch (err) {
    return fail(sink, err, tally);
  }
  sink.client.end();
}
