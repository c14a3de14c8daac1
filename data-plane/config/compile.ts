import type { SecretBox } from '../../shared/crypto/secrets.js';
import type { RoutingSnapshot, SnapshotChannel, SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, PriorityLevel, RuntimeChannel, RuntimeConfig, RuntimeModel, WeightedChannel } from './runtime-config.js';

/** A snapshot that passed validation but cannot be compiled (e.g. keys sealed with another SECRET_KEY). */
export class CompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompileError';
  }
}

function compileChannel(ch: SnapshotChannel, index: number, box: SecretBox): RuntimeChannel {
  const keys = ch.keys.map((k, j) => {
    try {
      return { id: k.id, secret: box.decrypt(k.sealed), enabled: k.enabled };
    } catch {
      throw new CompileError(`channels[${index}].keys[${j}]: cannot be decrypted (is SECRET_KEY the control plane's?)`);
    }
  });
  return {
    id: ch.id,
    name: ch.name,
    kind: ch.kind,
    isDemo: ch.isDemo,
    baseUrl: ch.baseUrl,
    keys,
    upstreamModels: new Map(ch.models.map((m) => [m.model, m.upstreamModel])),
    timeouts: ch.timeouts,
    azure: ch.azure,
    active: ch.status === 'active' && (ch.isDemo || keys.some((k) => k.enabled)),
  };
}

/**
 * Compiles a VALIDATED snapshot into the relay's lookup indexes (model id or alias -> model ->
 * groups in name order -> channels by descending priority level, with weights) and decrypts the
 * upstream keys. Throws CompileError when a key cannot be decrypted. Linear in memberships x
 * models served, with no I/O: it runs between two announcements, not per request.
 */
export function compileSnapshot(snapshot: RoutingSnapshot, box: SecretBox): RuntimeConfig {
  const channels = new Map<string, RuntimeChannel>();
  snapshot.channels.forEach((ch, i) => channels.set(ch.id, compileChannel(ch, i, box)));
  const groups = new Map<string, SnapshotGroup>(snapshot.groups.map((g) => [g.name, g]));
  const known = new Set(snapshot.models.map((m) => m.id));

  // model -> group -> priority -> channels
  const byModel = new Map<string, Map<string, Map<number, WeightedChannel[]>>>();
  for (const ms of snapshot.memberships) {
    const channel = channels.get(ms.channelId)!;
    if (!channel.active || groups.get(ms.group)!.status !== 'active') continue;
    for (const [model, upstreamModel] of channel.upstreamModels) {
      if (!known.has(model)) continue;
      let perGroup = byModel.get(model);
      if (!perGroup) byModel.set(model, (perGroup = new Map()));
      let perPriority = perGroup.get(ms.group);
      if (!perPriority) perGroup.set(ms.group, (perPriority = new Map()));
      let level = perPriority.get(ms.priority);
      if (!level) perPriority.set(ms.priority, (level = []));
      level.push({ channel, weight: ms.weight, upstreamModel });
    }
  }

  const models = new Map<string, RuntimeModel>();
  for (const m of snapshot.models) {
    const routes: GroupRoute[] = [];
    const perGroup = byModel.get(m.id);
    for (const name of [...(perGroup?.keys() ?? [])].sort()) {
      const levels: PriorityLevel[] = [...perGroup!.get(name)!]
        .sort(([a], [b]) => b - a)
        .map(([priority, list]) => ({ priority, channels: list, totalWeight: list.reduce((sum, c) => sum + c.weight, 0) }));
      routes.push({ group: groups.get(name)!, levels });
    }
    const runtime: RuntimeModel = { ...m, routes };
    models.set(m.id, runtime);
    for (const alias of m.aliases) models.set(alias, runtime);
  }

  return {
    revision: snapshot.revision,
    hash: snapshot.hash,
    createdAt: snapshot.createdAt,
    models,
    groups,
    channels,
    exchangeRate: snapshot.exchangeRate,
    settings: snapshot.settings,
    snapshot,
  };
}
