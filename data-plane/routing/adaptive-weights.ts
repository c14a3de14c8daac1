/**
 * Error- and latency-aware weights within a priority level. Each data plane keeps, per channel and
 * model, a decaying average (EWMA, one step per attempt) of success (1 or 0) and of the time to
 * first byte of successful attempts. A channel's weight is its static weight times
 * `success^3 x min(1, fastest peer's TTFB / its TTFB)`; the level's shares are then mixed with the
 * static shares by the exploration fraction, so a channel that fails or lags keeps a small share
 * (at least `exploration` x its static share) and its recovery is seen. Switched off, the static
 * weights are used as they are.
 */
import type { WeightedChannel } from '../../shared/snapshot/runtime-config.js';

/** Settings of the adaptation. */
export interface AdaptiveOptions {
  /** False: static weights only. */
  enabled: boolean;
  /** The share of a level's traffic always spread by static weights, 0..1. */
  exploration: number;
  /** Weight of the newest observation in the averages, 0..1. */
  alpha: number;
}

/** Defaults: adaptive, a tenth of the traffic by static weights, averages over about ten attempts. */
export const DEFAULT_ADAPTIVE_OPTIONS: AdaptiveOptions = { enabled: true, exploration: 0.1, alpha: 0.1 };

/** What is known of one channel for one model. */
export interface ChannelScore {
  channelId: string;
  model: string;
  /** Decaying success rate, 0..1 (1 before any attempt). */
  success: number;
  /** Decaying time to first byte of successes, ms (null before one). */
  ttfbMs: number | null;
  attempts: number;
}

const SEP = '\u001f';

/** The averages of every channel and model this data plane sent traffic to. */
export class ChannelScores {
  private readonly scores = new Map<string, ChannelScore>();

  constructor(readonly options: AdaptiveOptions = DEFAULT_ADAPTIVE_OPTIONS) {}

  /** One attempt ended: `ok`, and its time to first byte when it succeeded. */
  observe(channelId: string, model: string, ok: boolean, ttfbMs?: number): void {
    const id = channelId + SEP + model;
    let s = this.scores.get(id);
    if (!s) this.scores.set(id, (s = { channelId, model, success: 1, ttfbMs: null, attempts: 0 }));
    const a = this.options.alpha;
    s.attempts += 1;
    s.success += a * ((ok ? 1 : 0) - s.success);
    if (ok && ttfbMs !== undefined) s.ttfbMs = s.ttfbMs === null ? ttfbMs : s.ttfbMs + a * (ttfbMs - s.ttfbMs);
  }

  /** The score of `channelId` for `model` (undefined before any attempt). */
  get(channelId: string, model: string): ChannelScore | undefined {
    return this.scores.get(channelId + SEP + model);
  }

  /** Every score (metrics). */
  list(): ChannelScore[] {
    return [...this.scores.values()].map((s) => ({ ...s }));
  }

  /** The draw weights of a level's channels for `model` (static weights when adaptation is off). */
  weights(channels: readonly WeightedChannel[], model: string): number[] {
    const statics = channels.map((c) => c.weight);
    if (!this.options.enabled || channels.length < 2) return statics;
    const total = statics.reduce((a, b) => a + b, 0);
    if (total <= 0) return statics;
    const known = channels.map((c) => this.get(c.channel.id, model));
    const ttfbs = known.flatMap((s) => (s?.ttfbMs != null ? [Math.max(1, s.ttfbMs)] : []));
    const fastest = ttfbs.length ? Math.min(...ttfbs) : 0;
    const adapted = channels.map((c, i) => {
      const s = known[i];
      if (!s) return c.weight;
      const speed = s.ttfbMs === null ? 1 : Math.min(1, fastest / Math.max(1, s.ttfbMs));
      return c.weight * s.success ** 3 * speed;
    });
    const adaptedTotal = adapted.reduce((a, b) => a + b, 0);
    const e = this.options.exploration;
    if (adaptedTotal <= 0) return statics;
    return adapted.map((w, i) => (1 - e) * (w / adaptedTotal) + e * (statics[i] / total));
  }
}
