/**
 * The relay proper (docs/architecture.md, "Routing", "Translation"): walk the candidate channels,
 * translate the request when the upstream speaks another format, call the upstream, and send the
 * answer back: passed through byte for byte when the formats agree, translated otherwise, streams
 * as they arrive (never buffered whole). Failures before the first byte reaches the client move on
 * to the next channel; after it, the stream ends with an in-format error event.
 */
import type Koa from 'koa';
import type { IncomingHttpHeaders } from 'node:http';
import type { WireFormat } from '../../shared/formats.js';
import type { GroupRoute, RuntimeModel, WeightedChannel } from '../../shared/snapshot/runtime-config.js';
import { createLogger } from '../../shared/log.js';
import { affinityKey } from '../routing/affinity.js';
import { RequestRouting } from '../routing/request-routing.js';
import type { Router } from '../routing/router.js';
import { GatewayError } from '../../shared/wire/errors.js';
import type { UpstreamCall } from '../../shared/wire/providers/provider.js';
import type { UpstreamTransport } from '../../shared/wire/providers/transport.js';
import type { Translator } from '../../shared/wire/translate/translator.js';
import { attemptCall } from '../../shared/wire/attempt.js';
import { AttemptAbort } from '../../shared/wire/attempt-abort.js';
import type { GraceEnd } from '../http/grace-end.js';
import { ClientStream } from './client-stream.js';
import { AbortReason } from '../../shared/wire/attempt-abort.js';
import { KeyRejected, UpstreamFailure } from '../../shared/wire/failure.js';
import { KeyRing } from '../../shared/wire/key-ring.js';
import type { AttemptRecord, RelayOutcome, SkipRecord } from './outcome.js';
import { candidateChannels } from './pick.js';
import { pipePassThrough, pipeTranslated, type AnswerObserver } from './stream.js';
import { prepareRequest, type PreparedRequest } from '../../shared/wire/prepare.js';

const log = createLogger('relay');

/** Largest non-streamed upstream answer read. */
const MAX_UPSTREAM_BODY = 64 * 1024 * 1024;

/** One client request, as the earlier stages left it. */
export interface RelayRequest {
  requestId: string;
  format: WireFormat;
  model: RuntimeModel;
  body: Record<string, unknown>;
  rawBody: Buffer;
  stream: boolean;
  candidates: GroupRoute[];
  clientHeaders: IncomingHttpHeaders;
  /** Metering: an observer per attempt, told the successful answer in the upstream's format (never an error body). */
  observe?: (upstreamFormat: WireFormat) => AnswerObserver;
  /** Raised when the data plane's shutdown grace ends: the attempt is cut and the answer ended in-format. */
  graceEnd?: GraceEnd;
}

/** What the relay is built from. */
export interface RelayDeps {
  transport: UpstreamTransport;
  /** Breakers, parking, adaptive weights, affinity and the retry budget of this data plane. */
  router: Router;
  /** Weighted draws among a priority level's channels (injectable for tests). */
  random?: () => number;
  /** The clock attempts' first-byte times are read on (tests; default `performance.now()`). */
  stopwatch?: () => number;
  /** Told of every attempt that called an upstream, once it ended (health outcomes: Redis contract 5). */
  onAttempt?: (record: AttemptRecord, req: RelayRequest) => void;
  /** Told of every candidate skipped without a call (health counts why). */
  onSkip?: (skip: SkipRecord, req: RelayRequest) => void;
  /** Told when an upstream rejected a key as invalid (the data plane reports it to the control plane). */
  onKeyRejected?: (rejection: KeyRejection) => void;
  /** Longest silence between a stream's upstream bytes, for channels without their own (UPSTREAM_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
}

/** An upstream key the upstream called invalid. */
export interface KeyRejection {
  channelId: string;
  keyId: string;
  status: number;
}

/** Relays requests; one instance per data plane (with the routing state it is given, and the key ring). */
export class Relay {
  private readonly random: () => number;
  private readonly keys = new KeyRing();

  constructor(private readonly deps: RelayDeps) {
    this.random = deps.random ?? Math.random;
  }

