import type { KeyInvalidation, KeyInvalidations } from '../key-invalidations.js';

/** In-process KeyInvalidations (all-in-one mode); reports are stored serialised, as with Redis. */
export class MemoryKeyInvalidations implements KeyInvalidations {
  private queue: string[] = [];

  async report(report: KeyInvalidation): Promise<void> {
    this.queue.push(JSON.stringify(report));
  }

  async take(max: number): Promise<KeyInvalidation[]> {
    const taken = this.queue.slice(0, max);
    this.queue = this.queue.slice(taken.length);
    return taken.map((item) => JSON.parse(item) as KeyInvalidation);
  }
}
