/**
 * The video jobs (OpenAI's /v1/videos): created on a channel chosen as text requests choose one,
 * then polled and downloaded on the channel their id names, from any data plane.
 * - create: reserve the seconds asked for, then try the candidate channels in routing order
 *   (groups, priorities, weights; breakers skip open channels, every attempt counts for health):
 *   a failure before the upstream took the job moves on to the next channel (and key), as for
 *   text; when none takes it the reservation goes back. The job is stored for the account's list.
 * - retrieve: ask the upstream for the job's state; the first poll to see it completed charges it,
 *   the first to see it failed releases its reservation (data-plane/billing/unit-billing.ts). A
 *   job whose status every key of its channel answers 404 for is gone upstream (one key's 404 is
 *   not final: a channel's keys may be of several upstream projects, and only the creator's has
 *   the job): it failed, unless it had already ended. A job that ended keeps its status whatever
 *   later polls say (a finished video the upstream deleted since stays completed; a job failed
 *   and released is never served).
 * - content: polls as retrieve does (so a client that downloads without ever asking for the
 *   status still gets its job charged, once), then, once completed, streams the file from the
 *   upstream to the client as it arrives (never held whole; bounded by the socket buffers).
 */
import { randomBytes } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { SecretBox } from '../../shared/crypto/secrets.js';
import { createLogger } from '../../shared/log.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { VideoJobStore } from '../../shared/ports/video-jobs.js';
import type { GroupRoute, RuntimeChannel, RuntimeConfig, RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import { readBounded } from '../../shared/wire/bounded-body.js';
import type { UpstreamResponse } from '../../shared/wire/providers/provider.js';
import type { UpstreamTransport } from '../../shared/wire/providers/transport.js';
import { UpstreamFailure } from '../../shared/wire/failure.js';
import type { AttemptRecord } from '../relay/outcome.js';
import { exchangeOnce } from '../media/exchange.js';
import { ChannelUnsuited, ChannelWalk, type ChannelWalkDeps } from '../media/channel-walk.js';
import { unitRates, type UnitBilling, type UnitOrder } from '../billing/unit-billing.js';
import { makeUsage } from '../../shared/pricing/usage.js';
import { decodeVideoJobId, encodeVideoJobId } from './job-id.js';
import { ended, videoObject, withState, type VideoJobRecord } from './job.js';
import type { VideoRequest } from './request.js';
import { UntranslatableVideo } from './upstream/gemini.js';
import { videoUpstreamFor } from './upstream/registry.js';
import { MalformedAnswer, type UpstreamJobState, type VideoExchange } from './upstream/upstream.js';

const log = createLogger('video-jobs');

/** How long a job's reservation is held before the balance gets it back unsettled (a completion seen later is still charged, once). */
export const VIDEO_RESERVATION_TTL_MS = 60 * 60 * 1000;

/** Largest JSON answer read from a video upstream (a job's state is a few hundred bytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** What the video jobs are built from. */
export interface VideoJobsDeps extends ChannelWalkDeps {
  /** Signs and checks job ids (SECRET_KEY, shared by every node). */
  secrets: SecretBox;
  store: VideoJobStore;
  billing: UnitBilling;
  transport: UpstreamTransport;
  now: () => number;
  /** How long a job's record is kept after its account's last write (listing, settlement). */
  jobTtlMs: number;
}

/** One video creation, as the route checked it. */
export interface VideoCreation {
  requestId: string;
  token: TokenRecord;
  runtime: RuntimeConfig;
  model: RuntimeModel;
  request: VideoRequest;
  /** The candidate groups, in order. */
  candidates: GroupRoute[];
}

/** A job's record with the channel its id names. */
interface KnownJob {
  record: VideoJobRecord;
  channel: RuntimeChannel;
}

/** Serves the video job endpoints (see the file comment). */
export class VideoJobs {
  private readonly channels: ChannelWalk;

  constructor(private readonly deps: VideoJobsDeps) {
    this.channels = new ChannelWalk(deps);
  }

  /** Creates a job; resolves with its Video object and where it went (the group, the channel's kind). */
  async create(job: VideoCreation): Promise<{ video: Record<string, unknown>; group: string; channelKind: string }> {
    const { token, runtime, model, request, candidates } = job;
    const billing = this.deps.billing;
    const choice = { size: request.size };
    const reservedMicro = billing.estimate(model, candidates, runtime.exchangeRate, { videoSeconds: request.seconds }, choice);
    // Not the request id: a job outlives the process that created it (its reservation must not go with it).
    const reservationId = `vid_${randomBytes(12).toString('hex')}`;
    const startedAt = this.deps.now();
    await billing.reserve(token, reservationId, reservedMicro, VIDEO_RESERVATION_TTL_MS);
    let created: { group: GroupRoute['group']; channel: RuntimeChannel; upstreamId: string; state: UpstreamJobState } | undefined;
    try {
      created = await this.start(job);
    } catch (err) {
      const order: UnitOrder = { reservationId, requestId: job.requestId, token, model: model.id, group: null, channelId: null, formatIn: 'videos', formatOut: null, units: choice, reservedMicro, startedAt, httpStatus: err instanceof GatewayError ? err.status : 500 };
      void billing.release(order, null).catch((error: unknown) => log.error('reservation of a video job never created not released (it expires)', { reservationId, error: String(error) }));
      throw err;
    }
    const { group, channel, upstreamId, state } = created;
    const createdMs = this.deps.now();
    const createdAt = Math.floor(createdMs / 1000);
    const id = encodeVideoJobId(this.deps.secrets, token.accountId, { channelId: channel.id, upstreamId, createdAt });
    let record: VideoJobRecord = {
      id,
      tokenId: token.tokenId,
      model: model.id,
      group: group.name,
      channelId: channel.id,
      upstreamId,
      prompt: request.prompt,
      seconds: request.seconds,
      size: request.size,
      createdAt,
      createdMs,
      status: 'queued',
      progress: 0,
      completedAt: null,
      expiresAt: null,
      error: null,
      reservationId,
      reservedMicro: reservedMicro.toString(),
      rates: unitRates(model, group, runtime.exchangeRate, choice),
      settled: null,
    };
    record = await this.observe(token, record, state, true);
    return { video: videoObject(record), group: group.name, channelKind: channel.kind };
  }

  /** The job's current state, from its upstream (settling it when it just ended). */
  async retrieve(token: TokenRecord, runtime: RuntimeConfig, id: string): Promise<Record<string, unknown>> {
    const { record } = await this.poll(token, runtime, id);
    return videoObject(record);
  }

  /** The finished job's file (`variant`), as the upstream streams it. */
  async content(token: TokenRecord, runtime: RuntimeConfig, id: string, variant: string): Promise<{ type: string; length?: string; body: Readable }> {
    const { record, channel, state } = await this.poll(token, runtime, id);
    if (record.status !== 'completed') throw new GatewayError('invalid_request', `Video is not ready yet (status: ${record.status})`);
    const upstream = videoUpstreamFor(channel.kind)!;
    const res = await this.callWithKey(channel, record.model, record.group, (key) => {
      const exchange = upstream.content(channel, key, record.upstreamId, state, variant);
      if (typeof exchange === 'string') throw new GatewayError('not_found', exchange);
      return exchange;
    });
    const type = res.headers['content-type'];
    const length = res.headers['content-length'];
    return { type: typeof type === 'string' ? type : 'video/mp4', length: typeof length === 'string' ? length : undefined, body: res.body };
  }

  /** A page of the account's jobs as last seen (no upstream call). */
  async list(token: TokenRecord, page: { after?: string; limit: number; order: 'asc' | 'desc' }): Promise<Record<string, unknown>> {
    const records = await this.deps.store.list(token.accountId, { ...page, limit: page.limit + 1 });
    const data = records.slice(0, page.limit).map((r) => videoObject(JSON.parse(r) as VideoJobRecord));
    return { object: 'list', data, first_id: (data[0]?.id as string | undefined) ?? null, last_id: (data.at(-1)?.id as string | undefined) ?? null, has_more: records.length > page.limit };
  }

  /** Tries the candidate channels until one takes the job. */
  private async start(job: VideoCreation): Promise<{ group: GroupRoute['group']; channel: RuntimeChannel; upstreamId: string; state: UpstreamJobState }> {
    const { group, channel, value } = await this.channels.walk({
      model: job.model.id,
      requestId: job.requestId,
      candidates: job.candidates,
      upstreamFor: videoUpstreamFor,
      makes: 'videos',
      asFailure,
      call: async (channel, upstream, key, upstreamModel, record) => {
        let exchange: VideoExchange;
        try {
          exchange = upstream.create(channel, key, upstreamModel, job.request);
        } catch (err) {
          throw err instanceof UntranslatableVideo ? new ChannelUnsuited(err.message) : err;
        }
        return upstream.created(await this.json(channel, exchange, record, key));
      },
    });
    return { group, channel, ...value };
  }

  /** The job `id` names, for `token`'s account: its record and the state its upstream reports now. */
  private async poll(token: TokenRecord, runtime: RuntimeConfig, id: string): Promise<KnownJob & { state: UpstreamJobState }> {
    const ref = decodeVideoJobId(this.deps.secrets, token.accountId, id);
    if (!ref) throw notFound(id);
    const channel = runtime.channels.get(ref.channelId);
    const upstream = channel && videoUpstreamFor(channel.kind);
    if (!channel || !upstream) throw new GatewayError('not_found', `The video '${id}' is on a channel that is no longer configured`);
    const stored = await this.deps.store.get(token.accountId, id);
    // A record that expired (or Redis lost): the job is still shown, from the id and the upstream.
    const record: VideoJobRecord = stored ? (JSON.parse(stored) as VideoJobRecord) : orphan(id, ref, channel.id);
    let state: UpstreamJobState;
    try {
      const tried = await this.tryKeys(channel, record.model, record.group, (key) => upstream.poll(channel, key, ref.upstreamId));
      state = 'value' in tried || !goneUpstream(tried.failure) ? upstream.state(await readJson(answerOf(tried))) : goneState(record.progress);
    } catch (err) {
      // An answer cut short or not understood is the upstream's fault, told as such (502).
      throw err instanceof GatewayError ? err : asFailure(err).clientError;
    }
    return { record: stored ? await this.observe(token, record, state, false) : withState(record, state, this.nowSeconds()), channel, state };
  }

  /**
   * Keeps a newly seen state: settles the job when it just ended (unit billing; once across
   * nodes), and stores the record when something changed.
   */
  private async observe(token: TokenRecord, before: VideoJobRecord, state: UpstreamJobState, isNew: boolean): Promise<VideoJobRecord> {
    const accountId = token.accountId;
    const record = withState(before, state, this.nowSeconds());
    if (record.settled === null && ended(record.status)) {
      const order: UnitOrder = {
        reservationId: record.reservationId,
        requestId: record.reservationId,
        token: { accountId, tokenId: record.tokenId },
        model: record.model,
        group: record.group,
        channelId: record.channelId,
        formatIn: 'videos',
        formatOut: 'videos',
        units: { size: record.size },
        reservedMicro: BigInt(record.reservedMicro),
        startedAt: record.createdMs,
        httpStatus: 200,
      };
      try {
        // Charged for the seconds the upstream says it made, else those asked for; a second poll (any node) finds it done.
        if (record.status === 'completed') await this.deps.billing.settle(order, makeUsage({ videoSeconds: state.seconds ?? record.seconds }), record.rates);
        else await this.deps.billing.release(order, record.rates);
        record.settled = record.status === 'completed' ? 'charged' : 'released';
      } catch (err) {
        // Redis refused: the next poll settles it (the reservation is held meanwhile).
        log.warn('video job not settled yet', { id: record.id, error: String(err) });
      }
    }
    if (isNew || JSON.stringify(record) !== JSON.stringify(before)) {
      await this.deps.store.put(accountId, { id: record.id, createdAt: record.createdMs, record: JSON.stringify(record) }, this.deps.jobTtlMs, this.deps.now());
    }
    return record;
  }

  /**
   * One exchange with the channel of an existing job, with its keys in turn (a rejected key is
   * dropped and reported, the next one tried); counted for health. Throws the client's error.
   */
  private async callWithKey(channel: RuntimeChannel, model: string, group: string, build: (key: string) => VideoExchange): Promise<UpstreamResponse> {
    return answerOf(await this.tryKeys(channel, model, group, build));
  }

  /**
   * The exchange of {@link callWithKey}: its answer, or the failure that ended it (none: no usable
   * key). A 404 moves on to the next key too: the job may be another key's project's.
   */
  private tryKeys(channel: RuntimeChannel, model: string, group: string, build: (key: string) => VideoExchange): Promise<KeysTried> {
    return this.channels.withKeys(channel, group, model, (key, record) => this.send(channel, build(key), record, key), asFailure, goneUpstream);
  }

  /** Sends one exchange and reads its JSON answer. */
  private async json(channel: RuntimeChannel, exchange: VideoExchange, record: AttemptRecord, key: string): Promise<unknown> {
    return readJson(await this.send(channel, exchange, record, key));
  }

  /**
   * Sends one exchange; resolves once a 2xx answer's headers came (its body then flows with an
   * idle limit between chunks); an error status is read and thrown as an UpstreamFailure.
   */
  private async send(channel: RuntimeChannel, exchange: VideoExchange, record: AttemptRecord, key: string): Promise<UpstreamResponse> {
    const hide = [key, ...(channel.baseUrl ? [channel.baseUrl, hostOf(channel.baseUrl)] : [])];
    const res = await exchangeOnce(this.deps.transport, channel, exchange, record, { timeoutMs: channel.timeouts.firstByteMs, hide, now: this.deps.now });
    return { ...res, body: withIdleLimit(res.body, channel.timeouts.idleMs ?? channel.timeouts.firstByteMs) };
  }

  private nowSeconds(): number {
    return Math.floor(this.deps.now() / 1000);
  }
}

/** How an exchange over a channel's keys went. */
type KeysTried = { value: UpstreamResponse } | { failure?: UpstreamFailure };

/** The answer of an exchange over a channel's keys, or the client's error. */
function answerOf(tried: KeysTried): UpstreamResponse {
  if ('value' in tried) return tried.value;
  throw tried.failure?.clientError ?? new GatewayError('unavailable', 'The channel of this video has no usable upstream key right now');
}

/** Did the upstream answer that it has no such job (404 to the job's status or content request)? */
function goneUpstream(failure: UpstreamFailure | undefined): boolean {
  return failure?.result === 'status' && failure.status === 404;
}

/**
 * The state of a job its upstream no longer has: failed, so it is charged nothing and its
 * reservation goes back at once (a job that had already ended keeps its status: see withState).
 */
function goneState(progress: number): UpstreamJobState {
  return { status: 'failed', progress, error: { code: 'video_not_found_upstream', message: 'The upstream no longer has this job' } };
}

/** The 404 of a job id that is unknown, forged, or another account's (indistinguishable on purpose). */
function notFound(id: string): GatewayError {
  return new GatewayError('not_found', `No video found with id '${id.length > 100 ? `${id.slice(0, 100)}...` : id}'`);
}

/** A failure thrown by an attempt, as an UpstreamFailure (a malformed answer fails the attempt). */
function asFailure(err: unknown): UpstreamFailure {
  if (err instanceof UpstreamFailure) return err;
  if (err instanceof MalformedAnswer) return new UpstreamFailure('bad-response', true, new GatewayError('upstream', `The upstream's answer was not understood: ${err.message}`));
  if (err instanceof GatewayError) return new UpstreamFailure('status', false, err);
  throw err;
}

/** Reads a JSON answer whole (small: a job's state). */
async function readJson(res: UpstreamResponse): Promise<unknown> {
  const read = await readBounded(res.body, MAX_ANSWER_BYTES).catch(() => {
    throw new UpstreamFailure('cut', true, new GatewayError('upstream', 'The upstream connection broke off before the answer was complete'));
  });
  if (read === undefined) throw new MalformedAnswer('the answer is too large');
  try {
    return JSON.parse(read.toString('utf8'));
  } catch {
    throw new MalformedAnswer('the answer is not JSON');
  }
}

/** The body, failed when the upstream falls silent for `idleMs` between chunks (a download that stalls). */
function withIdleLimit(body: Readable, idleMs: number): Readable {
  const timer = setTimeout(() => body.destroy(new Error('The upstream stopped sending')), idleMs);
  const watched = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      timer.refresh();
      done(null, chunk);
    },
  });
  pipeline(body, watched, () => clearTimeout(timer));
  return watched;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The record of a job whose stored record is gone: what its id says (it is charged by no one: its reservation expired with it). */
function orphan(id: string, ref: { channelId: string; upstreamId: string; createdAt: number }, channelId: string): VideoJobRecord {
  return {
    id,
    tokenId: '',
    model: '',
    group: '',
    channelId,
    upstreamId: ref.upstreamId,
    prompt: '',
    seconds: 0,
    size: '',
    createdAt: ref.createdAt,
    createdMs: ref.createdAt * 1000,
    status: 'queued',
    progress: 0,
    completedAt: null,
    expiresAt: null,
    error: null,
    reservationId: '',
    reservedMicro: '0',
    rates: { prices: {}, billing: 'tokens', groupMultiplier: '1', modelMultiplier: '1', exchangeRate: '1' },
    settled: 'released',
  };
}
