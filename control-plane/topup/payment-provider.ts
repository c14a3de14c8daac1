/** A payment provider's two halves: where to send the payer, and how to trust what it calls back with. */
export interface PaymentProvider {
  /** Protocol name stored on orders, e.g. `epay`. */
  readonly name: string;
  /** The URL the payer is sent to for one order. */
  payUrl(order: PaymentRequest): string;
  /** Checks a callback's parameters: a verified payment, or why it is refused. */
  verify(params: Readonly<Record<string, string>>): VerifiedPayment | { refused: string };
}

/** What is asked of the provider for one order. */
export interface PaymentRequest {
  outTradeNo: string;
  /** RMB to pay, with exactly two decimals ("71.23"). */
  money: string;
  /** Shown to the payer. */
  name: string;
  /** Payment method, e.g. `alipay`, `wxpay`. */
  payType: string;
  notifyUrl: string;
  returnUrl: string;
}

/** A payment the provider vouched for (signature checked, status successful). */
export interface VerifiedPayment {
  outTradeNo: string;
  providerTradeNo: string;
  /** The paid amount exactly as the provider reported it. */
  money: string;
}
