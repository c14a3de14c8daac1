import type { EntityManager } from '@mikro-orm/postgresql';
import { maskSecret, type SecretBox } from '../../shared/crypto/secrets.js';
import { badInput, notFound } from '../graphql/errors.js';
import { ChannelGroup } from './channel-group.entity.js';
import { ChannelKey } from './channel-key.entity.js';
import { canServe } from './channel-formats.js';
import { Channel, ChannelKind, DEFAULT_TIMEOUTS, isDemoKind } from './channel.entity.js';
import type { ChannelMembershipInput, CreateChannelInput, ServedModelInput, UpdateChannelInput } from './channel.input.js';
import { Group } from './group.entity.js';
import { httpUrlInput, isUuid } from './validate.js';

/** Bounds of every timeout, in ms. */
const TIMEOUT_RANGE = { min: 100, max: 3_600_000 } as const;

/** Bounds of the idle timeout, in seconds. */
const IDLE_RANGE = { min: 1, max: 3600 } as const;

/** Populate hints for a channel as `ChannelView` shows it. */
const FULL = ['keys', 'memberships.group'] as const;

/** Channels (administrators only): upstreams, their encrypted keys, models and group memberships. */
export class ChannelService {
  /** `onChange` runs after every committed change (the snapshot publisher listens). */
  constructor(
    private readonly secrets: SecretBox,
    private readonly onChange: () => void,
  ) {}

  /** Every channel, by name, with keys and memberships loaded. */
  list(em: EntityManager): Promise<Channel[]> {
    return em.find(Channel, {}, { populate: FULL, orderBy: { name: 'asc' } });
  }

  /** One channel with keys and memberships, or NOT_FOUND. */
  async get(em: EntityManager, id: string): Promise<Channel> {
    const channel = isUuid(id) ? await em.findOne(Channel, { id }, { populate: FULL }) : null;
    if (!channel) throw notFound('Channel');
    return channel;
  }

  /** Creates a channel with its keys (encrypted here) and memberships, all or nothing. */
  async create(em: EntityManager, input: CreateChannelInput): Promise<Channel> {
    const demo = isDemoKind(input.kind);
    if (demo && input.keys.length > 0) throw badInput('keys', 'demo channels take no key');
    if (!demo && input.keys.length === 0) throw badInput('keys', 'at least one API key is required');
    if (!demo && input.baseUrl == null) throw badInput('baseUrl', 'required for this kind');
    // Queries first: a query on Channel after em.create would auto-flush the half-built row.
    await assertNameFree(em, input.name, null);
    const channel = em.create(Channel, { name: input.name, kind: input.kind });
    channel.baseUrl = demo ? '' : httpUrlInput('baseUrl', input.baseUrl ?? '');
    this.applyModels(channel, input.models);
    applyTimeouts(channel, {
      connectTimeoutMs: input.connectTimeoutMs ?? DEFAULT_TIMEOUTS.connectMs,
      firstByteTimeoutMs: input.firstByteTimeoutMs ?? DEFAULT_TIMEOUTS.firstByteMs,
      totalTimeoutMs: input.totalTimeoutMs ?? DEFAULT_TIMEOUTS.totalMs,
    });
    applyIdleTimeout(channel, input.idleTimeoutSeconds ?? null);
    applyAzure(channel, input.azureApiVersion ?? undefined, input.azureDeployment ?? undefined);
    channel.status = input.status;
    this.addKeys(em, channel, input.keys);
    await applyMemberships(em, channel, input.groups);
    await em.flush();
    this.onChange();
    return channel;
  }

