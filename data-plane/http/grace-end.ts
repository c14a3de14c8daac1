import { EventEmitter } from 'node:events';

/**
 * Raised once, when a stopping data plane's grace period (SHUTDOWN_GRACE_MS) ends with requests
 * still relaying: each aborts its upstream call, and the client gets what any cut answer gets in
 * its format (a stream's error event naming the request id, or a 503), never a silent end.
 */
export class GraceEnd extends EventEmitter {
  ended = false;

  constructor() {
    super();
    // One listener per request relaying at the time.
    this.setMaxListeners(0);
  }

  /** Ends the grace (once): every listener of `'end'` is called. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('end');
  }
}
