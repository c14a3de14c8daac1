/**
 * Metering (docs/architecture.md, "A request through the data plane"): one Koa middleware wrapping
 * the relay, so that every outcome, returned or thrown, on every model route, ends in exactly one
 * settlement:
 * - before the relay: reserve the estimate (./estimate.ts) on the hot balance; 402 in the client's
 *   format when the balance or the token's spending cap cannot cover it (for an account known to
 *   hold far more, and a token without a cap, from this node's lease: ./balance-leases.ts);
 * - during it: a UsageTap watches each upstream attempt's answer;
 * - after it (at the end of the turn, with the other requests ending in it): charge by the rules
 *   of ./settlement.ts (settle, or release when nothing reached the client), then append the usage
 *   event for the control plane.
 */
import type Koa from 'koa';
import { lruCache } from '../../shared/lru.js';
import type { UsageEvent } from '../../shared/billing/usage-event.js';
import type { WireFormat } from '../../shared/formats.js';
import { createLogger } from '../../shared/log.js';
import { formatMicroRmb } from '../../shared/money.js';
import type { BalanceStore, ReserveResult } from '../../shared/ports/balance-store.js';
import type { ConfigBus } from '../../shared/ports/config-bus.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { UsageQueue } from '../../shared/ports/usage-queue.js';
import { GatewayError, REDIS_RETRY_AFTER_SECONDS, redisUnavailable } from '../../shared/wire/errors.js';
import type { MeterState } from '../pipeline/state.js';
import { BalanceLeases, type HeldLease } from './balance-leases.js';
import { withRetries } from './redis-retry.js';
import { reservationFor } from './estimate.js';
import { settlementFor, type Delivery, type Settlement } from './settlement.js';
import { UsageReplay } from './usage-replay.js';
import { UsageTap } from './usage-tap.js';

const log = createLogger('metering');

/** What metering needs. */
export interface MeteringDeps {
  balances: BalanceStore;
  usage: UsageQueue;
  /** NODE_NAME, recorded on each usage event. */
  node: string;
  /** This process' id, the prefix of its lease ids after the node name (see DataPlaneDeps.instance). */
  instance?: string;
  now?: () => number;
  /** An unsettled reservation is released after this long (its node died). Default 30 minutes: longer than any upstream call. */
  reservationTtlMs?: number;
  /** How long to wait for the control plane to load a balance that is not in the hot store yet. Default 2 s. */
  loadWaitMs?: number;
  /** A balance lease without requests for this long goes back to the balance. Default 10 s. */
  leaseIdleMs?: number;
  /** Waits before each new try of a settlement Redis refused (./redis-retry.ts). */
  retryDelaysMs?: readonly number[];
  /** With it, recent usage events are appended again after Redis lost its data (./usage-replay.ts), the marker read every `periodMs`. */
  replay?: { bus: ConfigBus; periodMs: number };
  /** Told how many usage events were made and how many Redis took (metrics). */
  events?: { queued(count: number): void; sent(count: number): void };
}

/** Default {@link MeteringDeps.reservationTtlMs}. */
export const RESERVATION_TTL_MS = 30 * 60 * 1000;

/**
 * An account whose last known spendable balance covers this many times a request's reservation
 * (and a token without a spending cap) reserves from this node's lease ...
 */
const LEASE_HEADROOM = 1000n;
/** ... which grows by this many times the reservation when short (at most 1/15 of that balance). */
const LEASE_GROWTH = 64n;
/** Most accounts whose last balance metering remembers (the least recently used go first). */
const BALANCE_CACHE_SIZE = 100_000;

/** The delivery of a request the relay never answered. */
const NOTHING_DELIVERED: Delivery = { committed: false, completed: false };

const RMB = (micro: bigint) => formatMicroRmb(micro, { trim: true });

/**
 * Reserves `amount` for the request alone: Redis' answer, once the balance is loaded (a new
 * account, or Redis lost its data: the control plane is asked, and awaited `loadWaitMs`). Redis
 * unreachable or too slow: 503, never a 402 (the reservation, which may still be made once Redis
 * answers, is released: a reservation arriving after its release is refused as a duplicate).
 */
