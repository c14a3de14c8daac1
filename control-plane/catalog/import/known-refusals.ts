/**
 * Request parameters some vendors' models refuse with a 400, for the catalog import to set as a new
 * model's `rejectedParameters` (named as in the upstream's format; the relay drops them from
 * translated requests). Facts about model families, kept short on purpose: an admin owns the field
 * once the row exists, and sets it for anything not listed here.
 */

interface Refusal {
  /** Model ids of the family (versions written 4-5 or 4.5; a version is not the start of a date: 4-20250514 is 4). */
  readonly ids: RegExp;
  readonly refuses: readonly string[];
}

const REFUSALS: readonly Refusal[] = [
  // Claude models released after Opus 4.6 take only the default sampling (temperature 1, top_p >= 0.99) and refuse any top_k (Anthropic SDK docs).
  { ids: /^claude-((opus-4[-.][7-9]|(opus|sonnet|haiku)-[5-9])(?!\d)|fable-)/, refuses: ['temperature', 'top_k', 'top_p'] },
  // Claude Opus 4.1 to Sonnet/Opus 4.6 refuse temperature and top_p together ("cannot both be specified"): temperature is kept.
  { ids: /^claude-(opus-4[-.][1-6]|sonnet-4[-.][5-6]|haiku-4[-.]5)(?!\d)/, refuses: ['top_p'] },
  // OpenAI chat models without reasoning refuse reasoning_effort (a Claude or Gemini client's thinking, translated).
  { ids: /^(gpt-3\.5|gpt-4($|-|o|\.1|\.5)|chatgpt-4o)/, refuses: ['reasoning_effort'] },
];

/** The parameters `modelId` is known to refuse (none for a model of no listed family). */
export function knownRefusals(modelId: string): string[] {
  return [...(REFUSALS.find((r) => r.ids.test(modelId))?.refuses ?? [])];
}
