/**
 * What the relay benchmark sends and to whom: its catalog (one openai channel for pass-through,
 * one anthropic channel for chat -> messages translation, and a slow twin of each for long
 * streams), the canned answers, and the request of each scenario as a client sends it to the
 * gateway and as the upstream receives it (what the direct calls and the bare proxy send).
 */
import type { ChannelKind, SnapshotContent } from '../../shared/snapshot/types.js';
import type { Behaviour } from '../../test/fakes/upstream.js';
import { keyOf, testChannel, testGroup, testModel } from '../../test/support/relay-catalog.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../../shared/snapshot/types.js';
import type { LoadRequest } from '../lib/load.js';

/** The two relay paths measured. */
export type Path = 'pass' | 'translate';

/** One measured case. */
export interface Scenario {
  path: Path;
  stream: boolean;
}

/** The four cases, in table order. */
export const SCENARIOS: Scenario[] = [
  { path: 'pass', stream: false },
  { path: 'pass', stream: true },
  { path: 'translate', stream: false },
  { path: 'translate', stream: true },
];

/** A table row label. */
export function label(s: Scenario): string {
  return `${s.path === 'pass' ? 'chat pass-through' : 'chat -> messages'}, ${s.stream ? 'stream' : 'json'}`;
}

/** The group the bench token uses. */
export const BENCH_GROUP = 'bench';

const KIND: Record<Path, ChannelKind> = { pass: 'openai', translate: 'anthropic' };

/** Channel id (and so upstream key) of a path; `long`: the slow-stream twin. */
function channelOf(path: Path, long: boolean): string {
  return `${path}${long ? '-long' : ''}`;
}

/** Public model name; the upstream name is the same (the usual identity mapping, so pass-through sends the client's bytes). */
function modelOf(path: Path, long: boolean): string {
  return `m-${channelOf(path, long)}`;
}

/** Generous limits: a saturated loopback upstream must not time out, and long streams stay open. */
const BENCH_TIMEOUTS = { connectMs: 5_000, firstByteMs: 60_000, totalMs: 600_000 };

/** The benchmark catalog over the rig's upstream. */
export function benchCatalog(upstreamUrl: string): SnapshotContent {
  const ids = (['pass', 'translate'] as const).flatMap((path) => [false, true].map((long) => ({ path, long })));
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    groups: [testGroup(BENCH_GROUP)],
    channels: ids.map(({ path, long }) =>
      testChannel(channelOf(path, long), KIND[path], upstreamUrl, [{ model: modelOf(path, long), upstream: modelOf(path, long) }], { timeouts: BENCH_TIMEOUTS }),
    ),
    memberships: ids.map(({ path, long }) => ({ group: BENCH_GROUP, channelId: channelOf(path, long), priority: 0, weight: 1 })),
    models: ids.map(({ path, long }) => testModel(modelOf(path, long))),
    exchangeRate: '7.2',
    settings: {},
  };
}

/** The answer: 50 text deltas when streamed (a short real answer), about 300 bytes of text. */
const ANSWER = { text: 'Hello from the fake upstream. ', repeat: 10, toolCalls: [], usage: { input: 12, cacheRead: 0, cacheWrite: 0, output: 50, reasoning: 0 } };

/** What the rig's fake upstream answers, by upstream key: normal answers, and slow endless streams (one event every 500 ms). */
export function upstreamBehaviours(): [string, Behaviour][] {
  return (['pass', 'translate'] as const).flatMap((path): [string, Behaviour][] => [
    [keyOf(channelOf(path, false)), { kind: 'reply', reply: ANSWER }],
    [keyOf(channelOf(path, true)), { kind: 'reply', reply: { ...ANSWER, repeat: 1_000_000 }, gapMs: 500 }],
  ]);
}

const PROMPT = [{ role: 'user', content: 'hello there' }];

/**
 * The request of `scenario`: as a client sends it to the gateway with `key` (side `client`), or as
 * the gateway sends it upstream (side `upstream`: direct calls and the bare proxy).
 */
export function requestFor(scenario: Scenario, side: 'client' | 'upstream', options: { key?: string; long?: boolean } = {}): LoadRequest {
  const long = options.long ?? false;
  const model = modelOf(scenario.path, long);
  const upstreamKey = keyOf(channelOf(scenario.path, long));
  const json = { 'content-type': 'application/json' };
  if (side === 'client' || scenario.path === 'pass') {
    const key = side === 'client' ? options.key : upstreamKey;
    if (!key) throw new Error('requestFor: a client request needs the gateway key');
    return {
      method: 'POST',
      path: '/v1/chat/completions',
      headers: { ...json, authorization: `Bearer ${key}` },
      body: JSON.stringify({ model, messages: PROMPT, stream: scenario.stream }),
    };
  }
  // What the relay sends for the chat request above (max_tokens: the model's default output cap).
  return {
    method: 'POST',
    path: '/v1/messages',
    headers: { ...json, 'x-api-key': upstreamKey, 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model, max_tokens: 1024, messages: PROMPT, stream: scenario.stream }),
  };
}
