/** The four client wire formats, by their stable ids (used in the snapshot, GraphQL and usage records). */
export const WIRE_FORMATS = ['chat-completions', 'messages', 'generateContent', 'responses'] as const;

/** One of the four wire formats. */
export type WireFormat = (typeof WIRE_FORMATS)[number];

/** True when `value` names one of the four wire formats. */
export function isWireFormat(value: unknown): value is WireFormat {
  return typeof value === 'string' && (WIRE_FORMATS as readonly string[]).includes(value);
}

/**
 * The media endpoints in the OpenAI format: `images` (/v1/images/generations and /v1/images/edits)
 * and `videos` (the /v1/videos jobs). They are not conversation formats (nothing translates a chat
 * into them), but a group lists them like one, so that `Unsupported API format` applies to them.
 */
export const MEDIA_FORMATS = ['images', 'videos'] as const;

/** One of the media endpoints. */
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/**
 * What a group may list: the wire formats, then the media endpoints. The order is stable: usage
 * events encode a format by its index here, and the wire formats keep theirs.
 */
export const GROUP_FORMATS = [...WIRE_FORMATS, ...MEDIA_FORMATS] as const;

/** A format a group may list (a request's format for routing). */
export type GroupFormat = (typeof GROUP_FORMATS)[number];

/** True when `value` names a format a group may list. */
export function isGroupFormat(value: unknown): value is GroupFormat {
  return typeof value === 'string' && (GROUP_FORMATS as readonly string[]).includes(value);
}
