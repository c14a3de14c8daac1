import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { CanonicalDecimalType } from './decimal-column.js';

/**
 * One USD -> RMB rate change. Append-only: the current rate is the newest row (highest id); older
 * rows are the history, so a charge or top-up can always be traced to the rate in force.
 */
@Entity({ tableName: 'exchange_rate' })
export class ExchangeRate {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** RMB per USD, canonical decimal string, > 0. */
  @Property({ type: CanonicalDecimalType, precision: 12, scale: 6 })
  rate!: string;

  @Property({ type: 'string', length: 500, default: '' })
  note: string & Opt = '';

  /** The admin account that set it; null for the seeded default. */
  @Property({ type: 'uuid', nullable: true })
  setBy?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();
}
