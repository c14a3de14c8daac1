/**
 * The Lua scripts behind the Redis BalanceStore (see shared/ports/balance-store.ts for the key
 * layout). Each script touches only the keys of ONE account (same `{acct:ID}` hash tag), so it
 * runs on Redis Cluster too. Amounts travel as decimal strings and stay below 2^53 (Lua doubles).
 * Every script answers `{status, balance}` with the balance as a string or an integer ('' when
 * not loaded): the balance after a write is the write's own answer, not another GET.
 */

/** KEYS: balance, reservations, settled, token-spend. ARGV: id, amount, expiresAt, tokenId ('' none), cap ('' none). */
export const RESERVE_SCRIPT = `
local bal = redis.call('GET', KEYS[1])
if not bal then return {'unknown', ''} end
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 or redis.call('ZSCORE', KEYS[3], ARGV[1]) then
  return {'duplicate', bal}
end
local amount = tonumber(ARGV[2])
if ARGV[5] ~= '' then
  local spent = tonumber(redis.call('HGET', KEYS[4], ARGV[4]) or '0')
  if spent + amount > tonumber(ARGV[5]) then return {'cap_reached', bal} end
end
if tonumber(bal) < amount then return {'insufficient', bal} end
local left = redis.call('DECRBY', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3] .. ':' .. ARGV[4])
if ARGV[4] ~= '' then redis.call('HINCRBY', KEYS[4], ARGV[4], ARGV[2]) end
return {'ok', left}
`;

/**
 * Settle (mode 'settle') or release (mode 'release') once; a charge is kept unledgered under the id.
 * An id already unledgered (a load counted its queued event) is on the balance already: a duplicate.
 * A settle while the balance is not loaded (Redis lost its data) keeps its charge unledgered and
 * answers 'unknown': the load takes it off (see LOAD_SCRIPT).
 * KEYS: balance, reservations, settled, token-spend, unledgered. ARGV: id, actual, tokenId ('' none), now, mode.
 */
export const FINISH_SCRIPT = `
local bal = redis.call('GET', KEYS[1])
if not bal then
  if ARGV[5] == 'settle' and tonumber(ARGV[2]) > 0 and not redis.call('ZSCORE', KEYS[3], ARGV[1]) then
    redis.call('HSET', KEYS[5], ARGV[1], ARGV[2] .. ':' .. ARGV[4])
    redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
  end
  return {'unknown', ''}
end
if redis.call('ZSCORE', KEYS[3], ARGV[1]) or redis.call('HEXISTS', KEYS[5], ARGV[1]) == 1 then return {'duplicate', bal} end
local entry = redis.call('HGET', KEYS[2], ARGV[1])
local reserved = 0
local token = ARGV[3]
local status
if entry then
  local amount, _, owner = string.match(entry, '^(%d+):(%d+):(.*)$')
  reserved = tonumber(amount)
  token = owner
  redis.call('HDEL', KEYS[2], ARGV[1])
  status = ARGV[5] == 'release' and 'released' or 'settled'
else
  -- already expired: a release has nothing left to give back; a settle still charges the cost
  status = ARGV[5] == 'release' and 'released' or 'expired'
end
local actual = 0
if ARGV[5] == 'settle' then actual = tonumber(ARGV[2]) end
if reserved - actual ~= 0 then
  bal = redis.call('INCRBY', KEYS[1], reserved - actual)
  if token ~= '' then redis.call('HINCRBY', KEYS[4], token, actual - reserved) end
end
if actual > 0 then redis.call('HSET', KEYS[5], ARGV[1], ARGV[2] .. ':' .. ARGV[4]) end
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
return {status, bal}
`;

/**
 * Creates or grows a lease (a reservation without a token, see shared/ports/balance-store.ts).
 * KEYS: balance, reservations, settled. ARGV: lease id, amount, expiresAt.
 */
export const LEASE_SCRIPT = `
local bal = redis.call('GET', KEYS[1])
if not bal then return {'unknown', ''} end
if redis.call('ZSCORE', KEYS[3], ARGV[1]) then return {'duplicate', bal} end
if tonumber(bal) < tonumber(ARGV[2]) then return {'insufficient', bal} end
local held = 0
local entry = redis.call('HGET', KEYS[2], ARGV[1])
if entry then held = tonumber(string.match(entry, '^(%d+):')) end
local left = redis.call('DECRBY', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], string.format('%d', held + tonumber(ARGV[2])) .. ':' .. ARGV[3] .. ':')
return {'ok', left}
`;

/**
 * Charges a batch of requests served under a lease, once per batch id; its charges are kept
 * unledgered as one record under the batch id. KEYS: balance, reservations, settled, token-spend,
 * unledgered. ARGV: lease id, batch id, now, expiresAt, the number of tokens k, k token id /
 * charge sum pairs (the batch's total is their sum), then the record (the charges above 0: event
 * id and \`charge:now\` alternately, each on a line of its own; empty when there are none).
 *
 * Per batch, not per charge: one HINCRBY per token and one HSET, since every Redis call from Lua
 * has a cost of its own, and so has every Lua string, paid for every request of a busy data plane
 * (an unledgered field per charge, split out of the record in Lua, made this script the larger
 * part of Redis' work). The record is one argument: a data plane writes the protocol text of each
 * argument of a command in JavaScript, so one argument per entry would cost it more.
 */
