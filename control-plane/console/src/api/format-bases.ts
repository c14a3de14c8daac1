/** The client formats, and whether their clients expect `/v1` in the base address. */
export const FORMAT_BASES = [
  { format: 'chat-completions', key: 'chat', withV1: true },
  { format: 'responses', key: 'responses', withV1: true },
  { format: 'messages', key: 'messages', withV1: false },
  { format: 'generateContent', key: 'gemini', withV1: false },
] as const;

/** The base address a client of `format` configures for a node. */
export function baseAddressFor(nodeBaseUrl: string, withV1: boolean): string {
  return withV1 ? `${nodeBaseUrl}/v1` : nodeBaseUrl;
}
