import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBase62 } from '../../shared/crypto/secrets.js';
import { DecimalError, decimalToString, parseDecimal } from '../../shared/decimal.js';
import { createLogger } from '../../shared/log.js';
import { MICRO_PER_UNIT, parseUsdToMicro, usdToMicroRmb } from '../../shared/money.js';
import { Account } from '../accounts/account.entity.js';
import type { Credits } from '../billing/credits.js';
import { ExchangeRate } from '../catalog/exchange-rate.entity.js';
import type { Viewer } from '../auth/viewer.js';
import { badInput } from '../graphql/errors.js';
import { LedgerKind } from '../ledger/ledger-entry.entity.js';
import type { PaymentProvider } from './payment-provider.js';
import { TopUpOrder, TopUpStatus } from './top-up-order.entity.js';

const log = createLogger('topup');

/** Smallest top-up, USD (spec: "Minimum top-up: 10 USD"). */
const MIN_TOP_UP_USD = 10n * MICRO_PER_UNIT;
/** Largest top-up per order, USD. */
const MAX_TOP_UP_USD = 100_000n * MICRO_PER_UNIT;
/** How long an order can be paid. */
const ORDER_TTL_MS = 2 * 60 * 60 * 1000;
/** Payment methods the aggregator offers. */
const PAY_TYPES = ['alipay', 'wxpay', 'qqpay'] as const;

/** What a top-up of an amount costs and credits at the rate in force now. */
export interface TopUpPrice {
  /** USD as entered, canonical ("10", "25.5"). */
  amountUsd: string;
  /** RMB per USD in force. */
  exchangeRate: string;
  /** RMB to credit, micro-RMB (amountUsd x rate, rounded half up). */
  amountMicro: bigint;
}

/** The console's wallet page, where the payment page sends the payer back, naming the order. */
export function walletReturnUrl(walletUrl: string, outTradeNo: string): string {
  return `${walletUrl}?order=${encodeURIComponent(outTradeNo)}`;
}

/** How an order's callback was handled (the HTTP answer depends on it). */
export type NotifyResult = { ok: true; order: TopUpOrder } | { ok: false; reason: string };

