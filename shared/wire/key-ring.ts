import type { RuntimeChannel, RuntimeKey } from '../snapshot/runtime-config.js';

/** The key of a channel that needs none (demo). */
const KEYLESS: RuntimeKey = { id: '', secret: '', enabled: true };

/**
 * Which upstream key each request to a channel uses: the channel's enabled keys round-robin (a
 * counter per channel, per data plane), skipping keys the upstream rejected here. A rejected key
 * stays out until the next compiled snapshot: rejections are held per RuntimeKey object, and a
 * new snapshot compiles new ones. That snapshot normally carries the control plane's verdict
 * (the key disabled); one that raced ahead of the report offers the key again, and the first
 * request it fails puts it out again (one extra attempt, no harm).
 */
export class KeyRing {
  private readonly cursors = new Map<string, number>();
  private readonly rejected = new WeakSet<RuntimeKey>();

  /**
   * The key for the next call to `channel`, or undefined when it has no usable key left.
   * `preferred`: a conversation's pinned key (prompt-cache affinity), used while it is usable.
   * `skip`: keys not to offer (those a caller already tried).
   */
  next(channel: RuntimeChannel, preferred?: string, skip?: ReadonlySet<RuntimeKey>): RuntimeKey | undefined {
    if (channel.isDemo) return skip?.has(KEYLESS) ? undefined : KEYLESS;
    const keys = channel.keys;
    const usable = (key: RuntimeKey) => key.enabled && !this.rejected.has(key) && !skip?.has(key);
    const pinned = preferred === undefined ? undefined : keys.find((k) => k.id === preferred);
    if (pinned && usable(pinned)) return pinned;
    const start = this.cursors.get(channel.id) ?? 0;
    for (let i = 0; i < keys.length; i++) {
      const at = (start + i) % keys.length;
      const key = keys[at];
      if (usable(key)) {
        this.cursors.set(channel.id, at + 1);
        return key;
      }
    }
    return undefined;
  }

  /** The upstream called `key` invalid: stop using it (until the next snapshot). */
  reject(key: RuntimeKey): void {
    if (key !== KEYLESS) this.rejected.add(key);
  }
}
