/**
 * Charge and reservation tests. Every expected number is computed by hand in the comments
 * (USD = count x price / 10^6 for token prices; micro-RMB = USD x multipliers x rate x 10^6).
 */
import { DecimalError } from '../../shared/decimal.js';
import { chargeMicroRmb, computeCharge, type ChargeInput } from '../../shared/pricing/charge.js';
import {
  estimatePromptTokensFromBytes,
  estimatePromptTokensFromText,
  estimateReservation,
  utf8ByteLength,
} from '../../shared/pricing/estimate.js';
import {
  normaliseChatCompletionsUsage,
  normaliseGenerateContentUsage,
  normaliseMessagesUsage,
  normaliseResponsesUsage,
} from '../../shared/pricing/normalise.js';
import { unpricedKinds, validatePrices, type ModelPrices } from '../../shared/pricing/prices.js';
import { emptyUsage, type NormalisedUsage } from '../../shared/pricing/usage.js';

const usage = (parts: Partial<NormalisedUsage>): NormalisedUsage => ({ ...emptyUsage(), ...parts });

/** Claude-like table, plus media and per-request prices so every kind is priced. */
const CLAUDE: ModelPrices = {
  input: '3',
  output: '15',
  cacheRead: '0.30',
  cacheWrite5m: '3.75',
  cacheWrite1h: '6',
  image: '0.04',
  videoSecond: '0.1',
  perRequest: '0.02',
};

const UNIT = { groupMultiplier: '1', modelMultiplier: '1', exchangeRate: '1' } as const;

/** The charge of `input`; the data plane's chargeMicroRmb (no breakdown) must agree with computeCharge on every case. */
const charge = (input: Partial<ChargeInput> & { usage: NormalisedUsage }): bigint => {
  const full: ChargeInput = { prices: CLAUDE, ...UNIT, ...input };
  const { microRmb } = computeCharge(full);
  expect(chargeMicroRmb(full)).toBe(microRmb);
  return microRmb;
};

describe('computeCharge: each usage kind alone (multipliers 1, rate 1)', () => {
  it.each<[string, Partial<NormalisedUsage>, bigint]>([
    // 1,000,000 x $3 / 10^6 = $3 -> 3,000,000 micro
    ['input', { input: 1_000_000 }, 3_000_000n],
    // 1,000 x $15 / 10^6 = $0.015 -> 15,000 micro
    ['output', { output: 1000 }, 15_000n],
    // 1,000 x $0.30 / 10^6 = $0.0003 -> 300 micro
    ['cacheRead', { cacheRead: 1000 }, 300n],
    // 1,000 x $3.75 / 10^6 = $0.00375 -> 3,750 micro
    ['cacheWrite5m', { cacheWrite5m: 1000 }, 3750n],
    // 1,000 x $6 / 10^6 = $0.006 -> 6,000 micro
    ['cacheWrite1h', { cacheWrite1h: 1000 }, 6000n],
    // 3 x $0.04 = $0.12 -> 120,000 micro
    ['images', { images: 3 }, 120_000n],
    // 8 x $0.1 = $0.8 -> 800,000 micro
    ['videoSeconds', { videoSeconds: 8 }, 800_000n],
    // reasoning is inside output: output 1,000 with 800 reasoning is still 1,000 x $15 / 10^6 -> 15,000
    ['output with reasoning', { output: 1000, reasoning: 800 }, 15_000n],
    // reasoning is never priced on its own (a usage that breaks the invariant is not double-charged)
    ['reasoning alone', { reasoning: 800 }, 0n],
    ['nothing', {}, 0n],
  ])('%s', (_name, parts, expected) => {
    expect(charge({ usage: usage(parts) })).toBe(expected);
  });

  it('all kinds together add up: 3,000,000 + 15,000 + 300 + 3,750 + 6,000 + 120,000 + 800,000', () => {
    const all = usage({ input: 1_000_000, output: 1000, cacheRead: 1000, cacheWrite5m: 1000, cacheWrite1h: 1000, images: 3, videoSeconds: 8 });
    expect(charge({ usage: all })).toBe(3_945_050n);
  });
});

