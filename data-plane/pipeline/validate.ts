/**
 * First checks of a request body in the client's own format (wire-formats.md §7.0: validate in
 * the client's format before calling anything), worded the way each real API words them.
 */
import type { WireFormat } from '../../shared/formats.js';
import { GatewayError } from '../errors.js';
import type { ModelRoute } from './routes.js';

type Expect = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'string|array';

interface Field {
  name: string;
  type: Expect;
  required?: boolean;
}

const CHAT: Field[] = [
  { name: 'model', type: 'string', required: true },
  { name: 'messages', type: 'array', required: true },
  { name: 'stream', type: 'boolean' },
  { name: 'max_tokens', type: 'integer' },
  { name: 'max_completion_tokens', type: 'integer' },
  { name: 'temperature', type: 'number' },
  { name: 'top_p', type: 'number' },
  { name: 'n', type: 'integer' },
  { name: 'tools', type: 'array' },
  { name: 'stream_options', type: 'object' },
];

const MESSAGES: Field[] = [
  { name: 'model', type: 'string', required: true },
  { name: 'max_tokens', type: 'integer', required: true },
  { name: 'messages', type: 'array', required: true },
  { name: 'system', type: 'string|array' },
  { name: 'stream', type: 'boolean' },
  { name: 'stop_sequences', type: 'array' },
  { name: 'temperature', type: 'number' },
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
  { name: 'tools', type: 'array' },
  { name: 'systemInstruction', type: 'object' },
];

const RESPONSES: Field[] = [
  { name: 'model', type: 'string', required: true },
  { name: 'input', type: 'string|array', required: true },
  { name: 'instructions', type: 'string' },
  { name: 'stream', type: 'boolean' },
  { name: 'max_output_tokens', type: 'integer' },
  { name: 'temperature', type: 'number' },
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

/**
 * Throws a 400 GatewayError when `body` is not a request of the route's format: a required field
 * missing, a known field of the wrong type (null counts as absent for optional fields), an empty
 * list of messages or contents, or (messages) no `anthropic-version` header.
 */
export function validateBody(route: ModelRoute, body: Record<string, unknown>, anthropicVersion: string | undefined): void {
  const format = route.format;
  if (format === 'messages' && anthropicVersion === undefined) throw new GatewayError('invalid_request', 'anthropic-version: header is required');
  const fields = route.action === 'count_tokens' ? COUNT_TOKENS : FIELDS[format];
  for (const field of fields) {
    const v = body[field.name];
    if (v === undefined || (v === null && !field.required)) {
      if (field.required) throw new GatewayError('invalid_request', missing(format, field.name));
      continue;
    }
    if (!matches(v, field.type)) throw new GatewayError('invalid_request', wrongType(format, field.name, field.type, v));
  }
  if (format === 'messages' && (body.max_tokens as number) < 0) throw new GatewayError('invalid_request', 'max_tokens: Input should be greater than or equal to 0');
  for (const list of ['messages', 'contents'] as const) {
    const v = body[list];
    if (Array.isArray(v) && fields.some((f) => f.name === list)) {
      if (v.length === 0) throw new GatewayError('invalid_request', format === 'messages' ? `${list}: at least one message is required` : `'${list}' must not be empty.`);
      const bad = v.findIndex((m) => typeof m !== 'object' || m === null || Array.isArray(m));
      if (bad !== -1) throw new GatewayError('invalid_request', wrongType(format, `${list}[${bad}]`, 'object', v[bad]));
    }
  }
}
