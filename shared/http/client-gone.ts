import type Koa from 'koa';
import type { Logger } from '../log.js';

/** Socket errors that only mean the client went away. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Koa's default handler prints a stack trace to stderr for every client that hangs up mid-answer
 * (routine for streams, and for a browser leaving a page while a file downloads): those are
 * expected; anything else goes to the log.
 */
export function logResponseErrors(app: Koa<never>, log: Logger): void {
  app.on('error', (err: Error & { code?: string }) => {
    if (!CLIENT_GONE.has(err.code ?? '')) log.error('response error', { message: err.message, errorCode: err.code });
  });
}