  /**
   * Serves `req` on `ctx`, trying channels in order. Resolves with the outcome once the answer
   * was sent (a stream: once it ended); throws a GatewayError when no channel answered and
   * nothing was sent yet.
   */
  async relay(ctx: Koa.Context, req: RelayRequest): Promise<RelayOutcome> {
    const outcome: RelayOutcome = { attempts: [], skipped: [], committed: false, completed: false };
    const router = this.deps.router;
    const model = req.model.id;
    const routing = new RequestRouting(
      router,
      model,
      (skip) => {
        outcome.skipped.push(skip);
        this.deps.onSkip?.(skip, req);
      },
      req.requestId,
    );
    const affinity = router.options.affinityTtlMs > 0 ? affinityKey(req.format, req.body, req.clientHeaders) : undefined;
    const pinId = affinity === undefined ? undefined : model + '\u001f' + affinity;
    const pin = pinId === undefined ? undefined : router.affinity.get(pinId);
    let last: UpstreamFailure | undefined;
    const steering = { weigh: (channels: readonly WeightedChannel[]) => router.scores.weights(channels, model), pinned: pin };
    for (const { group, target } of candidateChannels(req.candidates, routing.allow, this.random, steering)) {
      const channel = target.channel;
      const prepared = prepareRequest(req, channel, target.upstreamModel, (fields, to) =>
        log.debug('client fields without an equivalent upstream were dropped', { requestId: req.requestId, from: req.format, to, channelKind: channel.kind, fields }),
      );
      if (prepared instanceof UpstreamFailure) {
        routing.unsuited(channel.id);
        outcome.attempts.push({ group: group.name, channelId: channel.id, kind: channel.kind, result: prepared.result });
        last = prepared;
        continue;
      }
      if (!routing.mayCall(group.name, channel.id)) break;
      routing.called();
      // The channel's keys in turn: a key the upstream rejects is a key failure (the next key of
      // the same channel is tried, which is not retrying a failed channel); any other failure ends
      // the channel's turn.
      const pinnedKey = pin?.channelId === channel.id ? pin.keyId : undefined;
      let failed: { failure: UpstreamFailure; record: AttemptRecord; client: ClientStream } | undefined;
      for (let key = this.keys.next(channel, pinnedKey); key !== undefined; key = this.keys.next(channel)) {
        const record: AttemptRecord = { group: group.name, channelId: channel.id, kind: channel.kind, result: 'ok', upstreamFormat: prepared.upstreamFormat };
        outcome.attempts.push(record);
        const call: UpstreamCall = {
          channel,
          key: key.secret,
          format: prepared.upstreamFormat,
          model,
          upstreamModel: target.upstreamModel,
          stream: req.stream,
          body: prepared.body,
          clientHeaders: req.clientHeaders,
        };
        const client = new ClientStream(ctx, { 'x-meridian-group': group.name, 'x-meridian-channel-kind': channel.kind });
        try {
          await this.attempt(ctx, req, call, prepared, client, record);
          routing.succeeded(channel.id, record.ttfbMs);
          if (pinId !== undefined) router.affinity.set(pinId, { group: group.name, channelId: channel.id, keyId: key.id });
          this.deps.onAttempt?.(record, req);
          outcome.served = record;
          outcome.committed = client.committed;
          outcome.completed = true;
          return outcome;
        } catch (err) {
          const failure = err as UpstreamFailure;
          record.result = failure.result;
          record.status = failure.status;
          this.deps.onAttempt?.(record, req);
          failed = { failure, record, client };
          if (!(failure instanceof KeyRejected)) break;
          this.keys.reject(key);
          this.deps.onKeyRejected?.({ channelId: channel.id, keyId: key.id, status: failure.status! });
        }
      }
      // What ended the channel's turn (nothing: it had no usable key) is what routing learns, as in the media walk.
      routing.ended(channel.id, failed?.failure);
      if (failed === undefined) continue;
      const { failure, record, client } = failed;
      outcome.committed = client.committed;
      if (client.committed || failure.result === 'client-gone') {
        // Bytes reached the client: no retry (the stream was ended in-format by the writer).
        outcome.served = record;
        return outcome;
      }
      if (!failure.retryable) {
        outcome.served = record;
        ctx.set('x-meridian-group', group.name);
        ctx.set('x-meridian-channel-kind', channel.kind);
        throw failure.clientError;
      }
      last = failure;
    }
    throw routing.exhausted(last);
  }

  /**
   * One upstream call through the shared attempt (timers, error statuses); throws UpstreamFailure.
   * A stalled answer fails like a cut one: over to the next channel before anything reached the
   * client, with the format's error event after. The client going away and the end of the
   * shutdown grace abort the call too.
   */
  private async attempt(ctx: Koa.Context, req: RelayRequest, call: UpstreamCall, prepared: PreparedRequest, client: ClientStream, record: AttemptRecord): Promise<void> {
    const abort = new AttemptAbort();
    const onClose = () => {
      if (!ctx.res.writableFinished) abort.abort(new AbortReason('client-gone'));
    };
    ctx.res.once('close', onClose);
    const onGraceEnd = () => abort.abort(new AbortReason('shutdown'));
    if (req.graceEnd?.ended) onGraceEnd();
    else req.graceEnd?.once('end', onGraceEnd);
    const options = { abort, idleTimeoutMs: this.deps.idleTimeoutMs, now: this.deps.router.now, stopwatch: this.deps.stopwatch };
    try {
      await attemptCall(this.deps.transport, call, record, options, async (res, { received, whole, secrets }) => {
        if (!req.stream) {
          const body = await whole(MAX_UPSTREAM_BODY);
          const observer = req.observe?.(prepared.upstreamFormat);
          // Parsed once, for metering and the translator alike, when either reads it; a pass-through answer goes out as the upstream's bytes.
          const answer = observer || prepared.translator ? parseAnswer(body) : undefined;
          observer?.body(answer);
          client.sendJson(prepared.translator ? translateAnswer(prepared.translator, answer) : body);
          return;
        }
        const observer = req.observe?.(prepared.upstreamFormat);
        const sink = {
          client,
          received,
          signal: abort,
          requestId: req.requestId,
          model: req.model.id,
          format: req.format,
          observer,
          hideUsageChunk: prepared.hideUsageChunk,
          secrets,
        };
        if (prepared.translator) await pipeTranslated(res.body, prepared.translator, sink);
        else await pipePassThrough(res.body, sink);
      });
    } finally {
      ctx.res.off('close', onClose);
      req.graceEnd?.off('end', onGraceEnd);
    }
  }
}

/** A complete upstream answer parsed, or undefined when it is not JSON. */
function parseAnswer(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A translated non-streaming answer; an upstream answer that is not a JSON object fails the attempt. */
function translateAnswer(translator: Translator, answer: unknown): Record<string, unknown> {
  if (answer === undefined) throw new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream answer was not valid JSON'));
  if (typeof answer !== 'object' || answer === null) throw new UpstreamFailure('bad-response', true, new GatewayError('upstream', 'The upstream answer was not a JSON object'));
  return translator.response(answer as Record<string, unknown>);
}
