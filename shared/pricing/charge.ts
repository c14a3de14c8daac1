/**
 * The charge of one request, exactly:
 *
 *   microRmb = round_half_up( SUM_kind(count x USD unit price / unit size)
 *                             x group multiplier x model multiplier x exchange rate x 10^6 )
 *
 * Token prices are per million tokens (unit size 10^6), image and video prices per image and per
 * second (unit size 1). Reasoning tokens are priced as output (they are inside `output`). Every
 * product is exact bigint decimal arithmetic; the ONLY rounding is the final one, half up, to an
 * integer number of micro-RMB. A kind with a non-zero count and no price is charged 0 (detect it
 * with `unpricedKinds`, prevent it with `validatePrices`). With billing `per-request` the sum is
 * replaced by the model's `perRequest` price (0 when unset) and the usage is only recorded.
 */
import {
  addDecimal,
  decimalFromBigInt,
  decimalToString,
  DECIMAL_ZERO,
  mulDecimal,
  parseDecimal,
  roundDecimal,
  shiftDecimal,
  type Decimal,
  type RoundingMode,
} from '../decimal.js';
import { MICRO_DIGITS, parseExchangeRate } from '../money.js';
import { PRICED_USAGE, readPrice, type BillingMode, type PriceKind } from './prices.js';
import { toCount, type NormalisedUsage } from './usage.js';
import { chargeAtRates, type RateInput } from './unit-rates.js';

/** The inputs of {@link computeCharge}: the usage, and the rates' inputs. */
export interface ChargeInput extends RateInput {
  readonly usage: NormalisedUsage;
}

/** One priced kind of a charge. */
export interface ChargeLine {
  readonly kind: PriceKind;
  /** Tokens, images, seconds, or 1 request. */
  readonly count: number;
  /** The USD unit price as configured, or null when unset (charged 0). */
  readonly unitPriceUsd: string | null;
  /** 1000000 for token prices (per million), 1 otherwise. */
  readonly per: number;
  /** count x price / per, exact USD before multipliers. */
  readonly usd: string;
}

/** Everything needed to recompute a charge by hand; all strings are exact decimals. */
export interface ChargeBreakdown {
  readonly billing: BillingMode;
  /** The non-zero kinds (tokens billing) or the single `perRequest` line. */
  readonly lines: readonly ChargeLine[];
  /** Sum of the lines' `usd`, before multipliers. */
  readonly subtotalUsd: string;
  readonly groupMultiplier: string;
  readonly modelMultiplier: string;
  readonly exchangeRate: string;
  /** The exact, unrounded charge in micro-RMB. */
  readonly exactMicroRmb: string;
  /** The rounded charge (same as the result's `microRmb`), as a string for JSON. */
  readonly microRmb: string;
}

/** The result of {@link computeCharge}. */
export interface Charge {
  readonly microRmb: bigint;
  readonly breakdown: ChargeBreakdown;
}

/** One priced kind of an unrounded charge (formatted into a {@link ChargeLine} only for a breakdown). */
interface PricedLine {
  readonly kind: PriceKind;
  readonly count: number;
  readonly price: Decimal | null;
  readonly perMillion: boolean;
  readonly usd: Decimal;
}

/** An unrounded charge: its lines, the USD subtotal and the exact micro-RMB after multipliers and rate. */
export interface ExactCharge {
  readonly lines: readonly PricedLine[];
  readonly subtotal: Decimal;
  readonly exactMicro: Decimal;
}

function priced(kind: PriceKind, count: number, price: Decimal | null, perMillion: boolean): PricedLine {
  const usd = price === null ? DECIMAL_ZERO : shiftDecimal(mulDecimal(decimalFromBigInt(BigInt(count)), price), perMillion ? 6 : 0);
  return { kind, count, price, perMillion, usd };
}

function chargeLine(p: PricedLine): ChargeLine {
  return {
    kind: p.kind,
    count: p.count,
    unitPriceUsd: p.price === null ? null : decimalToString(p.price),
    per: p.perMillion ? 1_000_000 : 1,
    usd: decimalToString(p.usd),
  };
}

/**
 * The exact, unrounded charge (shared by charge and reservation estimate). Throws a
 * `DecimalError` for an invalid price, multiplier or rate.
 */
export function exactCharge(input: ChargeInput): ExactCharge {
  const group = parseDecimal(input.groupMultiplier, { label: 'group multiplier' });
  const model = parseDecimal(input.modelMultiplier, { label: 'model multiplier' });
  const rate = parseExchangeRate(input.exchangeRate);
  const lines: PricedLine[] = [];
  let subtotal = DECIMAL_ZERO;
  if (input.billing === 'per-request') {
    const line = priced('perRequest', 1, readPrice(input.prices, 'perRequest'), false);
    lines.push(line);
    subtotal = line.usd;
  } else {
    for (const { usage, price, perMillion } of PRICED_USAGE) {
      const count = toCount(input.usage[usage]);
      if (count <= 0) continue;
      const line = priced(price, count, readPrice(input.prices, price), perMillion);
      lines.push(line);
      subtotal = addDecimal(subtotal, line.usd);
    }
  }
  const exactMicro = shiftDecimal(mulDecimal(mulDecimal(mulDecimal(subtotal, group), model), rate), -MICRO_DIGITS);
  return { lines, subtotal, exactMicro };
}

/** Rounds an exact charge with `mode` and builds its breakdown. */
function settleExact(input: ChargeInput, exact: ExactCharge, mode: RoundingMode): Charge {
  const microRmb = roundDecimal(exact.exactMicro, mode);
  return {
    microRmb,
    breakdown: {
      billing: input.billing ?? 'tokens',
      lines: exact.lines.map(chargeLine),
      subtotalUsd: decimalToString(exact.subtotal),
      groupMultiplier: input.groupMultiplier,
      modelMultiplier: input.modelMultiplier,
      exchangeRate: input.exchangeRate,
      exactMicroRmb: decimalToString(exact.exactMicro),
      microRmb: microRmb.toString(),
    },
  };
}

/**
 * The charge of one request in micro-RMB, rounded once, half up, with its breakdown.
 * Throws a `DecimalError` for an invalid price, multiplier or rate (validate on write with
 * `validatePrices`); never for usage, which is already normalised.
 */
export function computeCharge(input: ChargeInput): Charge {
  return settleExact(input, exactCharge(input), 'half-up');
}

/** The micro-RMB of {@link computeCharge} alone, without its breakdown, from unit rates kept per prices (the data plane's hot path). */
export function chargeMicroRmb(input: ChargeInput): bigint {
  return chargeAtRates(input, input.usage, 'half-up');
}
