/**
 * How a media endpoint (images, video jobs) finds an upstream that takes its request: the
 * candidate channels in routing order (groups, priorities, weights; open breakers skipped), each
 * channel's keys in turn. Every attempt is counted for health; a key the upstream rejects is
 * dropped and reported, and the next key is tried; a connection failure, a timeout, a 429 or a 5xx
 * opens the way to the next channel (nothing has reached the client yet, so failover is safe);
 * another failure is the client's answer.
 */
import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, RuntimeChannel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import type { CircuitBreakers } from '../relay/circuit-breaker.js';
import { KeyRejected, UpstreamFailure } from '../../shared/wire/failure.js';
import { KeyRing } from '../../shared/wire/key-ring.js';
import type { AttemptRecord } from '../relay/outcome.js';
import { candidateChannels } from '../relay/pick.js';
import type { KeyRejection } from '../relay/relay.js';

/** What the walk needs (a media endpoint's deps carry all of it). */
export interface ChannelWalkDeps {
  breakers: Pick<CircuitBreakers, 'allow' | 'success' | 'failure' | 'release'>;
  /** Weighted draws among a priority level's channels (tests). */
  random?: () => number;
  /** Told of every upstream attempt once it ended (health). */
  onAttempt?: (record: AttemptRecord, model: string) => void;
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
    const { breakers } = this.deps;
    let last: UpstreamFailure | undefined;
    for (const { group, target } of candidateChannels(walk.candidates, (id) => breakers.allow(id), this.deps.random)) {
      const channel = target.channel;
      const upstream = walk.upstreamFor(channel.kind);
      let tried: { value: T } | { failure?: UpstreamFailure };
      try {
        if (!upstream) throw new ChannelUnsuited(`The model '${walk.model}' has no channel that makes ${walk.makes}`);
        tried = await this.withKeys(channel, group.name, walk.model, (key, record) => walk.call(channel, upstream, key, target.upstreamModel, record), walk.asFailure);
      } catch (err) {
        if (!(err instanceof ChannelUnsuited)) throw err;
        breakers.release(channel.id);
        last = new UpstreamFailure('untranslatable', true, new GatewayError('invalid_request', err.message));
        continue;
      }
      if ('value' in tried) {
        breakers.success(channel.id);
        return { group, channel, upstream: upstream!, value: tried.value };
      }
      const failure = tried.failure;
      if (failure === undefined) continue;
      // Every key rejected: the channel is not at fault, its breaker is left as it is.
      if (failure instanceof KeyRejected) {
        last = failure;
        continue;
      }
      if (failure.retryable) breakers.failure(channel.id);
      else breakers.success(channel.id);
      if (!failure.retryable) throw failure.clientError;
      last = failure;
    }
    throw last?.clientError ?? new GatewayError('unavailable', `No channel is available for model '${walk.model}' right now`);
  }

  /**
   * One channel, its keys in turn (a rejected key dropped and reported, the next tried), each
   * attempt counted for health: the first success, or the failure that ended the walk over the
   * keys (none when the channel has no usable key).
   */
  async withKeys<T>(
    channel: RuntimeChannel,
    group: string,
    model: string,
    call: (key: string, record: AttemptRecord) => Promise<T>,
    asFailure: (err: unknown) => UpstreamFailure = onlyUpstreamFailures,
  ): Promise<{ value: T } | { failure?: UpstreamFailure }> {
    let last: UpstreamFailure | undefined;
    for (let key = this.keys.next(channel); key !== undefined; key = this.keys.next(channel)) {
      const record: AttemptRecord = { group, channelId: channel.id, kind: channel.kind, result: 'ok' };
      try {
        const value = await call(key.secret, record);
        this.deps.onAttempt?.(record, model);
        return { value };
      } catch (err) {
        const failure = asFailure(err);
        record.result = failure.result;
        record.status = failure.status;
        this.deps.onAttempt?.(record, model);
        if (!(failure instanceof KeyRejected)) return { failure };
        this.keys.reject(key);
        this.deps.onKeyRejected?.({ channelId: channel.id, keyId: key.id, status: failure.status! });
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
