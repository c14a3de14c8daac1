import { BigIntType, Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity.js';

/** Why money moved. */
export enum LedgerKind {
  TrialCredit = 'trial_credit',
  TopUp = 'top_up',
  Usage = 'usage',
  Refund = 'refund',
  Adjustment = 'adjustment',
  Redemption = 'redemption',
  InviteReward = 'invite_reward',
}

/**
 * One movement of an account's money, append-only (never updated or deleted). Amounts are signed
 * integers of micro-RMB: credits positive, charges negative. The idempotency key makes every
 * writer safe to retry.
 */
@Entity({ tableName: 'ledger_entry' })
export class LedgerEntry {
  @PrimaryKey({ type: new BigIntType('string'), autoincrement: true })
  id!: string;

  @Index()
  @ManyToOne(() => Account, { deleteRule: 'restrict' })
  account!: Account;

  @Enum({ items: () => LedgerKind, nativeEnumName: 'ledger_kind' })
  kind!: LedgerKind;

  /** Signed micro-RMB, as a decimal string (bigint-safe). */
  @Property({ type: new BigIntType('string') })
  amountMicro!: string;

  @Unique()
  @Property({ type: 'string', length: 200 })
  idempotencyKey!: string;

  @Property({ type: 'string', length: 500, nullable: true })
  memo?: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();
}
