import { lruCache } from '../../lru.js';
import type { RedisKeys } from '../../redis/keys.js';
import {
  CONSUME_SCRIPT,
  CREDIT_SCRIPT,
  EXPIRE_SCRIPT,
  FINISH_SCRIPT,
  LEASE_SCRIPT,
  LOAD_SCRIPT,
  RELEASE_HELD_SCRIPT,
  RESERVE_SCRIPT,
  UNINDEX_SCRIPT,
} from '../../redis/balance-scripts.js';
import {
  SETTLED_RETENTION_MS,
  leaseChargeEventId,
  type BalanceStore,
  type CreditResult,
  type HotAccount,
  type LeaseCharge,
  type LeaseOptions,
  type ReserveOptions,
  type ReserveResult,
  type SettleResult,
  type UnledgeredCharge,
} from '../balance-store.js';
import type { RedisConnections } from './connections.js';
import { LuaScript } from './lua.js';
import type { TurnPipeline } from './turn-pipeline.js';

const reserveScript = new LuaScript(RESERVE_SCRIPT);
const finishScript = new LuaScript(FINISH_SCRIPT);
const expireScript = new LuaScript(EXPIRE_SCRIPT);
const unindexScript = new LuaScript(UNINDEX_SCRIPT);
const creditScript = new LuaScript(CREDIT_SCRIPT);
const loadScript = new LuaScript(LOAD_SCRIPT);
const leaseScript = new LuaScript(LEASE_SCRIPT);
const consumeScript = new LuaScript(CONSUME_SCRIPT);
const releaseHeldScript = new LuaScript(RELEASE_HELD_SCRIPT);

/**
 * How far ahead of a reservation's expiry its account's index entry is scored, and so how long a
 * process may go on reserving for the account without writing the entry again (one command less
 * per request). Expiry of a dead node's reservations comes at most this much later.
 */
const INDEX_AHEAD_MS = 60_000;
/** Most accounts whose index entry and keys a process remembers (the least recently used go first). */
const INDEXED_CACHE_SIZE = 100_000;

/** ZSCAN page size of the reservation index in `expire`. */
const EXPIRE_BATCH = 500;

/** A balance script's `{status, balance}` as the port's answer. */
function answer<R extends ReserveResult | SettleResult>(reply: unknown): R {
  const [status, balance] = reply as [R['status'], string | number];
  return (status === 'unknown' ? { status } : { status, balanceMicro: BigInt(balance) }) as R;
}

/** Amounts Lua's numbers (doubles) hold exactly. */
const MAX_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

function checkAmount(amount: bigint, what: string): string {
  if (amount > MAX_AMOUNT || amount < -MAX_AMOUNT) throw new RangeError(`${what} out of range: ${amount}`);
  return amount.toString();
}

function nonNegative(amount: bigint, what: string): string {
  if (amount < 0n) throw new RangeError(`${what} must not be negative: ${amount}`);
  return checkAmount(amount, what);
}

/** An unledgered record's `charge:atMs`. */
function unledgeredCharge(value: string): UnledgeredCharge {
  const [charge, at] = value.split(':');
  return { chargeMicro: BigInt(charge), at: Number(at) };
}

/** The unledgered hash read by charge: a field is one event's `charge:atMs`, or a lease batch's record of `eventId` and `charge:atMs` lines. */
function unledgeredCharges(fields: Record<string, string>): Pick<HotAccount, 'unledgered' | 'unledgeredBatches'> {
  const unledgered = new Map<string, UnledgeredCharge>();
  const unledgeredBatches = new Map<string, string[]>();
  for (const [id, value] of Object.entries(fields)) {
    if (!value.includes('\n')) {
      unledgered.set(id, unledgeredCharge(value));
      continue;
    }
    const lines = value.split('\n');
    const eventIds: string[] = [];
    for (let i = 0; i + 1 < lines.length; i += 2) {
      unledgered.set(lines[i], unledgeredCharge(lines[i + 1]));
      eventIds.push(lines[i]);
    }
    unledgeredBatches.set(id, eventIds);
  }
  return { unledgered, unledgeredBatches };
}

/** Redis BalanceStore: one Lua script per operation (layout in shared/ports/balance-store.ts). */
export class RedisBalanceStore implements BalanceStore {
  /** Account id -> until when its reservation-index entry covers any reservation this process makes. */
  private readonly indexedUntil = lruCache<string, number>(INDEXED_CACHE_SIZE);

  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  /** Account id -> its script keys, kept: every request of an account needs the same five (scripts ignore those they do not use). */
  private readonly keysOf = lruCache<string, readonly string[]>(INDEXED_CACHE_SIZE);

