import type { Server } from 'node:http';
import type { ListenOptions } from 'node:net';

/**
 * Starts `server` listening; rejects when it cannot (the port taken, an address not on this
 * machine). Without this, `listen` reports such errors as an 'error' event nobody listens to, and
 * the process dies with a stack trace instead of the one-line start-up failure.
 */
export function listen(server: Server, options: ListenOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
