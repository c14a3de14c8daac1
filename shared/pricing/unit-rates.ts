/**
 * The data plane's fast path to the exact charge of shared/pricing/charge.ts: the charge is linear
 * in the usage counts, so a model's prices at one group's multipliers and one exchange rate are
 * folded once into an exact micro-RMB rate per unit of each usage kind. A charge is then a few
 * bigint products and the one rounding, with the very same result as `computeCharge` (the pricing
 * table checks every case both ways). Rates are kept per prices object (the snapshot's, which live
 * as long as the snapshot).
 */
import { mulDecimal, parseDecimal, roundDecimal, shiftDecimal, type Decimal, type RoundingMode } from '../decimal.js';
import { MICRO_DIGITS, parseExchangeRate } from '../money.js';
import { PRICED_USAGE, readPrice, type BillingMode, type ModelPrices, type PriceKind } from './prices.js';
import type { NormalisedUsage } from './usage.js';

/** What a charge depends on besides the usage. Multipliers and rate are decimal strings. */
export interface RateInput {
  readonly prices: ModelPrices;
  /** The group's price multiplier, e.g. "4.5" (>= 0; "0" makes a free group). */
  readonly groupMultiplier: string;
  /** The model's price multiplier, e.g. "1" (>= 0). */
  readonly modelMultiplier: string;
  /** RMB per USD, e.g. "7.1234" (> 0). */
  readonly exchangeRate: string;
  /** Default `tokens`. */
  readonly billing?: BillingMode;
}

/** Exact micro-RMB per unit of each priced usage kind (PRICED_USAGE order), all at one scale. */
interface UnitRates {
  /**
   * Per unit of PRICED_USAGE[i] (tokens billing), or, per-request billing, the request's price
   * alone; a price that does not parse is kept as its error, thrown only when that kind is used
   * (as exactCharge reads only the prices it uses).
   */
  readonly perUnit: readonly (bigint | Error)[];
  readonly perRequest: boolean;
  readonly scale: number;
}

/** Most rate sets kept per prices object (a model meets a few groups and one rate at a time). */
const PER_PRICES = 64;
const ZERO: Decimal = { coef: 0n, scale: 0 };

/** Rates of one prices object at the inputs they were made for. */
interface KnownRates {
  readonly input: RateInput;
  readonly rates: UnitRates;
}
/** Searched by comparing the inputs' strings (this runs twice per request: no key is built). */
const cache = new WeakMap<ModelPrices, KnownRates[]>();

function sameRates(a: RateInput, b: RateInput): boolean {
  return (a.billing ?? 'tokens') === (b.billing ?? 'tokens') && a.groupMultiplier === b.groupMultiplier && a.modelMultiplier === b.modelMultiplier && a.exchangeRate === b.exchangeRate;
}

function unitRates(input: RateInput): UnitRates {
  let known = cache.get(input.prices);
  for (const k of known ?? []) if (sameRates(k.input, input)) return k.rates;
  // The same parses and errors as exactCharge: a bad multiplier, rate or price throws here.
  const factor = shiftDecimal(
    mulDecimal(
      mulDecimal(parseDecimal(input.groupMultiplier, { label: 'group multiplier' }), parseDecimal(input.modelMultiplier, { label: 'model multiplier' })),
      parseExchangeRate(input.exchangeRate),
    ),
    -MICRO_DIGITS,
  );
  const perRequest = input.billing === 'per-request';
  const rate = (kind: PriceKind, perMillion: boolean): Decimal | Error => {
    try {
      const unit = readPrice(input.prices, kind);
      return unit === null ? ZERO : shiftDecimal(mulDecimal(unit, factor), perMillion ? 6 : 0);
    } catch (err) {
      return err as Error;
    }
  };
  const rates = perRequest ? [rate('perRequest', false)] : PRICED_USAGE.map(({ price, perMillion }) => rate(price, perMillion));
  const scale = Math.max(...rates.map((r) => (r instanceof Error ? 0 : r.scale)));
  const perUnit = rates.map((r) => (r instanceof Error ? r : r.coef * 10n ** BigInt(scale - r.scale)));
  const compiled: UnitRates = { perUnit, perRequest, scale };
  if (!known || known.length >= PER_PRICES) cache.set(input.prices, (known = []));
  const { billing, groupMultiplier, modelMultiplier, exchangeRate } = input;
  known.push({ input: { prices: input.prices, billing, groupMultiplier, modelMultiplier, exchangeRate }, rates: compiled });
  return compiled;
}

/** A kind's rate, or the error of its price, thrown now that the kind is used. */
function used(rate: bigint | Error): bigint {
  if (rate instanceof Error) throw rate;
  return rate;
}

/** The charge of `usage` at `input`'s prices, multipliers and rate, rounded once with `mode`. */
export function chargeAtRates(input: RateInput, usage: NormalisedUsage, mode: RoundingMode): bigint {
  const rates = unitRates(input);
  if (rates.perRequest) return roundDecimal({ coef: used(rates.perUnit[0]), scale: rates.scale }, mode);
  let coef = 0n;
  for (let i = 0; i < PRICED_USAGE.length; i++) {
    const count = usage[PRICED_USAGE[i].usage];
    if (count > 0) coef += BigInt(count) * used(rates.perUnit[i]);
  }
  return roundDecimal({ coef, scale: rates.scale }, mode);
}