export async function reserveAlone(deps: MeteringDeps, token: TokenRecord, reservationId: string, amount: bigint): Promise<ReserveResult> {
  const now = deps.now ?? Date.now;
  const attempt = () =>
    deps.balances.reserve(token.accountId, reservationId, amount, {
      ttlMs: deps.reservationTtlMs ?? RESERVATION_TTL_MS,
      now: now(),
      spendCap: { tokenId: token.tokenId, capMicro: capOf(token) },
    });
  try {
    let result = await attempt();
    if (result.status === 'unknown') {
      // Not loaded yet: ask the control plane and wait a little.
      await deps.balances.requestLoad(token.accountId);
      const deadline = Date.now() + (deps.loadWaitMs ?? 2000);
      while (result.status === 'unknown' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        result = await attempt();
      }
    }
    return result;
  } catch (err) {
    log.warn('reservation failed: Redis unreachable or too slow', { requestId: reservationId, accountId: token.accountId, error: String(err) });
    void withRetries(() => deps.balances.release(token.accountId, reservationId), deps.retryDelaysMs).catch((error: unknown) =>
      log.error('reservation of a failed request not released (it expires)', { requestId: reservationId, accountId: token.accountId, error: String(error) }),
    );
    throw redisUnavailable('your balance');
  }
}

/** The token's spending cap in micro-RMB, or null. */
function capOf(token: TokenRecord): bigint | null {
  return token.spendCapMicro === null ? null : BigInt(token.spendCapMicro);
}

/** The spendable balance left by a reservation Redis made, or the client's error for one it refused: 402 (balance, spending cap) or 503 (balance not loadable). */
export function admitted(result: ReserveResult, token: TokenRecord, amount: bigint): bigint {
  const capMicro = capOf(token);
  switch (result.status) {
    case 'ok':
      return result.balanceMicro;
    case 'insufficient':
      throw new GatewayError(
        'insufficient_balance',
        `Insufficient balance: this request may cost up to ${RMB(amount)} RMB and the available balance is ${RMB(result.balanceMicro)} RMB. Please top up`,
      );
    case 'cap_reached':
      // The cap counts what this request may cost at most, so a key well under its cap can still be refused.
      throw new GatewayError(
        'insufficient_balance',
        `This request may cost up to ${RMB(amount)} RMB, more than is left of this API key's spending cap of ${RMB(capMicro ?? 0n)} RMB: send a smaller max_tokens, or raise the cap`,
      );
    case 'duplicate':
      throw new GatewayError('internal', 'Duplicate request id');
    case 'unknown':
      throw new GatewayError('unavailable', 'Your balance is not available yet; please retry in a moment', undefined, { retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS });
  }
}

/** What metering keeps of a request between its reservation and its settlement. */
interface MeteredRequest {
  readonly token: TokenRecord;
  readonly startedAt: number;
  readonly reservedMicro: bigint;
  readonly bodyBytes: number;
  /** The tap of the upstream attempt that answered last (each attempt gets a new one). */
  tap: UsageTap | undefined;
}

/** A request whose relay ended, waiting for its settlement (see {@link Metering.finish}). */
interface FinishedRequest {
  readonly ctx: Koa.ParameterizedContext<MeterState>;
  readonly request: MeteredRequest;
  readonly lease: HeldLease | undefined;
  readonly endedAt: number;
  /** What the client was answered (what the rest of the pipeline threw decides it, if anything). */
  readonly httpStatus: number;
}

/**
 * The middleware that reserves, runs the rest of the pipeline (the relay) and settles, and what is
 * still being settled: a request's settlement (balance and usage event) is made at the end of the turn in
 * which its answer ended, and the answer goes out without waiting for Redis to confirm it.
 */
