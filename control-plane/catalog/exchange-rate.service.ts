import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../graphql/errors.js';
import { ExchangeRate } from './exchange-rate.entity.js';
import { decimalInput, MULTIPLIER_COLUMN } from './validate.js';

/** Largest history page. */
const MAX_HISTORY = 500;

/** The USD -> RMB rate: set by administrators, append-only history, the newest row is current. */
export class ExchangeRateService {
  /** `onChange` runs after every committed change (the snapshot publisher listens). */
  constructor(private readonly onChange: () => void) {}

  /** The rate in force, or null before any was set (the seed sets one at first start). */
  async current(em: EntityManager): Promise<ExchangeRate | null> {
    // find + limit: MikroORM refuses findOne with an empty where.
    const [latest] = await em.find(ExchangeRate, {}, { orderBy: { id: 'desc' }, limit: 1 });
    return latest ?? null;
  }

  /** The rate in force; NOT_FOUND when none was ever set. */
  async require(em: EntityManager): Promise<ExchangeRate> {
    const rate = await this.current(em);
    if (!rate) throw notFound('Exchange rate');
    return rate;
  }

  /** Rate changes, newest first. */
  history(em: EntityManager, limit: number): Promise<ExchangeRate[]> {
    return em.find(ExchangeRate, {}, { orderBy: { id: 'desc' }, limit: Math.min(Math.max(1, limit), MAX_HISTORY) });
  }

  /** Records a new rate (RMB per USD, decimal string > 0); `setBy` is the admin's account id. */
  async set(em: EntityManager, rate: string, note: string, setBy: string | null): Promise<ExchangeRate> {
    const row = em.create(ExchangeRate, { rate: decimalInput('rate', rate, MULTIPLIER_COLUMN, { allowZero: false }), note, setBy });
    await em.flush();
    this.onChange();
    return row;
  }
}
