/**
 * Which client field keeps a conversation on one prompt cache, per target:
 * - chat / Responses upstreams: `prompt_cache_key`, from the client's `prompt_cache_key`, else
 *   Codex CLI's `session-id` header, else Claude Code's `metadata.user_id` (its user and session);
 * - Anthropic: no key field; a client that asked for caching (a cache key) gets automatic
 *   `cache_control` breakpoints instead (see chat-to-messages.ts), `user` -> `metadata.user_id`;
 * - Gemini: caching is implicit, nothing to send.
 */
import { createHash } from 'node:crypto';

/** Longest `prompt_cache_key` sent upstream; longer ones are replaced by their digest. */
const MAX_KEY = 64;

/** A cache key that fits OpenAI's field: the key itself, or `sha256:` and 32 hex digits of it. */
export function promptCacheKey(key: string): string {
  return key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}
