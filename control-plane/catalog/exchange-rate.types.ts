import { Authorized, Field, ObjectType } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import type { ExchangeRate } from './exchange-rate.entity.js';

/** One USD -> RMB rate as set at a moment. */
@ObjectType('ExchangeRate', { description: 'A USD -> RMB exchange rate, as set at `setAt`' })
export class ExchangeRateView {
  @Field(() => String, { description: 'RMB per USD, decimal string' })
  rate!: string;

  @Field(() => String)
  note!: string;

  @Field(() => Date)
  setAt!: Date;

  @Authorized(Role.Admin)
  @Field(() => String, { nullable: true, description: 'Administrators: account id of who set it (null for the built-in default)' })
  setBy!: string | null;

  /** The view of `row`. */
  static of(row: ExchangeRate): ExchangeRateView {
    return Object.assign(new ExchangeRateView(), { rate: row.rate, note: row.note, setAt: row.createdAt, setBy: row.setBy ?? null });
  }
}
