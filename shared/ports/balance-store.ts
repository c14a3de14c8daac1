/**
 * The hot spendable balances (docs/architecture.md, Redis contract 3 and "Money"), in integer micro-RMB.
 *
 * Representation (Redis; the in-process twin mirrors it):
 * - `{acct:ID}:balance`: the SPENDABLE balance, already net of open reservations, as a decimal
 *   string: ledger balance - open reservations - charges not yet consumed into the ledger.
 *   A reserve takes the estimate off it; a settle gives back `reserved - actual`; a release or an
 *   expiry gives back the whole reservation. It may go negative by what in-flight reservations
 *   under-estimated (settle never refuses: the upstream already did the work).
 * - `{acct:ID}:reservations`: hash, reservation id -> `amount:expiresAtMs:tokenId`.
 * - `{acct:ID}:settled`: zset of reservation ids already settled or released (settle and release
 *   are idempotent for {@link SETTLED_RETENTION_MS}).
 * - `{acct:ID}:token-spend`: hash, token id -> spend so far, open reservations included (for
 *   spending caps; checked in the same atomic step as the balance).
 * - `{acct:ID}:credits`: hash of credit idempotency keys already applied (a credit reaches the hot
 *   balance exactly once however often the control plane retries it).
 * - `{acct:ID}:unledgered`: hash of the charges on the balance that the ledger may not hold yet:
 *   usage event id -> `charge:atMs` (a settle's, under its reservation id, which is its usage
 *   event's id; and what `load` sets), and lease batch id -> the batch's charges, `eventId` and
 *   `charge:atMs` lines (a consume's: one field per batch, so a busy node's batch costs Redis one
 *   HSET rather than one per request; the batch's usage events name it, UsageEvent.chargeBatch).
 *   Each settle and consume writes its charges here in the same atomic step as it takes them off
 *   the balance, and the control plane clears them ({@link BalanceStore.markLedgered}) once the
 *   ledger holds them.
 *   So one atomic read of the account shows the balance together with everything it was charged
 *   that the ledger may lack: reconciliation needs no read of the usage stream, which a settlement
 *   could overtake.
 * - `reservation-index`: zset, account id -> a time at or past the latest expiry of its
 *   reservations (ZADD GT, written before the reservation; a process writes it once a minute per
 *   account, a minute ahead), so `expire` sweeps only accounts that reserved recently, and drops
 *   an account from it once that time has passed.
 *
 * Leases: a data plane serving a rich account (no spending cap, a balance far above one request)
 * holds one reservation for many requests, its lease (id chosen by the node, value without a
 * token). It takes requests' reservations off the lease in its own memory, and hands the charges
 * in by batches ({@link BalanceStore.consume}), which move them from the lease to spent: the
 * spendable balance is untouched by them, since the lease already took them off it. A lease is
 * an ordinary reservation to everything else: reconciliation counts it as open, `release` gives
 * its rest back, and `expire` releases it if its node dies.
 *
 * A missing balance key means "not loaded": the store never invents a balance. `reserve` and
 * `credit` then answer `unknown`; the data plane refuses with 503 and asks (via
 * {@link BalanceStore.requestLoad}) the control plane to load it from the ledger; the control plane
 * loads every missing balance at start, on account creation (the trial credit) and on request.
 *
 * Amounts must be safe integers (|x| < 2^53 micro-RMB, about 9 billion RMB): Lua numbers are doubles.
 */
