/**
 * Metering of pass-through streams without parsing every event: a stream of a few hundred small
 * events would otherwise cost the data plane one JSON.parse per event, for a usage report that
 * comes in one of them and a delivered-output count that only matters when the stream is cut.
 * These scans read the raw event text instead; any event they cannot read exactly (usage, or a
 * shape they do not know) is left to the full parse (usage-tap.ts), which gives the same counts.
 */
import type { WireFormat } from '../../shared/formats.js';
import { utf8ByteLength } from '../../shared/pricing/estimate.js';

/** A JSON string value: quote, then characters or escapes, then quote (linear, no backtracking). */
const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;

/** `"key": "<string>"` for the given keys; group 1 is the raw (still escaped) value. */
function stringFields(keys: string[]): RegExp {
  return new RegExp(String.raw`"(?:${keys.join('|')})"\s*:\s*${STRING}`, 'g');
}

/** The text fields of each format's streamed output, as the full parse counts them (usage-tap.ts eventOutputBytes). */
const OUTPUT_FIELDS: Record<WireFormat, RegExp> = {
  // Only inside choices[].delta; "content" elsewhere (logprobs) is an array, never a string.
  'chat-completions': stringFields(['content', 'reasoning_content', 'reasoning', 'arguments']),
  messages: stringFields(['text', 'thinking', 'partial_json']),
  generateContent: stringFields(['text']),
  responses: stringFields(['delta']),
};

/** Events of a format that the scan must leave to the full parse. */
const NEEDS_PARSE: Record<WireFormat, RegExp> = {
  'chat-completions': /"usage"\s*:\s*\{/,
  messages: /"usage"\s*:\s*\{/,
  // function-call arguments are an object, counted as their JSON text; grounding has "text" fields of its own
  generateContent: /"usageMetadata"\s*:\s*\{|"functionCall"|"groundingMetadata"/,
  responses: /"usage"\s*:\s*\{/,
};

/** Which events of a format carry output at all (the others count 0). */
function carriesOutput(format: WireFormat, data: string): boolean {
  switch (format) {
    case 'messages':
      return /"type"\s*:\s*"content_block_delta"/.test(data);
    case 'responses':
      return /"type"\s*:\s*"[^"]*\.delta"/.test(data);
    default:
      return true;
  }
}

/** UTF-8 bytes of a raw JSON string value once unescaped. */
function unescapedBytes(raw: string): number {
  return utf8ByteLength(raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw);
}

/**
 * Bytes of output text in one stream event's raw data, read without parsing it; or undefined
 * when the event must be parsed (it may carry usage, or output the scan does not count).
 */
export function scanOutputBytes(format: WireFormat, data: string): number | undefined {
  if (NEEDS_PARSE[format].test(data)) return undefined;
  if (!carriesOutput(format, data)) return 0;
  const fields = OUTPUT_FIELDS[format];
  let bytes = 0;
  fields.lastIndex = 0;
  for (let m = fields.exec(data); m !== null; m = fields.exec(data)) bytes += unescapedBytes(m[1]);
  return bytes;
}
