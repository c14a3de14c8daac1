import type { Readable } from 'node:stream';
import type { WireFormat } from '../formats.js';
import type { AnswerReading } from './attempt.js';
import { failureFromError } from './failure.js';
import { SseReader, type SseEvent } from './sse/read.js';
import { StreamWatch, emptyStream, endedEarly, inBandFailure, malformedEvent, readEvents } from './stream-watch.js';

/**
 * Reads an upstream event stream in `format` to its end with no client (the control plane's
 * probes and channel tests), each event once, and fails it as the relay's pipes do
 * (./stream-watch.ts): an oversized or malformed event, an in-band error, no event at all, no
 * terminal event; a connection that breaks or falls silent as a cut or a timeout. Comments and
 * keep-alives are skipped; `onEvent` sees every other event. Throws UpstreamFailure.
 */
export async function readUpstreamStream(body: Readable, format: WireFormat, reading: Pick<AnswerReading, 'signal' | 'received' | 'secrets'>, onEvent: (event: SseEvent) => void = () => undefined): Promise<void> {
  const reader = new SseReader();
  const watch = new StreamWatch(format);
  let count = 0;
  const take = (events: SseEvent[]) => {
    for (const event of events) {
      if (event.data === undefined) continue;
      if (event.malformed) throw malformedEvent();
      count++;
      const error = watch.event(event);
      if (error) throw inBandFailure(error, reading.secrets());
      onEvent(event);
    }
  };
  try {
    for await (const chunk of body) {
      reading.received();
      take(readEvents(reader, chunk as Buffer));
    }
    take(readEvents(reader, undefined));
  } catch (err) {
    throw failureFromError(err, reading.signal, 'cut');
  }
  if (count === 0) throw emptyStream();
  if (!watch.finished) throw endedEarly();
}
