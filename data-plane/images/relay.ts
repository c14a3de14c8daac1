/**
 * An image request through its channels, billed by the image:
 * 1. reserve: `n` images at the size's and quality's price in the dearest candidate group (and,
 *    for a model priced by tokens, their output tokens), 402 when the balance cannot cover it;
 * 2. try the candidate channels in routing order (groups, priorities, weights; open breakers
 *    skipped; each key of a channel in turn), every attempt counted for health, until one answers
 *    2xx: a connection failure, a timeout, a 429 or a 5xx goes to the next channel, another 4xx is
 *    the client's answer (nothing has been sent yet, so failover is safe);
 * 3. answer: natively, the upstream's answer streams through to the client as it comes (counted
 *    on the way: ./answer-tally.ts); translated (Gemini), it is rewritten as it streams, the
 *    images' base64 passed through (./upstream/gemini-answer.ts); both up to the result limit;
 * 4. settle the images delivered (and reported tokens) at the serving group's rates; an answer
 *    that delivered none, or no answer, releases the reservation. An answer cut after the client
 *    got its 200 (the upstream broke off, the result limit, malformed) left the client JSON it
 *    cannot read: nothing was delivered, so it is charged nothing and recorded as failed. A client
 *    that went away is charged every image whose data had begun on its way to it, the one it
 *    left in the middle of included (its own doing, as for a text stream it dropped).
 */
import { finished, type Writable } from 'node:stream';
import type Koa from 'koa';
import { createLogger } from '../../shared/log.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import { normaliseUsage } from '../../shared/pricing/normalise.js';
import { makeUsage, type NormalisedUsage } from '../../shared/pricing/usage.js';
import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, RuntimeChannel, RuntimeConfig, RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import type { UpstreamResponse } from '../../shared/wire/providers/provider.js';
import type { UpstreamTransport } from '../../shared/wire/providers/transport.js';
import type { AttemptRecord } from '../relay/outcome.js';
import { exchangeOnce } from '../media/exchange.js';
import { ChannelWalk, type ChannelWalkDeps } from '../media/channel-walk.js';
import { unitRates, type UnitBilling, type UnitOrder, type UnitRates } from '../billing/unit-billing.js';
import { ImagesTally, ResultTooLarge } from './answer-tally.js';
import type { ImageRequest } from './request.js';
import { GeminiImageAnswer } from './upstream/gemini-answer.js';
import { imageUpstreamFor } from './upstream/registry.js';
import type { ImageUpstream } from './upstream/upstream.js';

const log = createLogger('images');

/** Output tokens reserved per image for a model priced by tokens (a high-quality 1536x1024 gpt-image-1 image is 6,240). */
const TOKENS_PER_IMAGE_ESTIMATE = 8_000;

/** What the image relay needs. */
export interface ImageRelayDeps extends ChannelWalkDeps {
  transport: UpstreamTransport;
  billing: UnitBilling;
  /** Largest answer (base64 images) passed on; 413 beyond it (IMAGE_MAX_RESULT_BYTES). */
  maxResultBytes: number;
  now: () => number;
}

/** One image request, as the route checked it. */
export interface ImageOrder {
  requestId: string;
  token: TokenRecord;
  runtime: RuntimeConfig;
  model: RuntimeModel;
  request: ImageRequest;
  candidates: GroupRoute[];
}

/** An upstream's 2xx answer, with where it came from. */
interface Answered {
  group: SnapshotGroup;
  channel: RuntimeChannel;
  upstream: ImageUpstream;
  res: UpstreamResponse;
}

/** Passes the upstream body's error on to `answer`; the returned function tells whether there was one. */
function failures(res: UpstreamResponse, answer: Writable): () => boolean {
  let failed = false;
  res.body.on('error', (err) => {
    failed = true;
    answer.destroy(err);
  });
  return () => failed;
}

/** Relays image requests (see the file comment). */
export class ImageRelay {
  private readonly channels: ChannelWalk;
  private readonly settling = new Set<Promise<unknown>>();