describe('computeCharge: multipliers and rate', () => {
  const out = usage({ output: 1000 }); // $0.015
  it.each<[string, string, string, bigint]>([
    // 15,000 x 4.5 = 67,500
    ['4.5', '1', '1', 67_500n],
    // 15,000 x 0.35 = 5,250
    ['1', '0.35', '1', 5_250n],
    // 15,000 x 7.1234 = 106,851
    ['1', '1', '7.1234', 106_851n],
    // 15,000 x 4.5 x 0.35 = 23,625; x 7.1234 = 165,375 + 2,915.325 = 168,290.325 -> 168,290
    ['4.5', '0.35', '7.1234', 168_290n],
    // a free group
    ['0', '1', '7.1234', 0n],
    // trailing zeros change nothing
    ['4.50', '0.350', '7.12340', 168_290n],
  ])('group %s x model %s x rate %s', (groupMultiplier, modelMultiplier, exchangeRate, expected) => {
    expect(charge({ usage: out, groupMultiplier, modelMultiplier, exchangeRate })).toBe(expected);
  });

  it.each<[Partial<ChargeInput>, RegExp]>([
    [{ groupMultiplier: '-1' }, /group multiplier: must not be negative/],
    [{ modelMultiplier: '1e2' }, /model multiplier/],
    [{ exchangeRate: '0' }, /exchange rate: must be greater than zero/],
    [{ exchangeRate: '' }, /exchange rate/],
    [{ prices: { ...CLAUDE, output: 'NaN' } }, /output price/],
    [{ prices: { ...CLAUDE, output: '' } }, /output price/],
  ])('rejects %j', (bad, message) => {
    expect(() => charge({ usage: out, ...bad })).toThrow(DecimalError);
    expect(() => charge({ usage: out, ...bad })).toThrow(message);
  });

  it('does not read a malformed price of a kind that was not used', () => {
    // only output is used; the broken image price is not looked at (validatePrices catches it on write)
    expect(charge({ usage: out, prices: { ...CLAUDE, image: 'oops' } })).toBe(15_000n);
  });
});

describe('computeCharge: one rounding, half up', () => {
  const one = usage({ input: 1_000_000 }); // 1 million tokens: USD = the price itself
  const tiny = usage({ input: 1 });
  it.each<[string, ModelPrices, NormalisedUsage, bigint]>([
    // 1 token x $0.5 / 10^6 = 0.5 micro -> 1 (exactly half goes up)
    ['exactly .5 micro', { input: '0.5' }, tiny, 1n],
    // 1 token x $1.5 -> 1.5 micro -> 2; x $2.5 -> 3 (half up, not to even)
    ['1.5 micro', { input: '1.5' }, tiny, 2n],
    ['2.5 micro', { input: '2.5' }, tiny, 3n],
    // 1 token x $0.499999 -> 0.499999 micro -> 0
    ['just under .5', { input: '0.499999' }, tiny, 0n],
    // 1 token x $0.500001 -> 0.500001 micro -> 1
    ['just over .5', { input: '0.500001' }, tiny, 1n],
    // 10^6 tokens x $15.000001 / 10^6 = $15.000001 -> 15,000,001 micro (no float drift)
    ['15.000001 per million', { input: '15.000001' }, one, 15_000_001n],
    // 1 token x $0.000001 -> 0.000001 micro -> 0
    ['tiny fraction', { input: '0.000001' }, tiny, 0n],
  ])('%s', (_name, prices, u, expected) => {
    expect(charge({ usage: u, prices })).toBe(expected);
  });

  it('rounds the sum once, not each kind', () => {
    // per kind: input 1 x $0.4 = 0.4 micro, output 1 x $0.4 = 0.4 micro; rounded separately 0 + 0 = 0,
    // rounded once: 0.8 -> 1
    expect(charge({ usage: usage({ input: 1, output: 1 }), prices: { input: '0.4', output: '0.4' } })).toBe(1n);
  });

  it('rounds after the multipliers, not before', () => {
    // 1 token x $0.3 = 0.3 micro (rounding here would give 0 and then 0 whatever the multiplier);
    // x group 1.7 = 0.51 -> 1; x group 1.5 = 0.45 -> 0
    expect(charge({ usage: tiny, prices: { input: '0.3' }, groupMultiplier: '1.7' })).toBe(1n);
    expect(charge({ usage: tiny, prices: { input: '0.3' }, groupMultiplier: '1.5' })).toBe(0n);
  });
});

