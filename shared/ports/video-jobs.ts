/**
 * The video jobs of each account, for `GET /v1/videos` and for settling a job once (any data plane
 * may poll it): short-lived records kept `ttlMs` after their last write, per account.
 *
 * Representation (Redis; the in-process twin mirrors it): `{acct:ID}:video-jobs`, a zset of job
 * ids by creation time (ms), and `{acct:ID}:video-job-records`, a hash of job id -> the record
 * (JSON, opaque to the store). Both keys expire `ttlMs` after the account's last write, and each
 * write drops the account's records created more than `ttlMs` before it.
 */
export interface VideoJobStore {
  /** Stores (or replaces) a job's record. */
  put(accountId: string, job: StoredVideoJob, ttlMs: number, now: number): Promise<void>;
  /** A job's record, or null when unknown or expired. */
  get(accountId: string, jobId: string): Promise<string | null>;
  /**
   * Up to `limit` records of the account, newest first (`order` `desc`) or oldest first, starting
   * after the job `after` (when given and still known).
   */
  list(accountId: string, page: { after?: string; limit: number; order: 'asc' | 'desc' }): Promise<string[]>;
}

/** One job's record as the store keeps it. */
export interface StoredVideoJob {
  id: string;
  /** Creation time, epoch ms (the list's order). */
  createdAt: number;
  /** The record, JSON. */
  record: string;
}
