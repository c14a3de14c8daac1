import {
  mergeUsagePieces,
  normaliseChatCompletionsUsage,
  normaliseGenerateContentUsage,
  normaliseMessagesUsage,
  normaliseResponsesUsage,
  normaliseUsage,
  splitCacheWrite,
} from '../../shared/pricing/normalise.js';
import { emptyUsage, makeUsage, promptTokens, toCount, type NormalisedUsage } from '../../shared/pricing/usage.js';
import { WIRE_FORMATS } from '../../shared/formats.js';

const usage = (parts: Partial<NormalisedUsage>): NormalisedUsage => ({ ...emptyUsage(), ...parts });

describe('toCount', () => {
  it.each([
    [12, 12],
    [0, 0],
    [-5, 0],
    [2.2, 3],
    ['42', 42],
    ['-1', 0],
    ['4.2', 0],
    ['1e3', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [2 ** 60, 0],
    [null, 0],
    [undefined, 0],
    [{}, 0],
    [[3], 0],
    [true, 0],
    [7n, 0],
  ])('%p -> %p', (value, expected) => {
    expect(toCount(value)).toBe(expected);
  });
});

describe('makeUsage', () => {
  it('raises output to reasoning when a report claims more reasoning than output', () => {
    expect(makeUsage({ output: 10, reasoning: 25 })).toEqual(usage({ output: 25, reasoning: 25 }));
  });

  it('sums prompt tokens over the four prompt buckets', () => {
    expect(promptTokens(usage({ input: 1, cacheRead: 2, cacheWrite5m: 3, cacheWrite1h: 4, output: 100 }))).toBe(10);
  });
});

describe('chat-completions', () => {
  it('subtracts cached tokens from prompt_tokens; reasoning stays inside output', () => {
    const raw = {
      prompt_tokens: 1200,
      completion_tokens: 300,
      total_tokens: 1500,
      prompt_tokens_details: { cached_tokens: 1000, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 120 },
    };
    const result = normaliseChatCompletionsUsage(raw);
    expect(result.normalised).toEqual(usage({ input: 200, cacheRead: 1000, output: 300, reasoning: 120 }));
    expect(result.raw).toBe(raw);
  });

  it('subtracts cache_write_tokens too (all 5-minute)', () => {
    const raw = { prompt_tokens: 5000, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 1000, cache_write_tokens: 3000 } };
    expect(normaliseChatCompletionsUsage(raw).normalised).toEqual(
      usage({ input: 1000, cacheRead: 1000, cacheWrite5m: 3000, output: 10 }),
    );
  });

  it('accepts cache_creation_tokens and a passed-through Anthropic cache_creation split', () => {
    const raw = {
      prompt_tokens: 5000,
      completion_tokens: 10,
      prompt_tokens_details: { cached_tokens: 0, cache_creation_tokens: 3000 },
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
    };
    expect(normaliseChatCompletionsUsage(raw).normalised).toEqual(
      usage({ input: 2000, cacheWrite5m: 1000, cacheWrite1h: 2000, output: 10 }),
    );
  });

  it('falls back to DeepSeek prompt_cache_hit_tokens and Anthropic-style top-level fields', () => {
    expect(
      normaliseChatCompletionsUsage({ prompt_tokens: 100, completion_tokens: 5, prompt_cache_hit_tokens: 64, prompt_cache_miss_tokens: 36 })
        .normalised,
    ).toEqual(usage({ input: 36, cacheRead: 64, output: 5 }));
    expect(
      normaliseChatCompletionsUsage({ prompt_tokens: 100, completion_tokens: 5, cache_read_input_tokens: 50, cache_creation_input_tokens: 20 })
        .normalised,
    ).toEqual(usage({ input: 30, cacheRead: 50, cacheWrite5m: 20, output: 5 }));
  });

  it('clamps input at 0 when the cache counts exceed prompt_tokens, keeping the cache buckets', () => {
    const raw = { prompt_tokens: 100, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 80, cache_write_tokens: 50 } };
    expect(normaliseChatCompletionsUsage(raw).normalised).toEqual(usage({ input: 0, cacheRead: 80, cacheWrite5m: 50, output: 1 }));
  });

  it('handles the stream usage chunk without details', () => {
    expect(normaliseChatCompletionsUsage({ prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 }).normalised).toEqual(
      usage({ input: 5, output: 2 }),
    );
  });
});