describe('computeCharge: huge counts stay exact (bigint)', () => {
  const max = Number.MAX_SAFE_INTEGER; // 9,007,199,254,740,991
  it('MAX_SAFE_INTEGER output tokens at $15 x rate 7', () => {
    // count x 15 x 7 / 10^6 RMB = count x 105 micro = 945,755,921,747,804,055
    expect(charge({ usage: usage({ output: max }), exchangeRate: '7' })).toBe(945_755_921_747_804_055n);
  });

  it('MAX_SAFE_INTEGER output tokens at $15.000001 x rate 7', () => {
    // count x 105 + count x 0.000007 = 945,755,921,747,804,055 + 63,050,394,783.186937
    //   = 945,755,984,798,198,838.186937 -> 945,755,984,798,198,838
    const result = computeCharge({ usage: usage({ output: max }), prices: { output: '15.000001' }, ...UNIT, exchangeRate: '7' });
    expect(result.microRmb).toBe(945_755_984_798_198_838n);
    expect(result.breakdown.exactMicroRmb).toBe('945755984798198838.186937');
  });
});

describe('computeCharge: per-request billing', () => {
  it('charges the perRequest price whatever the usage', () => {
    // $0.02 x 1 x 1 x 7.1234 = 0.142468 RMB -> 142,468 micro
    for (const u of [emptyUsage(), usage({ input: 1_000_000, output: 50_000 })]) {
      expect(charge({ usage: u, billing: 'per-request', exchangeRate: '7.1234' })).toBe(142_468n);
    }
    // with multipliers: 142,468 x 4.5 x 0.35 = 224,387.1 -> 224,387
    expect(
      charge({ usage: emptyUsage(), billing: 'per-request', groupMultiplier: '4.5', modelMultiplier: '0.35', exchangeRate: '7.1234' }),
    ).toBe(224_387n);
  });

  it('charges 0 when the perRequest price is missing, and says so', () => {
    const { perRequest: _omit, ...noPerRequest } = CLAUDE;
    expect(charge({ usage: usage({ input: 5 }), billing: 'per-request', prices: noPerRequest })).toBe(0n);
    expect(unpricedKinds(usage({ input: 5 }), noPerRequest, 'per-request')).toEqual(['perRequest']);
    expect(unpricedKinds(usage({ input: 5 }), CLAUDE, 'per-request')).toEqual([]);
  });

  it('has a single perRequest line in the breakdown', () => {
    const { breakdown } = computeCharge({ usage: emptyUsage(), prices: CLAUDE, ...UNIT, billing: 'per-request' });
    expect(breakdown.lines).toEqual([{ kind: 'perRequest', count: 1, unitPriceUsd: '0.02', per: 1, usd: '0.02' }]);
    expect(breakdown.billing).toBe('per-request');
  });
});

describe('computeCharge: breakdown records every input of the charge', () => {
  it('lists non-zero kinds with unit prices, exact USD and the exact micro-RMB', () => {
    const result = computeCharge({
      usage: usage({ input: 25, cacheRead: 5000, output: 40, reasoning: 10 }),
      prices: CLAUDE,
      groupMultiplier: '4.5',
      modelMultiplier: '1.2',
      exchangeRate: '7.2',
    });
    // 25 x 3 = 75; 5000 x 0.30 = 1500; 40 x 15 = 600 -> 2175 / 10^6 = $0.002175
    // x 4.5 = 0.0097875; x 1.2 = 0.011745; x 7.2 = 0.084564 RMB -> 84,564 micro exactly
    expect(result.microRmb).toBe(84_564n);
    expect(result.breakdown).toEqual({
      billing: 'tokens',
      lines: [
        { kind: 'input', count: 25, unitPriceUsd: '3', per: 1_000_000, usd: '0.000075' },
        { kind: 'cacheRead', count: 5000, unitPriceUsd: '0.3', per: 1_000_000, usd: '0.0015' },
        { kind: 'output', count: 40, unitPriceUsd: '15', per: 1_000_000, usd: '0.0006' },
      ],
      subtotalUsd: '0.002175',
      groupMultiplier: '4.5',
      modelMultiplier: '1.2',
      exchangeRate: '7.2',
      exactMicroRmb: '84564',
      microRmb: '84564',
    });
    expect(() => JSON.stringify(result.breakdown)).not.toThrow();
  });

  it('shows an unpriced kind as a null price charged 0', () => {
    const { breakdown } = computeCharge({ usage: usage({ cacheWrite1h: 10 }), prices: { input: '1', output: '2' }, ...UNIT });
    expect(breakdown.lines).toEqual([{ kind: 'cacheWrite1h', count: 10, unitPriceUsd: null, per: 1_000_000, usd: '0' }]);
  });
});

