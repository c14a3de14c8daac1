/**
 * How a media endpoint (images, video jobs) finds an upstream that takes its request, routed as
 * text requests are (../routing/request-routing.ts) on the node's one routing state: the candidate
 * channels in routing order (groups, priorities, adaptive weights; channels behind an open breaker
 * or parked after a back-off skipped, and counted for health), each channel's keys in turn, within
 * the retry budget. Every attempt is counted for health; a key the upstream rejects is dropped and
 * reported, and the next key is tried; a connection failure, a timeout, a 429 or a 5xx opens the
 * way to the next channel (nothing has reached the client yet, so failover is safe) and counts
 * toward the breaker of its scope, or parks the channel when the upstream said when to come back;
 * another failure is the client's answer. When every candidate was parked: a 429 with Retry-After.
 * Skips and failed calls are logged at `debug` with why.
 */
import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, RuntimeChannel, RuntimeKey, WeightedChannel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { KeyRejected, UpstreamFailure } from '../../shared/wire/failure.js';
import { KeyRing } from '../../shared/wire/key-ring.js';
import { RequestRouting } from '../routing/request-routing.js';
import type { Router } from '../routing/router.js';
import type { AttemptRecord, SkipRecord } from '../relay/outcome.js';
import { candidateChannels } from '../relay/pick.js';
import type { KeyRejection } from '../relay/relay.js';

/** What the walk needs (a media endpoint's deps carry all of it). */
export interface ChannelWalkDeps {
  /** The node's routing state (breakers, parking, adaptive weights, retry budget), shared with the relay. */
  router: Router;
  /** Weighted draws among a priority level's channels (tests). */
  random?: () => number;
  /** Told of every upstream attempt once it ended (health). */
  onAttempt?: (record: AttemptRecord, model: string) => void;
  /** Told of every candidate passed over without a call (health counts why). */
  onSkip?: (skip: SkipRecord, model: string) => void;
  /** Told when an upstream rejected a key as invalid. */
  onKeyRejected?: (rejection: KeyRejection) => void;
}

/**
 * One attempt on `channel` with `key`: resolves with its result, or throws what `asFailure`
 * turns into an UpstreamFailure. `record` is the attempt's health record (timings and status go
 * on it).
 */
export type ChannelCall<U, T> = (channel: RuntimeChannel, upstream: U, key: string, upstreamModel: string, record: AttemptRecord) => Promise<T>;

/** Thrown by a {@link ChannelCall} when its channel cannot serve the request at all: the walk moves on, counting nothing. */
export class ChannelUnsuited extends Error {}

/** What {@link ChannelWalk.walk} tries, and how to read its failures. */
export interface Walk<U, T> {
  model: string;
  /** The client request's id, for the routing lines of the debug log. */
  requestId?: string;
  candidates: GroupRoute[];
  /** The channel kind's upstream for this endpoint; undefined: the kind cannot serve it. */
  upstreamFor: (kind: RuntimeChannel['kind']) => U | undefined;
  /** What the endpoint makes, for the refusal when no channel can ("images", "videos"). */
  makes: string;
  call: ChannelCall<U, T>;
  /** Turns an attempt's error into an UpstreamFailure; throws an error it does not know. Default: UpstreamFailures only. */
  asFailure?: (err: unknown) => UpstreamFailure;
}

/** The result of a walk, with where it came from. */
export interface Walked<U, T> {
  group: SnapshotGroup;
  channel: RuntimeChannel;
  upstream: U;
  value: T;
}

/** Walks candidate channels and their keys (see the file comment); holds the key rotation. */
export class ChannelWalk {
  private readonly keys = new KeyRing();

  constructor(private readonly deps: ChannelWalkDeps) {}

  /** Tries the candidates until one call succeeds; throws the client's error otherwise. */
  async walk<U, T>(walk: Walk<U, T>): Promise<Walked<U, T>> {
    const { router } = this.deps;
    const model = walk.model;
    const routing = new RequestRouting(router, model, (skip) => this.deps.onSkip?.(skip, model), walk.requestId);
    let last: UpstreamFailure | undefined;
    const steering = { weigh: (channels: readonly WeightedChannel[]) => router.scores.weights(channels, model) };
    for (const { group, target } of candidateChannels(walk.candidates, routing.allow, this.deps.random, steering)) {
      const channel = target.channel;
      const upstream = walk.upstreamFor(channel.kind);
      const unsuited = (message: string) => {
        routing.unsuited(channel.id);
        last = new UpstreamFailure('untranslatable', true, new GatewayError('invalid_request', message));
      };
      if (!upstream) {
        unsuited(`The model '${model}' has no channel that makes ${walk.makes}`);
        continue;
      }
      if (!routing.mayCall(group.name, channel.id)) break;
      let tried: { value: T; record: AttemptRecord } | { failure?: UpstreamFailure };
      try {
        tried = await this.withKeys(channel, group.name, model, (key, record) => walk.call(channel, upstream, key, target.upstreamModel, record), walk.asFailure);
      } catch (err) {
        if (!(err instanceof ChannelUnsuited)) throw err;
        unsuited(err.message);
        continue;
      }
      routing.called();
      if ('value' in tried) {
        routing.succeeded(channel.id, tried.record.ttfbMs);
        return { group, channel, upstream, value: tried.value };
      }
      const failure = tried.failure;
      routing.ended(channel.id, failure);
      if (failure && !failure.retryable) throw failure.clientError;
      last = failure ?? last;
    }
    throw routing.exhausted(last);
  }

  /**
   * One channel, its keys in turn (a rejected key dropped and reported, the next tried; each key
   * tried once), each attempt counted for health: the first success, or the failure that ended
   * the walk over the keys (none when the channel has no usable key). `nextKeyOn`: failures that
   * also move on to the next key, without dropping the one that failed (an existing job's 404 from
   * a key of another upstream project); when every key ends so, the last such failure.
   */
  async withKeys<T>(
    channel: RuntimeChannel,
    group: string,
    model: string,
    call: (key: string, record: AttemptRecord) => Promise<T>,
    asFailure: (err: unknown) => UpstreamFailure = onlyUpstreamFailures,
    nextKeyOn?: (failure: UpstreamFailure) => boolean,
  ): Promise<{ value: T; record: AttemptRecord } | { failure?: UpstreamFailure }> {
    let last: UpstreamFailure | undefined;
    const tried = new Set<RuntimeKey>();
    for (let key = this.keys.next(channel, undefined, tried); key !== undefined; key = this.keys.next(channel, undefined, tried)) {
      tried.add(key);
      const record: AttemptRecord = { group, channelId: channel.id, kind: channel.kind, result: 'ok' };
      try {
        const value = await call(key.secret, record);
        this.deps.onAttempt?.(record, model);
        return { value, record };
      } catch (err) {
        const failure = asFailure(err);
        record.result = failure.result;
        record.status = failure.status;
        this.deps.onAttempt?.(record, model);
        if (failure instanceof KeyRejected) {
          this.keys.reject(key);
          this.deps.onKeyRejected?.({ channelId: channel.id, keyId: key.id, status: failure.status! });
        } else if (!nextKeyOn?.(failure)) return { failure };
        last = failure;
      }
    }
    return { failure: last };
  }
}

function onlyUpstreamFailures(err: unknown): UpstreamFailure {
  if (err instanceof UpstreamFailure) return err;
  throw err;
}