export class Metering {
  /** Settlements and usage events sent and not yet confirmed. */
  private readonly pending = new Set<Promise<void>>();
  /** Requests whose relay ended in this turn, settled together at its end. */
  private finished: FinishedRequest[] = [];
  /** Usage events to append at the end of this turn ... */
  private reports: UsageEvent[] = [];
  /** ... and those waiting for their lease batch to be sent, by batch id. */
  private readonly leased = new Map<string, UsageEvent[]>();
  /** Account id -> spendable balance after its last reservation or lease growth here. */
  private readonly lastBalance = lruCache<string, bigint>(BALANCE_CACHE_SIZE);
  private readonly leases: BalanceLeases;
  /**
   * Settlements and usage events are tried again until they reach Redis (an outage of any length
   * loses none: they are kept in memory meanwhile), until this is aborted at shutdown.
   */
  private readonly retryStop = new AbortController();
  private readonly now: () => number;
  private readonly replay: UsageReplay | undefined;
  readonly middleware: Koa.Middleware<MeterState>;

  constructor(private readonly deps: MeteringDeps) {
    this.now = deps.now ?? Date.now;
    if (deps.replay) {
      this.replay = new UsageReplay(deps.replay.bus, deps.usage, deps.replay.periodMs, this.retryStop.signal, this.now);
      this.replay.start();
    }
    this.middleware = (ctx, next) => this.aroundRelay(ctx, next);
    this.leases = new BalanceLeases({
      balances: deps.balances,
      node: deps.node,
      instance: deps.instance,
      ttlMs: deps.reservationTtlMs ?? RESERVATION_TTL_MS,
      now: this.now,
      onBalance: (accountId, balance) => this.lastBalance.set(accountId, balance),
      onSent: (batchId) => this.sendLeased(batchId),
      idleMs: deps.leaseIdleMs,
      retryDelaysMs: deps.retryDelaysMs,
      retryStop: this.retryStop.signal,
    });
  }

  /**
   * Reserves the request alone, and remembers the balance each answer reported (for the next
   * request's choice to lease). Before a refusal for want of balance, this node's lease of the
   * account gives its money back and the reservation is asked again: a 402 counts all of it.
   */
  private async admit(token: TokenRecord, reservationId: string, amount: bigint): Promise<void> {
    const account = token.accountId;
    try {
      let result = await reserveAlone(this.deps, token, reservationId, amount);
      if (result.status === 'insufficient' && (await this.leases.giveBack(account))) result = await reserveAlone(this.deps, token, reservationId, amount);
      this.lastBalance.set(account, admitted(result, token, amount));
    } catch (err) {
      this.lastBalance.delete(account);
      throw err;
    }
  }

  /** Resolves once every settlement so far is sent and confirmed (or logged as failed): for tests, and before {@link close}. */
  async idle(): Promise<void> {
    // Again while requests settling meanwhile left charges or events behind.
    do {
      this.settleFinished();
      await this.leases.idle();
      this.sendReports();
      await Promise.all(this.pending);
    } while (this.pending.size > 0 || this.finished.length > 0 || this.reports.length > 0 || this.leased.size > 0 || this.leases.busy());
  }

  /** At shutdown, once no request is in flight: sends the last settlements and gives the leases' rest back. */
  async close(): Promise<void> {
    // What Redis still refuses gets one last series of tries, without the waits.
    this.retryStop.abort();
    await this.idle();
    await this.leases.close();
    await this.idle();
    await this.replay?.close();
  }

  /**
   * Reserves, relays, settles. Not an async function: on the lease path nothing before the relay
   * waits, and what runs for every request of a busy node should not cost a suspended frame.
   */
  private aroundRelay(ctx: Koa.ParameterizedContext<MeterState>, next: Koa.Next): Promise<void> {
    try {
      return this.reserveAndRelay(ctx, next, ctx.state.format);
    } catch (err) {
      // As an async stage would (the pipeline's compose expects a rejection, not a throw).
      return Promise.reject(err);
    }
  }

