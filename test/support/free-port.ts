import { createServer } from 'node:net';

/**
 * A TCP port of 127.0.0.1 that was free a moment ago, for a server whose own address must be
 * known before it starts (PUBLIC_BASE_URL naming the control plane itself).
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
