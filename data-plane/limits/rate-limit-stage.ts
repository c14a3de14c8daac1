/**
 * The rate-limit stage (docs/architecture.md, "Limits"): requests per minute, tokens per minute and
 * concurrent requests per token, account and group, counted across every data plane by the
 * RateLimiter port (Redis: our own atomic script, see shared/redis/rate-limit-scripts.ts).
 *
 * Runs after the candidate groups are known and before the reservation, so a refused request
 * costs nothing and reaches no upstream: 429 in the client's format with `Retry-After`.
 * - The token and its account are checked in one step (one partition, `{acct:ID}`).
 * - Then the candidate groups in order: a group at its limit is skipped like an unavailable one,
 *   and the request is counted in the first group with room (one partition per group); when every
 *   candidate is full the request is taken back from the account's counts and refused.
 * - Tokens are counted at admission from the estimate billing reserves with (prompt estimated
 *   from the body's size plus the output cap), and corrected by metering's settled usage.
 * - The concurrency slot is released when the request ends, whatever the path (success, error,
 *   client gone, stream cut); slots are renewed while their request runs and expire otherwise.
 * Use is only counted where a limit applies: unlimited traffic makes no limiter call.
 */
import type Koa from 'koa';
import type { WireFormat } from '../../shared/formats.js';
import { hasRateLimit, type RateLimits } from '../../shared/limits/rate-limits.js';
import type { RateAdmission, RateLimiter, RateLimitName, RateScope, RateTicket, ScopeUse } from '../../shared/ports/rate-limiter.js';
import { estimatePromptTokensFromBytes } from '../../shared/pricing/estimate.js';
import { promptTokens } from '../../shared/pricing/usage.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { maxOutputFor } from '../billing/estimate.js';
import type { GroupRoute } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import type { Admitted, Observed, Relayed, Settling, Stage } from '../pipeline/state.js';
import { FailOpen } from './fail-open.js';
import { openAiDuration, rateLimitHeaders } from './headers.js';

/** Length of a rate-limit window: limits are per minute. */
export const RATE_WINDOW_MS = 60_000;

/** A concurrency slot not renewed for this long is freed (its node died); running requests renew theirs every third of it. */
export const SLOT_TTL_MS = 60_000;

/** What the stage needs. */
export interface RateLimitOptions {
  limiter: RateLimiter;
  /** RATE_LIMIT_FAIL_OPEN_MS. */
  failOpenMs: number;
  /** REDIS_TIMEOUT_MS: the longest wait for one limiter call. */
  timeoutMs: number;
  /** Tests shorten the window (default {@link RATE_WINDOW_MS}). */
  windowMs?: number;
  slotTtlMs?: number;
  now?: () => number;
  /** Told of each refusal (metrics): the scope as the limiter names it and the limit that was full. */
  onRefused?: (scope: string, limit: RateLimitName) => void;
}

/** The rate-limit stage and what it must stop at shutdown. */
export interface RateLimitStage {
  /** The stage of a generation (it may narrow `candidates` to the first group with room). */
  middleware: Stage<Admitted & Observed & Partial<Relayed>, Settling>;
  /**
   * Runs a request that is not a generation (a media order: counted as a request, no tokens) under
   * the same limits: `run` gets the candidate groups with room, and the concurrency slot is freed
   * when it ends; the 429 is thrown before it runs. `headersFormat`: whose rate-limit headers.
   */
  around<T>(ctx: Koa.Context, request: { requestId: string; token: TokenRecord; candidates: GroupRoute[]; headersFormat: WireFormat }, run: (candidates: GroupRoute[]) => Promise<T>): Promise<T>;
  close(): void;
}