describe('responses', () => {
  it('uses the renamed fields with the same semantics', () => {
    const raw = {
      input_tokens: 2000,
      input_tokens_details: { cached_tokens: 1500, cache_write_tokens: 100 },
      output_tokens: 800,
      output_tokens_details: { reasoning_tokens: 640 },
      total_tokens: 2800,
    };
    expect(normaliseResponsesUsage(raw).normalised).toEqual(
      usage({ input: 400, cacheRead: 1500, cacheWrite5m: 100, output: 800, reasoning: 640 }),
    );
  });

  it('ignores chat-completions field names', () => {
    expect(normaliseResponsesUsage({ prompt_tokens: 10, completion_tokens: 10 }).normalised).toEqual(emptyUsage());
  });
});

describe('messages', () => {
  it('does not subtract cache counts: input_tokens already excludes them', () => {
    const raw = { input_tokens: 25, output_tokens: 40, cache_creation_input_tokens: 300, cache_read_input_tokens: 5000 };
    expect(normaliseMessagesUsage(raw).normalised).toEqual(usage({ input: 25, cacheRead: 5000, cacheWrite5m: 300, output: 40 }));
  });

  it('splits cache writes by cache_creation', () => {
    const raw = {
      input_tokens: 10,
      output_tokens: 20,
      cache_creation_input_tokens: 3000,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
      output_tokens_details: { thinking_tokens: 15 },
    };
    expect(normaliseMessagesUsage(raw).normalised).toEqual(
      usage({ input: 10, cacheWrite5m: 1000, cacheWrite1h: 2000, output: 20, reasoning: 15 }),
    );
  });

  it.each([
    // total, breakdown, expected 5m, expected 1h
    [3000, undefined, 3000, 0],
    [3000, null, 3000, 0],
    [3000, {}, 3000, 0],
    [3000, { ephemeral_1h_input_tokens: 3000 }, 0, 3000],
    [3000, { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 1000 }, 2000, 1000],
    [1000, { ephemeral_5m_input_tokens: 800, ephemeral_1h_input_tokens: 700 }, 800, 700],
    [0, { ephemeral_5m_input_tokens: 5, ephemeral_1h_input_tokens: 6 }, 5, 6],
  ])('splitCacheWrite(%p, %j) -> 5m %p, 1h %p', (total, breakdown, fiveMinutes, oneHour) => {
    expect(splitCacheWrite(total, breakdown)).toEqual({ cacheWrite5m: fiveMinutes, cacheWrite1h: oneHour });
  });

  it('merges message_start and message_delta usage (cumulative output, overwrite not add)', () => {
    const start = { input_tokens: 25, output_tokens: 1, cache_creation_input_tokens: 100, cache_read_input_tokens: 2000 };
    const delta1 = { output_tokens: 12 };
    const delta2 = { output_tokens: 20 };
    let merged = mergeUsagePieces(undefined, start);
    merged = mergeUsagePieces(merged, delta1);
    merged = mergeUsagePieces(merged, delta2);
    expect(merged).toEqual({ input_tokens: 25, output_tokens: 20, cache_creation_input_tokens: 100, cache_read_input_tokens: 2000 });
    expect(normaliseMessagesUsage(merged).normalised).toEqual(usage({ input: 25, cacheRead: 2000, cacheWrite5m: 100, output: 20 }));
    expect(start.output_tokens).toBe(1); // inputs untouched
  });

  it('lets a later message_delta carry input and cache counts (OpenAI upstream translated)', () => {
    const start = { input_tokens: 0, output_tokens: 0 };
    const delta = {
      input_tokens: 70,
      output_tokens: 9,
      cache_read_input_tokens: 30,
      cache_creation_input_tokens: null,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    };
    const merged = mergeUsagePieces(mergeUsagePieces({}, start), delta);
    expect(normaliseMessagesUsage(merged).normalised).toEqual(usage({ input: 70, cacheRead: 30, output: 9 }));
  });

  it('a stream cut after message_start still has its input counts', () => {
    const merged = mergeUsagePieces({}, { input_tokens: 25, output_tokens: 1 });
    expect(normaliseMessagesUsage(merged).normalised).toEqual(usage({ input: 25, output: 1 }));
  });
});

