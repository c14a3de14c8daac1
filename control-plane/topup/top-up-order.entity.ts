import { BigIntType, Entity, Enum, Index, ManyToOne, Property, Unique, type Opt } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity.js';
import { BaseEntity } from '../db/base.entity.js';

/** Where a top-up order is: `pending` until paid, then `credited` once its ledger credit is written; `expired` if never paid in time. */
export enum TopUpStatus {
  Pending = 'pending',
  Paid = 'paid',
  Credited = 'credited',
  Expired = 'expired',
}

/**
 * A top-up: an amount in USD, converted to RMB at the rate in force when the order was created
 * (the amount to pay and the amount to credit are fixed then). Paid through a payment provider
 * whose signed callback moves it to `credited` exactly once.
 */
@Entity({ tableName: 'top_up_order' })
export class TopUpOrder extends BaseEntity {
  /** Our order number, sent to the provider as `out_trade_no`. */
  @Unique()
  @Property({ type: 'string', length: 64 })
  outTradeNo!: string;

  @Index()
  @ManyToOne(() => Account, { deleteRule: 'restrict' })
  account!: Account;

  /** USD as entered (canonical decimal string, >= 10). */
  @Property({ type: 'string', length: 40 })
  amountUsd!: string;

  /** RMB per USD in force at creation. */
  @Property({ type: 'string', length: 40 })
  exchangeRate!: string;

  /** What will be credited, micro-RMB (amountUsd x rate). */
  @Property({ type: new BigIntType('string') })
  amountMicro!: string;

  @Enum({ items: () => TopUpStatus, nativeEnumName: 'top_up_status' })
  status: TopUpStatus & Opt = TopUpStatus.Pending;

  /** The provider protocol, e.g. `epay`. */
  @Property({ type: 'string', length: 32 })
  provider!: string;

  /** The payment method asked of the provider, e.g. `alipay`. */
  @Property({ type: 'string', length: 32 })
  payType!: string;

  /** The provider's own trade number, from the callback. */
  @Property({ type: 'string', length: 128, nullable: true })
  providerTradeNo?: string | null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  creditedAt?: Date | null;
}
