/**
 * Official per-image and per-second prices of image and video models the price catalog package
 * does not carry (it prices models by tokens), seeded once so that they can be served at their
 * official unit prices (USD, from the vendors' price pages). A size or quality priced apart is a
 * unit price variant (shared/pricing/unit-variants.ts); the base price is the smallest standard
 * one. Seeded with `manualPriceOverride`, so the catalog import never changes them.
 */
import type { UnitPriceVariant } from '../../shared/snapshot/types.js';
import { ModelKind, type PriceTable } from './model.entity.js';

/** One seeded media model. */
export interface MediaModelSeed {
  modelId: string;
  vendor: string;
  kind: ModelKind;
  prices: Partial<PriceTable>;
  unitPrices: UnitPriceVariant[];
}

const tall = (quality: string, usd: string): UnitPriceVariant[] => [
  { size: '1024x1792', quality, usd },
  { size: '1792x1024', quality, usd },
];

/** The seeded media models. */
export const MEDIA_MODELS: readonly MediaModelSeed[] = [
  { modelId: 'dall-e-3', vendor: 'openai', kind: ModelKind.Image, prices: { image: '0.04' }, unitPrices: [...tall('standard', '0.08'), { size: '1024x1024', quality: 'hd', usd: '0.08' }, ...tall('hd', '0.12')] },
  { modelId: 'dall-e-2', vendor: 'openai', kind: ModelKind.Image, prices: { image: '0.02' }, unitPrices: [{ size: '256x256', usd: '0.016' }, { size: '512x512', usd: '0.018' }] },
  { modelId: 'imagen-4.0-generate-001', vendor: 'google', kind: ModelKind.Image, prices: { image: '0.04' }, unitPrices: [] },
  { modelId: 'imagen-4.0-ultra-generate-001', vendor: 'google', kind: ModelKind.Image, prices: { image: '0.06' }, unitPrices: [] },
  { modelId: 'imagen-4.0-fast-generate-001', vendor: 'google', kind: ModelKind.Image, prices: { image: '0.02' }, unitPrices: [] },
  { modelId: 'sora-2', vendor: 'openai', kind: ModelKind.Video, prices: { videoSecond: '0.1' }, unitPrices: [] },
  { modelId: 'sora-2-pro', vendor: 'openai', kind: ModelKind.Video, prices: { videoSecond: '0.3' }, unitPrices: [{ size: '1024x1792', usd: '0.5' }, { size: '1792x1024', usd: '0.5' }] },
  { modelId: 'veo-3.0-generate-001', vendor: 'google', kind: ModelKind.Video, prices: { videoSecond: '0.4' }, unitPrices: [] },
  { modelId: 'veo-3.0-fast-generate-001', vendor: 'google', kind: ModelKind.Video, prices: { videoSecond: '0.15' }, unitPrices: [] },
];
