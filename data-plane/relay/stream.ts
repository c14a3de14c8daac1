/**
 * Streams from the upstream to the client, chunk by chunk with the client's backpressure; state
 * is O(1) per stream (one partial event at most), whatever the stream's length.
 */
import type { Readable } from 'node:stream';
import type { WireFormat } from '../../shared/formats.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { SseParser, type SseRecord } from '../../shared/wire/sse/parse.js';
import { frameEvent, frameEventText } from '../../shared/wire/sse/frame.js';
import type { StreamEvent, Translator } from '../../shared/wire/translate/translator.js';
import type { ClientStream } from './client-stream.js';
import type { AnswerObserver } from './relay.js';
import { UpstreamFailure, failureFromError, redact } from '../../shared/wire/failure.js';
import { StreamWatch, type InBandError } from './stream-watch.js';
import { streamErrorEvent } from './stream-error.js';
import { ResponsesTally } from './responses-tally.js';
import { findUsageOnlyChunk } from './usage-chunk.js';
import type { AbortSource } from '../../shared/wire/attempt-abort.js';

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

/** Tells `tally` the complete raw events `events` (a Responses client's pass-through stream). */
function tallyRaw(tally: ResponsesTally, events: Buffer): void {
  for (const record of SseParser.parseComplete(events)) {
    try {
      tally.event(JSON.parse(record.data));
    } catch {
      // Not JSON: nothing the tally could use (the client's SDK judges it).
    }
  }
}

/** Cap on one pending (incomplete) event. */
const MAX_PENDING_EVENT = 16 * 1024 * 1024;

/** End offset of the last complete SSE event in `buf` (after its blank line), or 0. */
function lastBoundary(buf: Buffer): number {
  const ends = [buf.lastIndexOf('\n\n'), buf.lastIndexOf('\r\n\r\n'), buf.lastIndexOf('\r\r')];
  const lens = [2, 4, 2];
  let end = 0;
  ends.forEach((at, i) => {
    if (at !== -1) end = Math.max(end, at + lens[i]);
  });
  return end;
}

const emptyStream = () => new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream stream ended without any event'));

/** The upstream closed its stream cleanly but before its terminal event: a cut, as far as the client and the charge go. */
const endedEarly = () => new UpstreamFailure('cut', true, new GatewayError('upstream', 'The upstream stream ended before the answer was complete'));

/**
 * An error the upstream reported in its stream, as the status HTTP would have carried (breaker and
 * health count it alike): 503 when it says it is overloaded, 502 otherwise; 400 when it says the
 * request is invalid, which is the client's mistake (no other channel is tried, nothing is counted).
 */
function inBandFailure(error: InBandError, sink: StreamSink): UpstreamFailure {
  const message = redact(error.message, sink.secrets());
  if (error.refusesRequest) return new UpstreamFailure('status', false, new GatewayError('invalid_request', `The upstream refused the request: ${message}`), 400);
  const client = new GatewayError(error.overloaded ? 'unavailable' : 'upstream', `The upstream reported an error: ${message}`);
  return new UpstreamFailure('status', true, client, error.overloaded ? 503 : 502);
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
 * error event is not forwarded: the stream fails there (./stream-watch.ts).
 */
export async function pipePassThrough(body: Readable, sink: StreamSink): Promise<void> {
  let pending: Buffer | undefined;
  let hideUsage = sink.hideUsageChunk === true;
  const watch = new StreamWatch(sink.format);
  const tally = tallyFor(sink);
  /** Sends complete events up to an in-band error (then fails). */
  const forward = async (events: Buffer) => {
    const error = watch.scan(events);
    if (!error) return send(events);
    if (error.at > 0) await send(events.subarray(0, error.at));
    throw inBandFailure(error.error, sink);
  };
  /** Sends complete events, less the usage-only chunk when it is hidden (there is one per stream). */
  const send = async (events: Buffer) => {
    sink.observer?.events(events);
    if (tally) tallyRaw(tally, events);
    const usage = hideUsage ? findUsageOnlyChunk(events) : undefined;
    if (!usage) return sink.client.write(events);
    hideUsage = false;
    if (usage.from > 0) await sink.client.write(events.subarray(0, usage.from));
    if (usage.to < events.length) await sink.client.write(events.subarray(usage.to));
  };
  try {
    for await (const chunk of body) {
      sink.received();
      const buf = pending ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      const end = lastBoundary(buf);
      pending = end < buf.length ? buf.subarray(end) : undefined;
      if (pending && pending.length > MAX_PENDING_EVENT) throw new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream sent an oversized event'));
      if (end > 0) await forward(buf.subarray(0, end));
    }
  } catch (err) {
    return fail(sink, err, tally);
  }
  try {
    // A last event without its blank line: complete it (the Gemini SDK rejects an unterminated one).
    if (pending && pending.toString('utf8').trim() !== '') await forward(Buffer.concat([pending, Buffer.from('\n\n')]));
    if (!sink.client.committed) throw emptyStream();
    if (!watch.finished) throw endedEarly();
  } catch (err) {
    return fail(sink, err, tally);
  }
  sink.client.end();
}

function toEvent(record: SseRecord): StreamEvent {
  if (record.data === '[DONE]') return { event: record.event, data: '[DONE]' };
  try {
    return { event: record.event, data: JSON.parse(record.data) };
  } catch {
    throw new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream sent a malformed stream event'));
  }
}

/**
 * Different formats: parses upstream events, maps them with the request's translator, frames them
 * in the client's format. An in-band error event is not translated: the stream fails there
 * (./stream-watch.ts).
 */
export async function pipeTranslated(body: Readable, translator: Translator, sink: StreamSink): Promise<void> {
  const parser = new SseParser();
  const watch = new StreamWatch(translator.to);
  const tally = tallyFor(sink);
  const emit = async (events: StreamEvent[]) => {
    if (tally) for (const event of events) tally.event(event.data);
    if (events.length > 0) await sink.client.write(Buffer.from(events.map((e) => frameEventText(sink.format, e)).join(''), 'utf8'));
  };
  let events = 0;
  /** Translates and sends the records, up to an in-band error (then fails). */
  const relay = async (records: SseRecord[]) => {
    events += records.length;
    const out: StreamEvent[] = [];
    for (const record of records) {
      const event = toEvent(record);
      const error = watch.event(event);
      if (error) {
        await emit(out);
        throw inBandFailure(error, sink);
      }
      sink.observer?.event(event.data);
      out.push(...translator.streamEvent(event));
    }
    await emit(out);
  };
  try {
    for await (const chunk of body) {
      sink.received();
      await relay(parser.push(chunk as Buffer));
    }
    await relay(parser.end());
    if (events === 0) throw emptyStream();
    if (!watch.finished) throw endedEarly();
    await emit(translator.streamEnd());
    if (!sink.client.committed) throw emptyStream();
  } catch (err) {
    return fail(sink, err, tally);
  }
  sink.client.end();
}
