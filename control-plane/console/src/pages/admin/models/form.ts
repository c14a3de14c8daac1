import type { AdminModelFieldsFragment, CreateModelInput, ModelKind, PricesInput, UpdateModelInput } from '../../../gql/admin-models/graphql';

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
    manualPriceOverride: model?.manualPriceOverride ?? true,
  };
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
    ...(v.manualPriceOverride !== model.manualPriceOverride && { manualPriceOverride: v.manualPriceOverride }),
  };
}
