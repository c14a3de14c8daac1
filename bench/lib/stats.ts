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
