import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../shared/log.js';
import type { EphemeralStore } from '../../shared/ports/ephemeral-store.js';
import { everyWhileHeld, type JobLease, type Schedule } from '../jobs/job-lease.js';
import type { AccountReconciliation } from './reconcile.js';

const log = createLogger('reconciliation');

/** Where the last run's result is kept for every control plane to answer with. */
const LAST_RUN = 'reconciliation:last-run';
/** How long a run's result is kept when no run follows (a control plane always running replaces it much sooner). */
const LAST_RUN_KEPT_MS = 30 * 24 * 3600_000;
/** The micro-RMB fields of a report: bigints, written as decimal strings. */
const MICRO_FIELDS = ['ledgerMicro', 'openReservationsMicro', 'unconsumedMicro', 'lostMicro', 'expectedMicro', 'hotMicro', 'driftMicro'] as const;

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
 * The reconciliation job: every `everyMs`, every
 * account in id order, a page at a time, through `reconcile`. Drift is logged (a warning per
 * account) and kept as the last run's result in the shared store, so every control plane answers
 * with it; drift is never corrected. Scheduled on one control plane at a time (a job lease); an
 * administrator's run goes wherever it is asked.
 */
export class ReconciliationJob {
  private schedule: Schedule | undefined;
  private running: Promise<ReconciliationRun> | undefined;

  constructor(
    private readonly orm: MikroORM,
    /** Keeps the last run's result. */
    private readonly store: EphemeralStore,
    /** Reconciles the next page of accounts in id order, those after `after` (all from the first when undefined). */
    private readonly reconcilePage: (em: EntityManager, after: string | undefined) => Promise<AccountReconciliation[]>,
    private readonly everyMs: number,
  ) {}

  /** Runs the job every `everyMs` while this control plane holds `lease` (the first run after one period). */
  start(lease: JobLease): void {
    this.schedule = everyWhileHeld(lease, this.everyMs, () => this.run());
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    await this.schedule?.stop();
    await this.running?.catch(() => undefined);
  }

  /** The last complete run on any control plane; null before the first (or after Redis lost its data). */
  async last(): Promise<ReconciliationRun | null> {
    const raw = await this.store.peek(LAST_RUN);
    return raw === null ? null : decodeRun(raw);
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
    const run = { startedAt, finishedAt: new Date(), accounts, drifting };
    log.info('reconciliation run done', { accounts, drifting: drifting.length });
    await this.store.put(LAST_RUN, encodeRun(run), LAST_RUN_KEPT_MS);
    return run;
  }
}

function encodeRun(run: ReconciliationRun): string {
  return JSON.stringify(run, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

function decodeRun(raw: string): ReconciliationRun {
  const run = JSON.parse(raw) as { startedAt: string; finishedAt: string; accounts: number; drifting: Record<string, string | null>[] };
  const drifting = run.drifting.map((report) => {
    const amounts = Object.fromEntries(MICRO_FIELDS.map((field) => [field, report[field] === null ? null : BigInt(report[field])]));
    return { ...report, ...amounts } as unknown as AccountReconciliation;
  });
  return { startedAt: new Date(run.startedAt), finishedAt: new Date(run.finishedAt), accounts: run.accounts, drifting };
}
