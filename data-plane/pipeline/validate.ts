/**
 * First checks of a request body in the client's own format, before anything is called
 * (docs/formats.md, "Validation"), worded the way each real API words them.
 */
import type { WireFormat } from '../../shared/formats.js';
import { GatewayError } from '../../shared/wire/errors.js';

type Expect = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'string|array';

interface Field {
  /** The field's name; `outer.inner` for a field of an object field (Gemini's `generationConfig`). */
  name: string;
  type: Expect;
  required?: boolean;
  /** Smallest value accepted (numbers). */
  min?: number;
  /** Largest value accepted (numbers). */
  max?: number;
}

/**
 * Largest output cap accepted in any format. No model writes anywhere near this many tokens in
 * one answer; a larger cap is a mistake (or an attempt to make the reservation meaningless).
 */
export const MAX_OUTPUT_TOKENS = 1_000_000;

/** An output cap: a whole number of tokens from 1 to {@link MAX_OUTPUT_TOKENS}. */
const cap = (name: string, required = false): Field => ({ name, type: 'integer', required, min: 1, max: MAX_OUTPUT_TOKENS });

// Ranges as each API documents (and enforces) them.
const CHAT: Field[] = [
  { name: 'model', type: 'string', required: true },
  { name: 'messages', type: 'array', required: true },
  { name: 'stream', type: 'boolean' },
  cap('max_tokens'),
  cap('max_completion_tokens'),
  { name: 'temperature', type: 'number', min: 0, max: 2 },
  { name: 'top_p', type: 'number', min: 0, max: 1 },
  { name: 'n', type: 'integer', min: 1, max: 128 },
  { name: 'presence_penalty', type: 'number', min: -2, max: 2 },
  { name: 'frequency_penalty', type: 'number', min: -2, max: 2 },
  { name: 'top_logprobs', type: 'integer', min: 0, max: 20 },
  { name: 'tools', type: 'array' },
  { name: 'stream_options', type: 'object' },
];

const MESSAGES: Field[] = [
  { name: 'model', type: 'string', required: true },
  cap('max_tokens', true),
  { name: 'messages', type: 'array', required: true },
  { name: 'system', type: 'string|array' },
  { name: 'stream', type: 'boolean' },
  { name: 'stop_sequences', type: 'array' },
  { name: 'temperature', type: 'number', min: 0, max: 1 },
  { name: 'top_p', type: 'number', min: 0, max: 1 },
  { name: 'top_k', type: 'integer', min: 0, max: MAX_OUTPUT_TOKENS },
  { name: 'tools', type: 'array' },
  { name: 'tool_choice', type: 'object' },
  { name: 'thinking', type: 'object' },
];

const COUNT_TOKENS: Field[] = [
  { name: 'model', type: 'string', required: true },
  { name: 'messages', type: 'array', required: true },
  { name: 'system', type: 'string|array' },
  { name: 'tools', type: 'array' },
];

const GEMINI: Field[] = [
  { name: 'contents', type: 'array', required: true },
  { name: 'generationConfig', type: 'object' },
  cap('generationConfig.maxOutputTokens'),
  { name: 'generationConfig.temperature', type: 'number', min: 0, max: 2 },
  { name: 'generationConfig.topP', type: 'number', min: 0, max: 1 },
  { name: 'generationConfig.topK', type: 'integer', min: 1, max: MAX_OUTPUT_TOKENS },
  { name: 'generationConfig.candidateCount', type: 'integer', min: 1, max: 8 },
  { name: 'generationConfig.presencePenalty', type: 'number', min: -2, max: 2 },
  { name: 'generationConfig.frequencyPenalty', type: 'number', min: -2, max: 2 },
  { name: 'tools', type: 'array' },
  { name: 'systemInstruction', type: 'object' },
];

const RESPONSES: Field[] = [
  { name: 'model', type: 'string', required: true },
  { name: 'input', type: 'string|array', required: true },
  { name: 'instructions', type: 'string' },
  { name: 'stream', type: 'boolean' },
  cap('max_output_tokens'),
  { name: 'temperature', type: 'number', min: 0, max: 2 },
  { name: 'top_p', type: 'number', min: 0, max: 1 },
  { name: 'top_logprobs', type: 'integer', min: 0, max: 20 },
  { name: 'tools', type: 'array' },
];

