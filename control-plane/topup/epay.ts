/**
 * The signed-callback protocol of the common Chinese payment aggregators ("epay"): the payer is
 * sent to `<gateway>?pid=..&type=..&out_trade_no=..&notify_url=..&return_url=..&name=..&money=..
 * &sign=..&sign_type=MD5`; after payment the aggregator calls `notify_url` (GET or POST form) with
 * pid, trade_no, out_trade_no, type, name, money, trade_status=TRADE_SUCCESS, sign, sign_type, and
 * expects the body `success` (it retries otherwise).
 *
 * sign = lower-case hex MD5 of the parameters other than `sign`/`sign_type` and with a non-empty
 * value, sorted by name (byte order), joined as `k=v&k=v` (values not URL-encoded), followed
 * directly by the merchant key.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider, PaymentRequest, VerifiedPayment } from './payment-provider.js';

/** The merchant account at the aggregator. */
export interface EpayMerchant {
  merchantId: string;
  merchantKey: string;
  /** The aggregator's payment page (its `submit.php`). */
  gatewayUrl: string;
}

/** The epay signature of `params` with `key`. */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(text + key, 'utf8').digest('hex');
}

/** The epay protocol for one merchant. */
export class EpayProvider implements PaymentProvider {
  readonly name = 'epay';

  constructor(private readonly merchant: EpayMerchant) {}

  payUrl(order: PaymentRequest): string {
    const params: Record<string, string> = {
      pid: this.merchant.merchantId,
      type: order.payType,
      out_trade_no: order.outTradeNo,
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      name: order.name,
      money: order.money,
    };
    const url = new URL(this.merchant.gatewayUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('sign', epaySign(params, this.merchant.merchantKey));
    url.searchParams.set('sign_type', 'MD5');
    return url.toString();
  }

  verify(params: Readonly<Record<string, string>>): VerifiedPayment | { refused: string } {
    const given = params.sign ?? '';
    const expected = epaySign(params, this.merchant.merchantKey);
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given.toLowerCase()), Buffer.from(expected))) return { refused: 'bad signature' };
    if ((params.sign_type ?? 'MD5').toUpperCase() !== 'MD5') return { refused: 'unsupported sign_type' };
    if (params.pid !== this.merchant.merchantId) return { refused: 'not our merchant id' };
    if (params.trade_status !== 'TRADE_SUCCESS') return { refused: `trade_status ${params.trade_status ?? '(missing)'}` };
    if (!params.out_trade_no || !params.trade_no || !params.money) return { refused: 'missing out_trade_no, trade_no or money' };
    return { outTradeNo: params.out_trade_no, providerTradeNo: params.trade_no, money: params.money };
  }
}
