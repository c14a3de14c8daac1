/**
 * Billing by the unit (images, seconds of video), for the media endpoints: the same money path as
 * text requests (hot balance reservation before the upstream call, one settlement with one
 * rounding, a usage event the control plane writes into the ledger once), in three calls that
 * may run on different data planes:
 * - {@link UnitBilling.reserve}: the most the order may cost (its units at the dearest candidate
 *   group, rounded up) off the hot balance, under an id of the caller's (402 / 503 in the client's
 *   format when refused);
 * - {@link UnitBilling.settle}: the charge of the units made, at the rates frozen at reservation
 *   ({@link UnitRates}), and its usage event;
 * - {@link UnitBilling.release}: nothing charged (the upstream failed, a job was cancelled), with
 *   a usage event saying so.
 * Settling or releasing is idempotent by the reservation id across every node: the balance store
 * settles a reservation once, and a second try (`duplicate`) appends no event.
 */
import type { UsageEvent, UsageUnits } from '../../shared/billing/usage-event.js';
import type { GroupFormat } from '../../shared/formats.js';
import { createLogger } from '../../shared/log.js';
import type { BalanceStore } from '../../shared/ports/balance-store.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { UsageQueue } from '../../shared/ports/usage-queue.js';
import { chargeMicroRmb } from '../../shared/pricing/charge.js';
import { estimateReservation } from '../../shared/pricing/estimate.js';
import type { BillingMode, ModelPrices } from '../../shared/pricing/prices.js';
import { pricesForChoice, type UnitChoice } from '../../shared/pricing/unit-variants.js';
import { emptyUsage, type NormalisedUsage } from '../../shared/pricing/usage.js';
import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import { admitted, reserveAlone, RESERVATION_TTL_MS } from './metering.js';
import { withRetries } from './redis-retry.js';

const log = createLogger('unit-billing');

/** What unit billing needs. */
export interface UnitBillingDeps {
  balances: BalanceStore;
  usage: UsageQueue;
  /** NODE_NAME, recorded on usage events. */
  node: string;
  now?: () => number;
  /** Waits between tries of a settlement or event Redis refused (./redis-retry.ts). */
  retryDelaysMs?: readonly number[];
}

/** Units an order asks for or made: images, or seconds of video. */
export interface UnitCounts {
  images?: number;
  videoSeconds?: number;
}

/**
 * Everything a charge depends on besides the units, fixed when the group is known: keep it with a
 * job, so that a settlement after a new snapshot charges what was reserved for.
 */
export interface UnitRates {
  /** The model's prices with the unit price for the order's size and quality. */
  prices: ModelPrices;
  billing: BillingMode;
  groupMultiplier: string;
  modelMultiplier: string;
  exchangeRate: string;
}

/** The rates of `model` in `group` for an order of `choice` (size, quality). */
export function unitRates(model: Pick<RuntimeModel, 'kind' | 'prices' | 'unitPrices' | 'multiplier'>, group: Pick<SnapshotGroup, 'billing' | 'multiplier'>, exchangeRate: string, choice: UnitChoice): UnitRates {
  return {
    prices: pricesForChoice(model.kind, model.prices, model.unitPrices, choice),
    billing: group.billing,
    groupMultiplier: group.multiplier,
    modelMultiplier: model.multiplier,
    exchangeRate,
  };
}

/** What a usage event of a settled or released order says besides its charge. */
export interface UnitOrder {
  /** The reservation id, also the usage event's id. */
  reservationId: string;
  requestId: string;
  token: Pick<TokenRecord, 'accountId' | 'tokenId'>;
  model: string;
  /** The group and channel that served (null: none did). */
  group: string | null;
  channelId: string | null;
  formatIn: GroupFormat;
  formatOut: GroupFormat | null;
  units: UsageUnits;
  reservedMicro: bigint;
  /** Epoch ms when the order arrived. */
  startedAt: number;
  httpStatus: number;
  /** Epoch ms of the first byte sent to the client, or null. */
  firstByteAt?: number | null;
}