export interface BalanceStore {
  /**
   * Atomically reserves `amountMicro` for a request: `cap_reached` when the token's spend plus
   * this amount would exceed `spendCap.capMicro`; `insufficient` when the spendable balance is
   * below the amount; `unknown` when the balance is not loaded; `duplicate` for an id already used.
   */
  reserve(accountId: string, reservationId: string, amountMicro: bigint, options: ReserveOptions): Promise<ReserveResult>;
  /**
   * Charges `actualMicro` for a reservation and gives back the rest, once: a second settle (or a
   * settle after a release) changes nothing and answers `duplicate`. When the reservation already
   * expired (a slow request), the actual cost is still charged (`expired`): the usage event will
   * charge the ledger too. A charge above 0 is kept unledgered under `reservationId`. An id the
   * balance holds unledgered already (a load counted its queued event) is a `duplicate` too: its
   * charge is on the balance.
   */
  settle(accountId: string, reservationId: string, actualMicro: bigint, tokenId: string | null): Promise<SettleResult>;
  /**
   * The ledger now holds the charges of these unledgered records (usage event ids, and the ids of
   * lease batches every charge of which it holds): they leave the account's unledgered charges
   * (ids not there are ignored, so it is idempotent).
   */
  markLedgered(accountId: string, recordIds: readonly string[]): Promise<void>;
  /** Gives back a whole reservation, charging nothing (a request that failed before any output); idempotent. */
  release(accountId: string, reservationId: string): Promise<SettleResult>;
  /**
   * Takes `amountMicro` more into the lease `leaseId` (creating it), and moves its expiry to
   * `options.now + options.ttlMs`: `insufficient` when the spendable balance is below the amount,
   * `unknown` when not loaded, `duplicate` when the lease was already released.
   */
  lease(accountId: string, leaseId: string, amountMicro: bigint, options: LeaseOptions): Promise<ReserveResult>;
  /**
   * Charges requests served under a lease, once per `batchId` (a second call answers `duplicate`):
   * the charges leave the lease and add to their tokens' spend; what exceeds the lease (requests
   * that under-reserved) comes off the spendable balance, as does everything when the lease is
   * gone (expired or released: `expired`, as for a late settle). Moves the lease's expiry as `lease`
   * does. The charges above 0 are kept unledgered, by event id, in one record under `batchId`.
   */
  consume(accountId: string, leaseId: string, batchId: string, charges: readonly LeaseCharge[], options: LeaseOptions): Promise<SettleResult>;
  /** Releases every reservation whose expiry is at or before `now` (its node died); returns how many. */
  expire(now: number): Promise<number>;
  /**
   * Releases at once, as {@link expire} would at their expiry, every open reservation whose id
   * starts with one of `prefixes` (those of a data-plane process that stopped beating: its request
   * ids and lease ids start with its instance's prefixes); returns how many. A lease's id is also
   * remembered as settled, so a late growth of it is refused (`duplicate`). A late settle or
   * consume from that process, if it was only slow, still charges exactly once (`expired`).
   */
  releaseHeld(prefixes: readonly string[], now: number): Promise<number>;
  /**
   * Adds a signed amount to a loaded balance once per `idempotencyKey` (top-ups, adjustments,
   * redemptions, after their ledger entry committed). `unknown` when the balance is not loaded:
   * the caller loads it from the ledger instead (which already holds this credit).
   */
  credit(accountId: string, amountMicro: bigint, idempotencyKey: string): Promise<CreditResult>;
  /**
   * Loads an account's hot state when its balance key is missing (never overwrites a loaded
   * balance): `balanceMicro`, the spend of each token, the charges the balance already excludes
   * but the ledger does not hold yet, and the credits (idempotency key -> amount) it already
   * includes, which {@link credit} then never applies again. Returns whether it loaded.
   *
   * While the balance is missing (Redis lost its data), `settle` and `consume` answer `unknown`
   * and keep each charge unledgered under its event id. `accounted` names the ids of such charges
   * the caller found in the ledger; every other one not in `unledgered` (a settlement that came
   * after the caller read the account) is taken off `balanceMicro` here and stays unledgered.
   */
  load(
    accountId: string,
    balanceMicro: bigint,
    tokenSpend: ReadonlyMap<string, bigint>,
    unledgered?: ReadonlyMap<string, UnledgeredCharge>,
    credits?: ReadonlyMap<string, bigint>,
    accounted?: ReadonlySet<string>,
  ): Promise<boolean>;
  /** The account's hot state, for reconciliation and the console; `balanceMicro` null when not loaded. */
  inspect(accountId: string): Promise<HotAccount>;
  /** Asks the control plane to load an account's balance (best effort: a dropped request is retried by the client). */
  requestLoad(accountId: string): Promise<void>;
  /** Calls `listener` with every account id whose load was requested; resolves once subscribed. Returns an unsubscribe. */
  onLoadRequest(listener: (accountId: string) => void): Promise<() => Promise<void>>;
}

/**
 * `eventId` of a {@link LeaseCharge}, checked: one line of text (not empty, no line break), as
 * the Redis store writes a batch's unledgered entries a line each. Both stores refuse others.
 */
export function leaseChargeEventId(eventId: string): string {
  if (eventId === '' || eventId.includes('\n')) throw new RangeError(`event id must be one line of text, not ${JSON.stringify(eventId)}`);
  return eventId;
}

/** How long a settled or released reservation id is remembered (settle idempotency window). */
export const SETTLED_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Options of {@link BalanceStore.reserve}. */
export interface ReserveOptions {
  /** How long until an unsettled reservation is released by `expire`. */
  ttlMs: number;
  /** The current time, epoch ms (injected so expiry is testable). */
  now: number;
  /** The token spending: its spend is tracked; `capMicro` (when not null) bounds it. */
  spendCap?: { tokenId: string; capMicro: bigint | null };
}

/** The answer of {@link BalanceStore.reserve}; `balanceMicro` is the spendable balance after the call. */
export type ReserveResult =
  | { status: 'ok'; balanceMicro: bigint }
  | { status: 'insufficient'; balanceMicro: bigint }
  | { status: 'cap_reached'; balanceMicro: bigint }
  | { status: 'duplicate'; balanceMicro: bigint }
  | { status: 'unknown' };

/** Options of {@link BalanceStore.lease} and {@link BalanceStore.consume}: when the lease expires from now on. */
export type LeaseOptions = Pick<ReserveOptions, 'ttlMs' | 'now'>;

/** What one request served under a lease cost, in a {@link BalanceStore.consume} batch. */
export interface LeaseCharge {
  /** The request's usage event (its unledgered charge is kept under this id in the batch's record): one line of text. */
  eventId: string;
  tokenId: string;
  chargeMicro: bigint;
}

/** The answer of settle and release. */
export type SettleResult =
  | { status: 'settled' | 'expired' | 'released' | 'duplicate'; balanceMicro: bigint }
  | { status: 'unknown' };

/** The answer of {@link BalanceStore.credit}. */
export type CreditResult = { status: 'applied' | 'duplicate'; balanceMicro: bigint } | { status: 'unknown' };

/** An open reservation. */
export interface OpenReservation {
  id: string;
  amountMicro: bigint;
  expiresAt: number;
  tokenId: string | null;
}

/** The hot state of one account. */
export interface HotAccount {
  balanceMicro: bigint | null;
  reservations: OpenReservation[];
  tokenSpend: Map<string, bigint>;
  /** Charges (by usage event id) on the balance that the ledger may not hold yet, those of lease batches included. */
  unledgered: Map<string, UnledgeredCharge>;
  /** Lease batch id -> the usage event ids of its charges in {@link unledgered}: the batch's record goes only once the ledger holds all of them. */
  unledgeredBatches: Map<string, string[]>;
}

/** A charge on the hot balance that the ledger may not hold yet. */
export interface UnledgeredCharge {
  chargeMicro: bigint;
  /** When it was charged (epoch ms, the charging call's `now`): one whose event never reaches the ledger grows old. */
  at: number;
}
