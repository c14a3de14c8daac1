import type { SecretBox } from '../../shared/crypto/secrets.js';
import { isWireFormat, type WireFormat } from '../../shared/formats.js';
import { addAttempt, BUCKET_MS, minuteOf, totalsByKey, type BucketIncrements, type FailureKind, type OutcomeAttempt } from '../../shared/health/outcome.js';
import { createLogger } from '../../shared/log.js';
import type { Ports } from '../../shared/ports/ports.js';
import { validateSnapshot } from '../../shared/snapshot/validate.js';
import type { RoutingSnapshot, SnapshotGroup } from '../../shared/snapshot/types.js';
import { compileSnapshot } from '../../shared/snapshot/compile.js';
import type { RuntimeConfig, WeightedChannel } from '../../shared/snapshot/runtime-config.js';
import { upstreamFormat } from '../../shared/wire/translators.js';
import { ChannelCaller, type AnswerReader } from '../catalog/channel-call.js';
import { readUpstreamStream } from '../../shared/wire/upstream-stream.js';
import { everyWhileHeld, type JobLease, type Schedule } from '../jobs/job-lease.js';
import type { HealthService } from './health.service.js';
import { probeBody } from './probe-request.js';
import { hourStart, tallyOf } from './health.store.js';
import { minuteRange } from './minute-reader.js';

const log = createLogger('probes');

/** The node name probe outcomes are recorded under. */
const PROBE_NODE = 'probe';
/** Largest non-streamed probe answer read (it asks for the smallest output: anything near this is not an answer to it). */
const MAX_PROBE_ANSWER = 1024 * 1024;

/** What one probe did. */
export interface ProbeResult {
  group: string;
  channel: string;
  model: string;
  format: WireFormat;
  stream: boolean;
  failure: FailureKind | null;
}

/** One probe target: a channel of the group, the model and the upstream name. */
interface Target {
  group: SnapshotGroup;
  model: string;
  route: WeightedChannel;
}

/**
 * Probes groups that have no traffic, so their state stays known. Decision:
 * the control plane probes, not the data planes: one prober (the cost does not multiply with the
 * nodes) that calls the upstream exactly as a data plane does (see {@link ChannelCaller}: the
 * relay's own attempt, keys in turn), with the channels compiled from the routing snapshot in
 * force. A probe uses the format and stream mode most of the group's traffic used over the last
 * week (default: the group's recommended format, not streamed), asks for the smallest output,
 * and is recorded as an outcome of node `probe`. Limits: one probe per group per
 * HEALTH_PROBE_INTERVAL_MS and HEALTH_PROBE_MAX_PER_HOUR (counted in the shared ephemeral store,
 * so several control-plane instances share the cap). With several control planes, only the holder
 * of the `health` job lease probes (the one deciding the states the probes feed).
 */
export class ProbeService {
  private readonly caller = new ChannelCaller();
  private runtime: RuntimeConfig | null = null;
  private readonly lastProbe = new Map<string, number>();
  private readonly turn = new Map<string, number>();
  private schedule: Schedule | undefined;

  constructor(
    private readonly ports: Ports,
    private readonly box: SecretBox,
    private readonly health: HealthService,
  ) {}

  /** Starts probing every HEALTH_PROBE_INTERVAL_MS (0: never) while this control plane holds `lease`. */
  start(lease: JobLease): void {
    const every = this.health.settings.probeIntervalMs;
    if (every > 0) this.schedule = everyWhileHeld(lease, every, () => this.runOnce());
  }

  /** Stops probing (after the round in progress) and closes the connection pools. */
  async stop(): Promise<void> {
    await this.schedule?.stop();
    await this.caller.close();
  }