/** The tokens and account scopes of a token's partition. */
function accountScopes(token: TokenRecord): RateScope[] | undefined {
  const own = token.limits;
  const account = token.accountLimits;
  if (!hasRateLimit(own) && !hasRateLimit(account)) return undefined;
  const none: RateLimits = { rpm: null, tpm: null, concurrency: null };
  return [
    { name: `token:${token.tokenId}`, limits: own ?? none },
    { name: 'account', limits: account ?? none },
  ];
}

const WHO: Record<string, string> = { account: 'your account' };
const WHAT: Record<RateLimitName, string> = { requests: 'requests per minute', tokens: 'tokens per minute', concurrency: 'concurrent requests' };

/** The 429 of a refusal, in words a client can act on. */
function refusal(refused: Extract<RateAdmission, { admitted: false }>, tokens: number): GatewayError {
  const use = refused.use.find((u) => u.name === refused.scope)!;
  const who = refused.scope.startsWith('token:') ? 'this API key' : refused.scope.startsWith('group:') ? `the group '${refused.scope.slice(6)}'` : WHO[refused.scope];
  const limit = refused.limit === 'requests' ? use.limits.rpm : refused.limit === 'tokens' ? use.limits.tpm : use.limits.concurrency;
  const used = refused.limit === 'requests' ? use.requests : refused.limit === 'tokens' ? use.tokens : use.inFlight;
  const asked = refused.limit === 'tokens' ? `, requested ${tokens}` : '';
  const message = `Rate limit reached for ${WHAT[refused.limit]} of ${who}: limit ${limit}, used ${used}${asked}. Please try again in ${openAiDuration(refused.retryAfterMs)}`;
  const retryAfterSeconds = Math.max(1, Math.ceil(refused.retryAfterMs / 1000));
  return new GatewayError('rate_limit', message, undefined, { retryAfterSeconds, openaiType: refused.limit === 'tokens' ? 'tokens' : 'requests' });
}

/** Does any limit apply to a request of `token` to `candidates` (else it is not counted at all)? */
function limited(token: TokenRecord, candidates: readonly GroupRoute[]): boolean {
  return accountScopes(token) !== undefined || candidates.some((c) => hasRateLimit(c.group.limits));
}

