import type { WireFormat } from '../../shared/formats.js';
import type { ScopeUse } from '../../shared/ports/rate-limiter.js';

/** The tightest limit of one kind: the scope with the least left. */
interface Tightest {
  limit: number;
  remaining: number;
  resetMs: number;
}

function tightest(uses: readonly ScopeUse[], kind: 'requests' | 'tokens'): Tightest | undefined {
  let best: Tightest | undefined;
  for (const use of uses) {
    const limit = kind === 'requests' ? use.limits.rpm : use.limits.tpm;
    if (limit === null) continue;
    const remaining = Math.max(0, limit - use[kind]);
    if (!best || remaining < best.remaining) best = { limit, remaining, resetMs: use.resetMs };
  }
  return best;
}

/** A duration as OpenAI writes its resets: `20ms`, `1.5s`, `6m0s`. */
export function openAiDuration(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole < 1000) return `${whole}ms`;
  const seconds = Math.round(whole / 100) / 10;
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${Math.round(seconds - minutes * 60)}s`;
}

/**
 * The rate-limit headers of an answer, for the tightest applicable limit of each kind (none for
 * a kind without a limit): the `x-ratelimit-*` ones OpenAI clients read, on every format, and
 * Anthropic's `anthropic-ratelimit-*` (resets as RFC 3339 times) for Messages clients.
 */
export function rateLimitHeaders(format: WireFormat, uses: readonly ScopeUse[], now: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const kind of ['requests', 'tokens'] as const) {
    const t = tightest(uses, kind);
    if (!t) continue;
    headers[`x-ratelimit-limit-${kind}`] = String(t.limit);
    headers[`x-ratelimit-remaining-${kind}`] = String(t.remaining);
    headers[`x-ratelimit-reset-${kind}`] = openAiDuration(t.resetMs);
    if (format === 'messages') {
      headers[`anthropic-ratelimit-${kind}-limit`] = String(t.limit);
      headers[`anthropic-ratelimit-${kind}-remaining`] = String(t.remaining);
      headers[`anthropic-ratelimit-${kind}-reset`] = new Date(Math.ceil((now + t.resetMs) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    }
  }
  return headers;
}
