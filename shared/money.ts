/**
 * Money amounts. Balances, charges and ledger entries are integers of micro-RMB held as `bigint`
 * (1 RMB = 1,000,000 micro-RMB). USD amounts entered by people (top-ups) are parsed exactly and
 * converted at a decimal-string exchange rate, rounded once, half up. No floating point.
 */
import { type Decimal, DecimalError, mulDecimal, parseDecimal, roundDecimal, shiftDecimal } from './decimal.js';

/** Micro units per whole unit (RMB or USD). */
export const MICRO_PER_UNIT = 1_000_000n;

/** Digits after the decimal point of a micro amount. */
export const MICRO_DIGITS = 6;

/** Options for {@link formatMicro}. */
export interface FormatMicroOptions {
  /** Drop trailing fractional zeros (`"0.2"`, `"12"`) instead of always six digits (`"0.200000"`). */
  trim?: boolean;
}

/**
 * Formats micro units as a decimal string of whole units, exactly.
 * Default: always six fractional digits (`200000n` -> `"0.200000"`, `-1n` -> `"-0.000001"`).
 * With `trim`: trailing zeros and a bare point removed (`200000n` -> `"0.2"`, `12000000n` -> `"12"`).
 */
export function formatMicro(micro: bigint, options: FormatMicroOptions = {}): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = (abs / MICRO_PER_UNIT).toString();
  let fraction = (abs % MICRO_PER_UNIT).toString().padStart(MICRO_DIGITS, '0');
  if (options.trim === true) fraction = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction.length > 0 ? `.${fraction}` : ''}`;
}

/** {@link formatMicro} for micro-RMB: `formatMicroRmb(200000n)` is `"0.200000"` (the trial credit). */
export function formatMicroRmb(microRmb: bigint, options: FormatMicroOptions = {}): string {
  return formatMicro(microRmb, options);
}

/** Options for {@link parseToMicro}. */
export interface ParseMoneyOptions {
  /** Accept a leading `-` (adjustments, refunds); default false. */
  allowNegative?: boolean;
  /** Name used in error messages. */
  label?: string;
}

/**
 * Parses a whole-unit decimal string (`"10"`, `"0.2"`, `"12.345678"`) to micro units, exactly.
 * More than six fractional digits is a {@link DecimalError} (never silently rounded); so are the
 * inputs {@link parseDecimal} rejects (empty, exponent, NaN, whitespace, `+`, negatives unless allowed).
 */
export function parseToMicro(text: unknown, options: ParseMoneyOptions = {}): bigint {
  const d = parseDecimal(text, {
    allowNegative: options.allowNegative,
    maxScale: MICRO_DIGITS,
    label: options.label ?? 'amount',
  });
  return d.coef * 10n ** BigInt(MICRO_DIGITS - d.scale);
}

/** An RMB amount string to micro-RMB (`"0.20"` -> `200000n`). See {@link parseToMicro}. */
export function parseRmbToMicro(text: unknown, options: ParseMoneyOptions = {}): bigint {
  return parseToMicro(text, { label: 'RMB amount', ...options });
}

/** A USD amount string to micro-USD (`"10"` -> `10000000n`). See {@link parseToMicro}. */
export function parseUsdToMicro(text: unknown, options: ParseMoneyOptions = {}): bigint {
  return parseToMicro(text, { label: 'USD amount', ...options });
}

/**
 * Converts a USD amount (decimal string, at most six fractional digits, not negative) to micro-RMB
 * at `rate` (RMB per USD, decimal string, must be > 0): `usd x rate x 10^6`, rounded once, half up.
 * Example: `usdToMicroRmb("10", "7.1234")` is `71234000n`.
 */
export function usdToMicroRmb(usd: string, rate: string): bigint {
  const amount = parseDecimal(usd, { maxScale: MICRO_DIGITS, label: 'USD amount' });
  const r = parseExchangeRate(rate);
  return roundDecimal(shiftDecimal(mulDecimal(amount, r), -MICRO_DIGITS), 'half-up');
}

/** Parses an exchange rate (RMB per USD): a decimal string strictly greater than zero. */
export function parseExchangeRate(rate: unknown): Decimal {
  const r = parseDecimal(rate, { label: 'exchange rate' });
  if (r.coef === 0n) throw new DecimalError('exchange rate: must be greater than zero');
  return r;
}
