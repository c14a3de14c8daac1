import type { EphemeralStore } from '../ephemeral-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process EphemeralStore for all-in-one mode. Expired entries are dropped when touched or swept. */
export class MemoryEphemeralStore implements EphemeralStore {
  private readonly values = new Map<string, Entry>();
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  private readonly leases = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async put(name: string, value: string, ttlMs: number): Promise<void> {
    this.sweep();
    this.values.set(name, { value, expiresAt: this.now() + ttlMs });
  }

  async take(name: string): Promise<string | null> {
    const entry = this.values.get(name);
    this.values.delete(name);
    return entry && entry.expiresAt > this.now() ? entry.value : null;
  }

  async peek(name: string): Promise<string | null> {
    const entry = this.values.get(name);
    return entry && entry.expiresAt > this.now() ? entry.value : null;
  }

  async hit(name: string, windowMs: number): Promise<number> {
    const now = this.now();
    const current = this.counters.get(name);
    if (!current || current.expiresAt <= now) {
      this.counters.set(name, { count: 1, expiresAt: now + windowMs });
      return 1;
    }
    current.count += 1;
    return current.count;
  }

  async hits(name: string): Promise<number> {
    const current = this.counters.get(name);
    return current && current.expiresAt > this.now() ? current.count : 0;
  }

  async hold(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const current = this.leases.get(name);
    if (current && current.expiresAt > now && current.value !== holder) return false;
    this.leases.set(name, { value: holder, expiresAt: now + ttlMs });
    return true;
  }

  async letGo(name: string, holder: string): Promise<void> {
    if (this.leases.get(name)?.value === holder) this.leases.delete(name);
  }

  /** Bounded memory: forget everything already expired. Cheap enough to run on every write. */
  private sweep(): void {
    const now = this.now();
    if (this.values.size < 1024) return;
    for (const [k, e] of this.values) if (e.expiresAt <= now) this.values.delete(k);
    for (const [k, e] of this.counters) if (e.expiresAt <= now) this.counters.delete(k);
  }
}