  constructor(private readonly deps: ImageRelayDeps) {
    this.channels = new ChannelWalk(deps);
  }

  /** Serves `order` on `ctx` (its answer set or streaming when this resolves); throws the client's error. */
  async serve(ctx: Koa.Context, order: ImageOrder): Promise<void> {
    const { token, runtime, model, request, candidates } = order;
    const { billing } = this.deps;
    const choice = { size: request.size, quality: request.quality };
    const tokens = model.prices.output != null ? request.n * TOKENS_PER_IMAGE_ESTIMATE : 0;
    const reservedMicro = billing.estimate(model, candidates, runtime.exchangeRate, { images: request.n }, choice, tokens);
    const reservationId = order.requestId;
    await billing.reserve(token, reservationId, reservedMicro);
    const bill: UnitOrder = {
      reservationId,
      requestId: order.requestId,
      token,
      model: model.id,
      group: null,
      channelId: null,
      formatIn: 'images',
      formatOut: null,
      units: { size: request.size, ...(request.quality !== undefined ? { quality: request.quality } : {}) },
      reservedMicro,
      startedAt: this.deps.now(),
      httpStatus: 200,
    };
    let answered: Answered;
    try {
      answered = await this.attempt(order);
    } catch (err) {
      this.track(billing.release({ ...bill, httpStatus: err instanceof GatewayError ? err.status : 500 }, null));
      throw err;
    }
    const { group, channel, upstream, res } = answered;
    Object.assign(bill, { group: group.name, channelId: channel.id, formatOut: upstream.format });
    const rates = unitRates(model, group, runtime.exchangeRate, choice);
    ctx.set('x-meridian-group', group.name);
    ctx.set('x-meridian-channel-kind', channel.kind);
    if (upstream.format === 'images') this.streamThrough(ctx, res, bill, rates);
    else await this.translated(ctx, res, bill, rates);
  }

  /** Resolves once every settlement so far is done: for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.settling.size > 0) await Promise.all(this.settling);
    await this.deps.billing.idle();
  }

  /** The native answer, streamed to the client as it comes; settled once it ended (the images delivered). */
  private streamThrough(ctx: Koa.Context, res: UpstreamResponse, bill: UnitOrder, rates: UnitRates): void {
    const length = Number(res.headers['content-length']);
    if (Number.isFinite(length) && length > this.deps.maxResultBytes) {
      res.body.destroy();
      this.track(this.deps.billing.release({ ...bill, httpStatus: 413 }, rates));
      throw new GatewayError('too_large', new ResultTooLarge(this.deps.maxResultBytes).message, 413);
    }
    const tally = new ImagesTally(this.deps.maxResultBytes);
    const upstreamFailed = failures(res, tally);
    res.body.pipe(tally);
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.body = tally;
    const firstByteAt = this.deps.now();
    finished(tally, (err) => {
      const raw = tally.usage();
      const tokens = raw ? normaliseUsage('responses', raw).normalised : undefined;
      this.ended({ ...bill, firstByteAt, httpStatus: 200 }, res, err, upstreamFailed(), tally.images, tokens, raw, rates);
    });
  }

