import type { FeeListEntriesQuery } from '../../gql/fee-list/graphql';

/** One row of the fee list: a model in a group, as the API prices it. */
export type FeeEntry = FeeListEntriesQuery['feeList']['nodes'][number];

/** The kinds of unit price, in the API's order. */
export type PriceKind = keyof FeeEntry['prices'];

type PriceWord = 'priceInput' | 'priceOutput' | 'priceCacheRead' | 'priceCacheWrite5m' | 'priceCacheWrite1h' | 'priceImage' | 'priceVideoSecond' | 'pricePerRequest';
type UnitWord = 'unitMillion' | 'unitImage' | 'unitSecond' | 'unitRequest';

/** Each price kind with the words that name it and its unit. */
export const PRICE_KINDS: readonly { kind: PriceKind; label: PriceWord; unit: UnitWord }[] = [
  { kind: 'input', label: 'priceInput', unit: 'unitMillion' },
  { kind: 'output', label: 'priceOutput', unit: 'unitMillion' },
  { kind: 'cacheRead', label: 'priceCacheRead', unit: 'unitMillion' },
  { kind: 'cacheWrite5m', label: 'priceCacheWrite5m', unit: 'unitMillion' },
  { kind: 'cacheWrite1h', label: 'priceCacheWrite1h', unit: 'unitMillion' },
  { kind: 'image', label: 'priceImage', unit: 'unitImage' },
  { kind: 'videoSecond', label: 'priceVideoSecond', unit: 'unitSecond' },
  { kind: 'perRequest', label: 'pricePerRequest', unit: 'unitRequest' },
];

/**
 * The prices that apply to an entry: a per-request group charges only its per-request price; a
 * metered group charges the usage prices the model has (its per-request price is not used there).
 */
export function pricesShown(entry: FeeEntry): typeof PRICE_KINDS {
  if (entry.billingKind === 'PerRequest') return PRICE_KINDS.filter((p) => p.kind === 'perRequest');
  return PRICE_KINDS.filter((p) => p.kind !== 'perRequest' && entry.prices[p.kind] != null);
}

/** The price columns a table of `entries` needs: every kind shown for at least one of them, in order. */
export function priceColumns(entries: readonly FeeEntry[]): typeof PRICE_KINDS {
  const used = new Set(entries.flatMap((e) => pricesShown(e).map((p) => p.kind)));
  return PRICE_KINDS.filter((p) => used.has(p.kind));
}

/** A stable key (and test id) for an entry. */
export function entryKey(entry: FeeEntry): string {
  return `${entry.modelId}@${entry.group}`;
}
