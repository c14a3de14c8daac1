/**
 * Prompt-cache affinity: requests of one conversation go to the channel and key that served it
 * before, while that channel is healthy, so the upstream's prompt cache hits. The affinity key is
 * derived from the request and only its hash is kept, never the content:
 * - the client's own conversation or user id where its format carries one: OpenAI
 *   `prompt_cache_key` (then `user`), Anthropic `metadata.user_id`, a Codex `session-id` (or
 *   `session_id`) header, Gemini `cachedContent`;
 * - otherwise the cacheable prefix: the system prompt (or instructions), the tools and the first
 *   message of the conversation, when together at least {@link MIN_PREFIX_CHARS} characters long
 *   (a short prompt gains little from a cache and would pin unrelated requests together).
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { LRUCache } from 'lru-cache';
import { lruCache } from '../../shared/lru.js';
import type { WireFormat } from '../../shared/formats.js';

/** Shortest prefix (as JSON text) that earns affinity without a client id. */
export const MIN_PREFIX_CHARS = 1024;

/** Where a pinned conversation goes. */
export interface Pin {
  group: string;
  channelId: string;
  keyId: string;
}

function hash(kind: string, value: unknown): string {
  return `${kind}:${createHash('sha256').update(typeof value === 'string' ? value : JSON.stringify(value)).digest('base64url').slice(0, 32)}`;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The client's own id of the conversation (or its user), by format. */
function clientId(format: WireFormat, body: Record<string, unknown>, headers: IncomingHttpHeaders): string | undefined {
  const session = headers['session-id'] ?? headers.session_id;
  const fromHeader = text(Array.isArray(session) ? session[0] : session);
  if (fromHeader) return hash('session', fromHeader);
  switch (format) {
    case 'chat-completions':
    case 'responses': {
      const key = text(body.prompt_cache_key);
      if (key) return hash('cache-key', key);
      const user = text(body.user);
      return user && hash('user', user);
    }
    case 'messages': {
      const user = text(asRecord(body.metadata).user_id);
      return user && hash('user', user);
    }
    case 'generateContent': {
      const cached = text(body.cachedContent);
      return cached && hash('cached', cached);
    }
  }
}

/** The cacheable head of the request: system prompt or instructions, tools, first message. */
function prefixOf(format: WireFormat, body: Record<string, unknown>): unknown[] {
  switch (format) {
    case 'chat-completions': {
      const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
      let head = 0;
      while (head < messages.length && (messages[head]?.role === 'system' || messages[head]?.role === 'developer')) head++;
      return [messages.slice(0, head + 1), body.tools];
    }
    case 'responses': {
      const input = Array.isArray(body.input) ? body.input.slice(0, 1) : body.input;
      return [body.instructions, body.tools, input];
    }
    case 'messages':
      return [body.system, body.tools, Array.isArray(body.messages) ? body.messages[0] : undefined];
    case 'generateContent':
      return [body.systemInstruction, body.tools, Array.isArray(body.contents) ? body.contents[0] : undefined];
  }
}

/**
 * The affinity key of a request (a hash, see the module comment), or undefined when it has
 * neither a client id nor a long enough prefix.
 */
export function affinityKey(format: WireFormat, body: Record<string, unknown>, headers: IncomingHttpHeaders): string | undefined {
  const id = clientId(format, body, headers);
  if (id) return id;
  const prefix = JSON.stringify(prefixOf(format, body));
  return prefix.length >= MIN_PREFIX_CHARS ? hash('prefix', prefix) : undefined;
}

/**
 * Pins by affinity key (and model: the caller combines them), in memory, at most `maxEntries`
 * (the least recently used go first) and each for `ttlMs` after its last use (upstream prompt
 * caches live minutes to an hour).
 */
export class AffinityTable {
  private readonly pins: LRUCache<string, Pin>;

  constructor(ttlMs: number, maxEntries = 100_000, now: () => number = Date.now) {
    // ttlResolution 0: the clock is read at every check, not once per millisecond.
    this.pins = lruCache(maxEntries, { ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  /** The pin of `key`, if one is live. */
  get(key: string): Pin | undefined {
    return this.pins.get(key);
  }

  /** Pins `key` to where it was served (refreshing its use). */
  set(key: string, pin: Pin): void {
    this.pins.set(key, pin);
  }

  /** Pinned conversations per channel, least recently used first (metrics). */
  countByChannel(): Map<string, number> {
    const out = new Map<string, number>();
    for (const pin of this.pins.rvalues()) if (pin) out.set(pin.channelId, (out.get(pin.channelId) ?? 0) + 1);
    return out;
  }
}