describe('charge(normalise(raw)) end to end', () => {
  it('chat-completions (GPT-like, group 3, rate 7.1234)', () => {
    const { normalised } = normaliseChatCompletionsUsage({
      prompt_tokens: 1200,
      completion_tokens: 300,
      prompt_tokens_details: { cached_tokens: 1000 },
      completion_tokens_details: { reasoning_tokens: 120 },
    });
    // input 200 x 2 = 400; cacheRead 1000 x 0.50 = 500; output 300 x 8 = 2400 -> 3300 / 10^6 = $0.0033
    // x 3 = 0.0099; x 7.1234 = 0.07052166 RMB = 70,521.66 micro -> 70,522
    const prices = { input: '2', cacheRead: '0.50', output: '8' };
    expect(computeCharge({ usage: normalised, prices, groupMultiplier: '3', modelMultiplier: '1', exchangeRate: '7.1234' }).microRmb).toBe(
      70_522n,
    );
  });

  it('responses, with an unpriced cache write and an exact half (group 0.2, rate 7)', () => {
    const { normalised } = normaliseResponsesUsage({
      input_tokens: 2000,
      input_tokens_details: { cached_tokens: 1500, cache_write_tokens: 100 },
      output_tokens: 800,
      output_tokens_details: { reasoning_tokens: 640 },
    });
    // input 400 x 1.25 = 500; cacheRead 1500 x 0.125 = 187.5; cacheWrite5m 100 x (unset) = 0;
    // output 800 x 10 = 8000 -> 8687.5 / 10^6 = $0.0086875; x 0.2 = 0.0017375; x 7 = 0.0121625 RMB
    // = 12,162.5 micro -> 12,163 (half up)
    const prices = { input: '1.25', cacheRead: '0.125', output: '10' };
    const result = computeCharge({ usage: normalised, prices, groupMultiplier: '0.2', modelMultiplier: '1', exchangeRate: '7' });
    expect(result.breakdown.exactMicroRmb).toBe('12162.5');
    expect(result.microRmb).toBe(12_163n);
    expect(unpricedKinds(normalised, prices)).toEqual(['cacheWrite5m']);
  });

  it('messages with 5m and 1h cache writes (group 2.2, rate 7.1234)', () => {
    const { normalised } = normaliseMessagesUsage({
      input_tokens: 10,
      output_tokens: 20,
      cache_creation_input_tokens: 3000,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
    });
    // input 10 x 3 = 30; 5m 1000 x 3.75 = 3750; 1h 2000 x 6 = 12000; output 20 x 15 = 300
    // -> 16080 / 10^6 = $0.01608; x 2.2 = 0.035376; x 7.1234 = 0.247632 + 0.0043653984 = 0.2519973984 RMB
    // = 251,997.3984 micro -> 251,997
    expect(computeCharge({ usage: normalised, prices: CLAUDE, groupMultiplier: '2.2', modelMultiplier: '1', exchangeRate: '7.1234' }).microRmb).toBe(
      251_997n,
    );
  });

  it('messages stream merged from message_start + message_delta (group 4.5, model 1.2, rate 7.2)', () => {
    const { normalised } = normaliseMessagesUsage({
      input_tokens: 25,
      output_tokens: 40, // message_delta's cumulative value replaced message_start's 1
      cache_creation_input_tokens: 300,
      cache_read_input_tokens: 5000,
    });
    // 25 x 3 = 75; 5000 x 0.30 = 1500; 300 x 3.75 = 1125; 40 x 15 = 600 -> 3300 / 10^6 = $0.0033
    // x 4.5 = 0.01485; x 1.2 = 0.01782; x 7.2 = 0.128304 RMB -> 128,304 micro
    expect(computeCharge({ usage: normalised, prices: CLAUDE, groupMultiplier: '4.5', modelMultiplier: '1.2', exchangeRate: '7.2' }).microRmb).toBe(
      128_304n,
    );
  });

  it('generateContent with cached content, tool-use prompt and thoughts (group 1.5, rate 7.1234)', () => {
    const { normalised } = normaliseGenerateContentUsage({
      promptTokenCount: 1000,
      cachedContentTokenCount: 600,
      toolUsePromptTokenCount: 50,
      candidatesTokenCount: 12,
      thoughtsTokenCount: 40,
    });
    // input (1000 - 600 + 50) 450 x 1.25 = 562.5; cacheRead 600 x 0.31 = 186; output (12 + 40) 52 x 10 = 520
    // -> 1268.5 / 10^6 = $0.0012685; x 1.5 = 0.00190275; x 7.1234 = 0.01331925 + 0.00023479935
    // = 0.01355404935 RMB = 13,554.04935 micro -> 13,554
    const prices = { input: '1.25', cacheRead: '0.31', output: '10' };
    expect(computeCharge({ usage: normalised, prices, groupMultiplier: '1.5', modelMultiplier: '1', exchangeRate: '7.1234' }).microRmb).toBe(
      13_554n,
    );
  });
});

