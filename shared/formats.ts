/** The four client wire formats, by their stable ids (used in the snapshot, GraphQL and usage records). */
export const WIRE_FORMATS = ['chat-completions', 'messages', 'generateContent', 'responses'] as const;

/** One of the four wire formats. */
export type WireFormat = (typeof WIRE_FORMATS)[number];

/** True when `value` names one of the four wire formats. */
export function isWireFormat(value: unknown): value is WireFormat {
  return typeof value === 'string' && (WIRE_FORMATS as readonly string[]).includes(value);
}