/** The RMB to pay for `micro`: rounded half up to the fen, two decimals ("71.23"). */
export function payMoney(micro: bigint): string {
  const fen = (micro + 5_000n) / 10_000n;
  return `${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;
}

/** Top-ups: orders in USD at the rate of the moment, paid through the provider, credited once. */
export class TopUpService {
  constructor(
    private readonly deps: {
      credits: Credits;
      /** Null when PAY_* is not configured: top-ups are disabled. */
      provider: PaymentProvider | null;
      /** Where the provider calls back, and the wallet page it returns the payer to (from PUBLIC_BASE_URL). */
      urls: { notifyUrl: string; walletUrl: string } | null;
      now: () => number;
    },
  ) {}

  /**
   * The price of a top-up of `amountUsd` (decimal string, 10 to 100000) at the rate in force now:
   * what `create` would fix on the order. BAD_USER_INPUT on `amountUsd` when it is not such an amount.
   */
  async quote(em: EntityManager, amountUsd: string): Promise<TopUpPrice> {
    let usdMicro: bigint;
    try {
      usdMicro = parseUsdToMicro(amountUsd);
    } catch (error) {
      throw badInput('amountUsd', error instanceof DecimalError ? `must be a USD amount such as "10" or "25.50" (${error.message})` : 'invalid');
    }
    if (usdMicro < MIN_TOP_UP_USD) throw badInput('amountUsd', 'the minimum top-up is 10 USD');
    if (usdMicro > MAX_TOP_UP_USD) throw badInput('amountUsd', 'the maximum top-up is 100000 USD per order');
    const [rate] = await em.find(ExchangeRate, {}, { orderBy: { id: 'desc' }, limit: 1 });
    if (!rate) throw badInput('amountUsd', 'top-ups are not available: no exchange rate is set');
    const usd = decimalToString(parseDecimal(amountUsd));
    return { amountUsd: usd, exchangeRate: rate.rate, amountMicro: usdToMicroRmb(usd, rate.rate) };
  }

  /** Creates a pending order for `amountUsd` (decimal string, 10 or more) and returns it with its pay URL. */
  async create(em: EntityManager, viewer: Viewer, amountUsd: string, payType: string): Promise<{ order: TopUpOrder; payUrl: string }> {
    const { provider, urls } = this.deps;
    if (!provider || !urls) throw badInput('amountUsd', 'top-ups are not available: no payment provider is configured (PAY_MERCHANT_ID, PAY_MERCHANT_KEY, PAY_GATEWAY_URL)');
    const price = await this.quote(em, amountUsd);
    if (!(PAY_TYPES as readonly string[]).includes(payType)) throw badInput('payType', `must be one of ${PAY_TYPES.join(', ')}`);
    const order = em.create(TopUpOrder, {
      outTradeNo: `MT${this.deps.now()}${randomBase62(10)}`,
      account: em.getReference(Account, viewer.accountId),
      amountUsd: price.amountUsd,
      exchangeRate: price.exchangeRate,
      amountMicro: price.amountMicro.toString(),
      provider: provider.name,
      payType,
      expiresAt: new Date(this.deps.now() + ORDER_TTL_MS),
    });
    await em.flush();
    const payUrl = provider.payUrl({
      outTradeNo: order.outTradeNo,
      money: payMoney(price.amountMicro),
      name: `Meridian top-up ${price.amountUsd} USD`,
      payType,
      notifyUrl: urls.notifyUrl,
      returnUrl: walletReturnUrl(urls.walletUrl, order.outTradeNo),
    });
    return { order, payUrl };
  }

  /**
   * A provider callback: verified (signature, merchant, status), matched to its order, checked
   * against the amount to pay, then credited once (a replay finds the order credited and only
   * re-applies the hot credit, which is itself idempotent). A payment arriving after the order
   * expired is still credited: the money was received.
   */
  async notify(em: EntityManager, params: Readonly<Record<string, string>>): Promise<NotifyResult> {
    const provider = this.deps.provider;
    if (!provider) return { ok: false, reason: 'top-ups are not configured' };
    const payment = provider.verify(params);
    if ('refused' in payment) {
      log.warn('payment callback refused', { reason: payment.refused, outTradeNo: params.out_trade_no });
      return { ok: false, reason: payment.refused };
    }
    const result = await this.deps.credits.apply(em, async (tx) => {
      const order = await tx.findOne(TopUpOrder, { outTradeNo: payment.outTradeNo }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) return { entry: null, result: { ok: false, reason: 'unknown order' } as NotifyResult };
      if (!sameMoney(payment.money, payMoney(BigInt(order.amountMicro)))) {
        log.warn('payment callback amount mismatch', { outTradeNo: order.outTradeNo, paid: payment.money, due: payMoney(BigInt(order.amountMicro)) });
        return { entry: null, result: { ok: false, reason: 'amount mismatch' } as NotifyResult };
      }
      const entry = { accountId: order.account.id, kind: LedgerKind.TopUp, amountMicro: BigInt(order.amountMicro), idempotencyKey: `topup:${order.id}`, memo: `Top-up ${order.amountUsd} USD at ${order.exchangeRate}` };
      if (order.status !== TopUpStatus.Credited) {
        const now = new Date(this.deps.now());
        // paid and credited in one transaction with the ledger entry: never paid-but-not-credited
        order.providerTradeNo = payment.providerTradeNo;
        order.paidAt = now;
        order.status = TopUpStatus.Credited;
        order.creditedAt = now;
        await tx.flush();
      }
      return { entry, result: { ok: true, order } as NotifyResult };
    });
    return result;
  }

  /** Marks unpaid orders past their expiry as expired; returns how many. */
  async expireStale(em: EntityManager): Promise<number> {
    return em.nativeUpdate(TopUpOrder, { status: TopUpStatus.Pending, expiresAt: { $lte: new Date(this.deps.now()) } }, { status: TopUpStatus.Expired });
  }
}

/** Two RMB amounts as strings are the same money ("71.2" equals "71.20"); anything unparsable differs. */
function sameMoney(a: string, b: string): boolean {
  try {
    return decimalToString(parseDecimal(a)) === decimalToString(parseDecimal(b));
  } catch {
    return false;
  }
}
