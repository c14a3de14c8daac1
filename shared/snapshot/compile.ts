import type { SecretBox } from '../crypto/secrets.js';
import type { RoutingSnapshot, SnapshotChannel, SnapshotGroup, SnapshotModel } from './types.js';
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
    // Own properties only: a model named like an Object.prototype member ("constructor") is no mapping.
    upstreamModels: new Map(ch.models.map((model) => [model, Object.hasOwn(ch.modelMapping, model) ? ch.modelMapping[model] : model])),
    timeouts: ch.timeouts,
    azure: ch.azure,
    active: ch.status === 'active' && (ch.isDemo || keys.some((k) => k.enabled)),
  };
}

function compileChannels(snapshot: RoutingSnapshot, box: SecretBox): Map<string, RuntimeChannel> {
  const channels = new Map<string, RuntimeChannel>();
  snapshot.channels.forEach((ch, i) => channels.set(ch.id, compileChannel(ch, i, box)));
  return channels;
}

/**
 * Channels compiled for the previous snapshot, as new objects with new key objects: the relay
 * holds a key's rejection per key object until the next snapshot (see KeyRing), and that holds
 * whether or not the channels changed. Model maps and decrypted secrets are shared.
 */
function renewChannels(previous: ReadonlyMap<string, RuntimeChannel>): Map<string, RuntimeChannel> {
  const channels = new Map<string, RuntimeChannel>();
  for (const [id, channel] of previous) channels.set(id, { ...channel, keys: channel.keys.map((k) => ({ ...k })) });
  return channels;
}

/** An active membership, resolved: what a model's routes are assembled from. */
interface ResolvedMembership {
  group: SnapshotGroup;
  channel: RuntimeChannel;
  priority: number;
  weight: number;
}

/**
 * The routes of `modelId`: a walk over the active memberships in route order (group name, then
 * descending priority), keeping the channels that serve the model.
 */
function routesOf(modelId: string, memberships: readonly ResolvedMembership[]): GroupRoute[] {
  const routes: GroupRoute[] = [];
  for (const ms of memberships) {
    const upstreamModel = ms.channel.upstreamModels.get(modelId);
    if (upstreamModel === undefined) continue;
    let route = routes[routes.length - 1];
    if (route?.group !== ms.group) routes.push((route = { group: ms.group, levels: [] }));
    let level = route.levels[route.levels.length - 1];
    if (level?.priority !== ms.priority) route.levels.push((level = { priority: ms.priority, channels: [], totalWeight: 0 }));
    level.channels.push({ channel: ms.channel, weight: ms.weight, upstreamModel });
    level.totalWeight += ms.weight;
  }
  return routes;
}

/**
 * A model with its routes assembled on first use. A class, not an object literal with a getter:
 * a thousand of those (a getter closure each) cost more than the rest of a compile.
 */
class CompiledModel implements RuntimeModel {
  readonly id: string;
  readonly aliases: string[];
  readonly vendor: string;
  readonly kind: SnapshotModel['kind'];
  readonly prices: SnapshotModel['prices'];
  readonly unitPrices: SnapshotModel['unitPrices'];
  readonly multiplier: string;
  readonly limits: SnapshotModel['limits'];
  readonly defaultMaxOutputTokens: number | null;
  readonly rejectedParameters: string[];
  private assembled: GroupRoute[] | undefined;

  constructor(
    m: SnapshotModel,
    private readonly memberships: readonly ResolvedMembership[],
  ) {
    this.id = m.id;
    this.aliases = m.aliases;
    this.vendor = m.vendor;
    this.kind = m.kind;
    this.prices = m.prices;
    this.unitPrices = m.unitPrices;
    this.multiplier = m.multiplier;
    this.limits = m.limits;
    this.defaultMaxOutputTokens = m.defaultMaxOutputTokens;
    this.rejectedParameters = m.rejectedParameters ?? [];
  }

  get routes(): GroupRoute[] {
    return (this.assembled ??= routesOf(this.id, this.memberships));
  }
}

/**
 * Compiles a VALIDATED snapshot into the relay's lookup indexes (model id or alias -> model ->
 * groups in name order -> channels by descending priority level, with weights) and decrypts the
 * upstream keys. Throws CompileError when a key cannot be decrypted. No I/O: it runs between two
 * announcements, not per request. A model's routes are assembled on first use and kept (a
 * thousand models x a hundred memberships is 20,000 entries, most of them for models nobody asks
 * for before the next snapshot): the swap is not held up by them. `previous`: the configuration
 * in force, whose compiled channels are reused when `snapshot` holds the same channels array.
 */
export function compileSnapshot(snapshot: RoutingSnapshot, box: SecretBox, previous?: RuntimeConfig | null): RuntimeConfig {
  // The same channels array as the previous snapshot's (the loader keeps a repeated section): its
  // compiled channels, keys decrypted, are still right.
  const channels = previous?.snapshot.channels === snapshot.channels ? renewChannels(previous.channels) : compileChannels(snapshot, box);
  const groups = new Map<string, SnapshotGroup>(snapshot.groups.map((g) => [g.name, g]));
  const memberships: ResolvedMembership[] = [];
  for (const ms of snapshot.memberships) {
    const channel = channels.get(ms.channelId)!;
    const group = groups.get(ms.group)!;
    if (channel.active && group.status === 'active') memberships.push({ group, channel, priority: ms.priority, weight: ms.weight });
  }
  memberships.sort((x, y) => (x.group.name < y.group.name ? -1 : x.group.name > y.group.name ? 1 : y.priority - x.priority));

  const models = new Map<string, RuntimeModel>();
  for (const m of snapshot.models) {
    const runtime = new CompiledModel(m, memberships);
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
