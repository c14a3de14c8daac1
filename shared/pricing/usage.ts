/**
 * The normalised usage of one request: the same shape whatever wire format the upstream spoke.
 * Every count is a non-negative safe integer. The buckets that are priced never overlap:
 *
 * | field          | meaning                                                                    | priced as      |
 * |----------------|----------------------------------------------------------------------------|----------------|
 * | `input`        | prompt tokens neither read from nor written to the cache                   | input          |
 * | `cacheRead`    | prompt tokens read from the cache                                          | cache read     |
 * | `cacheWrite5m` | prompt tokens written to a 5-minute cache                                  | cache write 5m |
 * | `cacheWrite1h` | prompt tokens written to a 1-hour cache                                    | cache write 1h |
 * | `output`       | generated tokens, reasoning/thinking INCLUDED                              | output         |
 * | `reasoning`    | the reasoning part of `output` (a breakdown, never priced on its own)      | (in output)    |
 * | `images`       | images generated                                                           | per image      |
 * | `videoSeconds` | seconds of video generated                                                 | per second     |
 *
 * Total prompt tokens = input + cacheRead + cacheWrite5m + cacheWrite1h. Invariant: reasoning <= output.
 */
export interface NormalisedUsage {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
  readonly reasoning: number;
  readonly images: number;
  readonly videoSeconds: number;
}

/** The fields of {@link NormalisedUsage}, in a stable order. */
export const USAGE_FIELDS = [
  'input',
  'output',
  'cacheRead',
  'cacheWrite5m',
  'cacheWrite1h',
  'reasoning',
  'images',
  'videoSeconds',
] as const satisfies readonly (keyof NormalisedUsage)[];

/** A usage with every count zero. */
export function emptyUsage(): NormalisedUsage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite5m: 0, cacheWrite1h: 0, reasoning: 0, images: 0, videoSeconds: 0 };
}

const DIGITS_RE = /^\d{1,15}$/;

/**
 * Reads one reported count leniently; never throws, never returns NaN.
 * - a finite number: negative -> 0 (clamped); a fraction -> rounded UP (per started second of video;
 *   token counts are never fractional in practice); above `Number.MAX_SAFE_INTEGER` -> 0 (garbage).
 * - a string of 1 to 15 digits (some proxies quote int64 counts) -> that number.
 * - anything else (missing, null, NaN, Infinity, objects, other strings) -> 0.
 */
export function toCount(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && DIGITS_RE.test(value)) n = Number(value);
  else return 0;
  if (!Number.isFinite(n) || n <= 0) return 0;
  const whole = Math.ceil(n);
  return Number.isSafeInteger(whole) ? whole : 0;
}

/**
 * Builds a valid {@link NormalisedUsage} from loose parts: every field goes through {@link toCount},
 * missing fields are 0, and `output` is raised to `reasoning` when a report claims more reasoning
 * than output (so the invariant reasoning <= output holds and reasoning is never unpriced).
 */
export function makeUsage(parts: Partial<Record<keyof NormalisedUsage, unknown>>): NormalisedUsage {
  const reasoning = toCount(parts.reasoning);
  return {
    input: toCount(parts.input),
    output: Math.max(toCount(parts.output), reasoning),
    cacheRead: toCount(parts.cacheRead),
    cacheWrite5m: toCount(parts.cacheWrite5m),
    cacheWrite1h: toCount(parts.cacheWrite1h),
    reasoning,
    images: toCount(parts.images),
    videoSeconds: toCount(parts.videoSeconds),
  };
}

/** Total prompt-side tokens: input + cacheRead + cacheWrite5m + cacheWrite1h. */
export function promptTokens(usage: NormalisedUsage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite5m + usage.cacheWrite1h;
}
