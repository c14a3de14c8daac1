/**
 * This data plane's balance leases (shared/ports/balance-store.ts, "Leases"): for an account
 * rich enough, a request's reservation is taken from a lease this process holds, with no Redis
 * call on the request's path, and the charges go to Redis in batches, one script per account
 * every {@link FLUSH_MS} milliseconds. The lease itself is a reservation in Redis, so the balance is never
 * overspent: what a node may spend without asking is what its lease already took off the balance.
 *
 * A lease grows when it runs low (ahead of the requests, see {@link BalanceLeases.growAhead}) or
 * when requests find it short (they wait for that one call), is released after a while without
 * requests, and is released at shutdown; if the process dies, the lease expires in
 * Redis like any reservation.
 */
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../shared/log.js';
import type { BalanceStore, LeaseCharge } from '../../shared/ports/balance-store.js';
import { withRetries } from './redis-retry.js';

const log = createLogger('balance-leases');

/** What the leases need. */
export interface BalanceLeasesDeps {
  balances: BalanceStore;
  /** NODE_NAME, part of each lease id (who holds it, when one is inspected). */
  node: string;
  /** This process' id, after the node name in each lease id (a control plane releases its leases when it stops beating). */
  instance?: string;
  /** A lease not touched for this long is released by expiry (its node died). */
  ttlMs: number;
  now: () => number;
  /** Told the spendable balance each growth left (for the next decision to lease). */
  onBalance: (accountId: string, balanceMicro: bigint) => void;
  /**
   * Told each batch of charges as it is sent (put in the Redis pipeline), by the id
   * {@link BalanceLeases.settle} gave its charges: their requests' usage events should follow
   * then, not before, so that the usage stream never shows an event whose charge is not on the
   * balance yet, and all in one stream entry (the control plane clears a batch's unledgered
   * record once it has written that entry whole).
   */
  onSent: (batchId: string) => void;
  /** Charges wait this long for others of the same account before they are sent. Default {@link FLUSH_MS}. */
  flushMs?: number;
  /** A lease without requests for this long is released. Default 10 s. */
  idleMs?: number;
  /** Waits before each new try of a batch Redis refused (./redis-retry.ts). */
  retryDelaysMs?: readonly number[];
  /** Until aborted (at shutdown), a batch is tried again past those delays: charges wait out a Redis outage. */
  retryStop?: AbortSignal;
}

/**
 * Default {@link BalanceLeasesDeps.flushMs}. Each batch costs the data plane and Redis a pipeline
 * and its socket write (with the usage events it carries), so fewer, larger batches cost less per
 * request. The price: a node that dies loses the charges of its last batch interval (its lease is
 * released by expiry; those requests go unbilled, and their usage events were not sent either, so
 * nothing drifts).
 */
export const FLUSH_MS = 50;

/** A lease left with less than this share of a growth (1/4) is grown ahead ({@link BalanceLeases.growAhead}). */
const LOW_WATER_SHARE = 4n;

/** A lease a request took its reservation from; the request settles against it ({@link BalanceLeases.settle}). */
export type HeldLease = Readonly<Pick<Lease, 'id' | 'accountId'>>;

interface Lease {
  readonly id: string;
  readonly accountId: string;
  /** Held by the lease and neither taken by a request in flight nor charged. */
  free: bigint;
  /** Requests that took from the lease and have not settled. */
  inFlight: number;
  /** Charges of requests settled here and not sent yet ... */
  charges: LeaseCharge[];
  /** ... and the id of their batch. */
  batchId: string;
  /** Batches sent so far (a batch id is the lease id and this count). */
  batches: number;
  /** When a request last took from it; when Redis last moved its expiry. */
  usedAt: number;
  touchedAt: number;
  /** A growth under way: requests that found the lease short wait for it. */
  growing: Promise<boolean> | undefined;
  /** The last growth was refused, or the last growth ahead failed: none is tried ahead until a growth succeeds. */
  aheadRefused: boolean;
}

/** The balance leases of one data plane (one per Metering). */
export class BalanceLeases {
  private readonly leases = new Map<string, Lease>();
  /**
   * Leases Redis no longer holds (expired, or lost with Redis' data), given up: no request takes
   * from them any more, and they are kept only until the requests that took from them are settled
   * and their charges sent (which then come off the balance).
   */
  private readonly retired = new Set<Lease>();
  /** Unique per process: a restarted node never reuses a released lease's id. */
  private readonly idPrefix: string;
  private sequence = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly sweeper: NodeJS.Timeout;
  /** Redis calls sent and not answered yet. */
  private readonly sending = new Set<Promise<unknown>>();

  constructor(private readonly deps: BalanceLeasesDeps) {
    this.idPrefix = `lease:${deps.node}:${deps.instance ?? randomUUID()}:`;
    const idleMs = deps.idleMs ?? 10_000;
    this.sweeper = setInterval(() => this.sweep(), Math.max(10, Math.floor(idleMs / 2)));
    this.sweeper.unref();
  }