  private accountKeys(accountId: string): readonly string[] {
    let keys = this.keysOf.get(accountId);
    if (!keys) {
      const k = this.keys;
      keys = [k.balance(accountId), k.reservations(accountId), k.settledReservations(accountId), k.tokenSpend(accountId), k.unledgered(accountId)];
      this.keysOf.set(accountId, keys);
    }
    return keys;
  }

  async reserve(accountId: string, reservationId: string, amountMicro: bigint, options: ReserveOptions): Promise<ReserveResult> {
    const cap = options.spendCap?.capMicro;
    const args = [reservationId, nonNegative(amountMicro, 'reservation'), options.now + options.ttlMs, options.spendCap?.tokenId ?? '', cap == null ? '' : nonNegative(cap, 'spend cap')];
    return answer<ReserveResult>(await this.indexedScript(this.redis.turn, reserveScript, accountId, this.accountKeys(accountId), args, options));
  }

  async lease(accountId: string, leaseId: string, amountMicro: bigint, options: LeaseOptions): Promise<ReserveResult> {
    const args = [leaseId, nonNegative(amountMicro, 'lease'), options.now + options.ttlMs];
    return answer<ReserveResult>(await this.indexedScript(this.redis.turn, leaseScript, accountId, this.accountKeys(accountId).slice(0, 3), args, options));
  }

  async consume(accountId: string, leaseId: string, batchId: string, charges: readonly LeaseCharge[], options: LeaseOptions): Promise<SettleResult> {
    // The script takes each token's sum, then the unledgered entries, one per two lines (see CONSUME_SCRIPT).
    const sums = new Map<string, bigint>();
    // Joined once at the end: a string added to for each charge is a chain that ioredis then copies flat.
    const entries: string[] = [];
    const at = `:${options.now}\n`;
    for (const c of charges) {
      const eventId = leaseChargeEventId(c.eventId);
      const charge = nonNegative(c.chargeMicro, 'charge');
      sums.set(c.tokenId, (sums.get(c.tokenId) ?? 0n) + c.chargeMicro);
      if (c.chargeMicro > 0n) entries.push(eventId, '\n', charge, at);
    }
    const args: (string | number)[] = [leaseId, batchId, options.now, options.now + options.ttlMs, sums.size];
    for (const [tokenId, sum] of sums) args.push(tokenId, checkAmount(sum, 'charge sum'));
    args.push(entries.join(''));
    // Nobody waits on it: it joins the settlements of the next few milliseconds.
    return answer<SettleResult>(await this.indexedScript(this.redis.settling, consumeScript, accountId, this.accountKeys(accountId), args, options));
  }

  /**
   * Runs a script that opens or extends a reservation of `accountId` until `options.now +
   * options.ttlMs`, in one round trip shared with the other callers of `pipeline`. The account's
   * reservation-index entry goes first, so a crash in between leaves a harmless index entry,
   * never an unindexed (unexpirable) reservation. It is written once per INDEX_AHEAD_MS per
   * account, with a score that far ahead, so it covers every reservation made meanwhile.
   */
  private async indexedScript(
    pipeline: TurnPipeline,
    script: LuaScript,
    accountId: string,
    keys: readonly string[],
    args: readonly (string | number)[],
    options: LeaseOptions,
  ): Promise<unknown> {
    const expiresAt = options.now + options.ttlMs;
    const index = (this.indexedUntil.get(accountId) ?? 0) <= expiresAt;
    const replies = await pipeline.send((p) => {
      if (index) p.zadd(this.keys.reservationIndex, 'GT', expiresAt + INDEX_AHEAD_MS, accountId);
      p.evalsha(script.sha, keys.length, ...keys, ...args);
    });
    const [scriptError, scriptReply] = replies[replies.length - 1];
    if (index) {
      if (replies[0][0]) throw replies[0][0];
      this.indexedUntil.set(accountId, expiresAt + INDEX_AHEAD_MS);
    }
    return script.orRun(this.redis.cmd, scriptError, scriptReply, keys, args);
  }

  settle(accountId: string, reservationId: string, actualMicro: bigint, tokenId: string | null): Promise<SettleResult> {
    return this.finish(accountId, reservationId, nonNegative(actualMicro, 'charge'), tokenId ?? '', 'settle');
  }

  release(accountId: string, reservationId: string): Promise<SettleResult> {
    return this.finish(accountId, reservationId, '0', '', 'release');
  }

  private async finish(accountId: string, id: string, actual: string, tokenId: string, mode: 'settle' | 'release'): Promise<SettleResult> {
    const keys = this.accountKeys(accountId);
    const args = [id, actual, tokenId, Date.now(), mode];
    const [[scriptError, scriptReply]] = await this.redis.settling.send((p) => p.evalsha(finishScript.sha, keys.length, ...keys, ...args));
    return answer<SettleResult>(await finishScript.orRun(this.redis.cmd, scriptError, scriptReply, keys, args));
  }

