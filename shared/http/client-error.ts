import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';

/** A request Node's HTTP parser refused before any handler saw it. */
export interface RefusedRequest {
  /** 431 (headers over the size limit), 408 (headers not received in time) or 400 (malformed). */
  status: number;
  /** What was wrong, in a sentence safe to show. */
  message: string;
  /** The request path when its request line had arrived ("/v1/messages"), else undefined. */
  path: string | undefined;
}

/** The parser codes with a status of their own; every other parse error is a 400. */
const STATUS_OF_CODE: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are larger than the server accepts' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request headers did not arrive in time' },
};

/** Errors of a socket the client already closed: nothing can be answered. */
const GONE = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Answers requests that Node's parser refuses (the server's `clientError` event: headers over
 * `--max-http-header-size`, malformed requests) with a JSON body made by `body`, instead of
 * Node's default status line with an empty body, then closes the connection.
 */
export function answerClientErrors(server: http.Server, body: (refused: RefusedRequest) => { headers?: Record<string, string>; json: unknown }): void {
  server.on('clientError', (err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    // A response already under way on this connection (keep-alive) cannot be followed by another.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (GONE.has(err.code ?? '') || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const known = STATUS_OF_CODE[err.code ?? ''] ?? { status: 400, message: 'The request is not valid HTTP' };
    const line = err.rawPacket ? /^[A-Z]+ (\/[^\s?#]*)/.exec(err.rawPacket.subarray(0, 8192).toString('latin1')) : null;
    const answer = body({ ...known, path: line?.[1] });
    const text = JSON.stringify(answer.json);
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), connection: 'close', ...answer.headers };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.end(`HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n${head}\r\n${text}`);
  });
}
