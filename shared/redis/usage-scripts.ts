/**
 * The Lua script behind RedisUsageQueue's appends: the usage events of a few milliseconds in one
 * command, each still its own stream entry (DESIGN.md contract item 4). One command of many
 * arguments costs a data plane far less than as many XADDs.
 */

/** KEYS: the usage stream. ARGV: the entry's field name, then one JSON event per entry. Returns the entry ids, in order. */
export const APPEND_SCRIPT = `
local ids = {}
for i = 2, #ARGV do ids[i - 1] = redis.call('XADD', KEYS[1], '*', ARGV[1], ARGV[i]) end
return ids
`;