  /**
   * A translated (Gemini) answer, rewritten as it streams (./upstream/gemini-answer.ts): answered once its
   * first image begins (before that, a refusal or failure is the client's error, charged nothing),
   * then settled once it ended (the images begun: ./upstream/gemini-answer.ts).
   */
  private async translated(ctx: Koa.Context, res: UpstreamResponse, bill: UnitOrder, rates: UnitRates): Promise<void> {
    const length = Number(res.headers['content-length']);
    const answer = new GeminiImageAnswer(Math.floor(this.deps.now() / 1000), this.deps.maxResultBytes);
    const upstreamFailed = failures(res, answer);
    if (Number.isFinite(length) && length > this.deps.maxResultBytes) answer.destroy(new ResultTooLarge(this.deps.maxResultBytes));
    else res.body.pipe(answer);
    try {
      await answer.started;
    } catch (err) {
      res.body.destroy();
      const error =
        err instanceof GatewayError
          ? err
          : err instanceof ResultTooLarge
            ? new GatewayError('too_large', err.message, 413)
            : new GatewayError('upstream', 'The upstream answer was not understood');
      this.track(this.deps.billing.release({ ...bill, httpStatus: error.status }, rates));
      throw error;
    }
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.body = answer;
    const firstByteAt = this.deps.now();
    finished(answer, (err) => {
      const raw = answer.usageMetadata;
      const tokens = raw ? normaliseUsage('generateContent', raw).normalised : undefined;
      this.ended({ ...bill, firstByteAt, httpStatus: 200 }, res, err, upstreamFailed(), answer.images, tokens, raw, rates);
    });
  }

  /**
   * An answer the client was sent ended, whole (`err` none) or not: see the file comment, step 4.
   * `upstreamFailed`: the upstream's body broke off (else an error is the client's going away,
   * or one of ours).
   */
  private ended(bill: UnitOrder, res: UpstreamResponse, err: Error | null | undefined, upstreamFailed: boolean, images: number, tokens: NormalisedUsage | undefined, rawUsage: unknown, rates: UnitRates): void {
    if (!err) return this.finish(bill, images, tokens, rawUsage, rates);
    // The upstream's body is not read further.
    res.body.destroy();
    const clientGone = !upstreamFailed && (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (clientGone) return this.finish(bill, images, tokens, rawUsage, rates);
    const why = err instanceof ResultTooLarge ? 'the result limit' : upstreamFailed ? 'the upstream breaking off' : 'an unreadable answer';
    log.warn(`image answer cut by ${why}: charged nothing`, { requestId: bill.requestId, images, error: err.message });
    this.track(this.deps.billing.release(bill, rates, 'failed'));
  }

  /** Settles `images` (and the reported tokens) or, when none were delivered, releases. */
  private finish(bill: UnitOrder, images: number, tokens: NormalisedUsage | undefined, rawUsage: unknown, rates: UnitRates): void {
    const billing = this.deps.billing;
    if (images === 0) {
      this.track(billing.release(bill, rates, 'aborted'));
      return;
    }
    const usage = makeUsage({ ...(tokens ?? {}), images });
    this.track(billing.settle(bill, usage, rates, rawUsage));
  }

  private track(work: Promise<unknown>): void {
    const done = work.catch((err: unknown) => log.error('image request not settled (its reservation expires)', { error: String(err) }));
    this.settling.add(done);
    void done.finally(() => this.settling.delete(done));
  }

  /** Tries the candidate channels until one answers 2xx (see the file comment). */
  private async attempt(order: ImageOrder): Promise<Answered> {
    const { group, channel, upstream, value } = await this.channels.walk({
      model: order.model.id,
      requestId: order.requestId,
      candidates: order.candidates,
      upstreamFor: imageUpstreamFor,
      makes: 'images',
      call: (channel, upstream, key, upstreamModel, record) => this.send(channel, upstream, key, upstreamModel, order, record),
    });
    return { group, channel, upstream, res: value };
  }

  /** One exchange; resolves with a 2xx answer once its headers came, throws an UpstreamFailure otherwise. */
  private send(channel: RuntimeChannel, upstream: ImageUpstream, key: string, upstreamModel: string, order: ImageOrder, record: AttemptRecord): Promise<UpstreamResponse> {
    const exchange = upstream.exchange(channel, key, order.model.id, upstreamModel, order.request);
    // Image generation takes tens of seconds before the first byte: the channel's whole-exchange limit applies.
    const timeoutMs = Math.max(channel.timeouts.firstByteMs, channel.timeouts.totalMs);
    return exchangeOnce(this.deps.transport, channel, exchange, record, { timeoutMs, hide: [key, ...(channel.baseUrl ? [channel.baseUrl] : [])], now: this.deps.now });
  }
}