  async markLedgered(accountId: string, recordIds: readonly string[]): Promise<void> {
    if (recordIds.length > 0) await this.redis.cmd.hdel(this.keys.unledgered(accountId), ...recordIds);
  }

  async expire(now: number): Promise<number> {
    // Every indexed account is swept (not only those whose latest expiry passed): on a busy
    // account the latest expiry keeps moving, while a dead node's reservations must still go.
    let released = 0;
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.cmd.zscan(this.keys.reservationIndex, cursor, 'COUNT', EXPIRE_BATCH);
      for (let i = 0; i < flat.length; i += 2) {
        const accountId = flat[i];
        const [count] = (await expireScript.run(this.redis.cmd, this.accountKeys(accountId), [now, now - SETTLED_RETENTION_MS])) as [number, number];
        released += count;
        await unindexScript.run(this.redis.cmd, [this.keys.reservationIndex], [accountId, now]);
      }
      cursor = next;
    } while (cursor !== '0');
    return released;
  }

  async releaseHeld(prefixes: readonly string[], now: number): Promise<number> {
    if (prefixes.length === 0) return 0;
    // Every account that reserved recently is in the index (a reservation is indexed before it is made).
    let released = 0;
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.cmd.zscan(this.keys.reservationIndex, cursor, 'COUNT', EXPIRE_BATCH);
      for (let i = 0; i < flat.length; i += 2) released += (await releaseHeldScript.run(this.redis.cmd, this.accountKeys(flat[i]), [now, ...prefixes])) as number;
      cursor = next;
    } while (cursor !== '0');
    return released;
  }

  async credit(accountId: string, amountMicro: bigint, idempotencyKey: string): Promise<CreditResult> {
    const keys = [this.keys.balance(accountId), this.keys.appliedCredits(accountId)];
    const [status, balance] = (await creditScript.run(this.redis.cmd, keys, [idempotencyKey, checkAmount(amountMicro, 'credit')])) as [
      CreditResult['status'],
      string,
    ];
    return status === 'unknown' ? { status } : { status, balanceMicro: BigInt(balance) };
  }

  async load(
    accountId: string,
    balanceMicro: bigint,
    tokenSpend: ReadonlyMap<string, bigint>,
    unledgered: ReadonlyMap<string, UnledgeredCharge> = new Map(),
    credits: ReadonlyMap<string, bigint> = new Map(),
    accounted: ReadonlySet<string> = new Set(),
  ): Promise<boolean> {
    const args = [checkAmount(balanceMicro, 'balance'), String(tokenSpend.size), String(unledgered.size), String(accounted.size)];
    for (const [tokenId, spend] of tokenSpend) args.push(tokenId, checkAmount(spend, 'token spend'));
    for (const [eventId, { chargeMicro, at }] of unledgered) args.push(eventId, `${nonNegative(chargeMicro, 'charge')}:${at}`);
    args.push(...accounted);
    for (const [key, amount] of credits) args.push(key, checkAmount(amount, 'credit'));
    const k = this.keys;
    const keys = [k.balance(accountId), k.tokenSpend(accountId), k.unledgered(accountId), k.appliedCredits(accountId)];
    const loaded = await loadScript.run(this.redis.cmd, keys, args);
    return loaded === 1;
  }

  async inspect(accountId: string): Promise<HotAccount> {
    // One MULTI: the balance, its reservations and its unledgered charges as of one instant.
    const [[, balance], [, reservations], [, spend], [, unledgered]] = (await this.redis.cmd
      .multi()
      .get(this.keys.balance(accountId))
      .hgetall(this.keys.reservations(accountId))
      .hgetall(this.keys.tokenSpend(accountId))
      .hgetall(this.keys.unledgered(accountId))
      .exec()) as [[null, string | null], [null, Record<string, string>], [null, Record<string, string>], [null, Record<string, string>]];
    return {
      balanceMicro: balance === null ? null : BigInt(balance),
      reservations: Object.entries(reservations).map(([id, value]) => {
        const [amount, expiresAt, tokenId] = value.split(':');
        return { id, amountMicro: BigInt(amount), expiresAt: Number(expiresAt), tokenId: tokenId === '' ? null : tokenId };
      }),
      tokenSpend: new Map(Object.entries(spend).map(([tokenId, value]) => [tokenId, BigInt(value)])),
      ...unledgeredCharges(unledgered),
    };
  }

  async requestLoad(accountId: string): Promise<void> {
    await this.redis.cmd.publish(this.keys.balanceLoadRequests, accountId);
  }

  onLoadRequest(listener: (accountId: string) => void): Promise<() => Promise<void>> {
    return this.redis.subscribe(this.keys.balanceLoadRequests, listener);
  }
}
