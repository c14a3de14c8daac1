import type { SecretBox } from '../../shared/crypto/secrets.js';
import type { RoutingSnapshot, SnapshotChannel, SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, RuntimeChannel, RuntimeConfig, RuntimeModel } from './runtime-config.js';

/** A snapshot that passed validation but cannot be compiled (e.g. keys sealed with another SECRET_KEY). */
export class CompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompileError';
  }
}

/** A snapshot channel ready to call, keys decrypted; `index` names it in a CompileError. */
export function compileChannel(ch: SnapshotChannel, index: number, box: SecretBox): RuntimeChannel {
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
  const routes = new Map<string, GroupRoute[]>(snapshot.models.map((m) => [m.id, []]));

  // Walk memberships in route order (group name, then descending priority), appending to each
  // served model's routes: no per-model sorting and no intermediate maps, one pass over the data.
  const ordered = snapshot.memberships
    .filter((ms) => channels.get(ms.channelId)!.active && groups.get(ms.group)!.status === 'active')
    .sort((x, y) => (x.group < y.group ? -1 : x.group > y.group ? 1 : y.priority - x.priority));
  for (const ms of ordered) {
    const channel = channels.get(ms.channelId)!;
    for (const [model, upstreamModel] of channel.upstreamModels) {
      const list = routes.get(model);
      if (!list) continue; // a model the catalog does not (or no longer) list
      let route = list[list.length - 1];
      if (route?.group.name !== ms.group) list.push((route = { group: groups.get(ms.group)!, levels: [] }));
      let level = route.levels[route.levels.length - 1];
      if (level?.priority !== ms.priority) route.levels.push((level = { priority: ms.priority, channels: [], totalWeight: 0 }));
      level.channels.push({ channel, weight: ms.weight, upstreamModel });
      level.totalWeight += ms.weight;
    }
  }

  const models = new Map<string, RuntimeModel>();
  for (const m of snapshot.models) {
    const runtime: RuntimeModel = { ...m, routes: routes.get(m.id)! };
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