describe('validatePrices and unpricedKinds', () => {
  it('accepts a complete text table', () => {
    expect(validatePrices(CLAUDE)).toEqual([]);
    expect(validatePrices({ input: '0', output: '0' })).toEqual([]); // explicitly free is allowed
  });

  it('detects a text model without input or output price', () => {
    expect(validatePrices({ output: '15' }).map((p) => p.kind)).toEqual(['input']);
    expect(validatePrices({ input: '3', output: null }).map((p) => p.kind)).toEqual(['output']);
    expect(validatePrices({}).map((p) => p.kind)).toEqual(['input', 'output']);
  });

  it('requires the price that matches the billing or media kind', () => {
    expect(validatePrices({}, { billing: 'per-request' }).map((p) => p.kind)).toEqual(['perRequest']);
    expect(validatePrices({ perRequest: '0.02' }, { billing: 'per-request' })).toEqual([]);
    expect(validatePrices({}, { pricedAs: 'image' }).map((p) => p.kind)).toEqual(['image']);
    expect(validatePrices({ videoSecond: '0.1' }, { pricedAs: 'video' })).toEqual([]);
  });

  it('reports malformed prices', () => {
    const problems = validatePrices({ input: '-3', output: '1e1', cacheRead: '', image: '0.' });
    expect(problems.map((p) => p.kind)).toEqual(['input', 'output', 'cacheRead', 'image']);
    expect(problems[0]?.message).toMatch(/input price: must not be negative/);
  });

  it('lists used kinds without a price', () => {
    const u = usage({ input: 1, output: 1, cacheRead: 1, cacheWrite1h: 1, images: 1 });
    expect(unpricedKinds(u, { input: '1', output: '1' })).toEqual(['cacheRead', 'cacheWrite1h', 'image']);
    expect(unpricedKinds(u, CLAUDE)).toEqual([]);
    expect(unpricedKinds(emptyUsage(), {})).toEqual([]);
  });
});

