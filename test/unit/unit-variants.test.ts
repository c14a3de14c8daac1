import { computeCharge } from '../../shared/pricing/charge.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { matchVariant, pricesForChoice } from '../../shared/pricing/unit-variants.js';
import type { UnitPriceVariant } from '../../shared/snapshot/types.js';

/** gpt-image-1's official prices: quality by size, with a base price for sizes not listed. */
const GPT_IMAGE: UnitPriceVariant[] = [
  { size: '1024x1024', quality: 'low', usd: '0.011' },
  { size: '1024x1024', quality: 'medium', usd: '0.042' },
  { size: '1024x1024', quality: 'high', usd: '0.167' },
  { size: '1024x1536', quality: 'high', usd: '0.25' },
  { quality: 'high', usd: '0.2' },
  { size: '1024x1536', usd: '0.063' },
];

describe('unit price variants', () => {
  test('the most specific matching variant wins: size and quality, then size alone, then quality alone', () => {
    expect(matchVariant(GPT_IMAGE, { size: '1024x1024', quality: 'low' })?.usd).toBe('0.011');
    expect(matchVariant(GPT_IMAGE, { size: '1024x1536', quality: 'high' })?.usd).toBe('0.25');
    expect(matchVariant(GPT_IMAGE, { size: '1024x1536', quality: 'low' })?.usd).toBe('0.063');
    expect(matchVariant(GPT_IMAGE, { size: '1536x1024', quality: 'high' })?.usd).toBe('0.2');
    expect(matchVariant(GPT_IMAGE, { size: '1536x1024', quality: 'low' })).toBeNull();
    expect(matchVariant(GPT_IMAGE, {})).toBeNull();
  });

  test('the chosen prices replace the unit price of the model kind only, and are the same object for the same choice', () => {
    const base = { image: '0.04' };
    const high = pricesForChoice('image', base, GPT_IMAGE, { size: '1024x1024', quality: 'high' });
    expect(high).toEqual({ image: '0.167' });
    expect(pricesForChoice('image', base, GPT_IMAGE, { size: '1024x1024', quality: 'high' })).toBe(high);
    expect(pricesForChoice('image', base, GPT_IMAGE, { size: '512x512' })).toBe(base);
    expect(pricesForChoice('text', base, GPT_IMAGE, { size: '1024x1024', quality: 'high' })).toBe(base);
    const video = { videoSecond: '0.3' };
    expect(pricesForChoice('video', video, [{ size: '1792x1024', usd: '0.5' }], { size: '1792x1024' })).toEqual({ videoSecond: '0.5' });
  });

  test('a charge at the chosen price is exact to the micro-RMB, rounded once', () => {
    const prices = pricesForChoice('image', { image: '0.04' }, GPT_IMAGE, { size: '1024x1536', quality: 'high' });
    // 3 x 0.25 USD x 1.5 x 1 x 7.1234 RMB/USD = 8.013825 RMB
    const charge = computeCharge({ usage: makeUsage({ images: 3 }), prices, groupMultiplier: '1.5', modelMultiplier: '1', exchangeRate: '7.1234' });
    expect(charge.microRmb).toBe(8_013_825n);
    // 7 x 0.011 x 7.1234 = 0.5485018 RMB -> 548502 micro-RMB (half up, once)
    const low = pricesForChoice('image', { image: '0.04' }, GPT_IMAGE, { size: '1024x1024', quality: 'low' });
    expect(computeCharge({ usage: makeUsage({ images: 7 }), prices: low, groupMultiplier: '1', modelMultiplier: '1', exchangeRate: '7.1234' }).microRmb).toBe(548_502n);
  });
});
