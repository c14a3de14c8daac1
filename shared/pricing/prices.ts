/**
 * A model's official price table: USD decimal strings, never numbers.
 * Token prices are USD per MILLION tokens; `image` is USD per image, `videoSecond` USD per second
 * of video, `perRequest` USD per request (used only by per-request billed groups).
 */
import { parseDecimal, type Decimal } from '../decimal.js';
import type { NormalisedUsage } from './usage.js';

/** One model's official prices, as decimal strings ("3", "0.30", "15.000001"). Missing = not set. */
export interface ModelPrices {
  readonly input?: string | null;
  readonly output?: string | null;
  readonly cacheRead?: string | null;
  readonly cacheWrite5m?: string | null;
  readonly cacheWrite1h?: string | null;
  readonly image?: string | null;
  readonly videoSecond?: string | null;
  readonly perRequest?: string | null;
}

/** The prices of {@link ModelPrices}. */
export type PriceKind = keyof ModelPrices;

/** How a group bills: by metered usage, or a fixed `perRequest` price per request. */
export type BillingMode = 'tokens' | 'per-request';

/** Which usage field each price applies to, and the price's unit size (1e6 tokens, or 1). */
export const PRICED_USAGE: readonly { usage: keyof NormalisedUsage; price: PriceKind; perMillion: boolean }[] = [
  { usage: 'input', price: 'input', perMillion: true },
  { usage: 'cacheRead', price: 'cacheRead', perMillion: true },
  { usage: 'cacheWrite5m', price: 'cacheWrite5m', perMillion: true },
  { usage: 'cacheWrite1h', price: 'cacheWrite1h', perMillion: true },
  // `reasoning` is not here on purpose: it is already counted in `output`.
  { usage: 'output', price: 'output', perMillion: true },
  { usage: 'images', price: 'image', perMillion: false },
  { usage: 'videoSeconds', price: 'videoSecond', perMillion: false },
];

const ALL_PRICE_KINDS: readonly PriceKind[] = [
  'input',
  'output',
  'cacheRead',
  'cacheWrite5m',
  'cacheWrite1h',
  'image',
  'videoSecond',
  'perRequest',
];

/**
 * The parsed price of `kind`, or null when it is not set (undefined or null). A set price must be
 * a non-negative decimal string; anything else (including "") throws a `DecimalError`.
 */
export function readPrice(prices: ModelPrices, kind: PriceKind): Decimal | null {
  const text = prices[kind];
  if (text === undefined || text === null) return null;
  return parseDecimal(text, { label: `${kind} price` });
}

/** What a model is expected to be priced for; see {@link validatePrices}. */
export type PricedAs = 'text' | 'image' | 'video';

/** One problem found by {@link validatePrices}. */
export interface PriceProblem {
  readonly kind: PriceKind;
  readonly message: string;
}

/**
 * Checks a price table before it is saved or published. Returns [] when it is usable.
 * - every set price must parse (non-negative decimal, at most 18 fractional digits);
 * - billing `per-request`: `perRequest` must be set;
 * - billing `tokens` and `pricedAs` `text` (default): `input` AND `output` must be set, because a
 *   missing price charges 0 (see computeCharge) and a text model without them would be free;
 * - `image`: `image` must be set; `video`: `videoSecond` must be set. (An image model priced by
 *   tokens is validated as `text`.)
 */
export function validatePrices(
  prices: ModelPrices,
  expect: { billing?: BillingMode; pricedAs?: PricedAs } = {},
): PriceProblem[] {
  const problems: PriceProblem[] = [];
  for (const kind of ALL_PRICE_KINDS) {
    try {
      readPrice(prices, kind);
    } catch (error) {
      problems.push({ kind, message: (error as Error).message });
    }
  }
  const required: PriceKind[] = [];
  if (expect.billing === 'per-request') required.push('perRequest');
  else if (expect.pricedAs === 'image') required.push('image');
  else if (expect.pricedAs === 'video') required.push('videoSecond');
  else required.push('input', 'output');
  for (const kind of required) {
    if (prices[kind] === undefined || prices[kind] === null) {
      problems.push({ kind, message: `${kind} price is required` });
    }
  }
  return problems;
}

/**
 * The prices that are missing for a usage that has them non-zero (they will be charged 0).
 * The meter logs these; the result is [] when every used kind is priced.
 */
export function unpricedKinds(usage: NormalisedUsage, prices: ModelPrices, billing: BillingMode = 'tokens'): PriceKind[] {
  if (billing === 'per-request') return prices.perRequest == null ? ['perRequest'] : [];
  return PRICED_USAGE.filter((p) => usage[p.usage] > 0 && prices[p.price] == null).map((p) => p.price);
}