  /** Applies the given changes; the channel must keep at least one key unless it is a demo channel. */
  async update(em: EntityManager, id: string, input: UpdateChannelInput): Promise<Channel> {
    const channel = await this.get(em, id);
    const demo = channel.isDemo;
    if (input.name != null && input.name !== channel.name) {
      await assertNameFree(em, input.name, channel.id);
      channel.name = input.name;
    }
    if (input.baseUrl != null) {
      if (demo) throw badInput('baseUrl', 'demo channels have no base URL');
      channel.baseUrl = httpUrlInput('baseUrl', input.baseUrl);
    }
    if (input.removeKeyIds?.length) {
      for (const keyId of input.removeKeyIds) {
        const key = channel.keys.getItems().find((k) => k.id === keyId.toLowerCase());
        if (!key) throw badInput('removeKeyIds', `key ${keyId} is not a key of this channel`);
        channel.keys.remove(key);
      }
    }
    if (input.addKeys?.length) {
      if (demo) throw badInput('addKeys', 'demo channels take no key');
      this.addKeys(em, channel, input.addKeys);
    }
    if (!demo && channel.keys.count() === 0) throw badInput('removeKeyIds', 'a channel needs at least one API key');
    if (input.models != null) this.applyModels(channel, input.models);
    applyTimeouts(channel, {
      connectTimeoutMs: input.connectTimeoutMs ?? channel.connectTimeoutMs,
      firstByteTimeoutMs: input.firstByteTimeoutMs ?? channel.firstByteTimeoutMs,
      totalTimeoutMs: input.totalTimeoutMs ?? channel.totalTimeoutMs,
    });
    if (input.idleTimeoutSeconds !== undefined) applyIdleTimeout(channel, input.idleTimeoutSeconds);
    applyAzure(channel, input.azureApiVersion ?? channel.azureApiVersion ?? undefined, input.azureDeployment ?? channel.azureDeployment ?? undefined);
    if (input.status != null) channel.status = input.status;
    if (input.groups != null) await applyMemberships(em, channel, input.groups);
    await em.flush();
    this.onChange();
    return channel;
  }

  /** Enables or disables one key (e.g. after the upstream called it invalid), with an optional reason. */
  async setKeyEnabled(em: EntityManager, keyId: string, enabled: boolean, reason: string | null): Promise<Channel> {
    const key = isUuid(keyId) ? await em.findOne(ChannelKey, { id: keyId }) : null;
    if (!key) throw notFound('Channel key');
    key.enabled = enabled;
    key.disabledReason = enabled ? null : reason;
    await em.flush();
    this.onChange();
    return this.get(em, key.channel.id);
  }

  /**
   * Disables a key an upstream rejected (a data plane's report), with the reason "upstream
   * rejected the key (<status>)". Idempotent and safe between control-plane instances: one
   * conditional update, true only for the call that switched it off. Unknown keys, keys of
   * another channel and keys already disabled change nothing.
   */
  async disableRejectedKey(em: EntityManager, channelId: string, keyId: string, status: number): Promise<boolean> {
    if (!isUuid(keyId) || !isUuid(channelId)) return false;
    const changed = await em.nativeUpdate(ChannelKey, { id: keyId, channel: channelId, enabled: true }, { enabled: false, disabledReason: `upstream rejected the key (${status})` });
    if (changed > 0) this.onChange();
    return changed > 0;
  }

  /** Deletes a channel with its keys and memberships. */
  async delete(em: EntityManager, id: string): Promise<void> {
    const channel = await this.get(em, id);
    await em.removeAndFlush(channel);
    this.onChange();
  }

  /** The decrypted keys of a channel, in round-robin order, enabled ones only (for the relay and the snapshot). */
  decryptKeys(channel: Channel): string[] {
    return channel.keys
      .getItems()
      .filter((k) => k.enabled)
      .map((k) => this.secrets.decrypt(k.keyEncrypted));
  }

  private addKeys(em: EntityManager, channel: Channel, keys: readonly string[]): void {
    let position = Math.max(-1, ...channel.keys.getItems().map((k) => k.position)) + 1;
    for (const raw of keys) {
      const key = raw.trim();
      if (key.length === 0 || /\s/.test(key)) throw badInput('keys', 'a key must be non-empty and contain no whitespace');
      channel.keys.add(em.create(ChannelKey, { channel, position: position++, keyEncrypted: this.secrets.encrypt(key), keyMasked: maskSecret(key) }));
    }
  }

