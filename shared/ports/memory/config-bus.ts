import { headOf, type ConfigBus, type DataPlaneHeartbeat, type DataPlaneInstance } from '../config-bus.js';
import { serializeSnapshot } from '../../snapshot/hash.js';
import type { RoutingSnapshot, SnapshotAnnouncement, SnapshotHead } from '../../snapshot/types.js';

/** In-process ConfigBus for all-in-one mode: same semantics as Redis, values kept serialised. */
export class MemoryConfigBus implements ConfigBus {
  private revision = 0;
  private snapshot: string | null = null;
  private head: SnapshotHead | null = null;
  private readonly heartbeats = new Map<string, string>();
  /** `node:instance` -> epoch ms of its last beat. */
  private readonly instances = new Map<string, number>();
  private marker: string | undefined;
  private readonly listeners = new Set<(announcement: SnapshotAnnouncement) => void>();

  async allocateRevision(): Promise<number> {
    this.revision += 1;
    return this.revision;
  }

  async publishSnapshot(snapshot: RoutingSnapshot, text?: string): Promise<boolean> {
    if (this.head && this.head.revision >= snapshot.revision) return false;
    this.snapshot = text ?? serializeSnapshot(snapshot);
    this.head = headOf(snapshot);
    for (const l of this.listeners) l({ revision: snapshot.revision, hash: snapshot.hash });
    return true;
  }

  async readSnapshot(): Promise<string | null> {
    return this.snapshot;
  }

  async readHead(): Promise<SnapshotHead | null> {
    return this.head && { ...this.head };
  }

  async onAnnouncement(listener: (announcement: SnapshotAnnouncement) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    return async () => {
      this.listeners.delete(listener);
    };
  }

  async writeHeartbeat(beat: DataPlaneHeartbeat): Promise<void> {
    this.heartbeats.set(beat.node, JSON.stringify(beat));
    if (beat.instance) this.instances.set(`${beat.node}:${beat.instance}`, Date.parse(beat.lastBeatAt));
  }

  async readInstances(): Promise<DataPlaneInstance[]> {
    return [...this.instances].map(([member, lastBeatAt]) => {
      const at = member.lastIndexOf(':');
      return { node: member.slice(0, at), instance: member.slice(at + 1), lastBeatAt };
    });
  }

  async forgetInstance(instance: DataPlaneInstance): Promise<void> {
    const member = `${instance.node}:${instance.instance}`;
    if ((this.instances.get(member) ?? Infinity) <= instance.lastBeatAt) this.instances.delete(member);
  }

  async readHeartbeats(): Promise<DataPlaneHeartbeat[]> {
    return [...this.heartbeats.keys()].sort().map((node) => JSON.parse(this.heartbeats.get(node)!) as DataPlaneHeartbeat);
  }

  async generation(candidate: string): Promise<string> {
    // In-process: lost only with the process.
    this.marker ??= candidate;
    return this.marker;
  }
}
