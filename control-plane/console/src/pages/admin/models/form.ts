import type { AdminModelFieldsFragment, CreateModelInput, ModelKind, PricesInput, UnitPriceInput, UpdateModelInput } from '../../../gql/admin-models/graphql';

/** The price fields, in the order the form shows them. */
export const PRICE_FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h', 'image', 'videoSecond', 'perRequest'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];

/** A limit as typed: empty clears it. */
type Limit = number | string;

/** What the model form holds; prices as typed decimal strings ("" = not priced). */
export interface ModelFormValues {
  modelId: string;
  vendor: string;
  kind: ModelKind;
  multiplier: string;
  aliases: string[];
  prices: Record<PriceField, string>;
  contextLimit: Limit;
  outputLimit: Limit;
  defaultMaxOutputTokens: Limit;
  rejectedParameters: string[];
  /** Image and video prices by size and quality, a line each: `size quality usd`, `*` for any. */
  unitPrices: string;
  manualPriceOverride: boolean;
}

/** The form's values for a new model or for `model`. */
export function formValues(model: AdminModelFieldsFragment | null): ModelFormValues {
  const prices = Object.fromEntries(PRICE_FIELDS.map((f) => [f, model?.prices[f] ?? ''])) as Record<PriceField, string>;
  return {
    modelId: model?.modelId ?? '',
    vendor: model?.vendor ?? '',
    kind: model?.kind ?? 'Text',
    multiplier: model?.multiplier ?? '1',
    aliases: model?.aliases ?? [],
    prices,
    contextLimit: model?.contextLimit ?? '',
    outputLimit: model?.outputLimit ?? '',
    defaultMaxOutputTokens: model?.defaultMaxOutputTokens ?? '',
    rejectedParameters: model?.rejectedParameters ?? [],
    unitPrices: (model?.unitPrices ?? []).map((u) => `${u.size ?? '*'} ${u.quality ?? '*'} ${u.usd}`).join('\n'),
    manualPriceOverride: model?.manualPriceOverride ?? true,
  };
}

/** The unit price lines as the API takes them (a line that is not three words goes as written, for the API to name). */
function unitPricesInput(text: string): UnitPriceInput[] {
  const any = (word: string | undefined) => (word === undefined || word === '*' ? null : word);
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => words[0] !== '')
    .map((words) => (words.length === 3 ? { size: any(words[0]), quality: any(words[1]), usd: words[2] } : { usd: words.join(' ') }));
}

const limit = (value: Limit) => (value === '' ? null : Number(value));

function pricesInput(prices: Record<PriceField, string>): PricesInput {
  return Object.fromEntries(PRICE_FIELDS.map((f) => [f, prices[f].trim() || null])) as PricesInput;
}

/** The API's input for a new model. */
export function createInput(v: ModelFormValues): CreateModelInput {
  return {
    modelId: v.modelId.trim(),
    vendor: v.vendor.trim(),
    kind: v.kind,
    multiplier: v.multiplier.trim(),
    aliases: v.aliases,
    prices: pricesInput(v.prices),
    unitPrices: unitPricesInput(v.unitPrices),
    contextLimit: limit(v.contextLimit),
    outputLimit: limit(v.outputLimit),
    defaultMaxOutputTokens: limit(v.defaultMaxOutputTokens),
    rejectedParameters: v.rejectedParameters,
  };
}

/**
 * The API's changes to `model`. Prices go only when one changed (editing prices protects them
 * from the catalog import), and the protection only when it was switched.
 */
export function updateInput(v: ModelFormValues, model: AdminModelFieldsFragment): UpdateModelInput {
  const before = formValues(model);
  const pricesChanged = PRICE_FIELDS.some((f) => v.prices[f].trim() !== before.prices[f]);
  const unitPricesChanged = v.unitPrices.trim() !== before.unitPrices;
  return {
    vendor: v.vendor.trim(),
    kind: v.kind,
    multiplier: v.multiplier.trim(),
    aliases: v.aliases,
    contextLimit: limit(v.contextLimit),
    outputLimit: limit(v.outputLimit),
    defaultMaxOutputTokens: limit(v.defaultMaxOutputTokens),
    rejectedParameters: v.rejectedParameters,
    ...(pricesChanged && { prices: pricesInput(v.prices) }),
    ...(unitPricesChanged && { unitPrices: unitPricesInput(v.unitPrices) }),
    ...(v.manualPriceOverride !== model.manualPriceOverride && { manualPriceOverride: v.manualPriceOverride }),
  };
}