/** Reserves, settles and releases orders billed by the unit (see the file comment). */
export class UnitBilling {
  private readonly pending = new Set<Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly deps: UnitBillingDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * The most `counts` of `model` at `choice` may cost in any of `routes`' groups, rounded up. A
   * model priced by tokens (some image models are) reserves `tokens` worth of output besides.
   */
  estimate(model: RuntimeModel, routes: readonly Pick<GroupRoute, 'group'>[], exchangeRate: string, counts: UnitCounts, choice: UnitChoice, tokens = 0): bigint {
    let most = 0n;
    for (const { group } of routes) {
      const rates = unitRates(model, group, exchangeRate, choice);
      const estimate = estimateReservation({ ...rates, promptTokensEstimate: 0, maxOutputTokens: tokens, images: counts.images, videoSeconds: counts.videoSeconds });
      if (estimate > most) most = estimate;
    }
    return most;
  }

  /** Reserves `amount` under `reservationId` for `ttlMs`; throws the client's 402 or 503. */
  async reserve(token: TokenRecord, reservationId: string, amount: bigint, ttlMs = RESERVATION_TTL_MS): Promise<void> {
    const deps = { balances: this.deps.balances, usage: this.deps.usage, node: this.deps.node, now: this.now, reservationTtlMs: ttlMs, retryDelaysMs: this.deps.retryDelaysMs };
    admitted(await reserveAlone(deps, token, reservationId, amount), token, amount);
  }

  /**
   * Charges `usage` at `rates` for the order, once across every node; resolves with the charge, or
   * null when the reservation was settled or released already (nothing is appended then).
   * Redis refusing throws (the caller tries again later, or the reservation expires).
   */
  async settle(order: UnitOrder, usage: NormalisedUsage, rates: UnitRates, rawUsage: unknown = null): Promise<bigint | null> {
    const charge = chargeMicroRmb({ usage, ...rates });
    const result = await withRetries(() => this.deps.balances.settle(order.token.accountId, order.reservationId, charge, order.token.tokenId), this.deps.retryDelaysMs);
    if (result.status === 'duplicate') return null;
    this.report(order, usage, rates, charge, rawUsage, 'success');
    return charge;
  }

  /** Gives the reservation back whole and records the order as charged nothing; false when it was settled or released already. */
  async release(order: UnitOrder, rates: UnitRates | null, status: 'failed' | 'aborted' = 'failed'): Promise<boolean> {
    const result = await withRetries(() => this.deps.balances.release(order.token.accountId, order.reservationId), this.deps.retryDelaysMs);
    if (result.status === 'duplicate') return false;
    this.report(order, emptyUsage(), rates, 0n, null, status);
    return true;
  }

  /** Resolves once every usage event sent so far reached Redis (or was given up): for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  /** Appends the order's usage event in the background (tried again while Redis refuses: the balance holds the charge already). */
  private report(order: UnitOrder, usage: NormalisedUsage, rates: UnitRates | null, charge: bigint, rawUsage: unknown, status: UsageEvent['status']): void {
    const endedAt = this.now();
    const event: UsageEvent = {
      eventId: order.reservationId,
      requestId: order.requestId,
      accountId: order.token.accountId,
      tokenId: order.token.tokenId,
      model: order.model,
      group: order.group,
      channelId: order.channelId,
      node: this.deps.node,
      formatIn: order.formatIn,
      formatOut: order.formatOut,
      stream: false,
      usage,
      rawUsage,
      usageSource: charge > 0n || status === 'success' ? 'upstream' : 'none',
      prices: rates?.prices ?? {},
      billing: rates?.billing ?? 'tokens',
      groupMultiplier: rates?.groupMultiplier ?? '1',
      modelMultiplier: rates?.modelMultiplier ?? '1',
      exchangeRate: rates?.exchangeRate ?? '1',
      chargeMicro: charge.toString(),
      reservedMicro: order.reservedMicro.toString(),
      status,
      httpStatus: order.httpStatus,
      latencyMs: Math.max(0, endedAt - order.startedAt),
      firstByteMs: order.firstByteAt == null ? null : Math.max(0, order.firstByteAt - order.startedAt),
      createdAt: order.startedAt,
      chargeBatch: null,
      ...(order.units.size !== undefined || order.units.quality !== undefined ? { units: order.units } : {}),
    };
    const sent = withRetries(() => this.deps.usage.append(event), this.deps.retryDelaysMs).then(
      () => undefined,
      // Lost past every retry: reconciliation reports a charge without its usage event.
      (err: unknown) => log.error('usage event of a unit-billed order not queued', { id: order.reservationId, error: String(err) }),
    );
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }
}
