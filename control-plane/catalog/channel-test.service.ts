import type { EntityManager } from '@mikro-orm/postgresql';
import type { Readable } from 'node:stream';
import type { SecretBox } from '../../shared/crypto/secrets.js';
import type { WireFormat } from '../../shared/formats.js';
import { CompileError, compileChannel } from '../../shared/snapshot/compile.js';
import type { RuntimeChannel } from '../../shared/snapshot/runtime-config.js';
import { providerFor } from '../../shared/wire/providers/registry.js';
import { KeyRejected, UpstreamFailure, redact } from '../../shared/wire/failure.js';
import { upstreamFormat } from '../../shared/wire/translators.js';
import { prepareRequest, type ClientRequest } from '../../shared/wire/prepare.js';
import { readUpstreamStream } from '../../shared/wire/upstream-stream.js';
import type { AnswerReading } from '../../shared/wire/attempt.js';
import type { StreamEvent, Translator } from '../../shared/wire/translate/translator.js';
import { badInput } from '../graphql/errors.js';
import { probeBody } from '../health/probe-request.js';
import { toChannel } from '../publish/snapshot.builder.js';
import { AnswerError, bodyText, eventText } from './answer-text.js';
import { ChannelCaller, callDeadlineMs, type AnswerReader, type ChannelCall } from './channel-call.js';
import type { ChannelService } from './channel.service.js';
import { formatInput } from './validate.js';

/** Output cap of a test request (the Responses API accepts none below 16). */
const TEST_MAX_TOKENS = 16;
/** Characters of the answer shown. */
const SAMPLE_CHARS = 200;
/** Largest non-streamed test answer read. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** What the administrator asked for; omitted fields take the channel's defaults. */
export interface ChannelTestRequest {
  /** The client format to test in; default: the channel kind's native format. */
  format?: string | null;
  stream: boolean;
  /** Our model id; default: the channel's first served model. */
  model?: string | null;
}

/** What one channel test found. */
export interface ChannelTestOutcome {
  ok: boolean;
  /** Whole exchange, ms; null when nothing was sent. */
  latencyMs: number | null;
  /** Streams: until the first byte of the stream body, ms. */
  firstByteMs: number | null;
  /** The upstream's HTTP status; null when none arrived. */
  status: number | null;
  /** What went wrong, short; never the key nor where the upstream lives. */
  error: string | null;
  model: string;
  format: WireFormat;
  stream: boolean;
  /** The start of the answer's text. */
  sample: string | null;
}

/**
 * The administrators' "test channel": one real, small request through one channel with its first
 * enabled key, in a chosen client format and stream mode, translated to the channel's format and
 * back exactly as traffic is (so a translation problem shows as well as an upstream one), sent
 * as the relay sends it (see {@link ChannelCaller}; the demo kind answers in-process). The channel is
 * tested as stored, whatever its status. Nothing is changed: a key the upstream rejects is
 * reported, not disabled.
 */
export class ChannelTestService {
  private readonly caller = new ChannelCaller();

  constructor(
    private readonly channels: ChannelService,
    private readonly box: SecretBox,
  ) {}

