/** Redis stream ids (`<ms>-<seq>`), compared and stepped exactly (both parts may exceed 2^53 in theory). */

/** -1, 0 or 1 as stream id `a` sorts before, equal to or after `b`. */
export function compareStreamIds(a: string, b: string): -1 | 0 | 1 {
  const [am, as] = parts(a);
  const [bm, bs] = parts(b);
  if (am !== bm) return am < bm ? -1 : 1;
  if (as !== bs) return as < bs ? -1 : 1;
  return 0;
}

/** The smallest id after `id`. */
export function nextStreamId(id: string): string {
  const [ms, seq] = parts(id);
  return `${ms}-${seq + 1n}`;
}

function parts(id: string): [bigint, bigint] {
  const [ms, seq = '0'] = id.split('-');
  return [BigInt(ms), BigInt(seq)];
}
