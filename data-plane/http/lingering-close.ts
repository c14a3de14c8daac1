import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much more of a refused request's body is read and dropped, and for how long at most, before its connection is destroyed. */
export interface LingerBounds {
  bytes: number;
  ms: number;
}

/** 1 MiB or 2 seconds, whichever comes first. */
export const LINGER_BOUNDS: LingerBounds = { bytes: 1024 * 1024, ms: 2000 };

/**
 * Closes the connection of a request refused before its body was read, without a reset where it
 * can: the answer says `connection: close`, the connection's writing side ends once the answer is
 * sent, and the rest of the body is read and dropped until it ends, or up to `bounds` (counted
 * from the refusal), then the connection is destroyed. Why: a socket closed with bytes unread (or
 * that receives more after it closed) makes the kernel answer with a reset, which may discard the
 * answer, at either end, before the client read it; and Node alone would either close at once
 * (`connection: close`) or read all the rest to keep the connection alive.
 *
 * Call before the answer is written.
 */
export function closeLingering(req: IncomingMessage, res: ServerResponse, bounds: LingerBounds = LINGER_BOUNDS): void {
  res.setHeader('connection', 'close');
  const socket = req.socket;
  let answered = false;
  let done = false;
  let read = 0;
  // Once what was written is flushed, as Node's own destroySoon does.
  const drop = () => {
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const enough = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.pause();
    if (answered) drop();
  };
  const timer = setTimeout(enough, bounds.ms);
  socket.once('close', () => clearTimeout(timer));
  // Node ends the connection once a `connection: close` answer is written and destroys it as soon
  // as that answer is flushed (destroySoon); here it is only ended, and destroyed when `enough`.
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    if (done) drop();
  };
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > bounds.bytes) enough();
  });
  // The whole body read (nothing left to reset over), or the client gone.
  req.once('end', enough);
  req.once('close', enough);
  // Read from now: a body nobody started to read would otherwise be read whole by Node when the answer is done.
  req.resume();
}
