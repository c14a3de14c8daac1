import getRawBody from 'raw-body';
import type { Readable } from 'node:stream';

/**
 * Reads `stream` (a client's request body, an upstream's answer) to its end into one Buffer, or
 * resolves `undefined` as soon as it holds more than `limit` bytes (reading stops there and the
 * stream is paused; nothing read is kept). `onChunk` is told of every chunk (an idle timer's
 * restart). Rejects with the stream's error, or when it closes before its end.
 */
export function readBounded(stream: Readable, limit: number, onChunk?: () => void): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    // raw-body waits for 'end' or 'error' only: a stream destroyed without an error would leave it waiting.
    const onClose = () => {
      if (!stream.readableEnded) reject(Object.assign(new Error('The stream closed before its end'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    // The callback, not the promise: it runs at the stream's 'error', before the 'close' that follows.
    getRawBody(stream, { limit }, (err, bytes) => {
      stream.off('close', onClose);
      if (onChunk) stream.off('data', onChunk);
      if (!err) resolve(bytes);
      else if ((err as { type?: unknown }).type === 'entity.too.large') resolve(undefined);
      else reject(err);
    });
    stream.once('close', onClose);
    if (onChunk) stream.on('data', onChunk);
  });
}