const FIELDS: Record<WireFormat, Field[]> = { 'chat-completions': CHAT, messages: MESSAGES, generateContent: GEMINI, responses: RESPONSES };

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function matches(v: unknown, type: Expect): boolean {
  switch (type) {
    case 'integer':
      return Number.isSafeInteger(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'string|array':
      return typeof v === 'string' || Array.isArray(v);
    default:
      return typeof v === type;
  }
}

/** The value of `name` in `body` (`outer.inner`: inside the object `outer`, when it is one). */
function valueOf(body: Record<string, unknown>, name: string): unknown {
  const dot = name.indexOf('.');
  if (dot === -1) return body[name];
  const outer = body[name.slice(0, dot)];
  return typeof outer === 'object' && outer !== null && !Array.isArray(outer) ? (outer as Record<string, unknown>)[name.slice(dot + 1)] : undefined;
}

/** The message for a number outside its field's range, as each API words it. */
function outOfRange(format: WireFormat, field: Field, got: number): string {
  const below = field.min !== undefined && got < field.min;
  const bound = below ? field.min! : field.max!;
  if (format === 'messages') return `${field.name}: Input should be ${below ? 'greater' : 'less'} than or equal to ${bound}`;
  if (format === 'generateContent') {
    return `Invalid value at '${field.name}' (${field.type === 'integer' ? 'TYPE_INT32' : 'TYPE_FLOAT'}): ${got} is ${below ? 'below the minimum' : 'above the maximum'} of ${bound}`;
  }
  const kind = field.type === 'integer' ? 'integer' : 'decimal';
  return `Invalid '${field.name}': ${kind} ${below ? 'below minimum' : 'above maximum'} value. Expected a value ${below ? '>=' : '<='} ${bound}, but got ${got} instead.`;
}

function missing(format: WireFormat, name: string): string {
  if (format === 'messages') return `${name}: Field required`;
  if (format === 'generateContent') return `* GenerateContentRequest.${name}: ${name} is not specified`;
  return `Missing required parameter: '${name}'.`;
}

function wrongType(format: WireFormat, name: string, type: Expect, got: unknown): string {
  const expected = type === 'string|array' ? 'a string or an array' : type === 'integer' ? 'an integer' : type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`;
  if (format === 'messages') return `${name}: Input should be ${expected}`;
  if (format === 'generateContent') return `Invalid value at '${name}': expected ${expected}, got ${typeName(got)}`;
  return `Invalid type for '${name}': expected ${expected}, but got ${typeName(got)} instead.`;
}

/** What a body asks for: a generation, or a token count (messages). */
export type BodyAction = 'generate' | 'count_tokens';

/**
 * Throws a 400 GatewayError when `body` is not a request of `format`: a required field
 * missing, a known field of the wrong type (null counts as absent for optional fields; integers
 * must be whole), a number outside the range the API accepts (output caps from 1 to
 * {@link MAX_OUTPUT_TOKENS}, sampling parameters), an empty list of messages or contents, or
 * (messages) no `anthropic-version` header.
 */
export function validateBody(format: WireFormat, action: BodyAction, body: Record<string, unknown>, anthropicVersion: string | undefined): void {
  if (format === 'messages' && anthropicVersion === undefined) throw new GatewayError('invalid_request', 'anthropic-version: header is required');
  const fields = action === 'count_tokens' ? COUNT_TOKENS : FIELDS[format];
  for (const field of fields) {
    const v = valueOf(body, field.name);
    if (v === undefined || (v === null && !field.required)) {
      if (field.required) throw new GatewayError('invalid_request', missing(format, field.name));
      continue;
    }
    if (!matches(v, field.type)) throw new GatewayError('invalid_request', wrongType(format, field.name, field.type, v));
    if (typeof v === 'number' && ((field.min !== undefined && v < field.min) || (field.max !== undefined && v > field.max))) {
      throw new GatewayError('invalid_request', outOfRange(format, field, v));
    }
  }
  for (const list of ['messages', 'contents'] as const) {
    const v = body[list];
    if (Array.isArray(v) && fields.some((f) => f.name === list)) {
      if (v.length === 0) throw new GatewayError('invalid_request', format === 'messages' ? `${list}: at least one message is required` : `'${list}' must not be empty.`);
      const bad = v.findIndex((m) => typeof m !== 'object' || m === null || Array.isArray(m));
      if (bad !== -1) throw new GatewayError('invalid_request', wrongType(format, `${list}[${bad}]`, 'object', v[bad]));
    }
  }
}
