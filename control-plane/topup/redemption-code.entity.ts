import { BigIntType, Entity, Index, ManyToOne, Property, Unique, type Opt } from '@mikro-orm/core';
import { Account } from '../accounts/account.entity.js';
import { BaseEntity } from '../db/base.entity.js';

/**
 * A single-use code worth a fixed RMB amount, made by an admin in batches. Only the SHA-256 of the
 * code is stored (a code is a bearer credential): the clear codes are shown once, at creation.
 */
@Entity({ tableName: 'redemption_code' })
export class RedemptionCode extends BaseEntity {
  @Unique()
  @Property({ type: 'string', length: 64 })
  codeHash!: string;

  /** e.g. `RC-AB12...9XYZ`, for admin lists. */
  @Property({ type: 'string', length: 32 })
  codeMasked!: string;

  /** Codes made together share a batch id. */
  @Index()
  @Property({ type: 'uuid' })
  batchId!: string;

  @Property({ type: 'string', length: 200, default: '' })
  batchName: string & Opt = '';

  @Property({ type: new BigIntType('string') })
  amountMicro!: string;

  /** The admin who made it. */
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Index()
  @ManyToOne(() => Account, { nullable: true, deleteRule: 'restrict' })
  redeemedBy?: Account | null;

  @Property({ type: 'timestamptz', nullable: true })
  redeemedAt?: Date | null;
}