  /** Tests channel `id` (NOT_FOUND when unknown; BAD_USER_INPUT for a bad format or model). */
  async test(em: EntityManager, id: string, req: ChannelTestRequest): Promise<ChannelTestOutcome> {
    const entity = await this.channels.get(em, id);
    const format = req.format == null ? providerFor(entity.kind).formats[0] : formatInput('format', req.format);
    const model = req.model?.trim() || entity.models[0];
    if (!model) throw badInput('model', 'the channel serves no model: name one');
    const { stream } = req;
    const refused = (error: string): ChannelTestOutcome => ({ ok: false, latencyMs: null, firstByteMs: null, status: null, error, model, format, stream, sample: null });

    const key = entity.keys.getItems().find((k) => k.enabled);
    if (!entity.isDemo && !key) return refused('The channel has no enabled key');
    let channel: RuntimeChannel;
    try {
      const keys = key ? [{ id: key.id, keyEncrypted: key.keyEncrypted, enabled: true, channel: entity.id }] : [];
      channel = compileChannel(toChannel(entity, keys), 0, this.box);
    } catch (err) {
      if (err instanceof CompileError) return refused('The key cannot be decrypted with this SECRET_KEY');
      throw err;
    }
    const upstreamModel = channel.upstreamModels.get(model) ?? model;

    // The request as a client of `format` would send it, then as the relay prepares it.
    const wire = upstreamFormat(channel.kind, format);
    if (wire === undefined) return refused(`No translator takes ${format} requests to a ${channel.kind} channel`);
    const asked = probeBody(format, model, stream, TEST_MAX_TOKENS);
    const prepared = prepareRequest({ format, body: asked, rawBody: Buffer.from(JSON.stringify(asked)), stream, clientHeaders: {}, model: testTerms(model) }, channel, upstreamModel);
    if (prepared instanceof UpstreamFailure) return refused(`The request cannot be translated to ${wire}: ${prepared.clientError.message}`);
    const { translator } = prepared;

    const started = performance.now();
    let firstByteMs: number | null = null;
    const read: AnswerReader<string> = stream
      ? (b, reading) => {
          const received = () => {
            reading.received();
            firstByteMs ??= Math.round(performance.now() - started);
          };
          return streamText(b, wire, format, translator, { ...reading, received });
        }
      : async (_b, { whole }) => answerText(await whole(MAX_ANSWER_BYTES), format, translator);
    const call = await this.caller.call({ channel, format: wire, model, upstreamModel, stream, body: prepared.body }, read);
    return {
      ok: call.failure === null,
      latencyMs: Math.round(call.latencyMs),
      firstByteMs: stream ? firstByteMs : null,
      status: call.status,
      error: call.failure === null ? null : errorMessage(call, channel, stream),
      model,
      format,
      stream,
      sample: call.answer?.slice(0, SAMPLE_CHARS) ?? null,
    };
  }

  /** Closes the connection pools. */
  async stop(): Promise<void> {
    await this.caller.close();
  }
}

/** The model's terms for a test request: its own small output cap, no parameter refused. */
function testTerms(id: string): ClientRequest['model'] {
  return { id, defaultMaxOutputTokens: TEST_MAX_TOKENS, limits: { maxOutputTokens: null }, rejectedParameters: [] };
}

/** A failed call, told briefly, with the key and the upstream's address taken out. */
function errorMessage(call: ChannelCall<string>, channel: RuntimeChannel, stream: boolean): string {
  const secrets = channel.keys.map((k) => k.secret);
  if (channel.baseUrl) secrets.push(channel.baseUrl, new URL(channel.baseUrl).host);
  const t = channel.timeouts;
  const cause = call.error instanceof Error ? call.error.message : String(call.error);
  let message: string;
  switch (call.failure) {
    case 'timeout':
      message = `The upstream did not answer in time (first byte within ${t.firstByteMs} ms, whole answer within ${callDeadlineMs(channel)} ms)`;
      break;
    case 'connect': {
      const code = call.failed?.code;
      message = `The upstream could not be reached${code === undefined ? '' : ` (${code})`}`;
      break;
    }
    case 'upstream_4xx':
    case 'upstream_5xx':
      if (call.status !== null && call.status < 400) {
        message = `The stream carried an error: ${call.failed?.clientError.message}`;
        break;
      }
      message = `HTTP ${call.status}: ${call.failed?.clientError.message}`;
      // Traffic would take this key out of rotation; a test only reports.
      if (call.failed instanceof KeyRejected) message += '. The key may be invalid; it was not disabled (use setChannelKeyEnabled)';
      break;
    case 'cut_stream':
      message = stream ? `The stream broke off: ${cause}` : `The answer broke off: ${cause}`;
      break;
    default:
      message = call.error instanceof AnswerError ? `The answer is an error: ${cause}` : `The answer could not be read: ${cause}`;
  }
  return redact(message, secrets);
}

/** A complete answer's text, translated to the client's format first. */
function answerText(bytes: Buffer, format: WireFormat, translator: Translator | undefined): string {
  const parsed: unknown = JSON.parse(bytes.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('the answer is not a JSON object');
  const answer = parsed as Record<string, unknown>;
  return bodyText(format, translator ? translator.response(answer) : answer);
}

/**
 * A stream's text (up to the sample length): the upstream's stream (in `wire`) read and judged as
 * the relay reads it, each event translated to the client's format first.
 */
async function streamText(body: Readable, wire: WireFormat, format: WireFormat, translator: Translator | undefined, reading: AnswerReading): Promise<string> {
  let text = '';
  const take = (out: StreamEvent[]) => {
    for (const e of out) {
      const added = eventText(format, e);
      if (text.length < SAMPLE_CHARS) text += added;
    }
  };
  await readUpstreamStream(body, wire, reading, (event) => take(translator ? translator.streamEvent(event) : [event]));
  if (translator) take(translator.streamEnd());
  return text;
}
