import { createLogger } from '../../shared/log.js';
import { GatewayError } from '../../shared/wire/errors.js';

const log = createLogger('rate-limits');

/** What {@link FailOpen} needs. */
export interface FailOpenOptions {
  /** How long requests are admitted unchecked once the limiter stops answering (RATE_LIMIT_FAIL_OPEN_MS). */
  failOpenMs: number;
  /** The longest wait for one limiter call (REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  now?: () => number;
}

/**
 * The rate limiter's answer to an unreachable Redis: each call waits at most `timeoutMs`; while
 * calls fail, requests are admitted without limits for up to `failOpenMs` from the first failure
 * (better than refusing everyone), then refused with 503 until Redis answers again. Each change
 * is logged once, not per request.
 */
export class FailOpen {
  /** When the current outage began (first failed call), or null while Redis answers. */
  private failingSince: number | null = null;
  private closedLogged = false;
  private readonly now: () => number;

  constructor(private readonly options: FailOpenOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The call's answer, or undefined when it failed and requests are admitted unchecked; throws a
   * 503 once the outage outlasted `failOpenMs`.
   */
  async check<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      const answer = await this.bounded(call);
      this.recovered();
      return answer;
    } catch (err) {
      this.failed(err as Error);
      if (this.now() - this.failingSince! < this.options.failOpenMs) return undefined;
      if (!this.closedLogged) {
        this.closedLogged = true;
        log.error('rate limits still cannot be checked: refusing model requests (503) until Redis answers', { failOpenMs: this.options.failOpenMs });
      }
      throw new GatewayError('unavailable', 'Rate limits cannot be checked right now; please retry shortly');
    }
  }

  /** Runs a call nobody waits for (slot releases, corrections, renewals): a failure is only noted (slots expire by themselves). */
  background(call: () => Promise<unknown>): void {
    this.bounded(call).then(
      () => this.recovered(),
      (err: Error) => this.failed(err),
    );
  }

  private bounded<T>(call: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      call().then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  private failed(err: Error): void {
    if (this.failingSince !== null) return;
    this.failingSince = this.now();
    log.warn('rate limits cannot be checked (Redis): admitting requests without rate limits for a while', { failOpenMs: this.options.failOpenMs, message: err.message });
  }

  private recovered(): void {
    if (this.failingSince === null) return;
    this.failingSince = null;
    this.closedLogged = false;
    log.info('rate limits are checked again (Redis answers)');
  }
}
