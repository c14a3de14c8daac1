/**
 * What each image model accepts, as OpenAI documents its own models (and what our Gemini
 * translation can express): sizes, how many images at once, qualities, and which of `background`,
 * `output_format`, `response_format` and `style` it takes. A model is matched by its id; an id
 * no profile names (an OpenAI-compatible upstream's own model) gets the lenient profile, which
 * checks only the shape of the values.
 */

/** The parameters of one image model. */
export interface ImageProfile {
  /** Sizes accepted (exact strings), or null for any `WxH` or `auto`. */
  readonly sizes: readonly string[] | null;
  /** The size used when the request names none. */
  readonly defaultSize: string;
  readonly maxN: number;
  /** Qualities accepted, or null for any of {@link ANY_QUALITY}. */
  readonly qualities: readonly string[] | null;
  readonly defaultQuality: string | undefined;
  /** Does the model take `background` and `output_format` (GPT image models)? */
  readonly formats: boolean;
  /** `response_format` values accepted (GPT image models always answer b64_json and take none). */
  readonly responseFormats: readonly string[];
  /** Does it take `style` (dall-e-3)? */
  readonly style: boolean;
  /** Images an edit may take; 0: the model does no edits. */
  readonly maxEditImages: number;
}

/** Every quality name OpenAI's image models know. */
export const ANY_QUALITY = ['auto', 'low', 'medium', 'high', 'standard', 'hd'] as const;

const GPT_IMAGE: ImageProfile = {
  sizes: ['auto', '1024x1024', '1536x1024', '1024x1536'],
  defaultSize: 'auto',
  maxN: 10,
  qualities: ['auto', 'low', 'medium', 'high'],
  defaultQuality: 'auto',
  formats: true,
  responseFormats: [],
  style: false,
  maxEditImages: 16,
};

const DALL_E_3: ImageProfile = {
  sizes: ['1024x1024', '1792x1024', '1024x1792'],
  defaultSize: '1024x1024',
  maxN: 1,
  qualities: ['standard', 'hd'],
  defaultQuality: 'standard',
  formats: false,
  responseFormats: ['url', 'b64_json'],
  style: true,
  maxEditImages: 0,
};

const DALL_E_2: ImageProfile = {
  sizes: ['256x256', '512x512', '1024x1024'],
  defaultSize: '1024x1024',
  maxN: 10,
  qualities: ['standard'],
  defaultQuality: 'standard',
  formats: false,
  responseFormats: ['url', 'b64_json'],
  style: false,
  maxEditImages: 1,
};

/** Gemini and Imagen models, reached by translation: sizes are the aspect ratios Gemini offers (see upstream/gemini.ts). */
const GEMINI: ImageProfile = {
  sizes: ['auto', '1024x1024', '1536x1024', '1024x1536', '1792x1024', '1024x1792', '1248x832', '832x1248', '1184x864', '864x1184'],
  defaultSize: 'auto',
  maxN: 4,
  qualities: ['auto', 'standard'],
  defaultQuality: undefined,
  formats: false,
  responseFormats: ['b64_json'],
  style: false,
  maxEditImages: 3,
};

const LENIENT: ImageProfile = {
  sizes: null,
  defaultSize: 'auto',
  maxN: 10,
  qualities: null,
  defaultQuality: undefined,
  formats: true,
  responseFormats: ['url', 'b64_json'],
  style: true,
  maxEditImages: 16,
};

const PROFILES: readonly [RegExp, ImageProfile][] = [
  [/(^|\/)gpt-image/i, GPT_IMAGE],
  [/(^|\/)dall-e-3/i, DALL_E_3],
  [/(^|\/)dall-e-2/i, DALL_E_2],
  [/(^|\/)(gemini|imagen)/i, GEMINI],
];

/** The profile of a model id. */
export function imageProfile(modelId: string): ImageProfile {
  return PROFILES.find(([pattern]) => pattern.test(modelId))?.[1] ?? LENIENT;
}
