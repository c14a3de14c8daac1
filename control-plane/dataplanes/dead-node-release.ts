import { createLogger } from '../../shared/log.js';
import type { BalanceStore } from '../../shared/ports/balance-store.js';
import type { ConfigBus, DataPlaneInstance } from '../../shared/ports/config-bus.js';

const log = createLogger('dead-node-release');

/** Default of DEAD_NODE_RELEASE_MS: a data-plane process silent this long has its reservations released. */
export const DEAD_NODE_RELEASE_MS = 60_000;

/**
 * Gives back the reservations and balance leases of data-plane processes that stopped beating for
 * `releaseAfterMs` (killed, or cut off), instead of waiting for their 30-minute expiry: their ids
 * start with the process' instance id (`req_<instance>`, `lease:<node>:<instance>:`). What such
 * a process charged before it died and had not sent is lost with it (nothing drifts: its usage
 * events were not sent either). If it was only slow, its late settlements still charge exactly
 * once (BalanceStore.releaseHeld). Runs on one control plane at a time (a job lease).
 */
export class DeadNodeRelease {
  constructor(
    private readonly bus: ConfigBus,
    private readonly balances: BalanceStore,
    private readonly releaseAfterMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** One sweep: releases what the silent processes hold and forgets them; returns them. */
  async tick(): Promise<DataPlaneInstance[]> {
    const now = this.now();
    const dead = (await this.bus.readInstances()).filter((i) => i.lastBeatAt <= now - this.releaseAfterMs);
    if (dead.length === 0) return [];
    const prefixes = dead.flatMap((i) => [`req_${i.instance}`, `lease:${i.node}:${i.instance}:`]);
    const released = await this.balances.releaseHeld(prefixes, now);
    for (const instance of dead) await this.bus.forgetInstance(instance);
    log.warn('reservations of silent data planes released', { instances: dead.map((i) => `${i.node}:${i.instance}`), released });
    return dead;
  }
}
