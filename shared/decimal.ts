/**
 * Exact decimal arithmetic on bigint, for the money path (no floating point anywhere).
 *
 * A {@link Decimal} is `coef / 10^scale`. Addition and multiplication are exact (multiplying adds
 * scales, so dividing by a power of ten is just a larger scale). Rounding happens only when a
 * caller asks for it, with {@link roundDecimal}: money code rounds ONCE, at the end of a charge.
 */

import { lruCache } from './lru.js';

/** An exact decimal number: `coef / 10^scale` (scale >= 0). */
export interface Decimal {
  readonly coef: bigint;
  readonly scale: number;
}

/** Thrown for a decimal string (price, multiplier, rate, amount) that does not pass validation. */
export class DecimalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecimalError';
  }
}

/** Options for {@link parseDecimal}. */
export interface ParseDecimalOptions {
  /** Accept a leading `-` (default false: prices, multipliers and rates are never negative). */
  allowNegative?: boolean;
  /** Most fractional digits accepted (default 18). More is an error, never a silent rounding. */
  maxScale?: number;
  /** Name used in error messages, e.g. `"input price"`. */
  label?: string;
}

/** Longest decimal string accepted; bounds the work done on hostile input. */
export const MAX_DECIMAL_LENGTH = 64;

const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a plain decimal string such as `"3"`, `"0.30"`, `"15.000001"` or (when allowed) `"-2.5"`.
 *
 * Accepted: optional `-` (only with `allowNegative`), one or more digits, optionally `.` followed by
 * one or more digits. Rejected with {@link DecimalError}: non-strings, the empty string, whitespace,
 * `+`, exponents (`1e3`), `NaN`/`Infinity`, `.5`, `5.`, separators (`1,000`), more than `maxScale`
 * fractional digits, strings longer than {@link MAX_DECIMAL_LENGTH}.
 */
export function parseDecimal(text: unknown, options: ParseDecimalOptions = {}): Decimal {
  // The same few prices, multipliers and rates are read on every request: keep their parses.
  const key = typeof text === 'string' ? `${options.allowNegative === true ? '-' : '+'}${options.maxScale ?? ''}:${text}` : undefined;
  const known = key === undefined ? undefined : parsed.get(key);
  if (known !== undefined) return known;
  const value = parseUncached(text, options);
  parsed.set(key!, value);
  return value;
}

/** The parses {@link parseDecimal} keeps: a catalog's distinct prices fit; the least recently used go first. */
const parsed = lruCache<string, Decimal>(10_000);

function parseUncached(text: unknown, options: ParseDecimalOptions): Decimal {
  const label = options.label ?? 'decimal';
  const maxScale = options.maxScale ?? 18;
  if (typeof text !== 'string') throw new DecimalError(`${label}: expected a decimal string, got ${typeof text}`);
  if (text.length === 0 || text.length > MAX_DECIMAL_LENGTH) {
    throw new DecimalError(`${label}: expected a decimal string of 1 to ${MAX_DECIMAL_LENGTH} characters`);
  }
  const match = DECIMAL_RE.exec(text);
  if (match === null) throw new DecimalError(`${label}: "${text}" is not a plain decimal number`);
  const [, sign, whole, fraction = ''] = match;
  if (sign === '-' && options.allowNegative !== true) throw new DecimalError(`${label}: must not be negative`);
  if (fraction.length > maxScale) {
    throw new DecimalError(`${label}: at most ${maxScale} digits after the decimal point`);
  }
  const magnitude = BigInt(whole + fraction);
  return { coef: sign === '-' ? -magnitude : magnitude, scale: fraction.length };
}

/** True when {@link parseDecimal} would accept `text` with these options. */
export function isDecimalString(text: unknown, options: ParseDecimalOptions = {}): text is string {
  try {
    parseDecimal(text, options);
    return true;
  } catch {
    return false;
  }
}

/** The integer `n` as a decimal. */
export function decimalFromBigInt(n: bigint): Decimal {
  return { coef: n, scale: 0 };
}

/** Zero. */
export const DECIMAL_ZERO: Decimal = { coef: 0n, scale: 0 };

/** 10^0 .. 10^63, computed once: money arithmetic asks for the same few powers on every request. */
const POWERS_OF_TEN = Array.from({ length: 64 }, (_, n) => 10n ** BigInt(n));

function pow10(n: number): bigint {
  return POWERS_OF_TEN[n] ?? 10n ** BigInt(n);
}

/** `d` re-expressed at a larger `scale` (exact). */
function rescale(d: Decimal, scale: number): bigint {
  return d.coef * pow10(scale - d.scale);
}

/** Exact `a + b`. */
export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { coef: rescale(a, scale) + rescale(b, scale), scale };
}

/** Exact `a * b`. */
export function mulDecimal(a: Decimal, b: Decimal): Decimal {
  return { coef: a.coef * b.coef, scale: a.scale + b.scale };
}

/** Exact `d / 10^n`; a negative `n` multiplies by `10^-n`. */
export function shiftDecimal(d: Decimal, n: number): Decimal {
  return n >= 0 ? { coef: d.coef, scale: d.scale + n } : { coef: d.coef * pow10(-n), scale: d.scale };
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * How {@link roundDecimal} rounds to an integer:
 * - `half-up`: to nearest; an exact half goes away from zero (2.5 -> 3, -2.5 -> -3).
 * - `ceil`: towards +infinity (reservations: never under-reserve).
 * - `floor`: towards -infinity.
 */
export type RoundingMode = 'half-up' | 'ceil' | 'floor';

/** `d` rounded to an integer with `mode`. This is the only place a money value loses precision. */
export function roundDecimal(d: Decimal, mode: RoundingMode): bigint {
  if (d.scale === 0) return d.coef;
  const divisor = pow10(d.scale);
  const quotient = d.coef / divisor; // truncates towards zero
  const remainder = d.coef % divisor; // same sign as coef
  if (remainder === 0n) return quotient;
  switch (mode) {
    case 'floor':
      return remainder < 0n ? quotient - 1n : quotient;
    case 'ceil':
      return remainder > 0n ? quotient + 1n : quotient;
    case 'half-up': {
      const twice = 2n * (remainder < 0n ? -remainder : remainder);
      if (twice < divisor) return quotient;
      return d.coef < 0n ? quotient - 1n : quotient + 1n;
    }
  }
}

/** Canonical exact string: no exponent, trailing fractional zeros removed (`"0.35"`, `"12"`, `"-0.5"`). */
export function decimalToString(d: Decimal): string {
  const negative = d.coef < 0n;
  const digits = (negative ? -d.coef : d.coef).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction.length > 0 ? `.${fraction}` : ''}`;
}
