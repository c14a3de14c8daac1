import { ConfigError } from '../config/env.js';
import { createLogger } from '../log.js';

const log = createLogger('main');

/**
 * Runs a process entry point: a configuration problem prints one clear line naming the variable
 * and exits 1; SIGTERM/SIGINT run `close` (drain in-flight requests, close connections) and exit 0.
 */
export async function runMain(start: () => Promise<{ close(): Promise<void> }>): Promise<void> {
  let running: { close(): Promise<void> };
  try {
    running = await start();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
    } else {
      console.error('Failed to start:', err);
    }
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    running
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error('Error while shutting down:', err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
