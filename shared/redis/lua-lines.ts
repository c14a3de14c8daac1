/**
 * A Lua function for scripts that take many items in one argument, a line each (a lease batch's
 * unledgered charges): `for line in lines(text) do ... end` visits the lines that are not empty,
 * in order.
 *
 * Each line is found with a plain `string.find`, not a pattern: `string.gmatch(text, '[^\n]+')`
 * tests every byte against the character class in Lua's pattern matcher (measured on usage events
 * XADD'ed one by one from a script, as they were until session 14: 2.2 against 1.6 µs of Redis
 * CPU per event, batches of 300 events of 330 bytes, Redis CPU time read from /proc).
 */
export const LUA_LINES = `
local function lines(text)
  local at = 1
  return function()
    while at <= #text do
      local stop = string.find(text, '\\n', at, true) or (#text + 1)
      local line = string.sub(text, at, stop - 1)
      at = stop + 1
      if line ~= '' then return line end
    end
  end
end
`;
