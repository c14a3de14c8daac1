import type { RedisKeys } from '../../redis/keys.js';
import { ADMIT_SCRIPT, RENEW_SCRIPT, SETTLE_SCRIPT, USE_SCRIPT } from '../../redis/rate-limit-scripts.js';
import type { RateAdmission, RateAsk, RateCorrection, RateLimiter, RateLimitName, RateScope, RateTicket, ScopeUse } from '../rate-limiter.js';
import type { RedisConnections } from './connections.js';
import { LuaScript } from './lua.js';

const admitScript = new LuaScript(ADMIT_SCRIPT);
const settleScript = new LuaScript(SETTLE_SCRIPT);
const renewScript = new LuaScript(RENEW_SCRIPT);
const useScript = new LuaScript(USE_SCRIPT);

/** A limit as the scripts take it: 0 for none. */
function arg(limit: number | null): number {
  return limit ?? 0;
}

/**
 * Redis RateLimiter: one atomic script per partition (shared/redis/rate-limit-scripts.ts), whose
 * keys share the partition's hash tag (Redis Cluster).
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async admit(ask: RateAsk): Promise<RateAdmission> {
    const limits = ask.scopes.flatMap(({ limits: l }) => [arg(l.rpm), arg(l.tpm), arg(l.concurrency)]);
    const reply = (await admitScript.run(this.redis.cmd, this.scopeKeys(ask.partition, ask.scopes), [ask.windowMs, ask.slotTtlMs, ask.requestId, ask.tokens, ...limits])) as (number | string)[];
    const [refused, limit, retryAfterMs] = reply;
    const starts: number[] = [];
    const use = ask.scopes.map((scope, i) => {
      const [windowStart, requests, tokens, inFlight, resetMs] = reply.slice(3 + 5 * i, 8 + 5 * i).map(Number);
      starts.push(windowStart);
      return { name: scope.name, limits: scope.limits, requests, tokens, inFlight, resetMs };
    });
    if (Number(refused) !== 0) {
      return { admitted: false, scope: ask.scopes[Number(refused) - 1].name, limit: limit as RateLimitName, retryAfterMs: Number(retryAfterMs), use };
    }
    return { admitted: true, ticket: { partition: ask.partition, scopes: ask.scopes.map((s) => s.name), requestId: ask.requestId, windowStarts: starts }, use };
  }

  async settle(ticket: RateTicket, correction: RateCorrection): Promise<void> {
    const keys = this.scopeKeys(ticket.partition, ticket.scopes.map((name) => ({ name })));
    const args = [ticket.requestId, correction.requests, correction.tokens, correction.release ? 1 : 0, ...ticket.windowStarts.map(String)];
    await settleScript.run(this.redis.cmd, keys, args);
  }

  async renew(tickets: readonly RateTicket[], slotTtlMs: number): Promise<void> {
    // One script per partition: a script may only touch the keys of one Cluster slot.
    const byPartition = new Map<string, { keys: string[]; ids: string[] }>();
    for (const ticket of tickets) {
      let batch = byPartition.get(ticket.partition);
      if (!batch) byPartition.set(ticket.partition, (batch = { keys: [], ids: [] }));
      for (const name of ticket.scopes) {
        batch.keys.push(this.keys.rateSlots(ticket.partition, name));
        batch.ids.push(ticket.requestId);
      }
    }
    await Promise.all([...byPartition.values()].map((batch) => renewScript.run(this.redis.cmd, batch.keys, [slotTtlMs, ...batch.ids])));
  }

  async use(partition: string, scopes: readonly RateScope[], windowMs: number): Promise<ScopeUse[]> {
    const reply = (await useScript.run(this.redis.cmd, this.scopeKeys(partition, scopes), [windowMs])) as number[];
    return scopes.map((scope, i) => {
      const [requests, tokens, inFlight, resetMs] = reply.slice(4 * i, 4 * i + 4).map(Number);
      return { name: scope.name, limits: scope.limits, requests, tokens, inFlight, resetMs };
    });
  }

  /** Per scope: its window hash, then its slots set. */
  private scopeKeys(partition: string, scopes: readonly { name: string }[]): string[] {
    return scopes.flatMap(({ name }) => [this.keys.rateWindow(partition, name), this.keys.rateSlots(partition, name)]);
  }
}