export const CONSUME_SCRIPT = `
local bal = redis.call('GET', KEYS[1])
if not bal then
  -- Not loaded (Redis lost its data): each charge kept unledgered under its event id, for the load to take off.
  if not redis.call('ZSCORE', KEYS[3], ARGV[2]) then
    local entriesAt = 6 + 2 * tonumber(ARGV[5])
    for id, charge in string.gmatch(ARGV[entriesAt], '([^\\n]+)\\n([^\\n]+)\\n') do redis.call('HSET', KEYS[5], id, charge) end
    redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
  end
  return {'unknown', ''}
end
if redis.call('ZSCORE', KEYS[3], ARGV[2]) then return {'duplicate', bal} end
local total = 0
local entriesAt = 6 + 2 * tonumber(ARGV[5])
for i = 6, entriesAt - 1, 2 do
  total = total + tonumber(ARGV[i + 1])
  redis.call('HINCRBY', KEYS[4], ARGV[i], ARGV[i + 1])
end
if ARGV[entriesAt] ~= '' then redis.call('HSET', KEYS[5], ARGV[2], ARGV[entriesAt]) end
local fromBalance = total
local status = 'expired'
local entry = redis.call('HGET', KEYS[2], ARGV[1])
if entry then
  local rest = tonumber(string.match(entry, '^(%d+):')) - total
  fromBalance = 0
  if rest < 0 then
    fromBalance = -rest
    rest = 0
  end
  redis.call('HSET', KEYS[2], ARGV[1], string.format('%d', rest) .. ':' .. ARGV[4] .. ':')
  status = 'settled'
end
if fromBalance ~= 0 then bal = redis.call('DECRBY', KEYS[1], string.format('%d', fromBalance)) end
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
return {status, bal}
`;

/**
 * Releases the expired reservations of one account and forgets old settled ids.
 * KEYS: balance, reservations, settled, token-spend. ARGV: now, settled ids older than this are forgotten.
 * Returns {released, still open}.
 */
export const EXPIRE_SCRIPT = `
local now = tonumber(ARGV[1])
local entries = redis.call('HGETALL', KEYS[2])
local released = 0
local loaded = redis.call('EXISTS', KEYS[1]) == 1
for i = 1, #entries, 2 do
  local amount, expiresAt, token = string.match(entries[i + 1], '^(%d+):(%d+):(.*)$')
  if tonumber(expiresAt) <= now then
    redis.call('HDEL', KEYS[2], entries[i])
    if loaded then redis.call('INCRBY', KEYS[1], amount) end
    if token ~= '' then redis.call('HINCRBY', KEYS[4], token, -tonumber(amount)) end
    released = released + 1
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[2])
return {released, redis.call('HLEN', KEYS[2])}
`;

/**
 * Releases the open reservations of one account whose id starts with one of the prefixes (a dead
 * data plane's); a released lease (id starting with \`lease:\`) is marked settled so it cannot grow again.
 * KEYS: balance, reservations, settled, token-spend. ARGV: now, then the prefixes. Returns how many.
 */
export const RELEASE_HELD_SCRIPT = `
local entries = redis.call('HGETALL', KEYS[2])
local released = 0
local loaded = redis.call('EXISTS', KEYS[1]) == 1
for i = 1, #entries, 2 do
  local id = entries[i]
  for p = 2, #ARGV do
    if string.sub(id, 1, #ARGV[p]) == ARGV[p] then
      local amount, _, token = string.match(entries[i + 1], '^(%d+):(%d+):(.*)$')
      redis.call('HDEL', KEYS[2], id)
      if loaded then redis.call('INCRBY', KEYS[1], amount) end
      if token ~= '' then redis.call('HINCRBY', KEYS[4], token, -tonumber(amount)) end
      if string.sub(id, 1, 6) == 'lease:' then redis.call('ZADD', KEYS[3], ARGV[1], id) end
      released = released + 1
      break
    end
  end
end
return released
`;

/** Removes an account from the reservation index unless a newer reservation raised its score. KEYS: index. ARGV: account, now. */
export const UNINDEX_SCRIPT = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) <= tonumber(ARGV[2]) then redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
`;

/** KEYS: balance, credits. ARGV: idempotency key, signed amount. */
export const CREDIT_SCRIPT = `
local bal = redis.call('GET', KEYS[1])
if not bal then return {'unknown', ''} end
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return {'duplicate', bal} end
redis.call('INCRBY', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return {'applied', redis.call('GET', KEYS[1])}
`;

/**
 * Loads only a missing balance. KEYS: balance, token-spend, unledgered, credits. ARGV: balance, the
 * number of token pairs, the number of event pairs, the number of accounted ids, token id / spend
 * pairs, event id / `charge:atMs` pairs (unledgered charges), the accounted ids, then credit key /
 * amount pairs (credits included).
 *
 * A charge kept unledgered while the balance was missing (FINISH_SCRIPT, CONSUME_SCRIPT) under an
 * id neither given nor accounted (its settle came after the caller read the account) is taken
 * off the balance and stays unledgered.
 */
export const LOAD_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local events = 5 + 2 * tonumber(ARGV[2])
local accounted = events + 2 * tonumber(ARGV[3])
local credits = accounted + tonumber(ARGV[4])
local known = {}
for i = events, accounted - 2, 2 do known[ARGV[i]] = true end
for i = accounted, credits - 1 do known[ARGV[i]] = true end
local late = {}
local lateMicro = 0
local held = redis.call('HGETALL', KEYS[3])
for i = 1, #held, 2 do
  if not known[held[i]] then
    table.insert(late, held[i])
    table.insert(late, held[i + 1])
    lateMicro = lateMicro + tonumber(string.match(held[i + 1], '^(%d+):'))
  end
end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('SET', KEYS[1], string.format('%d', tonumber(ARGV[1]) - lateMicro))
for i = 5, events - 1, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
for i = events, accounted - 1, 2 do redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1]) end
if #late > 0 then redis.call('HSET', KEYS[3], unpack(late)) end
for i = credits, #ARGV, 2 do redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 1]) end
return 1
`;
