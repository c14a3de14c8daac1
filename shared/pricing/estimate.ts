/**
 * Reservation estimates, made before the upstream call. They must be cheap (no tokenizer, O(n)
 * at most) and must not under-reserve because of rounding: the estimate is rounded UP.
 */
import { compareDecimal, type Decimal } from '../decimal.js';
import type { ChargeInput } from './charge.js';
import { readPrice, type ModelPrices, type PriceKind } from './prices.js';
import { chargeAtRates } from './unit-rates.js';
import { makeUsage, toCount } from './usage.js';

/** The inputs of {@link estimateReservation}: those of a charge, without the usage. */
export interface ReservationInput extends Omit<ChargeInput, 'usage'> {
  /** Estimated prompt tokens (e.g. from {@link estimatePromptTokensFromText}). */
  readonly promptTokensEstimate: number;
  /** The request's output cap (the caller supplies the model's default when the client set none). */
  readonly maxOutputTokens: number;
  /** Images the request asks for (image models), default 0. */
  readonly images?: number;
  /** Seconds of video the request asks for (video models), default 0. */
  readonly videoSeconds?: number;
}

const PROMPT_PRICE_KINDS = ['input', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h'] as const satisfies readonly PriceKind[];

type PromptPriceKind = (typeof PROMPT_PRICE_KINDS)[number];

/** Per prices object (the snapshot's, which live as long as the snapshot): its dearest prompt-side kind. */
const dearestKinds = new WeakMap<ModelPrices, PromptPriceKind>();

/** The prompt-side price kind with the highest set price (`input` when none is set). */
function dearestPromptKind(prices: ModelPrices): PromptPriceKind {
  const known = dearestKinds.get(prices);
  if (known) return known;
  let best: PromptPriceKind = 'input';
  let bestPrice: Decimal | null = null;
  for (const kind of PROMPT_PRICE_KINDS) {
    const price = readPrice(prices, kind); // a price that does not parse throws, every time
    if (price !== null && (bestPrice === null || compareDecimal(price, bestPrice) > 0)) {
      best = kind;
      bestPrice = price;
    }
  }
  dearestKinds.set(prices, best);
  return best;
}

/**
 * The micro-RMB to reserve for a request: the charge of a worst-case usage, rounded UP (ceil).
 * Worst case: every estimated prompt token at the dearest prompt-side price that is set (input,
 * cache read, cache write 5m or 1h — a 1-hour cache write usually costs most), plus
 * `maxOutputTokens` at the output price, plus the requested images / video seconds; for a
 * per-request group, the per-request price. Same multipliers, rate and validation as the charge.
 */
export function estimateReservation(input: ReservationInput): bigint {
  const prompt = dearestPromptKind(input.prices);
  const tokens = input.promptTokensEstimate;
  // Every kind spelled out, not a computed key: one shape of literal for every request.
  const usage = makeUsage({
    input: prompt === 'input' ? tokens : 0,
    cacheRead: prompt === 'cacheRead' ? tokens : 0,
    cacheWrite5m: prompt === 'cacheWrite5m' ? tokens : 0,
    cacheWrite1h: prompt === 'cacheWrite1h' ? tokens : 0,
    output: input.maxOutputTokens,
    images: input.images,
    videoSeconds: input.videoSeconds,
  });
  return chargeAtRates(input, usage, 'ceil');
}

/** Heuristic bytes per token for {@link estimatePromptTokensFromBytes}. */
export const BYTES_PER_TOKEN_ESTIMATE = 3;

/**
 * Prompt tokens estimated from a UTF-8 byte length: ceil(bytes / 3).
 * Heuristic: BPE tokenizers average about 4 bytes per token on English and about 3 bytes (one
 * CJK character) per token on Chinese, so bytes/3 is an upper-leaning estimate for text. A whole
 * request body also counts JSON syntax and base64 media, so the estimate from a body is larger
 * still (images far more); that only over-reserves, and the settlement charges what was used.
 */
export function estimatePromptTokensFromBytes(byteLength: number): number {
  return Math.ceil(toCount(byteLength) / BYTES_PER_TOKEN_ESTIMATE);
}

/** The UTF-8 byte length of `text`, computed in one pass without allocating (lone surrogates count 3, as U+FFFD). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Prompt tokens estimated from text (e.g. the request body): {@link utf8ByteLength} / 3, rounded up. O(n). */
export function estimatePromptTokensFromText(text: string): number {
  return estimatePromptTokensFromBytes(utf8ByteLength(text));
}
