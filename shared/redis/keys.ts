/**
 * Every Redis key and channel name both planes use, in one place. All names start with a
 * configurable prefix (REDIS_PREFIX, default `meridian:`), so several deployments or test runs can
 * share one Redis. Keys of one account share the `{acct:ID}` hash tag so Lua scripts touching them
 * run on Redis Cluster too.
 */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  /** A token record, by the SHA-256 of its key. */
  token(keyHash: string): string {
    return `${this.prefix}token:${keyHash}`;
  }

  /** Channel announcing a token record changed or was removed (payload: the key hash). */
  get tokenInvalidations(): string {
    return `${this.prefix}token-invalidations`;
  }

  /** A short-lived value (captcha answers, e-mail codes). */
  ephemeral(name: string): string {
    return `${this.prefix}eph:${name}`;
  }

  /** A job lease: the id of the control plane running the job (control-plane/jobs/job-lease.ts). */
  jobLease(name: string): string {
    return `${this.prefix}job-lease:${name}`;
  }

  /** A fixed-window rate-limit counter. */
  rateLimit(name: string): string {
    return `${this.prefix}rl:${name}`;
  }

  /**
   * The rate-limit window of a scope (hash: window start, requests, tokens). `partition` is the
   * hash tag shared by the scopes counted together: `acct:ID` (with the account's balance keys)
   * or `group:NAME`.
   */
  rateWindow(partition: string, scope: string): string {
    return `${this.prefix}{${partition}}:rl:${scope}`;
  }

  /** The concurrency slots of a scope (zset: request id -> expiry ms). */
  rateSlots(partition: string, scope: string): string {
    return `${this.prefix}{${partition}}:rl:${scope}:slots`;
  }

  /** Prefix of the GraphQL subscription event channels. */
  get graphqlEvents(): string {
    return `${this.prefix}gql:`;
  }

  /**
   * The whole routing snapshot (JSON). The `{snapshot}` hash tag keeps it, its head and its
   * revision counter in one Cluster slot, because the publish script writes them together.
   */
  get snapshot(): string {
    return `${this.prefix}{snapshot}`;
  }

  /** `{revision, hash, createdAt}` of the stored snapshot, so it can be checked without reading it whole. */
  get snapshotHead(): string {
    return `${this.prefix}{snapshot}:head`;
  }

  /**
   * Where a publisher writes the snapshot of `revision` before the publish script moves it under
   * `snapshot` (one per revision: two control planes publishing at once never share one).
   */
  snapshotStaging(revision: number): string {
    return `${this.prefix}{snapshot}:staging:${revision}`;
  }

  /** Counter allocating snapshot revisions (INCR). */
  get snapshotRevision(): string {
    return `${this.prefix}{snapshot}:revision`;
  }

  /** Channel announcing `{revision, hash}` of a new snapshot. */
  get snapshotAnnouncements(): string {
    return `${this.prefix}snapshot-announcements`;
  }

  /** Hash of data-plane heartbeats, one field per node name. */
  get heartbeats(): string {
    return `${this.prefix}heartbeats`;
  }

  /** The generation marker: a random id, gone when Redis lost its data (see ConfigBus.generation). */
  get generation(): string {
    return `${this.prefix}generation`;
  }

  /** Zset of data-plane processes (`node:instance`) by the epoch ms of their last beat. */
  get dataPlaneInstances(): string {
    return `${this.prefix}dataplane-instances`;
  }

  /** The hot balance of an account, in micro-RMB. */
  balance(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:balance`;
  }

  /** Open reservations of an account (hash: reservation id -> `amount:expiresAtMs:tokenId`). */
  reservations(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:reservations`;
  }

  /** Reservations of an account already settled or released (zset: id -> when), for idempotency. */
  settledReservations(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:settled`;
  }

  /** Credits already applied to an account's hot balance (hash: idempotency key -> amount). */
  appliedCredits(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:credits`;
  }

  /**
   * Charges on an account's hot balance not yet confirmed in the ledger (hash: usage event id ->
   * micro-RMB), written in the same atomic step as each charge and cleared after the ledger has them.
   */
  unledgered(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:unledgered`;
  }

  /** The video jobs of an account (zset: job id -> creation ms; shared/ports/video-jobs.ts). */
  videoJobs(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:video-jobs`;
  }

  /** The records of an account's video jobs (hash: job id -> JSON). */
  videoJobRecords(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:video-job-records`;
  }

  /** Spend so far of each token of an account, open reservations included (hash: token id -> micro-RMB). */
  tokenSpend(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:token-spend`;
  }

  /** Accounts that may hold open reservations (zset: account id -> latest reservation expiry, ms). */
  get reservationIndex(): string {
    return `${this.prefix}reservation-index`;
  }

  /** Channel on which data planes ask the control plane to load an account's hot balance. */
  get balanceLoadRequests(): string {
    return `${this.prefix}balance-load-requests`;
  }

  /** The stream of usage events. */
  get usageStream(): string {
    return `${this.prefix}usage`;
  }

  /** Outcome counters of one minute bucket (hash: encoded outcome field -> count). */
  outcomes(minute: number): string {
    return `${this.prefix}outcomes:${minute}`;
  }

  /** List of upstream keys data planes saw rejected (JSON reports), for the control plane to disable. */
  get keyInvalidations(): string {
    return `${this.prefix}key-invalidations`;
  }

  /** The group states record (JSON, with its version). */
  get groupStates(): string {
    return `${this.prefix}group-states`;
  }

  /** Channel announcing every new group states record (payload: the record). */
  get groupStatesAnnouncements(): string {
    return `${this.prefix}group-states-announcements`;
  }
}
