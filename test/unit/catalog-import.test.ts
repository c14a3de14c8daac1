import { ModelKind, PriceTable } from '../../control-plane/catalog/model.entity.js';
import { pricingExpectation } from '../../control-plane/catalog/model.service.js';
import { kindOf, plainDecimal, readGenaiPrices } from '../../control-plane/catalog/import/genai-prices.js';
import { knownRefusals } from '../../control-plane/catalog/import/known-refusals.js';
import { validatePrices } from '../../shared/pricing/prices.js';

const { models, skipped } = readGenaiPrices(new Date('2026-11-22T00:00:00Z'));

test('numbers become exact plain decimals from their shortest form', () => {
  expect(plainDecimal(0.1)).toBe('0.1');
  expect(plainDecimal(3)).toBe('3');
  expect(plainDecimal(1e-7)).toBe('0.0000001');
  expect(plainDecimal(1.5e-8)).toBe('0.000000015');
  expect(plainDecimal(2e21)).toBe('2000000000000000000000');
  expect(() => plainDecimal(Number.NaN)).toThrow();
});

test('image and video models are recognised by name', () => {
  expect(kindOf('gpt-image-1')).toBe(ModelKind.Image);
  expect(kindOf('google/gemini-2.5-flash-image')).toBe(ModelKind.Image);
  expect(kindOf('sora-2')).toBe(ModelKind.Video);
  expect(kindOf('gpt-4o')).toBe(ModelKind.Text);
  expect(kindOf('claude-imagined-9')).toBe(ModelKind.Text);
});

test('the package yields more than 700 models, each with a unique id and aliases no other model uses', () => {
  expect(models.length).toBeGreaterThan(700);
  expect(skipped).toBeGreaterThan(0);
  const names = models.flatMap((m) => [m.modelId, ...m.aliases]);
  expect(new Set(names).size).toBe(names.length);
});

test('every imported model has a price table our validator accepts and a clean vendor', () => {
  for (const m of models) {
    const table = Object.assign(new PriceTable(), m.prices);
    expect({ id: m.modelId, problems: validatePrices(table, pricingExpectation(m.kind, table)) }).toEqual({ id: m.modelId, problems: [] });
    expect(m.vendor).toMatch(/^[a-z0-9][a-z0-9._-]{0,63}$/);
    expect(m.modelId).toMatch(/^\S{1,200}$/);
  }
});

test('free variants are free, embeddings have a zero output price, first-party prices win', () => {
  const free = models.find((m) => m.modelId.endsWith(':free'));
  expect(free?.prices).toMatchObject({ input: '0', output: '0' });
  expect(models.find((m) => m.modelId === 'text-embedding-3-small')?.prices).toMatchObject({ input: '0.02', output: '0' });
  // Google's Vertex catalog also lists claude-3-5-sonnet (without 1-hour cache writes): Anthropic's entry is the one taken.
  expect(models.find((m) => m.modelId === 'claude-3-5-sonnet')).toMatchObject({ vendor: 'anthropic', source: 'genai-prices:anthropic', prices: { cacheWrite1h: '6' } });
});

test('imported models carry the parameters their family is known to refuse, in the upstream format\'s names', () => {
  const refused = (id: string) => models.find((m) => m.modelId === id)?.rejectedParameters;
  expect(refused('claude-opus-4-7')).toEqual(['temperature', 'top_k', 'top_p']);
  expect(refused('claude-sonnet-5')).toEqual(['temperature', 'top_k', 'top_p']);
  expect(refused('claude-sonnet-4-5')).toEqual(['top_p']);
  expect(refused('claude-haiku-4-5')).toEqual(['top_p']);
  expect(refused('claude-opus-4-0')).toEqual([]);
  expect(refused('claude-fable-5-1')).toEqual(['temperature', 'top_k', 'top_p']);
  expect(knownRefusals('claude-opus-4-20250514')).toEqual([]); // Opus 4, dated: not 4.2
  expect(knownRefusals('claude-haiku-4.5')).toEqual(['top_p']); // dotted versions, as some resellers write them
  expect(knownRefusals('claude-opus-4.7')).toEqual(['temperature', 'top_k', 'top_p']);
  expect(refused('gpt-4.1')).toEqual(['reasoning_effort']);
  expect(refused('gpt-4o-mini')).toEqual(['reasoning_effort']);
  expect(refused('gpt-5')).toEqual([]);
  expect(refused('gemini-2.5-pro')).toEqual([]);
});
