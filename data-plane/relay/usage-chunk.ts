/**
 * chat-completions streams always ask the upstream for `stream_options.include_usage` (metering
 * needs the final usage, or streams would go uncharged), but a client that did not ask must not
 * receive the extra usage-only chunk it brings: `choices: []` with a `usage` object (with
 * include_usage every other chunk carries `"usage": null`; an Azure prompt-filter chunk has no
 * choices and no usage).
 */

/** True when an event's data is a chat-completions chunk with no choices and a usage object. */
export function isUsageOnlyChunk(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { choices, usage } = data as { choices?: unknown; usage?: unknown };
  return Array.isArray(choices) && choices.length === 0 && typeof usage === 'object' && usage !== null;
}
