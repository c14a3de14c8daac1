import type { RateAdmission, RateAsk, RateCorrection, RateLimiter, RateLimitName, RateScope, RateTicket, ScopeUse } from '../rate-limiter.js';

/** One scope's counters: the window and its counts, and the slots held (request id -> expiry). */
interface Counters {
  windowStart: number;
  requests: number;
  tokens: number;
  slots: Map<string, number>;
}

/**
 * In-process RateLimiter for all-in-one mode: the same rules as the Redis script
 * (shared/redis/rate-limit-script.ts), on this process's clock.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, Counters>();

  constructor(private readonly now: () => number = Date.now) {}

  async admit(ask: RateAsk): Promise<RateAdmission> {
    const now = this.now();
    const seen = ask.scopes.map((scope) => this.current(ask.partition, scope.name, ask.windowMs, now));
    let refusal: { scope: string; limit: RateLimitName; retryAfterMs: number } | undefined;
    ask.scopes.forEach((scope, i) => {
      if (refusal) return;
      const c = seen[i];
      const { rpm, tpm, concurrency } = scope.limits;
      const resetMs = c.windowStart + ask.windowMs - now;
      if (rpm !== null && c.requests + 1 > rpm) refusal = { scope: scope.name, limit: 'requests', retryAfterMs: resetMs };
      else if (tpm !== null && c.tokens + ask.tokens > tpm) refusal = { scope: scope.name, limit: 'tokens', retryAfterMs: resetMs };
      else if (concurrency !== null && c.slots.size + 1 > concurrency) refusal = { scope: scope.name, limit: 'concurrency', retryAfterMs: 1000 };
    });
    if (!refusal) {
      for (const c of seen) {
        c.requests += 1;
        c.tokens += ask.tokens;
        c.slots.set(ask.requestId, now + ask.slotTtlMs);
      }
    }
    const use = ask.scopes.map((scope, i) => useOf(scope, seen[i], ask.windowMs, now));
    if (refusal) return { admitted: false, ...refusal, use };
    const ticket: RateTicket = { partition: ask.partition, scopes: ask.scopes.map((s) => s.name), requestId: ask.requestId, windowStarts: seen.map((c) => c.windowStart) };
    return { admitted: true, ticket, use };
  }

  async settle(ticket: RateTicket, correction: RateCorrection): Promise<void> {
    ticket.scopes.forEach((name, i) => {
      const c = this.counters.get(key(ticket.partition, name));
      if (!c) return;
      if (c.windowStart === ticket.windowStarts[i]) {
        c.requests = Math.max(0, c.requests + correction.requests);
        c.tokens = Math.max(0, c.tokens + correction.tokens);
      }
      if (correction.release) c.slots.delete(ticket.requestId);
    });
  }

  async renew(tickets: readonly RateTicket[], slotTtlMs: number): Promise<void> {
    const until = this.now() + slotTtlMs;
    for (const ticket of tickets) {
      for (const name of ticket.scopes) {
        const slots = this.counters.get(key(ticket.partition, name))?.slots;
        if (slots?.has(ticket.requestId)) slots.set(ticket.requestId, until);
      }
    }
  }

  async use(partition: string, scopes: readonly RateScope[], windowMs: number): Promise<ScopeUse[]> {
    const now = this.now();
    return scopes.map((scope) => useOf(scope, this.current(partition, scope.name, windowMs, now), windowMs, now));
  }

  /** The scope's counters as of `now`: a window that ended starts again empty, expired slots are dropped. */
  private current(partition: string, name: string, windowMs: number, now: number): Counters {
    const k = key(partition, name);
    let c = this.counters.get(k);
    if (!c) this.counters.set(k, (c = { windowStart: now, requests: 0, tokens: 0, slots: new Map() }));
    if (now - c.windowStart >= windowMs) Object.assign(c, { windowStart: now, requests: 0, tokens: 0 });
    for (const [id, expiresAt] of c.slots) if (expiresAt <= now) c.slots.delete(id);
    return c;
  }
}

function key(partition: string, name: string): string {
  return `${partition}\u0000${name}`;
}

function useOf(scope: RateScope, c: Counters, windowMs: number, now: number): ScopeUse {
  return { name: scope.name, limits: scope.limits, requests: c.requests, tokens: c.tokens, inFlight: c.slots.size, resetMs: Math.max(0, c.windowStart + windowMs - now) };
}
