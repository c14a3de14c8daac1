/**
 * When an upstream says to come back: `Retry-After` (seconds or an HTTP date), `retry-after-ms`,
 * OpenAI's `x-ratelimit-reset-requests` / `-tokens` ("1s", "6m0s", "20ms"), Anthropic's
 * `anthropic-ratelimit-*-reset` (an RFC 3339 instant), and Google's `RetryInfo` detail in the error
 * body (`"retryDelay": "2s"`). Pure: the caller passes its clock.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The longest a hint is believed (a wrong or hostile header must not park a channel for a day). */
export const MAX_RETRY_HINT_MS = 10 * 60_000;

/** Where the hint came from: a request-rate limit is per model, an overload of the whole service is per channel. */
export interface RetryHint {
  /** Milliseconds from now, within 0..{@link MAX_RETRY_HINT_MS}. */
  waitMs: number;
  /** True when the header or body names a rate limit (which providers keep per model). */
  rateLimit: boolean;
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** A Go-style duration ("1m30s", "250ms", "2.5s") or a bare number of seconds, in ms; undefined when it is neither. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(t)) return Number(t) * 1000;
  if (!/^(?:\d+(?:\.\d+)?(?:ms|h|m|s))+$/.test(t)) return undefined;
  let ms = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) ms += Number(m[1]) * UNIT_MS[m[2]];
  return ms;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Is the limit whose `remaining` header is `name` used up (or does the answer not say)? */
function exhausted(headers: IncomingHttpHeaders, name: string): boolean {
  const left = header(headers, name);
  return left === undefined || Number(left) <= 0;
}

/** `Retry-After`: delay-seconds or an HTTP date. */
function retryAfter(value: string, now: number): number | undefined {
  if (/^\s*\d+(?:\.\d+)?\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at - now;
}

/** Google's `error.details[]` entry `{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2s"}`. */
function googleRetryInfo(body: string): number | undefined {
  if (!body.includes('RetryInfo')) return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    const envelope = (Array.isArray(parsed) ? parsed[0] : parsed) as { error?: { details?: unknown } } | undefined;
    const details = envelope?.error?.details;
    if (!Array.isArray(details)) return undefined;
    for (const d of details as { '@type'?: unknown; retryDelay?: unknown }[]) {
      if (typeof d['@type'] === 'string' && d['@type'].endsWith('google.rpc.RetryInfo') && typeof d.retryDelay === 'string') return parseDuration(d.retryDelay);
    }
  } catch {
    // Not JSON: no hint.
  }
  return undefined;
}

/**
 * The back-off an error answer asks for, or undefined when it names none. With several hints the
 * longest wins (a request limit that resets in 1 s does not help while the token limit holds for 20).
 */
export function retryHint(headers: IncomingHttpHeaders, body: string, now: number): RetryHint | undefined {
  const waits: { ms: number; rateLimit: boolean }[] = [];
  const push = (ms: number | undefined, rateLimit: boolean) => {
    if (ms !== undefined && Number.isFinite(ms)) waits.push({ ms: Math.max(0, ms), rateLimit });
  };
  const after = header(headers, 'retry-after');
  if (after !== undefined) push(retryAfter(after, now), false);
  const afterMs = header(headers, 'retry-after-ms');
  if (afterMs !== undefined && /^\d+(?:\.\d+)?$/.test(afterMs.trim())) push(Number(afterMs), false);
  for (const [name, value] of Object.entries(headers)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v === undefined) continue;
    // A limit with room left is not the one that refused: its reset says nothing.
    if (name.startsWith('x-ratelimit-reset-')) {
      if (exhausted(headers, `x-ratelimit-remaining-${name.slice('x-ratelimit-reset-'.length)}`)) push(parseDuration(v), true);
    } else if (name.startsWith('anthropic-ratelimit-') && name.endsWith('-reset')) {
      const at = Date.parse(v);
      if (!Number.isNaN(at) && exhausted(headers, `${name.slice(0, -'-reset'.length)}-remaining`)) push(at - now, true);
    }
  }
  push(googleRetryInfo(body), true);
  if (waits.length === 0) return undefined;
  const longest = Math.min(MAX_RETRY_HINT_MS, Math.max(...waits.map((w) => w.ms)));
  return { waitMs: longest, rateLimit: waits.some((w) => w.rateLimit) };
}
