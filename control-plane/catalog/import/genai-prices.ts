/**
 * Maps the `@pydantic/genai-prices` catalog (pinned 0.1.8, bundled data, no network) onto our
 * models. What it takes and why:
 * - Providers in {@link PROVIDER_ORDER}: first-party vendors first, so a bare id such as
 *   `claude-sonnet-4-5` gets the vendor's own price; resellers (Bedrock, OpenRouter, Together...)
 *   add the ids they alone carry (OpenRouter's `vendor/model` ids make up most of the catalog).
 *   The first provider to claim an id wins; later duplicates are skipped.
 * - Prices: `input_mtok`, `output_mtok`, `cache_read_mtok`, `cache_write_mtok` (5-minute),
 *   `cache_write_1h_mtok`, and `requests_kcount` (per 1,000 requests -> `perRequest`). Audio,
 *   image-token, web-search and document prices have no column here and are left out.
 * - Tiered prices (e.g. a higher rate above 200K input tokens): the base tier.
 * - Conditional prices: the one in force at `now` (the latest started `start_date` entry, else the
 *   unconstrained one); time-of-day discounts are ignored (the unconstrained price applies).
 * - A model with only one of input/output gets "0" for the other (embeddings have no output);
 *   one with no price at all is imported free ("0"/"0") only when its id ends in `:free`
 *   (OpenRouter's free variants), else skipped.
 * - Aliases: the exact names in the package's `match` rule (`equals`), not prefix or regex rules.
 * - Kind: image or video from the id (see {@link kindOf}); everything else is text.
 * Numbers are converted to decimal strings from their shortest round-trip form, never rounded.
 */
import { findProvider, type ConditionalPrice, type MatchLogic, type ModelInfo, type ModelPrice } from '@pydantic/genai-prices';
import { decimalToString, parseDecimal, shiftDecimal } from '../../../shared/decimal.js';
import type { ModelPrices } from '../../../shared/pricing/prices.js';
import { ModelKind } from '../model.entity.js';
import { knownRefusals } from './known-refusals.js';

/** One model from the package, in our terms. */
export interface ImportedModel {
  modelId: string;
  aliases: string[];
  vendor: string;
  kind: ModelKind;
  prices: ModelPrices;
  contextLimit: number | null;
  /** Parameters the model is known to refuse (./known-refusals.ts). */
  rejectedParameters: string[];
  /** `genai-prices:<provider id>`. */
  source: string;
}

/** Providers read, in priority order (first claim of an id wins). */
const PROVIDER_ORDER = [
  'anthropic', 'openai', 'google', 'x-ai', 'mistral', 'deepseek', 'cohere', 'moonshotai', 'zhipuai', 'zai', 'minimax',
  'perplexity', 'voyageai', 'arcee', 'azure', 'aws', 'openrouter', 'together', 'fireworks', 'groq', 'cerebras', 'novita',
  'cloudflare', 'baseten', 'avian', 'doubleword', 'ovhcloud', 'quicksilverpro', 'modal', 'typesafe', 'github-copilot', 'cursor',
  'huggingface_cerebras', 'huggingface_fireworks-ai', 'huggingface_groq', 'huggingface_hyperbolic', 'huggingface_nebius',
  'huggingface_novita', 'huggingface_nscale', 'huggingface_ovhcloud', 'huggingface_publicai', 'huggingface_sambanova',
  'huggingface_together',
] as const;

/** Providers that are the vendor of what they sell. */
const FIRST_PARTY: Record<string, string> = {
  anthropic: 'anthropic', openai: 'openai', google: 'google', 'x-ai': 'xai', mistral: 'mistral', deepseek: 'deepseek',
  cohere: 'cohere', moonshotai: 'moonshotai', zhipuai: 'zhipuai', zai: 'zhipuai', minimax: 'minimax',
  perplexity: 'perplexity', voyageai: 'voyageai', arcee: 'arcee',
};

/** Vendor spellings found in `vendor/model` ids, folded onto one name. */
const VENDOR_SYNONYMS: Record<string, string> = {
  'meta-llama': 'meta', 'x-ai': 'xai', mistralai: 'mistral', 'z-ai': 'zhipuai', thudm: 'zhipuai', 'zai-org': 'zhipuai',
  'deepseek-ai': 'deepseek', 'arcee-ai': 'arcee',
};

/** Vendors recognised from a bare model name, first match wins. */
const NAME_VENDORS: readonly [RegExp, string][] = [
  [/claude/i, 'anthropic'],
  [/gemini|gemma|imagen|veo-/i, 'google'],
  [/(^|[^a-z])(gpt|o[134]-|o[134]$|dall-e|whisper|tts-|chatgpt|codex|davinci|babbage|text-embedding)/i, 'openai'],
  [/llama/i, 'meta'],
  [/mistral|mixtral|codestral|pixtral|magistral|ministral|devstral/i, 'mistral'],
  [/qwen|qwq/i, 'qwen'],
  [/deepseek/i, 'deepseek'],
  [/grok/i, 'xai'],
  [/glm/i, 'zhipuai'],
  [/kimi|moonshot/i, 'moonshotai'],
  [/command|cohere/i, 'cohere'],
  [/nova|titan/i, 'amazon'],
  [/phi-/i, 'microsoft'],
];

const REGION_PREFIXES = new Set(['us', 'eu', 'apac', 'global', 'au', 'jp', 'regional']);
const MAX_ID = 200;

