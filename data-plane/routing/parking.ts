/**
 * Channels (or one model of a channel) an upstream asked to leave alone for a while (a 429 or 503
 * with `Retry-After` or the providers' rate-limit headers): skipped until then, without counting
 * toward a breaker. In memory: each data plane parks what its own traffic was told.
 */
const SEP = '\u001f';

/** A parked channel as metrics read it: `model` null when the whole channel is parked. */
export interface ParkedEntry {
  channelId: string;
  model: string | null;
  /** Epoch ms by the parking clock. */
  until: number;
}

/** Parked channels and channel+model pairs. */
export class Parking {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Parks `channelId` (for `model` only, or every model when null) for `waitMs` from now. */
  park(channelId: string, model: string | null, waitMs: number): void {
    const id = model === null ? channelId : channelId + SEP + model;
    const until = this.now() + waitMs;
    if ((this.until.get(id) ?? 0) < until) this.until.set(id, until);
  }

  /** Until when a request for `model` must not go to `channelId`; undefined when it may go now. */
  parkedUntil(channelId: string, model: string): number | undefined {
    const t = this.now();
    const until = Math.max(this.live(channelId, t), this.live(channelId + SEP + model, t));
    return until > t ? until : undefined;
  }

  /** Everything parked now. */
  list(): ParkedEntry[] {
    const t = this.now();
    const out: ParkedEntry[] = [];
    for (const id of [...this.until.keys()]) {
      const until = this.live(id, t);
      if (until === 0) continue;
      const [channelId, model] = id.split(SEP);
      out.push({ channelId, model: model ?? null, until });
    }
    return out;
  }

  /** The park time of `id` when still ahead of `t`, else 0 (and the entry goes). */
  private live(id: string, t: number): number {
    const until = this.until.get(id);
    if (until === undefined) return 0;
    if (until > t) return until;
    this.until.delete(id);
    return 0;
  }
}
