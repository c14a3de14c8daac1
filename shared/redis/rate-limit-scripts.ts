/**
 * The Lua scripts behind the Redis RateLimiter (shared/ports/rate-limiter.ts). Our own script
 * rather than a limiter library: a request must be checked against requests, tokens and
 * concurrency of a token and its account at once and counted only if all of them admit it (the
 * libraries count a refused request too, and have no concurrency slots).
 *
 * Key layout, per scope of a partition (all keys of one partition share its hash tag, so each
 * script runs on Redis Cluster): a hash `{w, r, t}` (window start ms, requests, tokens), expiring
 * with the window, and a sorted set of slots (request id -> expiry ms). Time is Redis' own (TIME),
 * so data planes with skewed clocks agree. A limit of 0 means none.
 */

/** Shared head: `now` in ms from Redis' clock. */
const NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/**
 * Admits a request in every scope or in none.
 * KEYS: per scope, window hash then slots set. ARGV: windowMs, slotTtlMs, requestId, tokens, then
 * per scope rpm, tpm, concurrency.
 * Returns {refusedScope (0: admitted), limit name, retryAfterMs, then per scope: windowStart,
 * requests, tokens, inFlight, resetMs}.
 */
export const ADMIT_SCRIPT = `${NOW}
local windowMs = tonumber(ARGV[1])
local slotTtl = tonumber(ARGV[2])
local id = ARGV[3]
local tokens = tonumber(ARGV[4])
local n = #KEYS / 2
local w, r, t, c = {}, {}, {}, {}
local refused, limit, retry = 0, '', 0
for i = 1, n do
  local v = redis.call('HMGET', KEYS[2 * i - 1], 'w', 'r', 't')
  w[i] = tonumber(v[1])
  r[i] = tonumber(v[2]) or 0
  t[i] = tonumber(v[3]) or 0
  if not w[i] or now - w[i] >= windowMs then w[i] = now; r[i] = 0; t[i] = 0 end
  redis.call('ZREMRANGEBYSCORE', KEYS[2 * i], '-inf', now)
  c[i] = redis.call('ZCARD', KEYS[2 * i])
  if refused == 0 then
    local rpm = tonumber(ARGV[2 + 3 * i])
    local tpm = tonumber(ARGV[3 + 3 * i])
    local conc = tonumber(ARGV[4 + 3 * i])
    if rpm > 0 and r[i] + 1 > rpm then refused = i; limit = 'requests'; retry = w[i] + windowMs - now
    elseif tpm > 0 and t[i] + tokens > tpm then refused = i; limit = 'tokens'; retry = w[i] + windowMs - now
    elseif conc > 0 and c[i] + 1 > conc then refused = i; limit = 'concurrency'; retry = 1000 end
  end
end
local out = {refused, limit, retry}
for i = 1, n do
  if refused == 0 then
    r[i] = r[i] + 1
    t[i] = t[i] + tokens
    c[i] = c[i] + 1
    redis.call('HSET', KEYS[2 * i - 1], 'w', string.format('%d', w[i]), 'r', r[i], 't', t[i])
    redis.call('PEXPIRE', KEYS[2 * i - 1], w[i] + windowMs - now)
    redis.call('ZADD', KEYS[2 * i], now + slotTtl, id)
    redis.call('PEXPIRE', KEYS[2 * i], slotTtl)
  end
  table.insert(out, w[i])
  table.insert(out, r[i])
  table.insert(out, t[i])
  table.insert(out, c[i])
  table.insert(out, w[i] + windowMs - now)
end
return out
`;

/**
 * Corrects an admitted request's counts in the windows it was counted in (a later window is left
 * alone; counts never go below 0) and frees its slot.
 * KEYS: per scope, window hash then slots set. ARGV: requestId, dRequests, dTokens, release (1/0),
 * then per scope the window start it was counted in.
 */
export const SETTLE_SCRIPT = `
local n = #KEYS / 2
for i = 1, n do
  local h = KEYS[2 * i - 1]
  if redis.call('HGET', h, 'w') == ARGV[4 + i] then
    local r = tonumber(redis.call('HGET', h, 'r') or '0') + tonumber(ARGV[2])
    local t = tonumber(redis.call('HGET', h, 't') or '0') + tonumber(ARGV[3])
    redis.call('HSET', h, 'r', math.max(0, r), 't', math.max(0, t))
  end
  if ARGV[4] == '1' then redis.call('ZREM', KEYS[2 * i], ARGV[1]) end
end
return 0
`;

/**
 * Extends the slots still held by the named requests.
 * KEYS: slot sets. ARGV: slotTtlMs, then per key the request id.
 */
export const RENEW_SCRIPT = `${NOW}
local ttl = tonumber(ARGV[1])
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], 'XX', now + ttl, ARGV[i + 1])
  redis.call('PEXPIRE', KEYS[i], ttl)
end
return 0
`;

/**
 * Reads the use of scopes without counting anything.
 * KEYS: per scope, window hash then slots set. ARGV: windowMs.
 * Returns per scope: requests, tokens, inFlight, resetMs.
 */
export const USE_SCRIPT = `${NOW}
local windowMs = tonumber(ARGV[1])
local out = {}
for i = 1, #KEYS / 2 do
  local v = redis.call('HMGET', KEYS[2 * i - 1], 'w', 'r', 't')
  local w = tonumber(v[1])
  local live = w and now - w < windowMs
  table.insert(out, live and (tonumber(v[2]) or 0) or 0)
  table.insert(out, live and (tonumber(v[3]) or 0) or 0)
  table.insert(out, redis.call('ZCOUNT', KEYS[2 * i], '(' .. now, '+inf'))
  table.insert(out, live and (w + windowMs - now) or windowMs)
end
return out
`;