  /** Takes the request's reservation from the lease when it holds it, then relays; otherwise {@link waitThenRelay}. */
  private reserveAndRelay(ctx: Koa.ParameterizedContext<MeterState>, next: Koa.Next, format: WireFormat): Promise<void> {
    const token = ctx.state.token;
    const runtime = ctx.state.runtime;
    const model = ctx.state.model;
    const bodyBytes = ctx.state.rawBody.length;
    const request: MeteredRequest = {
      token,
      startedAt: this.now(),
      reservedMicro: reservationFor({
        format,
        body: ctx.state.body,
        bodyBytes,
        model,
        routes: ctx.state.candidates,
        exchangeRate: runtime.exchangeRate,
      }),
      bodyBytes,
      tap: undefined,
    };
    // A rich account's request takes its reservation from the lease, most often with no Redis
    // call at all; anyone else's (or when the lease cannot grow) is reserved alone, exactly.
    // (A free request, reserving 0, is reserved alone: the balance must still be loaded and not negative.)
    const reserved = request.reservedMicro;
    const known = this.lastBalance.get(token.accountId);
    const rich = token.spendCapMicro === null && reserved > 0n && known !== undefined && known >= reserved * LEASE_HEADROOM;
    const lease = rich ? this.leases.take(token.accountId, reserved, reserved * LEASE_GROWTH) : undefined;
    if (lease !== undefined && !(lease instanceof Promise)) return this.relay(ctx, next, request, lease);
    return this.waitThenRelay(ctx, next, request, lease);
  }

  /** The request waits for its lease to grow, or is reserved alone. */
  private async waitThenRelay(ctx: Koa.ParameterizedContext<MeterState>, next: Koa.Next, request: MeteredRequest, growing: Promise<HeldLease | undefined> | undefined): Promise<void> {
    const lease = await growing?.catch(() => Promise.reject(redisUnavailable('your balance')));
    if (!lease) await this.admit(request.token, ctx.state.requestId, request.reservedMicro);
    return this.relay(ctx, next, request, lease);
  }

  /** Runs the relay with a usage tap on each upstream attempt, then settles whatever it did. */
  private relay(ctx: Koa.ParameterizedContext<MeterState>, next: Koa.Next, request: MeteredRequest, lease: HeldLease | undefined): Promise<void> {
    const now = this.now;
    ctx.state.observe = (format) => (request.tap = new UsageTap(format, now));
    let relayed: Promise<void>;
    try {
      relayed = next();
    } catch (err) {
      relayed = Promise.reject(err); // settled like any failure: the lease must get its take back
    }
    return relayed.then(
      () => this.finish(ctx, request, lease, undefined),
      (err: unknown) => {
        this.finish(ctx, request, lease, err);
        throw err;
      },
    );
  }

  /**
   * Notes how the request ended (`failure`: what the rest of the pipeline threw) and leaves its
   * settlement for the end of the turn, with the other requests that end in it: settled back to
   * back, and their charges and events sent in one Redis round trip.
   */
  private finish(ctx: Koa.ParameterizedContext<MeterState>, request: MeteredRequest, lease: HeldLease | undefined, failure: unknown): void {
    const httpStatus = failure === undefined ? ctx.status : failure instanceof GatewayError ? failure.status : 500;
    if (this.finished.push({ ctx, request, lease, endedAt: this.now(), httpStatus }) === 1) setImmediate(() => this.settleFinished());
  }

  private settleFinished(): void {
    const finished = this.finished;
    this.finished = [];
    for (const request of finished) this.settle(request);
  }

  /** Charges the request by the rules of ./settlement.ts and reports its usage event. */
  private settle(finished: FinishedRequest): void {
    const { ctx, request, lease } = finished;
    const deps = this.deps;
    const { token, reservedMicro } = request;
    const runtime = ctx.state.runtime;
    const outcome = ctx.state.relay;
    const served = outcome?.served;
    const group = served ? (runtime.groups.get(served.group) ?? null) : null;
    const seen = request.tap?.result() ?? null;
    const settlement = settlementFor({
      delivery: outcome ?? NOTHING_DELIVERED,
      tap: seen,
      group,
      model: ctx.state.model,
      exchangeRate: runtime.exchangeRate,
      bodyBytes: request.bodyBytes,
    });
    ctx.state.onSettled?.(settlement.usage);
    const charge = settlement.source === 'none' ? 0n : settlement.chargeMicro;
    const reservationId = ctx.state.requestId;
    // Under a lease the charge goes with the lease's next batch (null: a charge of nothing goes nowhere).
    const chargeBatch = lease ? this.leases.settle(lease, reservedMicro, { eventId: reservationId, tokenId: token.tokenId, chargeMicro: charge }) : null;
    if (!lease) {
      // The charge is known already: sent now, the event with it (events go last in the round trip).
      this.track(
        withRetries(
          () => (settlement.source === 'none' ? deps.balances.release(token.accountId, reservationId) : deps.balances.settle(token.accountId, reservationId, charge, token.tokenId)),
          deps.retryDelaysMs,
          this.retryStop.signal,
        ),
        // An unsettled reservation is released by expiry, and reconciliation reports the drift.
        (error) => log.error('settlement failed', { requestId: reservationId, accountId: token.accountId, error }),
      );
    }
    const event = usageEvent(finished, settlement, seen?.firstByteAt ?? null, deps.node, chargeBatch);
    if (chargeBatch === null) {
      this.report(event);
      return;
    }
    // The event goes once the lease's batch holding its charge is sent (the same Redis round trip), with the batch's other events.
    const waiting = this.leased.get(chargeBatch);
    if (waiting) waiting.push(event);
    else this.leased.set(chargeBatch, [event]);
    this.deps.events?.queued(1);
  }