  private applyModels(channel: Channel, models: readonly ServedModelInput[]): void {
    const ids: string[] = [];
    const mapping: Record<string, string> = {};
    for (const m of models) {
      if (ids.includes(m.model)) throw badInput('models', `model "${m.model}" is listed twice`);
      ids.push(m.model);
      if (m.upstreamModel != null && m.upstreamModel !== m.model) mapping[m.model] = m.upstreamModel;
    }
    channel.models = ids;
    channel.modelMapping = mapping;
  }
}

async function assertNameFree(em: EntityManager, name: string, selfId: string | null): Promise<void> {
  const other = await em.findOne(Channel, { name });
  if (other && other.id !== selfId) throw badInput('name', `a channel named "${name}" already exists`);
}

function applyTimeouts(channel: Channel, t: { connectTimeoutMs: number; firstByteTimeoutMs: number; totalTimeoutMs: number }): void {
  for (const [field, value] of Object.entries(t)) {
    if (!Number.isInteger(value) || value < TIMEOUT_RANGE.min || value > TIMEOUT_RANGE.max) {
      throw badInput(field, `must be an integer from ${TIMEOUT_RANGE.min} to ${TIMEOUT_RANGE.max} ms`);
    }
  }
  if (t.connectTimeoutMs > t.totalTimeoutMs) throw badInput('connectTimeoutMs', 'must not exceed totalTimeoutMs');
  if (t.firstByteTimeoutMs > t.totalTimeoutMs) throw badInput('firstByteTimeoutMs', 'must not exceed totalTimeoutMs');
  channel.connectTimeoutMs = t.connectTimeoutMs;
  channel.firstByteTimeoutMs = t.firstByteTimeoutMs;
  channel.totalTimeoutMs = t.totalTimeoutMs;
}

/** The channel's idle timeout in seconds, or null for the data planes' default. */
function applyIdleTimeout(channel: Channel, seconds: number | null): void {
  if (seconds !== null && (!Number.isInteger(seconds) || seconds < IDLE_RANGE.min || seconds > IDLE_RANGE.max)) {
    throw badInput('idleTimeoutSeconds', `must be an integer from ${IDLE_RANGE.min} to ${IDLE_RANGE.max} seconds, or null for the default`);
  }
  channel.idleTimeoutSeconds = seconds;
}

/** Azure options: required api-version for Azure channels, refused for the others ("" clears). */
function applyAzure(channel: Channel, apiVersion: string | undefined, deployment: string | undefined): void {
  const version = apiVersion || null;
  const dep = deployment || null;
  if (channel.kind === ChannelKind.AzureOpenAI) {
    if (!version) throw badInput('azureApiVersion', 'required for AzureOpenAI channels');
  } else {
    if (version) throw badInput('azureApiVersion', 'only for AzureOpenAI channels');
    if (dep) throw badInput('azureDeployment', 'only for AzureOpenAI channels');
  }
  channel.azureApiVersion = version;
  channel.azureDeployment = dep;
}

/** Makes the channel's memberships exactly `wanted`, updating rows in place (no delete-then-insert on the unique pair). */
async function applyMemberships(em: EntityManager, channel: Channel, wanted: readonly ChannelMembershipInput[]): Promise<void> {
  const names = wanted.map((w) => w.group);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw badInput('groups', `group "${duplicate}" is listed twice`);
  const groups = names.length ? await em.find(Group, { name: { $in: names } }) : [];
  const current = channel.memberships.isInitialized() ? channel.memberships.getItems() : [];
  for (const w of wanted) {
    const group = groups.find((g) => g.name === w.group);
    if (!group) throw badInput('groups', `unknown group "${w.group}"`);
    const unserved = group.formats.find((f) => !canServe(channel.kind, f));
    if (unserved) throw badInput('groups', `a ${channel.kind} channel cannot serve ${unserved}, which group "${group.name}" accepts`);
    const existing = current.find((m) => m.group.name === w.group);
    if (existing) {
      existing.priority = w.priority;
      existing.weight = w.weight;
    } else {
      channel.memberships.add(em.create(ChannelGroup, { channel, group, priority: w.priority, weight: w.weight }));
    }
  }
  for (const m of current) if (!names.includes(m.group.name)) channel.memberships.remove(m);
}
