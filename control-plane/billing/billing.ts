import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../services.js';
import { UsageConsumer } from '../usage/usage.consumer.js';
import { HotBalanceService } from './hot-balance.service.js';

/** Topic of the `balanceChanged` subscription; payload {@link BalanceChangedPayload}. */
export const BALANCE_CHANGED = 'BALANCE_CHANGED';

/** What is published on {@link BALANCE_CHANGED}. */
export interface BalanceChangedPayload {
  accountId: string;
}

/** Options of the billing services (tests tune them; production uses the defaults). */
export interface BillingOptions {
  /** Start the usage consumer loop (default true). Tests drive it with `consumer.drain()` instead. */
  consumeUsage?: boolean;
  now?: () => number;
}

/**
 * The money side of the control plane: hot balances kept in step with the ledger, the usage
 * consumer, and (see their own files) top-ups, redemption codes and adjustments.
 */
export class Billing {
  readonly hot: HotBalanceService;
  readonly consumer: UsageConsumer;

  constructor(private readonly deps: AppDeps, private readonly options: BillingOptions = {}) {
    const publish = (accountId: string): void => {
      void deps.events.pubSub.publish(BALANCE_CHANGED, { accountId } satisfies BalanceChangedPayload);
    };
    this.hot = new HotBalanceService({ orm: deps.orm, balances: deps.ports.balances, usage: deps.ports.usage, onChanged: publish, now: options.now });
    this.consumer = new UsageConsumer(deps.orm, deps.ports.usage, {
      consumer: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
      onCommitted: (accounts) => accounts.forEach(publish),
    });
  }

  /** Loads missing hot balances, then starts the expiry sweep and the usage consumer. */
  async start(): Promise<void> {
    await this.hot.start();
    if (this.options.consumeUsage !== false) await this.consumer.start();
  }

  /** Stops the background jobs. */
  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.hot.stop();
  }
}
