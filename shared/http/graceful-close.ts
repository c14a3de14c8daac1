import type { Server } from 'node:http';

/**
 * Stops accepting connections, lets in-flight requests finish (idle keep-alive sockets are closed
 * at once), and after `timeoutMs` cuts whatever is still open.
 */
export function gracefulClose(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
