import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../shared/log.js';
import type { AccountReconciliation } from './reconcile.js';

const log = createLogger('reconciliation');

/** What the last run of the job found. */
export interface ReconciliationRun {
  startedAt: Date;
  finishedAt: Date;
  /** Accounts checked. */
  accounts: number;
  /** Those whose hot balance drifted from the ledger, or was missing. */
  drifting: AccountReconciliation[];
}

/**
 * The reconciliation job (issue: "a job and a GraphQL admin query"): every `everyMs`, every
 * account in id order, a page at a time, through `reconcile`. Drift is logged (a warning per
 * account) and kept as the last run's result; it is never corrected.
 */
export class ReconciliationJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconciliationRun> | undefined;
  /** The last complete run, if any. */
  last: ReconciliationRun | undefined;

  constructor(
    private readonly orm: MikroORM,
    /** Reconciles the next page of accounts in id order, those after `after` (all from the first when undefined). */
    private readonly reconcilePage: (em: EntityManager, after: string | undefined) => Promise<AccountReconciliation[]>,
    private readonly everyMs: number,
  ) {}

  /** Runs the job every `everyMs` (the first run after one period). */
  start(): void {
    this.timer = setInterval(() => {
      this.run().catch((error: unknown) => log.error('reconciliation run failed', { error: String(error) }));
    }, this.everyMs);
    this.timer.unref();
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One run over every account (a run already in progress is joined, not doubled). */
  run(): Promise<ReconciliationRun> {
    this.running ??= this.runOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runOnce(): Promise<ReconciliationRun> {
    const startedAt = new Date();
    const drifting: AccountReconciliation[] = [];
    let accounts = 0;
    let after: string | undefined;
    for (;;) {
      const page = await this.reconcilePage(this.orm.em.fork(), after);
      if (page.length === 0) break;
      for (const report of page) {
        if (report.status === 'ok') continue;
        drifting.push(report);
        log.warn('hot balance drifts from the ledger', {
          accountId: report.accountId,
          status: report.status,
          driftMicro: report.driftMicro?.toString() ?? null,
          lostMicro: report.lostMicro.toString(),
        });
      }
      accounts += page.length;
      after = page[page.length - 1].accountId;
    }
    this.last = { startedAt, finishedAt: new Date(), accounts, drifting };
    log.info('reconciliation run done', { accounts, drifting: drifting.length });
    return this.last;
  }
}