/** Reads the package's catalog: importable models in priority order, and how many entries were skipped. */
export function readGenaiPrices(now: Date): { models: ImportedModel[]; skipped: number } {
  const models: ImportedModel[] = [];
  const taken = new Set<string>();
  let skipped = 0;
  for (const providerId of PROVIDER_ORDER) {
    const provider = findProvider({ providerId });
    for (const info of provider?.models ?? []) {
      const model = mapModel(providerId, info, now);
      if (!model || taken.has(model.modelId)) {
        skipped++;
        continue;
      }
      model.aliases = model.aliases.filter((a) => !taken.has(a));
      taken.add(model.modelId);
      for (const a of model.aliases) taken.add(a);
      models.push(model);
    }
  }
  return { models, skipped };
}

function mapModel(providerId: string, info: ModelInfo, now: Date): ImportedModel | null {
  if (!/^\S{1,200}$/.test(info.id)) return null;
  const prices = mapPrices(info.id, inForce(info.prices, now));
  if (!prices) return null;
  const context = info.context_window;
  return {
    modelId: info.id,
    aliases: exactNames(info.match).filter((n) => n !== info.id && /^\S+$/.test(n) && n.length <= MAX_ID),
    vendor: vendorOf(providerId, info.id),
    kind: kindOf(info.id),
    prices,
    contextLimit: context !== undefined && Number.isInteger(context) && context > 0 && context <= 100_000_000 ? context : null,
    rejectedParameters: knownRefusals(info.id),
    source: `genai-prices:${providerId}`,
  };
}

/** The price table in force at `now` (see the file comment). */
function inForce(prices: ConditionalPrice[] | ModelPrice, now: Date): ModelPrice {
  if (!Array.isArray(prices)) return prices;
  let chosen = prices.find((p) => p.constraint === undefined) ?? prices[0];
  let chosenStart = '';
  for (const p of prices) {
    const c = p.constraint;
    if (c?.type === 'start_date' && new Date(`${c.start_date}T00:00:00Z`) <= now && c.start_date > chosenStart) {
      chosen = p;
      chosenStart = c.start_date;
    }
  }
  return chosen?.prices ?? {};
}

function mapPrices(id: string, p: ModelPrice): ModelPrices | null {
  try {
    const input = base(p.input_mtok);
    const output = base(p.output_mtok);
    const perKilo = base(p.requests_kcount);
    const perRequest = perKilo === null ? null : decimalToString(shiftDecimal(parseDecimal(perKilo), 3));
    if (input === null && output === null && perRequest === null) {
      return id.endsWith(':free') ? { input: '0', output: '0' } : null;
    }
    const tokenPriced = input !== null || output !== null;
    return {
      input: tokenPriced ? (input ?? '0') : null,
      output: tokenPriced ? (output ?? '0') : null,
      cacheRead: base(p.cache_read_mtok),
      cacheWrite5m: base(p.cache_write_mtok),
      cacheWrite1h: base(p.cache_write_1h_mtok),
      perRequest,
    };
  } catch {
    // A negative, non-finite or over-precise number: not a price we can take as it is.
    return null;
  }
}

/** The base price of a plain or tiered price, as a canonical decimal string; null when absent. */
function base(price: ModelPrice[string]): string | null {
  if (price === undefined) return null;
  const n = typeof price === 'number' ? price : price.base;
  return decimalToString(parseDecimal(plainDecimal(n)));
}

/** `n` written without an exponent, from its shortest round-trip form ("1e-7" -> "0.0000001"). */
export function plainDecimal(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  const text = String(n);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exp] = match;
  const shifted = shiftDecimal({ coef: BigInt(whole + fraction), scale: fraction.length }, -Number(exp));
  return sign + decimalToString(shifted);
}

/** The ids a `match` rule names exactly. */
function exactNames(match: MatchLogic): string[] {
  if ('equals' in match) return [match.equals];
  if ('or' in match) return match.or.flatMap(exactNames);
  return [];
}

function vendorOf(providerId: string, id: string): string {
  const firstParty = FIRST_PARTY[providerId];
  if (firstParty) return firstParty;
  // Cloudflare's `@cf/meta/llama-...`: the vendor is the segment after the `@cf/` or `@hf/` namespace.
  const path = id.replace(/^@[a-z]+\//, '');
  const slash = path.indexOf('/');
  if (slash > 0) return cleanVendor(path.slice(0, slash));
  if (providerId === 'aws') {
    const segment = id.split('.').find((s) => !REGION_PREFIXES.has(s));
    if (segment && segment !== id) return cleanVendor(segment);
  }
  const named = NAME_VENDORS.find(([re]) => re.test(id));
  return named ? named[1] : cleanVendor(providerId.replace(/^huggingface_/, ''));
}

function cleanVendor(raw: string): string {
  const lower = raw.toLowerCase();
  const v = (VENDOR_SYNONYMS[lower] ?? lower).replace(/[^a-z0-9._-]/g, '-').replace(/^[^a-z0-9]+/, '');
  return v.slice(0, 64) || 'other';
}

/** Image or video generation models by name; the rest are text. */
export function kindOf(id: string): ModelKind {
  if (/(^|[/._-])(sora|veo|video|kling|seedance|hailuo)([/._-]|\d|$)/i.test(id)) return ModelKind.Video;
  if (/(^|[/._-])(gpt-image|dall-e|imagen|image|flux|stable-diffusion|sdxl|seedream)([/._-]|\d|$)/i.test(id)) return ModelKind.Image;
  return ModelKind.Text;
}
