import type { StoredVideoJob, VideoJobStore } from '../video-jobs.js';

/** In-process VideoJobStore, mirroring the Redis one (records of an account expire together, `ttlMs` after its last write). */
export class MemoryVideoJobStore implements VideoJobStore {
  private readonly accounts = new Map<string, { jobs: Map<string, StoredVideoJob>; expiresAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  private live(accountId: string): Map<string, StoredVideoJob> | undefined {
    const account = this.accounts.get(accountId);
    if (account && account.expiresAt <= this.clock()) this.accounts.delete(accountId);
    return this.accounts.get(accountId)?.jobs;
  }

  async put(accountId: string, job: StoredVideoJob, ttlMs: number, now: number): Promise<void> {
    const jobs = this.live(accountId) ?? new Map<string, StoredVideoJob>();
    jobs.set(job.id, { ...job });
    for (const [id, j] of jobs) if (j.createdAt < now - ttlMs) jobs.delete(id);
    this.accounts.set(accountId, { jobs, expiresAt: this.clock() + ttlMs });
  }

  async get(accountId: string, jobId: string): Promise<string | null> {
    return this.live(accountId)?.get(jobId)?.record ?? null;
  }

  async list(accountId: string, page: { after?: string; limit: number; order: 'asc' | 'desc' }): Promise<string[]> {
    const sorted = [...(this.live(accountId)?.values() ?? [])].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    if (page.order === 'desc') sorted.reverse();
    const from = page.after === undefined ? 0 : sorted.findIndex((j) => j.id === page.after) + 1;
    return sorted.slice(from, from + page.limit).map((j) => j.record);
  }
}
