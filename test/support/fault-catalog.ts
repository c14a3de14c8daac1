/**
 * What the fault suite's service sells, set up through GraphQL as an administrator would: a group
 * of its own (`faults`, not routed automatically, so no seeded channel answers for it) with
 * channels on the fake upstream, one upstream key per behaviour (the fake answers by key).
 */
import type { CannedReply, FakeUpstream } from '../fakes/upstream.js';

/** The group every fault-suite token is bound to. */
export const FAULT_GROUP = 'faults';

/** Models clients call, each served by the channel of the same behaviour. */
export const FAULT_MODELS = {
  /** Quick answers (OpenAI channel). */
  chat: 'fault-chat',
  /** Quick answers (Anthropic channel). */
  claude: 'fault-claude',
  /** Long streams, for shutdowns mid-stream (OpenAI channel). */
  slowChat: 'fault-slow-chat',
  /** Long streams (Anthropic channel). */
  slowClaude: 'fault-slow-claude',
} as const;

/** The upstream key of each channel: the fake upstream's behaviour for it is set by key. */
export const UPSTREAM_KEYS = {
  chat: 'sk-fault-chat-0123456789abcdef',
  claude: 'sk-ant-fault-claude-0123456789abcdef',
  slowChat: 'sk-fault-slow-chat-0123456789abcdef',
  slowClaude: 'sk-ant-fault-slow-claude-0123456789abcdef',
} as const;

/** What the fake upstream reports for every quick answer. */
const QUICK_REPLY: CannedReply = { text: 'Hello from the fake upstream.', toolCalls: [], usage: { input: 12, cacheRead: 0, cacheWrite: 0, output: 7, reasoning: 0 } };

/** A long stream: `deltas` text events `gapMs` apart. */
export function longReply(deltas: number): CannedReply {
  return { text: 'tick ', repeat: deltas, toolCalls: [], usage: { input: 12, cacheRead: 0, cacheWrite: 0, output: deltas, reasoning: 0 } };
}

/** A GraphQL operation as the administrator. */
export type AdminGql = <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** Creates the group, the models (priced, so every answer costs something) and the channels, and sets the fake's default answers. */
export async function setUpFaultCatalog(gql: AdminGql, upstream: FakeUpstream): Promise<void> {
  await gql('mutation($i: CreateGroupInput!) { createGroup(input: $i) { name } }', {
    i: { name: FAULT_GROUP, displayName: 'Fault suite', priceMultiplier: '1.5', formats: ['chat-completions', 'messages'], autoRoute: false },
  });
  for (const [id, vendor] of [
    [FAULT_MODELS.chat, 'openai'],
    [FAULT_MODELS.slowChat, 'openai'],
    [FAULT_MODELS.claude, 'anthropic'],
    [FAULT_MODELS.slowClaude, 'anthropic'],
  ]) {
    await gql('mutation($i: CreateModelInput!) { createModel(input: $i) { modelId } }', { i: { modelId: id, vendor, prices: { input: '1.25', output: '10' } } });
  }
  const channel = (name: string, kind: 'OpenAI' | 'Anthropic', key: string, model: string) =>
    createFaultChannel(gql, { name, kind, baseUrl: upstream.url, keys: [key], models: [{ model }], groups: [{ group: FAULT_GROUP }] });
  await channel('fault-chat', 'OpenAI', UPSTREAM_KEYS.chat, FAULT_MODELS.chat);
  await channel('fault-claude', 'Anthropic', UPSTREAM_KEYS.claude, FAULT_MODELS.claude);
  await channel('fault-slow-chat', 'OpenAI', UPSTREAM_KEYS.slowChat, FAULT_MODELS.slowChat);
  await channel('fault-slow-claude', 'Anthropic', UPSTREAM_KEYS.slowClaude, FAULT_MODELS.slowClaude);
  // Quick answers still stream over a few tens of milliseconds, so that faults find streams open.
  for (const key of [UPSTREAM_KEYS.chat, UPSTREAM_KEYS.claude]) upstream.setDefault(key, { kind: 'reply', reply: QUICK_REPLY, gapMs: 10 });
}

/** Creates a channel (CreateChannelInput) with timeouts fit for a test; returns its id. */
export async function createFaultChannel(gql: AdminGql, input: Record<string, unknown>): Promise<string> {
  const data = await gql<{ createChannel: { id: string } }>('mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', {
    i: { connectTimeoutMs: 2000, firstByteTimeoutMs: 10_000, totalTimeoutMs: 120_000, ...input },
  });
  return data.createChannel.id;
}
