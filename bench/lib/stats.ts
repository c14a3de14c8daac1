/** Small statistics and timing helpers for the benchmarks. */

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * How far the median of `groups`' values, pooled, may be off: the central `level` share of the
 * medians of `resamples` bootstrap resamples that draw whole groups with replacement (values
 * measured together, on one pair of processes say, vary together, so a group is the unit). A
 * fixed seed, so that one run's figures can be read again from its numbers.
 */
export function medianInterval(groups: readonly (readonly number[])[], level = 0.9, resamples = 2000): [low: number, high: number] {
  let seed = 0x2545f491;
  // mulberry32: a few lines of well-spread pseudo-random numbers.
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const medians: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const values: number[] = [];
    for (let g = 0; g < groups.length; g++) values.push(...groups[Math.floor(random() * groups.length)]);
    medians.push(median(values));
  }
  const tail = ((1 - level) / 2) * 100;
  return [percentile(medians, tail), percentile(medians, 100 - tail)];
}

/** Runs `fn` and returns its result with the milliseconds it took. */
export function timed<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const result = fn();
  return [result, performance.now() - start];
}

/** Milliseconds with `digits` decimals, e.g. `1.25 ms`. */
export function ms(value: number, digits = 1): string {
  return `${value.toFixed(digits)} ms`;
}

/** The arithmetic mean of `values`. */
export function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC on Linux), the same in every
 * process: times taken in two processes of one machine can be subtracted.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint() / 1000n) / 1000;
}
