/**
 * Per-unit prices that depend on what is made: an image's size and quality (gpt-image-1 costs
 * $0.011 for a low-quality square and $0.25 for a high-quality portrait; dall-e-3's hd costs
 * double), a video second's resolution (sora-2-pro: $0.30 at 720p, $0.50 at 1024p). A model keeps
 * its base `image` or `videoSecond` price and a list of variants; the charge of a request takes
 * the most specific variant that matches what it asked for, else the base price. The chosen
 * prices are what the usage record keeps, so `computeCharge` recomputes the charge from them.
 */
import type { ModelKind, UnitPriceVariant } from '../snapshot/types.js';
import type { ModelPrices } from './prices.js';

/** What a request makes, as far as its unit price depends on it. */
export interface UnitChoice {
  readonly size?: string;
  readonly quality?: string;
}

/** The price kind a model of `kind` is charged by per unit, or null for text. */
export function unitKindOf(kind: ModelKind): 'image' | 'videoSecond' | null {
  return kind === 'image' ? 'image' : kind === 'video' ? 'videoSecond' : null;
}

/** The variant for `choice`: of those matching it, the one naming most of size and quality (the first on a tie); null when none. */
export function matchVariant(variants: readonly UnitPriceVariant[], choice: UnitChoice): UnitPriceVariant | null {
  let best: UnitPriceVariant | null = null;
  let bestScore = -1;
  for (const v of variants) {
    if (v.size !== undefined && v.size !== choice.size) continue;
    if (v.quality !== undefined && v.quality !== choice.quality) continue;
    const score = (v.size !== undefined ? 2 : 0) + (v.quality !== undefined ? 1 : 0);
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** Per base prices object: the prices already made for each choice (the charge's unit rates are cached per prices object, so the same object must come back). */
const chosen = new WeakMap<ModelPrices, Map<string, ModelPrices>>();

/**
 * The prices to charge a request of a `kind` model by: `prices` with its unit price replaced by
 * the matching variant's, or `prices` itself when no variant matches (or for text). The same
 * choice gets the very same object back.
 */
export function pricesForChoice(kind: ModelKind, prices: ModelPrices, variants: readonly UnitPriceVariant[] | undefined, choice: UnitChoice): ModelPrices {
  const unit = unitKindOf(kind);
  if (unit === null || !variants || variants.length === 0) return prices;
  const variant = matchVariant(variants, choice);
  if (variant === null) return prices;
  let known = chosen.get(prices);
  if (!known) chosen.set(prices, (known = new Map()));
  const key = `${variant.size ?? ''}\n${variant.quality ?? ''}`;
  let made = known.get(key);
  if (!made) known.set(key, (made = { ...prices, [unit]: variant.usd }));
  return made;
}