describe('generateContent', () => {
  it('subtracts cached content, adds tool-use prompt, counts thoughts as output', () => {
    const raw = {
      promptTokenCount: 1000,
      cachedContentTokenCount: 600,
      toolUsePromptTokenCount: 50,
      candidatesTokenCount: 12,
      thoughtsTokenCount: 40,
      totalTokenCount: 1102,
    };
    expect(normaliseGenerateContentUsage(raw).normalised).toEqual(
      usage({ input: 450, cacheRead: 600, output: 52, reasoning: 40 }),
    );
  });

  it('counts thoughts as output beside the candidates (30 prompt, 12 candidates, 40 thoughts)', () => {
    const raw = { promptTokenCount: 30, candidatesTokenCount: 12, thoughtsTokenCount: 40, totalTokenCount: 82, cachedContentTokenCount: 0 };
    expect(normaliseGenerateContentUsage(raw).normalised).toEqual(usage({ input: 30, output: 52, reasoning: 40 }));
  });

  it('reads snake_case field names', () => {
    const raw = { prompt_token_count: 10, cached_content_token_count: 4, candidates_token_count: 3, thoughts_token_count: 2, tool_use_prompt_token_count: 1 };
    expect(normaliseGenerateContentUsage(raw).normalised).toEqual(usage({ input: 7, cacheRead: 4, output: 5, reasoning: 2 }));
  });

  it('takes running totals across stream chunks; an omitted field keeps its last value', () => {
    const chunks = [
      { promptTokenCount: 4, totalTokenCount: 4 },
      { promptTokenCount: 4, candidatesTokenCount: 1, thoughtsTokenCount: 30, totalTokenCount: 35 },
      { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 36 },
    ];
    const merged = chunks.reduce<Record<string, unknown>>((acc, piece) => mergeUsagePieces(acc, piece), {});
    expect(normaliseGenerateContentUsage(merged).normalised).toEqual(usage({ input: 4, output: 32, reasoning: 30 }));
  });
});

describe('malformed usage never throws, never NaN', () => {
  const garbage: unknown[] = [
    undefined,
    null,
    'usage',
    42,
    [],
    [1, 2],
    {},
    { prompt_tokens: 'x', completion_tokens: null, prompt_tokens_details: 'nope', completion_tokens_details: [] },
    { input_tokens: -5, output_tokens: Number.NaN, cache_creation: 7, input_tokens_details: { cached_tokens: -1 } },
    { promptTokenCount: Number.POSITIVE_INFINITY, candidatesTokenCount: {}, thoughtsTokenCount: -3 },
  ];

  it.each(WIRE_FORMATS)('%s', (format) => {
    for (const raw of garbage) {
      const result = normaliseUsage(format, raw);
      expect(result.raw).toBe(raw);
      for (const value of Object.values(result.normalised)) {
        expect(Number.isSafeInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
      }
      expect(result.normalised.reasoning).toBeLessThanOrEqual(result.normalised.output);
    }
  });

  it('clamps negative counts to zero', () => {
    expect(normaliseMessagesUsage({ input_tokens: -5, output_tokens: 7, cache_read_input_tokens: -1 }).normalised).toEqual(
      usage({ output: 7 }),
    );
  });

  it('normaliseUsage dispatches per format', () => {
    const raw = { prompt_tokens: 10, input_tokens: 20, promptTokenCount: 30 };
    expect(normaliseUsage('chat-completions', raw).normalised.input).toBe(10);
    expect(normaliseUsage('responses', raw).normalised.input).toBe(20);
    expect(normaliseUsage('messages', raw).normalised.input).toBe(20);
    expect(normaliseUsage('generateContent', raw).normalised.input).toBe(30);
  });

  it('mergeUsagePieces ignores non-objects, nulls and __proto__', () => {
    expect(mergeUsagePieces('x', null)).toEqual({});
    expect(mergeUsagePieces({ a: 1 }, { a: null, b: undefined })).toEqual({ a: 1 });
    const merged = mergeUsagePieces({}, JSON.parse('{"__proto__": {"polluted": 1}, "output_tokens": 3}'));
    expect(merged).toEqual({ output_tokens: 3 });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});
