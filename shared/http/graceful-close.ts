import type { Server } from 'node:http';

/** Default grace of in-flight requests at shutdown (SHUTDOWN_GRACE_MS). */
export const SHUTDOWN_GRACE_MS = 30_000;

/** How long requests still open when the grace ends get to end themselves (`onGraceEnd`) before their connections are cut. */
const CUT_WAIT_MS = 2000;

/** How often connections that went idle meanwhile (a keep-alive request finished) are closed while draining. */
const IDLE_SWEEP_MS = 100;

/** How {@link gracefulClose} drains. */
export interface GracefulCloseOptions {
  /** How long in-flight requests may take to finish. */
  graceMs: number;
  /**
   * Called once when the grace ends with requests still open: ends them in their own format (a
   * stream's error event), never a silent end of stream. They have a moment to do so before
   * their connections are cut.
   */
  onGraceEnd?: () => void;
}

/**
 * Stops accepting connections, lets in-flight requests finish (idle keep-alive sockets are closed
 * at once, and as soon as they go idle), and when the grace ends has whatever is still open ended
 * (`onGraceEnd`), then cuts the connections left.
 */
export function gracefulClose(server: Server, options: GracefulCloseOptions): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let cut: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      options.onGraceEnd?.();
      cut = setTimeout(() => server.closeAllConnections(), options.onGraceEnd ? CUT_WAIT_MS : 0);
    }, options.graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(grace);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
