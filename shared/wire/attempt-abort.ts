import { EventEmitter } from 'node:events';

/** Why the relay aborted an upstream call (the AbortSignal reason). */
export class AbortReason extends Error {
  constructor(readonly result: 'timeout' | 'idle' | 'client-gone' | 'shutdown') {
    super(result === 'timeout' ? 'upstream timed out' : result === 'idle' ? 'upstream fell silent' : result === 'client-gone' ? 'client went away' : 'the shutdown grace ended');
  }
}

/** What an upstream call can be aborted by: an AbortSignal, or an {@link AttemptAbort}. */
export interface AbortSource {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

/**
 * The abort switch of one upstream attempt (deadline, client gone), given to undici as the
 * request's `signal`. undici accepts an EventEmitter there; one costs far less to make than an
 * AbortController, and the relay makes one per attempt.
 */
export class AttemptAbort extends EventEmitter implements AbortSource {
  aborted = false;
  reason: AbortReason | undefined;

  /** Aborts once; later calls keep the first reason. */
  abort(reason: AbortReason): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}