  /**
   * Takes `amountMicro` from the account's lease for a request: the lease at once when it holds
   * it; otherwise the lease grows by `growMicro` first (undefined when the balance cannot give
   * that: the caller then reserves the request alone). Every lease answered is followed by one
   * {@link settle}.
   */
  take(accountId: string, amountMicro: bigint, growMicro: bigint): HeldLease | Promise<HeldLease | undefined> {
    let lease = this.leases.get(accountId);
    if (!lease) {
      const id = `${this.idPrefix}${this.sequence++}`;
      lease = { id, accountId, free: 0n, inFlight: 0, charges: [], batchId: `${id}:0`, batches: 0, usedAt: 0, touchedAt: 0, growing: undefined, aheadRefused: false };
      this.leases.set(accountId, lease);
    }
    lease.usedAt = this.deps.now();
    if (lease.free >= amountMicro) {
      lease.free -= amountMicro;
      lease.inFlight += 1;
      if (lease.free < growMicro / LOW_WATER_SHARE && !lease.growing && !lease.aheadRefused) this.growAhead(lease, growMicro);
      return lease;
    }
    return this.growAndTake(lease, amountMicro, growMicro);
  }

  /**
   * Grows a lease that runs low while it still holds what the next requests take, so that they
   * do not wait for Redis (grown only once short, every request arriving meanwhile would wait for
   * the growth's round trip). One refused or failed is not tried again by every request after
   * it: the request that finds the lease short grows it itself.
   */
  private growAhead(lease: Lease, growMicro: bigint): void {
    const growing = this.grow(lease, growMicro)
      .catch((err: unknown) => {
        lease.aheadRefused = true;
        // It may still apply once Redis answers: the lease would hold more than this node counts.
        this.giveUp(lease, 'lease growth failed; given up');
        throw err;
      })
      .finally(() => (lease.growing = undefined));
    lease.growing = growing;
    // Tracked, so that close() waits for it before giving the lease back.
    this.track(growing, (err) => log.warn('lease not grown ahead', { accountId: lease.accountId, leaseId: lease.id, error: String(err) }));
  }

  /**
   * Waits for one growth of the lease (this request's, or one under way) and takes from it; when
   * that growth is refused or others took it all, the request is reserved alone (undefined). One
   * growth at most per request: requests piling up while Redis is slow (each waited on the growth
   * before, and grew the lease again when short) would draw the whole balance into this node's
   * lease, where it stays after them, and other requests of the account, reserved alone here or on
   * another node, were refused for want of it (402 with an "available balance" of almost nothing).
   * A growth that fails (Redis away or too slow) gives the lease up, as it may apply later.
   */
  private async growAndTake(lease: Lease, amountMicro: bigint, growMicro: bigint): Promise<HeldLease | undefined> {
    // Held by the waiting request, so that the sweeper leaves the lease alone meanwhile.
    lease.inFlight += 1;
    try {
      lease.growing ??= this.grow(lease, growMicro).finally(() => (lease.growing = undefined));
      if (!(await lease.growing) || lease.free < amountMicro) return undefined;
      lease.free -= amountMicro;
      lease.inFlight += 1;
      return lease;
    } catch (err) {
      this.giveUp(lease, 'lease growth failed; given up');
      throw err;
    } finally {
      lease.inFlight -= 1;
    }
  }

  /**
   * Gives the account's lease back to its balance, so that a request about to be refused for want
   * of balance sees the money this node set aside (a 402 must not count it out). Its requests in
   * flight are charged to the balance directly. Resolves true when a lease held money and Redis
   * took it back.
   */
  async giveBack(accountId: string): Promise<boolean> {
    const lease = this.leases.get(accountId);
    if (!lease || lease.free === 0n) return false;
    this.retire(lease, 'lease given back before a refusal');
    try {
      return (await this.deps.balances.release(accountId, lease.id)).status !== 'unknown';
    } catch (err) {
      log.warn('lease not given back', { accountId, leaseId: lease.id, error: String(err) });
      return false;
    }
  }

  private async grow(lease: Lease, amountMicro: bigint): Promise<boolean> {
    const now = this.deps.now();
    const result = await this.deps.balances.lease(lease.accountId, lease.id, amountMicro, { ttlMs: this.deps.ttlMs, now });
    if (result.status !== 'unknown') this.deps.onBalance(lease.accountId, result.balanceMicro);
    lease.aheadRefused = result.status !== 'ok';
    if (result.status !== 'ok') return false;
    lease.free += amountMicro;
    lease.touchedAt = now;
    return true;
  }

