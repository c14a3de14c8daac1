/** Where the complete SSE event holding a given byte lies in a buffer of complete events. */

/** The blank lines that may end an event (LF, CRLF or CR framing). */
const BOUNDARIES = [Buffer.from('\n\n'), Buffer.from('\r\n\r\n'), Buffer.from('\r\r')];

/** A byte range `[from, to)`. */
export interface ByteRange {
  from: number;
  to: number;
}

/** The complete event of `events` (which ends at an event boundary) that holds byte `at`. */
export function eventAround(events: Buffer, at: number): ByteRange {
  let from = 0;
  let to = events.length;
  for (const b of BOUNDARIES) {
    const before = events.lastIndexOf(b, at);
    if (before !== -1) from = Math.max(from, before + b.length);
    const after = events.indexOf(b, at);
    if (after !== -1) to = Math.min(to, after + b.length);
  }
  return { from, to };
}
