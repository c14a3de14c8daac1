import {
  SETTLED_RETENTION_MS,
  leaseChargeEventId,
  type BalanceStore,
  type CreditResult,
  type HotAccount,
  type LeaseCharge,
  type LeaseOptions,
  type OpenReservation,
  type ReserveOptions,
  type ReserveResult,
  type SettleResult,
  type UnledgeredCharge,
} from '../balance-store.js';

interface AccountState {
  balance: bigint | null;
  reservations: Map<string, OpenReservation>;
  /** Reservation id -> when it was settled or released. */
  settled: Map<string, number>;
  tokenSpend: Map<string, bigint>;
  credits: Set<string>;
  /** Unledgered records of one charge, by event id (settles, loads)... */
  unledgered: Map<string, UnledgeredCharge>;
  /** ... and of a lease batch's charges, by batch id (consumes). */
  unledgeredBatches: Map<string, Map<string, UnledgeredCharge>>;
}

/**
 * In-process BalanceStore for all-in-one mode: the same states and answers as the Redis one
 * (shared/ports/balance-store.ts). Every method runs synchronously between awaits, which makes
 * each one atomic as a Lua script is.
 */
export class MemoryBalanceStore implements BalanceStore {
  private readonly accounts = new Map<string, AccountState>();
  private readonly loadListeners = new Set<(accountId: string) => void>();

  private state(accountId: string): AccountState {
    let state = this.accounts.get(accountId);
    if (!state) {
      state = { balance: null, reservations: new Map(), settled: new Map(), tokenSpend: new Map(), credits: new Set(), unledgered: new Map(), unledgeredBatches: new Map() };
      this.accounts.set(accountId, state);
    }
    return state;
  }

  async reserve(accountId: string, reservationId: string, amountMicro: bigint, options: ReserveOptions): Promise<ReserveResult> {
    safe(amountMicro, 'reservation', true);
    const s = this.state(accountId);
    if (s.balance === null) return { status: 'unknown' };
    if (s.reservations.has(reservationId) || s.settled.has(reservationId)) return { status: 'duplicate', balanceMicro: s.balance };
    const tokenId = options.spendCap?.tokenId ?? null;
    const cap = options.spendCap?.capMicro ?? null;
    if (tokenId !== null && cap !== null && (s.tokenSpend.get(tokenId) ?? 0n) + amountMicro > cap) {
      return { status: 'cap_reached', balanceMicro: s.balance };
    }
    if (s.balance < amountMicro) return { status: 'insufficient', balanceMicro: s.balance };
    s.balance -= amountMicro;
    s.reservations.set(reservationId, { id: reservationId, amountMicro, expiresAt: options.now + options.ttlMs, tokenId });
    if (tokenId !== null) addSpend(s, tokenId, amountMicro);
    return { status: 'ok', balanceMicro: s.balance };
  }

  async settle(accountId: string, reservationId: string, actualMicro: bigint, tokenId: string | null): Promise<SettleResult> {
    safe(actualMicro, 'charge', true);
    return this.finish(accountId, reservationId, actualMicro, tokenId, 'settle');
  }

  async release(accountId: string, reservationId: string): Promise<SettleResult> {
    return this.finish(accountId, reservationId, 0n, null, 'release');
  }

  private finish(accountId: string, id: string, actual: bigint, tokenId: string | null, mode: 'settle' | 'release'): SettleResult {
    const s = this.state(accountId);
    if (s.balance === null) {
      // Kept for the load to take off (see BalanceStore.load).
      if (mode === 'settle' && actual > 0n && !s.settled.has(id)) {
        s.unledgered.set(id, { chargeMicro: actual, at: Date.now() });
        s.settled.set(id, Date.now());
      }
      return { status: 'unknown' };
    }
    if (s.settled.has(id) || s.unledgered.has(id)) return { status: 'duplicate', balanceMicro: s.balance };
    const open = s.reservations.get(id);
    s.reservations.delete(id);
    const reserved = open?.amountMicro ?? 0n;
    const owner = open ? open.tokenId : tokenId;
    const status = mode === 'release' ? 'released' : open ? 'settled' : 'expired';
    s.balance += reserved - actual;
    if (owner !== null) addSpend(s, owner, actual - reserved);
    const now = Date.now();
    if (actual > 0n) s.unledgered.set(id, { chargeMicro: actual, at: now });
    s.settled.set(id, now);
    return { status, balanceMicro: s.balance };
  }

  async lease(accountId: string, leaseId: string, amountMicro: bigint, options: LeaseOptions): Promise<ReserveResult> {
    safe(amountMicro, 'lease', true);
    const s = this.state(accountId);
    if (s.balance === null) return { status: 'unknown' };
    if (s.settled.has(leaseId)) return { status: 'duplicate', balanceMicro: s.balance };
    if (s.balance < amountMicro) return { status: 'insufficient', balanceMicro: s.balance };
    s.balance -= amountMicro;
    const held = s.reservations.get(leaseId)?.amountMicro ?? 0n;
    s.reservations.set(leaseId, { id: leaseId, amountMicro: held + amountMicro, expiresAt: options.now + options.ttlMs, tokenId: null });
    return { status: 'ok', balanceMicro: s.balance };
  }

