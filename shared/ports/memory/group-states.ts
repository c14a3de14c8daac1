import type { GroupRouting, GroupState, GroupStateBus, GroupStatesRecord } from '../group-states.js';

/** In-process GroupStateBus for all-in-one mode; records are copied so no caller shares one. */
export class MemoryGroupStateBus implements GroupStateBus {
  private record: GroupStatesRecord | null = null;
  private readonly listeners = new Set<(record: GroupStatesRecord) => void>();

  async publish(states: Record<string, GroupState>, at: Date, routing?: GroupRouting): Promise<GroupStatesRecord> {
    this.record = { version: (this.record?.version ?? 0) + 1, at: at.toISOString(), states: { ...states }, ...(routing && { routing: structuredClone(routing) }) };
    for (const l of this.listeners) l(structuredClone(this.record));
    return structuredClone(this.record);
  }

  async read(): Promise<GroupStatesRecord | null> {
    return this.record && structuredClone(this.record);
  }

  async onPublish(listener: (record: GroupStatesRecord) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    return async () => {
      this.listeners.delete(listener);
    };
  }
}
