import { headOf, parseAnnouncement, type ConfigBus, type DataPlaneHeartbeat, type DataPlaneInstance } from '../config-bus.js';
import { UNINDEX_SCRIPT } from '../../redis/balance-scripts.js';
import { LuaScript } from './lua.js';
import { serializeSnapshot } from '../../snapshot/hash.js';
import type { RoutingSnapshot, SnapshotAnnouncement, SnapshotHead } from '../../snapshot/types.js';
import type { RedisKeys } from '../../redis/keys.js';
import type { RedisConnections } from './connections.js';

/** Removes a member unless its score moved past the given one (the script of the reservation index). */
const unindexScript = new LuaScript(UNINDEX_SCRIPT);

/**
 * Moves the staged snapshot under the snapshot key, writes its head and announces `{revision,
 * hash}`, unless a snapshot of the same or a higher revision is stored already (a slower
 * control-plane instance must not roll back a newer one; its staged copy is dropped). The
 * snapshot itself is written by a plain SET just before (to the staging key, with an expiry in
 * case this script never runs): passed to the script, half a megabyte would be copied into Lua
 * and out again. KEYS: snapshot, head, staging. ARGV: revision, head JSON, announcement JSON,
 * announcement channel.
 */
const PUBLISH_SCRIPT = `
local head = redis.call('GET', KEYS[2])
if head and tonumber(cjson.decode(head).revision) >= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[3])
  return 0
end
redis.call('RENAME', KEYS[3], KEYS[1])
redis.call('PERSIST', KEYS[1])
redis.call('SET', KEYS[2], ARGV[2])
redis.call('PUBLISH', ARGV[4], ARGV[3])
return 1
`;

/** A staged snapshot outlives a publisher that died between staging and publishing by this long at most. */
const STAGING_TTL_MS = 60_000;

/** Redis ConfigBus: snapshot, head and revision counter under `{snapshot}`, heartbeats in one hash. */
export class RedisConfigBus implements ConfigBus {
  constructor(private readonly redis: RedisConnections, private readonly keys: RedisKeys) {}

  allocateRevision(): Promise<number> {
    return this.redis.cmd.incr(this.keys.snapshotRevision);
  }

  async publishSnapshot(snapshot: RoutingSnapshot, text = serializeSnapshot(snapshot)): Promise<boolean> {
    const announcement: SnapshotAnnouncement = { revision: snapshot.revision, hash: snapshot.hash };
    const staging = this.keys.snapshotStaging(snapshot.revision);
    // Sent together, in this order, on one connection: the script finds the staged copy.
    const [, stored] = await Promise.all([
      this.redis.cmd.set(staging, text, 'PX', STAGING_TTL_MS),
      this.redis.cmd.eval(
        PUBLISH_SCRIPT,
        3,
        this.keys.snapshot,
        this.keys.snapshotHead,
        staging,
        String(snapshot.revision),
        JSON.stringify(headOf(snapshot)),
        JSON.stringify(announcement),
        this.keys.snapshotAnnouncements,
      ),
    ]);
    return stored === 1;
  }

  readSnapshot(): Promise<string | null> {
    return this.redis.cmd.get(this.keys.snapshot);
  }

  async readHead(): Promise<SnapshotHead | null> {
    const raw = await this.redis.cmd.get(this.keys.snapshotHead);
    return raw === null ? null : (JSON.parse(raw) as SnapshotHead);
  }

  onAnnouncement(listener: (announcement: SnapshotAnnouncement) => void): Promise<() => Promise<void>> {
    return this.redis.subscribe(this.keys.snapshotAnnouncements, (message) => {
      const announcement = parseAnnouncement(message);
      if (announcement) listener(announcement);
    });
  }

  async writeHeartbeat(beat: DataPlaneHeartbeat): Promise<void> {
    // Two commands, not a MULTI: the keys lie in different Cluster slots, and each is whole by itself.
    const { cmd } = this.redis;
    await Promise.all([
      cmd.hset(this.keys.heartbeats, beat.node, JSON.stringify(beat)),
      beat.instance && cmd.zadd(this.keys.dataPlaneInstances, Date.parse(beat.lastBeatAt), `${beat.node}:${beat.instance}`),
    ]);
  }

  async readInstances(): Promise<DataPlaneInstance[]> {
    const flat = await this.redis.cmd.zrange(this.keys.dataPlaneInstances, 0, -1, 'WITHSCORES');
    const out: DataPlaneInstance[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const at = flat[i].lastIndexOf(':');
      out.push({ node: flat[i].slice(0, at), instance: flat[i].slice(at + 1), lastBeatAt: Number(flat[i + 1]) });
    }
    return out;
  }

  async forgetInstance(instance: DataPlaneInstance): Promise<void> {
    await unindexScript.run(this.redis.cmd, [this.keys.dataPlaneInstances], [`${instance.node}:${instance.instance}`, instance.lastBeatAt]);
  }

  async generation(candidate: string): Promise<string> {
    // SET NX GET: the stored id, or nil once `candidate` was stored.
    const stored = (await this.redis.cmd.call('SET', this.keys.generation, candidate, 'NX', 'GET')) as string | null;
    return stored ?? candidate;
  }

  async readHeartbeats(): Promise<DataPlaneHeartbeat[]> {
    const all = await this.redis.cmd.hgetall(this.keys.heartbeats);
    return Object.keys(all)
      .sort()
      .map((node) => JSON.parse(all[node]) as DataPlaneHeartbeat);
  }
}