  /**
   * Ends a request that took `takenMicro` from `held` (what {@link take} answered): what it did not
   * cost goes back to the lease, and `charge` goes to Redis with the next batch. Returns that
   * batch's id (which holds the charge's unledgered record, and which `onSent` tells when the
   * batch is sent), or null for a charge of nothing, which goes nowhere.
   */
  settle(held: HeldLease, takenMicro: bigint, charge: LeaseCharge): string | null {
    const lease = held as Lease;
    lease.inFlight -= 1;
    lease.free += takenMicro - charge.chargeMicro;
    if (charge.chargeMicro === 0n) {
      if (lease.inFlight === 0 && lease.charges.length === 0) this.retired.delete(lease);
      return null;
    }
    lease.charges.push(charge);
    this.flushTimer ??= setTimeout(() => this.flush(), this.deps.flushMs ?? FLUSH_MS);
    return lease.batchId;
  }

  /** Resolves once every charge settled so far is sent and answered: for tests, and before {@link close}. */
  async idle(): Promise<void> {
    this.flush();
    while (this.sending.size > 0) await Promise.all(this.sending);
  }

  /** Whether charges wait to be sent, or were sent and are not answered yet. */
  busy(): boolean {
    if (this.sending.size > 0) return true;
    for (const lease of this.leases.values()) if (lease.charges.length > 0) return true;
    for (const lease of this.retired) if (lease.charges.length > 0) return true;
    return false;
  }

  /** At shutdown, with no request in flight: sends the last charges and gives every lease's rest back. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.idle();
    for (const lease of this.leases.values()) this.release(lease);
    await this.idle();
  }

  /** Sends each lease's pending charges as one batch. */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const lease of this.leases.values()) if (lease.charges.length > 0) this.consume(lease);
    for (const lease of this.retired) {
      if (lease.charges.length > 0) this.consume(lease);
      if (lease.inFlight === 0) this.retired.delete(lease);
    }
  }

  /** Sends the lease's pending charges (none: only moves its expiry). */
  private consume(lease: Lease): void {
    const { charges, batchId } = lease;
    lease.charges = [];
    lease.batchId = `${lease.id}:${++lease.batches}`;
    const now = this.deps.now();
    lease.touchedAt = now;
    this.track(
      // The same batch id on every try: Redis applies it once.
      withRetries(() => this.deps.balances.consume(lease.accountId, lease.id, batchId, charges, { ttlMs: this.deps.ttlMs, now }), this.deps.retryDelaysMs, this.deps.retryStop).then((result) => {
        // Redis no longer holds the lease: what this process believes free in it is set aside no
        // more, so no request may take from it (the next one grows a new lease, or is reserved alone).
        if (result.status === 'expired' || result.status === 'unknown') this.retire(lease, 'lease gone from Redis; given up');
      }),
      // The answers are out already; the usage events still charge the ledger, and reconciliation reports the drift.
      (err) => log.error('lease charges not recorded', { accountId: lease.accountId, leaseId: lease.id, batchId, charges: charges.length, error: String(err) }),
    );
    if (charges.length > 0) this.deps.onSent(batchId);
  }

  /** Takes from a lease no more (see {@link retired}): Redis no longer holds it, or it is being given back. */
  private retire(lease: Lease, why: string): void {
    if (this.leases.get(lease.accountId) !== lease) return;
    log.warn(why, { accountId: lease.accountId, leaseId: lease.id });
    this.leases.delete(lease.accountId);
    if (lease.inFlight > 0 || lease.charges.length > 0) this.retired.add(lease);
  }

  /** Retires a lease and releases it in Redis (idempotent; a growth arriving after the release is refused). */
  private giveUp(lease: Lease, why: string): void {
    if (this.leases.get(lease.accountId) !== lease) return;
    this.retire(lease, why);
    this.track(withRetries(() => this.deps.balances.release(lease.accountId, lease.id), this.deps.retryDelaysMs), (err) =>
      // Not lost: the lease expires in Redis.
      log.warn('lease not released', { accountId: lease.accountId, leaseId: lease.id, error: String(err) }),
    );
  }

  /** Forgets the lease and gives its rest back (a later request of the account starts a new one). */
  private release(lease: Lease): void {
    this.leases.delete(lease.accountId);
    this.track(this.deps.balances.release(lease.accountId, lease.id), (err) =>
      // Not lost: the lease expires in Redis.
      log.warn('lease not released', { accountId: lease.accountId, leaseId: lease.id, error: String(err) }),
    );
  }

  /** Releases leases without requests for `idleMs`; keeps those with long requests in flight from expiring. */
  private sweep(): void {
    const now = this.deps.now();
    const idleMs = this.deps.idleMs ?? 10_000;
    for (const lease of this.leases.values()) {
      if (lease.growing || lease.charges.length > 0) continue;
      if (lease.inFlight === 0 && now - lease.usedAt >= idleMs) this.release(lease);
      else if (lease.inFlight > 0 && now - lease.touchedAt >= this.deps.ttlMs / 2) this.consume(lease);
    }
  }

  private track(call: Promise<unknown>, onError: (err: unknown) => void): void {
    const settled = call.catch(onError);
    this.sending.add(settled);
    void settled.finally(() => this.sending.delete(settled));
  }
}