/** Builds the stage over `options.limiter`. */
export function rateLimitStage(options: RateLimitOptions): RateLimitStage {
  const { limiter } = options;
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? RATE_WINDOW_MS;
  const slotTtlMs = options.slotTtlMs ?? SLOT_TTL_MS;
  const guard = new FailOpen({ failOpenMs: options.failOpenMs, timeoutMs: options.timeoutMs, now });
  /** Tickets of requests still running, by request id: their slots are renewed. */
  const running = new Map<string, RateTicket[]>();
  const renewal = setInterval(() => {
    const tickets = [...running.values()].flat();
    if (tickets.length > 0) guard.background(() => limiter.renew(tickets, slotTtlMs));
  }, slotTtlMs / 3);
  renewal.unref();

  const admit = (partition: string, scopes: RateScope[], requestId: string, tokens: number) =>
    guard.check(() => limiter.admit({ partition, scopes, requestId, tokens, windowMs, slotTtlMs }));

  /** Frees the slots and corrects the token counts (`tokens`: actual minus estimate; `requests` -1 takes the request back). */
  const settle = (tickets: readonly RateTicket[], change: { requests: number; tokens: number }) => {
    for (const ticket of tickets) guard.background(() => limiter.settle(ticket, { ...change, release: true }));
  };

  /**
   * Counts a request against its token, account and first candidate group with room (throws the
   * 429 when full); sets the limit headers. Resolves with the candidates from that group on and
   * the tickets to settle (none: nothing limits it, or Redis did not answer).
   */
  const admitRequest = async (ctx: Koa.Context, requestId: string, token: TokenRecord, candidates: GroupRoute[], format: WireFormat, estimate: number): Promise<{ candidates: GroupRoute[]; tickets: RateTicket[] }> => {
    if (!limited(token, candidates)) return { candidates, tickets: [] };
    const own = accountScopes(token);
    const tickets: RateTicket[] = [];
    const uses: ScopeUse[] = [];
    const refuse = (refused: Extract<RateAdmission, { admitted: false }>) => {
      options.onRefused?.(refused.scope, refused.limit);
      ctx.set(rateLimitHeaders(format, [...uses, ...refused.use], now()));
      return refusal(refused, estimate);
    };

    if (own) {
      const answer = await admit(`acct:${token.accountId}`, own, requestId, estimate);
      if (answer && !answer.admitted) throw refuse(answer);
      if (answer) {
        tickets.push(answer.ticket);
        uses.push(...answer.use);
      }
    }
    const groups = await admitToGroup(candidates, (group, limits) => admit(`group:${group}`, [{ name: `group:${group}`, limits }], requestId, estimate));
    if (groups.refused) {
      settle(tickets, { requests: -1, tokens: -estimate });
      throw refuse(groups.refused);
    }
    if (groups.ticket) tickets.push(groups.ticket);
    uses.push(...groups.use);
    ctx.set(rateLimitHeaders(format, uses, now()));
    return { candidates: candidates.slice(groups.from), tickets };
  };

  const middleware: RateLimitStage['middleware'] = async (ctx, next) => {
    const { token, candidates, format, requestId } = ctx.state;
    if (!limited(token, candidates)) return next();
    const estimate = estimatePromptTokensFromBytes(ctx.state.rawBody.length) + maxOutputFor(format, ctx.state.body, ctx.state.model);
    const admitted = await admitRequest(ctx, requestId, token, candidates, format, estimate);
    ctx.state.candidates = admitted.candidates;
    const tickets = admitted.tickets;
    if (tickets.length === 0) return next(); // nothing limits it, or Redis did not answer: admitted unchecked

    running.set(requestId, tickets);
    // Metering settles the request after it ends (see Metering.settle), with its actual usage.
    ctx.state.onSettled = (usage) => {
      running.delete(requestId);
      settle(tickets, { requests: 0, tokens: promptTokens(usage) + usage.output - estimate });
    };
    try {
      await next();
    } finally {
      // Metering observes the relay once it reserved: it will settle. Otherwise free the slot now
      // (and give the estimate back when the relay never ran: nothing was generated).
      if (!ctx.state.observe) {
        running.delete(requestId);
        settle(tickets, { requests: 0, tokens: ctx.state.relay ? 0 : -estimate });
      }
    }
  };

  const around: RateLimitStage['around'] = async (ctx, request, run) => {
    const admitted = await admitRequest(ctx, request.requestId, request.token, request.candidates, request.headersFormat, 0);
    if (admitted.tickets.length > 0) running.set(request.requestId, admitted.tickets);
    try {
      return await run(admitted.candidates);
    } finally {
      running.delete(request.requestId);
      settle(admitted.tickets, { requests: 0, tokens: 0 });
    }
  };
  return { middleware, around, close: () => clearInterval(renewal) };
}

/**
 * Counts the request in the first candidate group with room (a group without limits has room
 * without a call); `from` is that group's place. When every one is full: the first refusal.
 */
async function admitToGroup(
  candidates: readonly GroupRoute[],
  admit: (group: string, limits: RateLimits) => Promise<RateAdmission | undefined>,
): Promise<{ from: number; ticket?: RateTicket; use: ScopeUse[]; refused?: undefined } | { refused: Extract<RateAdmission, { admitted: false }> }> {
  let first: Extract<RateAdmission, { admitted: false }> | undefined;
  for (let i = 0; i < candidates.length; i++) {
    const { group } = candidates[i];
    if (!hasRateLimit(group.limits)) return { from: i, use: [] };
    const answer = await admit(group.name, group.limits);
    if (!answer) return { from: i, use: [] };
    if (answer.admitted) return { from: i, ticket: answer.ticket, use: answer.use };
    first ??= answer;
  }
  return { refused: first! };
}