  /** Queues a usage event whose charge is sent already (or is nothing): the events of one turn are appended together. */
  private report(event: UsageEvent): void {
    this.deps.events?.queued(1);
    if (this.reports.push(event) === 1) queueMicrotask(() => this.sendReports());
  }

  private sendReports(): void {
    const events = this.reports;
    if (events.length === 0) return;
    this.reports = [];
    this.send(events, null);
  }

  /** Sends the usage events of a lease batch that was just sent. */
  private sendLeased(batchId: string): void {
    const events = this.leased.get(batchId);
    if (!events) return;
    this.leased.delete(batchId);
    this.send(events, batchId);
  }

  private send(events: UsageEvent[], chargeBatch: string | null): void {
    const appended = withRetries(() => this.deps.usage.append(...events), this.deps.retryDelaysMs, this.retryStop.signal);
    const replay = this.replay;
    const counts = this.deps.events;
    if (counts) void appended.then(() => counts.sent(events.length), () => undefined);
    this.track(replay ? appended.then(() => replay.keep(events)) : appended, (error) =>
      // Their charges are on the balance; reconciliation reports them as lost usage events.
      log.error('usage events not queued', { events: events.length, chargeBatch, error }),
    );
  }

  /** Keeps `sending` until Redis answered it (see {@link idle}); past every retry, `onError` says what was lost. */
  private track(sending: Promise<unknown>, onError: (error: string) => void): void {
    const settled = sending.then(
      () => undefined,
      (err: unknown) => onError(String(err)),
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }
}

/** The usage event of a finished request, charged as `settlement` says; `firstByteAt`: epoch ms, or null. */
function usageEvent(finished: FinishedRequest, settlement: Settlement, firstByteAt: number | null, node: string, chargeBatch: string | null): UsageEvent {
  const { ctx, request, endedAt } = finished;
  const { token, startedAt } = request;
  const state = ctx.state;
  const model = state.model;
  const runtime = state.runtime;
  const served = state.relay?.served;
  const group = served === undefined ? undefined : runtime.groups.get(served.group);
  return {
    eventId: state.requestId,
    requestId: state.requestId,
    accountId: token.accountId,
    tokenId: token.tokenId,
    model: model.id,
    group: served?.group ?? null,
    channelId: served?.channelId ?? null,
    node,
    formatIn: state.format,
    formatOut: served?.upstreamFormat ?? null,
    stream: state.stream ?? false,
    usage: settlement.usage,
    rawUsage: settlement.rawUsage,
    usageSource: settlement.source,
    prices: model.prices,
    billing: group?.billing ?? 'tokens',
    groupMultiplier: group?.multiplier ?? '1',
    modelMultiplier: model.multiplier,
    exchangeRate: runtime.exchangeRate,
    chargeMicro: settlement.chargeMicro.toString(),
    reservedMicro: request.reservedMicro.toString(),
    status: settlement.status,
    httpStatus: finished.httpStatus,
    latencyMs: Math.max(0, endedAt - startedAt),
    firstByteMs: firstByteAt === null ? null : Math.max(0, firstByteAt - startedAt),
    createdAt: startedAt,
    chargeBatch,
  };
}