  /**
   * One round: probes each active group with fewer than HEALTH_MIN_SAMPLES attempts in the recent
   * window, within the limits, then re-decides states at once. Returns what was probed.
   */
  async runOnce(): Promise<ProbeResult[]> {
    const runtime = await this.currentRuntime();
    if (!runtime) return [];
    const { settings, now } = this.health;
    const at = now();
    const current = minuteOf(at);
    const recent = await this.ports.outcomes.read(minuteRange(current - Math.ceil(settings.recentWindowMs / BUCKET_MS) + 1, current));
    const samples = new Map<string, number>();
    for (const { key, totals } of totalsByKey(recent).values()) samples.set(key.group, (samples.get(key.group) ?? 0) + tallyOf(totals).attempts);
    const results: ProbeResult[] = [];
    for (const group of runtime.groups.values()) {
      // A model unavailable in a group gets no traffic there while another group serves it: only a probe sees it recover.
      const unavailable = this.health.unavailableModelsOf(group.name);
      if (group.status !== 'active' || ((samples.get(group.name) ?? 0) >= settings.minSamples && unavailable.length === 0)) continue;
      if (at - (this.lastProbe.get(group.name) ?? -Infinity) < settings.probeIntervalMs) continue;
      const mode = await this.health.store.trafficMode(group.name, new Date(at - 7 * 24 * 3600_000));
      // Probes speak a wire format: the traffic's, else the recommended one, else the group's first (a media-only group is not probed).
      const format = [mode?.format, group.recommendedFormat, ...group.formats].find((f) => isWireFormat(f) && group.formats.includes(f)) as WireFormat | undefined;
      if (format === undefined) continue;
      const target = this.pick(runtime, group, format, unavailable);
      if (!target) continue;
      if ((await this.ports.ephemeral.hit(`probe:${group.name}:${hourStart(at)}`, 3600_000)) > settings.probeMaxPerHour) continue;
      this.lastProbe.set(group.name, at);
      results.push(await this.probe(target, format, mode?.stream ?? false, at));
    }
    if (results.length) await this.health.evaluate();
    return results;
  }

  /** The compiled snapshot in force (recompiled when its hash changes); null before the first. */
  private async currentRuntime(): Promise<RuntimeConfig | null> {
    const head = await this.ports.configBus.readHead();
    if (!head) return null;
    if (this.runtime?.hash === head.hash) return this.runtime;
    const raw = await this.ports.configBus.readSnapshot();
    const snapshot = raw === null ? null : (JSON.parse(raw) as RoutingSnapshot);
    if (!snapshot || validateSnapshot(snapshot).length) return this.runtime;
    this.runtime = compileSnapshot(snapshot, this.box);
    return this.runtime;
  }

  /**
   * A channel of `group` able to take `format`, turn by turn over the group's channels; real
   * upstreams before the built-in demo channel (which says nothing about a provider's health).
   */
  private pick(runtime: RuntimeConfig, group: SnapshotGroup, format: WireFormat, unavailable: string[]): Target | null {
    const targets: Target[] = [];
    const seen = new Set<string>();
    // Models unavailable in the group first: their recovery is what the group waits on.
    const models = [...new Set(runtime.models.values())].sort((a, b) => Number(unavailable.includes(b.id)) - Number(unavailable.includes(a.id)));
    for (const model of models) {
      if (model.kind !== 'text') continue;
      for (const level of model.routes.find((r) => r.group.name === group.name)?.levels ?? []) {
        for (const route of level.channels) {
          if (seen.has(route.channel.id) || upstreamFormat(route.channel.kind, format) === undefined) continue;
          seen.add(route.channel.id);
          targets.push({ group, model: model.id, route });
        }
      }
    }
    const real = targets.filter((t) => !t.route.channel.isDemo);
    const usable = real.length ? real : targets;
    const waitedOn = usable.filter((t) => unavailable.includes(t.model));
    const pool = (waitedOn.length ? waitedOn : usable).sort((a, b) => a.route.channel.id.localeCompare(b.route.channel.id));
    if (pool.length === 0) return null;
    const n = this.turn.get(group.name) ?? 0;
    this.turn.set(group.name, n + 1);
    return pool[n % pool.length];
  }

  /** Sends one probe, records its outcome, and returns it. */
  private async probe(target: Target, format: WireFormat, stream: boolean, at: number): Promise<ProbeResult> {
    const channel = target.route.channel;
    const wire = upstreamFormat(channel.kind, format)!;
    const body = Buffer.from(JSON.stringify(probeBody(wire, target.route.upstreamModel, stream, this.health.settings.probeMaxTokens)));
    const request = { channel, format: wire, model: target.model, upstreamModel: target.route.upstreamModel, stream, body };
    // Read as the relay reads it: a stream judged by its events (an in-band error, a missing end), a body whole.
    const read: AnswerReader<unknown> = stream ? (b, reading) => readUpstreamStream(b, wire, reading) : (_b, { whole }) => whole(MAX_PROBE_ANSWER);
    const { failure, latencyMs, ttfbMs } = await this.caller.call(request, read);
    const outcome: OutcomeAttempt = { group: target.group.name, channel: channel.id, model: target.model, node: PROBE_NODE, format, stream, failure, latencyMs, ttfbMs };
    const inc: BucketIncrements = new Map();
    addAttempt(inc, outcome);
    await this.ports.outcomes.add(minuteOf(at), inc);
    if (failure) log.warn('probe failed', { group: target.group.name, channel: channel.id, failure });
    return { group: target.group.name, channel: channel.id, model: target.model, format, stream, failure };
  }
}
