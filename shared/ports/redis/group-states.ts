import type { RedisKeys } from '../../redis/keys.js';
import { parseGroupStates, type GroupRouting, type GroupState, type GroupStateBus, type GroupStatesRecord } from '../group-states.js';
import type { RedisConnections } from './connections.js';

/**
 * Stores the next version of the record and announces it, in one step (two control-plane
 * instances publishing at once still get distinct, increasing versions). KEYS: record.
 * ARGV: states JSON, at (ISO), announcement channel, routing JSON (or ''). Returns the stored record.
 */
const PUBLISH_SCRIPT = `
local current = redis.call('GET', KEYS[1])
local version = 1
if current then version = tonumber(cjson.decode(current).version) + 1 end
local routing = ''
if ARGV[4] ~= '' then routing = ',"routing":' .. ARGV[4] end
local record = '{"version":' .. version .. ',"at":' .. cjson.encode(ARGV[2]) .. ',"states":' .. ARGV[1] .. routing .. '}'
redis.call('SET', KEYS[1], record)
redis.call('PUBLISH', ARGV[3], record)
return record
`;

/** Redis GroupStateBus: the record under one key, announced whole on a channel. */
export class RedisGroupStateBus implements GroupStateBus {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  async publish(states: Record<string, GroupState>, at: Date, routing?: GroupRouting): Promise<GroupStatesRecord> {
    const raw = (await this.redis.cmd.eval(
      PUBLISH_SCRIPT,
      1,
      this.keys.groupStates,
      JSON.stringify(states),
      at.toISOString(),
      this.keys.groupStatesAnnouncements,
      routing ? JSON.stringify(routing) : '',
    )) as string;
    return parseGroupStates(raw)!;
  }

  async read(): Promise<GroupStatesRecord | null> {
    const raw = await this.redis.cmd.get(this.keys.groupStates);
    return raw === null ? null : parseGroupStates(raw);
  }

  onPublish(listener: (record: GroupStatesRecord) => void): Promise<() => Promise<void>> {
    return this.redis.subscribe(this.keys.groupStatesAnnouncements, (message) => {
      const record = parseGroupStates(message);
      if (record) listener(record);
    });
  }
}