  async consume(accountId: string, leaseId: string, batchId: string, charges: readonly LeaseCharge[], options: LeaseOptions): Promise<SettleResult> {
    for (const c of charges) {
      safe(c.chargeMicro, 'charge', true);
      leaseChargeEventId(c.eventId);
    }
    const s = this.state(accountId);
    if (s.balance === null) {
      // Each charge kept under its event id, for the load to take off (see BalanceStore.load).
      if (!s.settled.has(batchId)) {
        for (const c of charges) if (c.chargeMicro > 0n) s.unledgered.set(c.eventId, { chargeMicro: c.chargeMicro, at: options.now });
        s.settled.set(batchId, options.now);
      }
      return { status: 'unknown' };
    }
    if (s.settled.has(batchId)) return { status: 'duplicate', balanceMicro: s.balance };
    let total = 0n;
    const record = new Map<string, UnledgeredCharge>();
    for (const c of charges) {
      total += c.chargeMicro;
      addSpend(s, c.tokenId, c.chargeMicro);
      if (c.chargeMicro > 0n) record.set(c.eventId, { chargeMicro: c.chargeMicro, at: options.now });
    }
    if (record.size > 0) s.unledgeredBatches.set(batchId, record);
    const lease = s.reservations.get(leaseId);
    if (lease) {
      const rest = lease.amountMicro - total;
      s.balance += rest < 0n ? rest : 0n;
      s.reservations.set(leaseId, { ...lease, amountMicro: rest < 0n ? 0n : rest, expiresAt: options.now + options.ttlMs });
    } else s.balance -= total;
    s.settled.set(batchId, options.now);
    return { status: lease ? 'settled' : 'expired', balanceMicro: s.balance };
  }

  async markLedgered(accountId: string, recordIds: readonly string[]): Promise<void> {
    const s = this.state(accountId);
    for (const id of recordIds) {
      s.unledgered.delete(id);
      s.unledgeredBatches.delete(id);
    }
  }

  async expire(now: number): Promise<number> {
    let released = 0;
    for (const s of this.accounts.values()) {
      for (const [id, r] of s.reservations) {
        if (r.expiresAt > now) continue;
        s.reservations.delete(id);
        if (s.balance !== null) s.balance += r.amountMicro;
        if (r.tokenId !== null) addSpend(s, r.tokenId, -r.amountMicro);
        released += 1;
      }
      for (const [id, at] of s.settled) if (at <= now - SETTLED_RETENTION_MS) s.settled.delete(id);
    }
    return released;
  }

  async releaseHeld(prefixes: readonly string[], now: number): Promise<number> {
    let released = 0;
    for (const s of this.accounts.values()) {
      for (const [id, r] of s.reservations) {
        if (!prefixes.some((prefix) => id.startsWith(prefix))) continue;
        s.reservations.delete(id);
        if (s.balance !== null) s.balance += r.amountMicro;
        if (r.tokenId !== null) addSpend(s, r.tokenId, -r.amountMicro);
        if (id.startsWith('lease:')) s.settled.set(id, now);
        released += 1;
      }
    }
    return released;
  }

  async credit(accountId: string, amountMicro: bigint, idempotencyKey: string): Promise<CreditResult> {
    safe(amountMicro, 'credit');
    const s = this.state(accountId);
    if (s.balance === null) return { status: 'unknown' };
    if (s.credits.has(idempotencyKey)) return { status: 'duplicate', balanceMicro: s.balance };
    s.balance += amountMicro;
    s.credits.add(idempotencyKey);
    return { status: 'applied', balanceMicro: s.balance };
  }

  async load(
    accountId: string,
    balanceMicro: bigint,
    tokenSpend: ReadonlyMap<string, bigint>,
    unledgered: ReadonlyMap<string, UnledgeredCharge> = new Map(),
    credits: ReadonlyMap<string, bigint> = new Map(),
    accounted: ReadonlySet<string> = new Set(),
  ): Promise<boolean> {
    safe(balanceMicro, 'balance');
    for (const { chargeMicro } of unledgered.values()) safe(chargeMicro, 'charge', true);
    for (const amount of credits.values()) safe(amount, 'credit');
    const s = this.state(accountId);
    if (s.balance !== null) return false;
    const late = [...s.unledgered].filter(([id]) => !unledgered.has(id) && !accounted.has(id));
    s.balance = late.reduce((balance, [, charge]) => balance - charge.chargeMicro, balanceMicro);
    s.tokenSpend = new Map(tokenSpend);
    s.unledgered = new Map([...unledgered, ...late]);
    s.unledgeredBatches = new Map();
    s.credits = new Set(credits.keys());
    return true;
  }

  async inspect(accountId: string): Promise<HotAccount> {
    const s = this.state(accountId);
    return {
      balanceMicro: s.balance,
      reservations: [...s.reservations.values()].map((r) => ({ ...r })),
      tokenSpend: new Map(s.tokenSpend),
      unledgered: new Map([...s.unledgered, ...[...s.unledgeredBatches.values()].flatMap((record) => [...record])].map(([id, charge]) => [id, { ...charge }])),
      unledgeredBatches: new Map([...s.unledgeredBatches].map(([id, record]) => [id, [...record.keys()]])),
    };
  }

  async requestLoad(accountId: string): Promise<void> {
    for (const listener of this.loadListeners) listener(accountId);
  }

  async onLoadRequest(listener: (accountId: string) => void): Promise<() => Promise<void>> {
    this.loadListeners.add(listener);
    return async () => {
      this.loadListeners.delete(listener);
    };
  }
}

/** The same limits as the Redis store (its Lua numbers are doubles): |amount| < 2^53, and not negative where asked. */
function safe(amount: bigint, what: string, nonNegative = false): void {
  if (nonNegative && amount < 0n) throw new RangeError(`${what} must not be negative: ${amount}`);
  if (amount > MAX || amount < -MAX) throw new RangeError(`${what} out of range: ${amount}`);
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

function addSpend(s: AccountState, tokenId: string, delta: bigint): void {
  s.tokenSpend.set(tokenId, (s.tokenSpend.get(tokenId) ?? 0n) + delta);
}
