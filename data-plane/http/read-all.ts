import type { Readable } from 'node:stream';

/** What {@link readAll} read. */
export interface ReadResult {
  /** The bytes read: all of them, or the first `limit` on overflow. */
  bytes: Buffer;
  /** The stream had more than `limit` bytes (reading stopped there). */
  overflow: boolean;
}

/**
 * Reads `stream` to its end into one Buffer, or stops once it holds more than `limit` bytes;
 * `onChunk` is told of every chunk (an idle timer's restart). Rejects with the stream's error, or
 * when it closes before its end. (Listeners, not `for await`: an async iterator per body was a
 * measurable share of a request.)
 */
export function readAll(stream: Readable, limit: number, onChunk?: () => void): Promise<ReadResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (err: Error | null, overflow: boolean) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (err) reject(err);
      else resolve({ bytes: Buffer.concat(chunks, size), overflow });
    };
    const onData = (chunk: Buffer) => {
      onChunk?.();
      if (size + chunk.length <= limit) {
        chunks.push(chunk);
        size += chunk.length;
        return;
      }
      chunks.push(chunk.subarray(0, limit - size));
      size = limit;
      stream.pause();
      finish(null, true);
    };
    const onEnd = () => finish(null, false);
    const onError = (err: Error) => finish(err, false);
    const onClose = () => finish(Object.assign(new Error('The stream closed before its end'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }), false);
    stream.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
