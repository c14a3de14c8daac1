import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';

/**
 * Ports are picked below Linux's ephemeral range (32768-60999 by default): a port from that range
 * that was free a moment ago can be taken by any outgoing connection of any process (the local
 * side of a connect) before the server that was meant to have it binds it. Below the range, only
 * another test picking the same port could, and a random pick makes that unlikely.
 */
const LOWEST = 20_000;
const HIGHEST = 32_000;

/** True when nothing listens on `port` of 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port of 127.0.0.1 that was free a moment ago, for a server whose own address must be
 * known before it starts (PUBLIC_BASE_URL naming the control plane itself, a child process).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = randomInt(LOWEST, HIGHEST);
    if (await isFree(port)) return port;
  }
}