describe('estimateReservation', () => {
  const base = { prices: CLAUDE, groupMultiplier: '4.5', modelMultiplier: '1', exchangeRate: '7.1234' };

  it('prices the prompt at the dearest prompt-side price and rounds UP', () => {
    // prompt 1000 x $6 (1h cache write is dearest) = 6000; output 4096 x 15 = 61440 -> 67440 / 10^6 = $0.06744
    // x 4.5 = 0.30348; x 7.1234 = 2.12436 + 0.037449432 = 2.161809432 RMB = 2,161,809.432 micro
    // -> 2,161,810 (half up would have given 2,161,809)
    expect(estimateReservation({ ...base, promptTokensEstimate: 1000, maxOutputTokens: 4096 })).toBe(2_161_810n);
  });

  it('uses the input price when no cache price is set', () => {
    // 1000 x 3 + 100 x 15 = 4500 / 10^6 = $0.0045 x 1 x 1 x 1 -> 4,500 micro
    expect(
      estimateReservation({ prices: { input: '3', output: '15' }, ...UNIT, promptTokensEstimate: 1000, maxOutputTokens: 100 }),
    ).toBe(4_500n);
  });

  it('never rounds a non-zero cost down to zero', () => {
    // 1 x $0.000001 / 10^6 x 7.1234 = 0.0000071234 micro -> 1
    expect(
      estimateReservation({ prices: { input: '0.000001', output: '0' }, ...UNIT, exchangeRate: '7.1234', promptTokensEstimate: 1, maxOutputTokens: 0 }),
    ).toBe(1n);
  });

  it('adds requested images and video seconds; per-request groups reserve the per-request price', () => {
    // images 2 x 0.04 + video 5 x 0.1 = 0.58 USD x rate 1 -> 580,000 micro (+ 0 tokens)
    expect(estimateReservation({ prices: CLAUDE, ...UNIT, promptTokensEstimate: 0, maxOutputTokens: 0, images: 2, videoSeconds: 5 })).toBe(580_000n);
    // $0.02 x 7.1234 = 142,468 micro
    expect(
      estimateReservation({ prices: CLAUDE, ...UNIT, exchangeRate: '7.1234', billing: 'per-request', promptTokensEstimate: 9999, maxOutputTokens: 9999 }),
    ).toBe(142_468n);
  });

  it('is never below the charge of any usage within the estimate', () => {
    const promptTokensEstimate = 3001;
    const maxOutputTokens = 777;
    const reserved = estimateReservation({ ...base, promptTokensEstimate, maxOutputTokens });
    const splits: Partial<NormalisedUsage>[] = [
      { input: 3001 },
      { cacheRead: 3001 },
      { cacheWrite5m: 3001 },
      { cacheWrite1h: 3001 },
      { input: 1, cacheRead: 1000, cacheWrite5m: 1000, cacheWrite1h: 1000 },
    ];
    for (const split of splits) {
      for (const output of [0, 1, 776, 777]) {
        const actual = computeCharge({ ...base, usage: usage({ ...split, output, reasoning: output }) }).microRmb;
        expect(actual).toBeLessThanOrEqual(reserved);
      }
    }
  });

  it('treats garbage estimates as 0 and rejects bad prices like the charge does', () => {
    expect(estimateReservation({ ...base, promptTokensEstimate: Number.NaN, maxOutputTokens: -5 })).toBe(0n);
    expect(() => estimateReservation({ ...base, exchangeRate: '0', promptTokensEstimate: 1, maxOutputTokens: 1 })).toThrow(DecimalError);
  });
});

describe('prompt token estimator', () => {
  it.each([
    [0, 0],
    [1, 1],
    [3, 1],
    [4, 2],
    [3000, 1000],
    [-10, 0],
    [Number.NaN, 0],
  ])('%p bytes -> %p tokens (ceil(bytes / 3))', (bytes, tokens) => {
    expect(estimatePromptTokensFromBytes(bytes)).toBe(tokens);
  });

  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['中文', 6],
    ['😀', 4],
    ['\ud800', 3],
    ['a\ud800b', 5],
    ['\udc00', 3],
  ])('utf8ByteLength(%j) = %p', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('agrees with Buffer.byteLength on well-formed text', () => {
    const text = 'Hello, 世界! Ünïcödé 😀 {"role":"user"}'.repeat(1000);
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('estimates English at ~1 token per 3 chars and CJK at ~1 token per character', () => {
    // "hello world" = 11 bytes -> 4 tokens; "中文中文" = 12 bytes -> 4 tokens
    expect(estimatePromptTokensFromText('hello world')).toBe(4);
    expect(estimatePromptTokensFromText('中文中文')).toBe(4);
  });

  it('handles a large body in one pass', () => {
    const body = 'x'.repeat(3_000_000);
    expect(estimatePromptTokensFromText(body)).toBe(1_000_000);
  });
});
