/**
 * Pieces of the generateContent client side shared by the translators that serve Gemini clients
 * from another upstream (gemini-to-chat, gemini-to-messages): reading the request (key
 * normalisation, the checks both make, Gemini schemas as JSON Schema, function declarations,
 * matching function responses to their calls) and the stream's error event.
 * Reference: the providers' API documentation named in shared/wire/formats/<format>/types.ts.
 */
import type {
  GeminiFunctionDeclaration,
  GeminiFunctionResponse,
  GeminiGenerationConfig,
  GeminiRequest,
} from '../formats/gemini/types.js';
import { isRecord } from './json-values.js';
import { TranslationError, type StreamEvent } from './translator.js';

/**
 * A client body as a Gemini request (keys camelised, see {@link camelizeGemini}). A context cache
 * or an empty `contents` is a TranslationError: neither can be served by another upstream.
 */
export function readGeminiRequest(body: Record<string, unknown>): GeminiRequest {
  const req = camelizeGemini(body) as GeminiRequest;
  if (req.cachedContent !== undefined) throw new TranslationError('cachedContent refers to a Gemini context cache and cannot be used with this model');
  if (!Array.isArray(req.contents) || req.contents.length === 0) throw new TranslationError('contents: at least one content is required');
  return req;
}

/** A Gemini stream error event (an INTERNAL error body). */
export function geminiStreamError(message: string): StreamEvent {
  return { data: { error: { code: 500, message, status: 'INTERNAL' } } };
}

/** Rejects requests for output other than text (images, audio, speech). */
export function rejectNonTextOutput(config: GeminiGenerationConfig): void {
  const modalities = (config.responseModalities ?? []).filter((m) => m.toUpperCase() !== 'TEXT');
  if (modalities.length > 0) throw new TranslationError(`generationConfig.responseModalities ${modalities.join(', ')} cannot be produced by this model`);
  if (config.speechConfig !== undefined) throw new TranslationError('generationConfig.speechConfig (audio output) cannot be produced by this model');
}

/**
 * What `responseMimeType` asks for: undefined for text, else JSON output with the client's schema
 * as JSON Schema when it gave one (`responseJsonSchema`, else the converted `responseSchema`).
 * Any other MIME type is a TranslationError.
 */
export function jsonOutput(config: GeminiGenerationConfig): { schema?: Record<string, unknown> } | undefined {
  const mime = config.responseMimeType;
  if (mime === undefined || mime === 'text/plain') return undefined;
  if (mime !== 'application/json') throw new TranslationError(`generationConfig.responseMimeType "${mime}" is not supported by this model`);
  if (isRecord(config.responseJsonSchema)) return { schema: config.responseJsonSchema };
  return config.responseSchema ? { schema: jsonSchemaFromGemini(config.responseSchema) } : {};
}

/**
 * All function declarations of the request. Each built-in tool (googleSearch, codeExecution, ...)
 * is handed to `builtin` with its path, which maps or drops it as hosted-tools.ts rules.
 */
export function functionDeclarations(req: GeminiRequest, builtin: (name: string, at: string) => void): GeminiFunctionDeclaration[] {
  return (req.tools ?? []).flatMap((tool, i) => {
    for (const name of Object.keys(tool)) if (name !== 'functionDeclarations') builtin(name, `tools[${i}].${name}`);
    return tool.functionDeclarations ?? [];
  });
}

/** Top-level request fields both Gemini-client translators read; others are reported dropped. */
export const GEMINI_HANDLED: ReadonlySet<string> = new Set(['contents', 'systemInstruction', 'generationConfig', 'tools', 'toolConfig', 'cachedContent', 'model']);

/** A declaration's parameters as JSON Schema: `parametersJsonSchema`, else the converted `parameters`, else none. */
export function parametersSchema(fn: GeminiFunctionDeclaration): Record<string, unknown> | undefined {
  if (isRecord(fn.parametersJsonSchema)) return fn.parametersJsonSchema;
  return fn.parameters ? jsonSchemaFromGemini(fn.parameters) : undefined;
}

/** A function call of the previous model turn, waiting for the client's response. */
export interface PendingCall {
  /** The id a functionResponse names this call by, if it has one. */
  matchId?: string;
  /** The id the upstream knows the call by. */
  id: string;
  name: string;
  answered: boolean;
}

/**
 * The pending call `response` answers, now marked answered: the unanswered call with its id, else
 * the first unanswered one with its name (Gemini matches by name in call order). None is a
 * TranslationError at `at` (the part's path).
 */
export function answeredCall(pending: PendingCall[], response: GeminiFunctionResponse, at: string): PendingCall {
  const { id, name } = response;
  const call = pending.find((c) => !c.answered && id !== undefined && c.matchId === id)
    ?? pending.find((c) => !c.answered && c.name === name);
  if (!call) throw new TranslationError(`${at}.functionResponse "${name}" answers no function call of the previous model turn`);
  call.answered = true;
  return call;
}

/** Keys whose values are user data (function args/results, schemas): never renamed. */
const OPAQUE_KEYS = new Set(['args', 'response', 'parameters', 'parametersJsonSchema', 'responseSchema', 'responseJsonSchema', 'responseJsonSchemaRaw']);

/**
 * Gemini's protobuf-JSON accepts snake_case and lowerCamelCase field names: rewrite a client body
 * to camelCase (the names the types use), leaving user data under {@link OPAQUE_KEYS} untouched.
 */
function camelizeGemini(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeGemini);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    out[name] = OPAQUE_KEYS.has(name) ? inner : camelizeGemini(inner);
  }
  return out;
}

/**
 * Gemini's OpenAPI-subset Schema -> JSON Schema: lowercase `type`, `nullable` -> a `null` union,
 * `propertyOrdering` dropped; snake_case keywords are accepted like everywhere in the API.
 */
function jsonSchemaFromGemini(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(schema)) {
    const key = rawKey.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (key === 'propertyOrdering' || key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isRecord(sub) ? jsonSchemaFromGemini(sub) : sub]),
      );
    } else if (key === 'items' && isRecord(value)) out.items = jsonSchemaFromGemini(value);
    else if (key === 'anyOf' && Array.isArray(value)) out.anyOf = value.map((s: unknown) => (isRecord(s) ? jsonSchemaFromGemini(s) : s));
    else out[key] = value;
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}
