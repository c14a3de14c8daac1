/**
 * Upstream event streams through a real, metered data plane, in all four upstream formats, from
 * an upstream of this file that chunks and frames its bytes unevenly (CRLF or LF line ends,
 * keep-alive comments, an event's data over two lines, chunks of 1 to 200 bytes): a client of the
 * upstream's own format gets the upstream's bytes exactly (less the usage-only chunk it did not
 * ask for), and each event's data is parsed once, whoever reads it (the stream watch, metering's
 * usage tap, the usage-only chunk filter, the Responses tally, a translator).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { Metering } from '../../data-plane/billing/metering.js';
import type { WireFormat } from '../../shared/formats.js';
import type { ChannelKind } from '../../shared/snapshot/types.js';
import { messagesStream } from '../fakes/wire/anthropic-messages.js';
import { geminiStream } from '../fakes/wire/gemini.js';
import { chatStream } from '../fakes/wire/openai-chat.js';
import { responsesStream } from '../fakes/wire/openai-responses.js';
import type { CannedReply, ReplyContext, WireEvent } from '../fakes/wire/reply.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { PATIENT_TIMEOUTS, kindModel, membership, testCatalog, testChannel, testGroup, testModel } from '../support/relay-catalog.js';

const REPLY: CannedReply = {
  text: 'Grüße 👋, "quoted" and a\nline break',
  toolCalls: [{ id: 'call_1', name: 'lookup', arguments: { city: 'Zürich' } }],
  usage: { input: 11, cacheRead: 0, cacheWrite: 0, output: 7, reasoning: 0 },
};
const CTX: ReplyContext = { model: 'up', body: { stream: true, stream_options: { include_usage: true } }, serial: 1 };
const CHUNK_SIZES = [1, 7, 30, 200, 3];

/** One upstream format: its channel kind, its events, how its bytes are framed, and how a client of that format asks. */
interface Upstream {
  kind: ChannelKind;
  events: WireEvent[];
  eol: string;
  path: (model: string) => string;
  headers: (key: string) => Record<string, string>;
}

const UPSTREAMS: Record<WireFormat, Upstream> = {
  'chat-completions': {
    kind: 'openai',
    events: [...chatStream(REPLY, CTX, 'openai')],
    eol: '\n',
    path: () => '/v1/chat/completions',
    headers: (key) => ({ authorization: `Bearer ${key}` }),
  },
  messages: {
    kind: 'anthropic',
    events: [...messagesStream(REPLY, CTX)],
    eol: '\r\n',
    path: () => '/v1/messages',
    headers: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
  },
  generateContent: {
    kind: 'gemini',
    events: [...geminiStream(REPLY, CTX)],
    eol: '\n',
    path: (model) => `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
    headers: (key) => ({ 'x-goog-api-key': key }),
  },
  responses: {
    kind: 'openai',
    events: [...responsesStream(REPLY, CTX)],
    eol: '\r\n',
    path: () => '/v1/responses',
    headers: (key) => ({ authorization: `Bearer ${key}` }),
  },
};

/** One upstream event as sent: its bytes, its data as a reader joins its lines, and a keep-alive after it (or ''). */
interface Frame {
  bytes: string;
  data: string;
  after: string;
}

/** The upstream's events framed with `eol`: every third event's data over two lines, a keep-alive after every fourth. */
function frames(events: WireEvent[], eol: string): Frame[] {
  return events.map((e, i) => {
    const text = e.data === '[DONE]' ? '[DONE]' : JSON.stringify(e.data);
    const comma = text.indexOf(',');
    // JSON allows a line break between tokens: the two data lines join into an equal value.
    const [data, lines] = i % 3 === 1 && comma !== -1 ? [`${text.slice(0, comma + 1)}\n${text.slice(comma + 1)}`, `data: ${text.slice(0, comma + 1)}${eol}data: ${text.slice(comma + 1)}`] : [text, `data: ${text}`];
    const name = e.event === undefined ? '' : `event: ${e.event}${eol}`;
    return { bytes: `${name}${lines}${eol}${eol}`, data, after: i % 4 === 3 ? `: keep-alive${eol}${eol}` : '' };
  });
}

const joined = (list: Frame[]) => list.map((f) => f.bytes + f.after).join('');

/** The data texts of `list` that the gateway parses (all but `[DONE]`), and how often each occurs. */
function parsedTexts(list: Frame[]): [string[], number[]] {
  const texts = list.map((f) => f.data).filter((d) => d !== '[DONE]');
  return [texts, texts.map((t) => texts.filter((x) => x === t).length)];
}

/** The upstream of this file: every stream request gets `format`'s bytes, in uneven chunks. */
async function startUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = req.url ?? '';
      const format: WireFormat = url.includes(':streamGenerateContent') ? 'generateContent' : url.endsWith('/messages') ? 'messages' : url.endsWith('/responses') ? 'responses' : 'chat-completions';
      const bytes = Buffer.from(joined(frames(UPSTREAMS[format].events, UPSTREAMS[format].eol)), 'utf8');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      void (async () => {
        for (let at = 0, i = 0; at < bytes.length; i++) {
          const size = CHUNK_SIZES[i % CHUNK_SIZES.length];
          res.write(bytes.subarray(at, at + size));
          at += size;
          await new Promise((resolve) => setImmediate(resolve));
        }
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let bed: RelayBed;
let metering: Metering;
let key: string;

beforeAll(async () => {
  upstream = await startUpstream();
  const kinds: ChannelKind[] = ['openai', 'anthropic', 'gemini'];
  bed = await startRelayBed(
    () =>
      testCatalog({
        groups: [testGroup('all')],
        channels: kinds.map((kind) => testChannel(`ch-${kind}`, kind, upstream.url, [kindModel(kind)], { timeouts: PATIENT_TIMEOUTS })),
        memberships: kinds.map((kind) => membership('all', `ch-${kind}`)),
        models: kinds.map((kind) => testModel(kindModel(kind).model)),
      }),
    { pipeline: { meter: (ctx, next) => metering.middleware(ctx, next) } },
  );
  metering = new Metering({ balances: bed.ports.balances, usage: bed.ports.usage, node: 'event-stream-test' });
  await bed.ports.balances.load('acct-1', 10n ** 12n, new Map());
  key = await bed.token({ groups: ['all'] });
});
afterAll(async () => {
  await metering?.close();
  await bed?.stop();
  await upstream?.close();
});

/** Streams `model` from a client of `format`; `body`: the format's request body, less `stream`. */
async function stream(format: WireFormat, model: string, body: Record<string, unknown>): Promise<Buffer> {
  const client = UPSTREAMS[format];
  const res = await fetch(`${bed.url}${client.path(model)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...client.headers(key) },
    body: JSON.stringify(format === 'generateContent' ? body : { ...body, model, stream: true }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: 'text/event-stream; charset=utf-8' });
  return bytes;
}

const BODIES: Record<WireFormat, Record<string, unknown>> = {
  'chat-completions': { messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true } },
  messages: { max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] },
  generateContent: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
  responses: { input: 'hi' },
};
const KIND_OF: Record<WireFormat, ChannelKind> = { 'chat-completions': 'openai', messages: 'anthropic', generateContent: 'gemini', responses: 'openai' };

/** How many times each of `texts` went through JSON.parse while `fn` ran. */
async function parsesOf(texts: string[], fn: () => Promise<unknown>): Promise<number[]> {
  const counts = new Map(texts.map((t) => [t, 0]));
  const parse = jest.spyOn(JSON, 'parse');
  try {
    await fn();
    for (const [text] of parse.mock.calls) if (typeof text === 'string' && counts.has(text)) counts.set(text, counts.get(text)! + 1);
  } finally {
    parse.mockRestore();
  }
  return texts.map((t) => counts.get(t)!);
}

describe.each(Object.keys(UPSTREAMS) as WireFormat[])('a %s upstream', (format) => {
  const sent = frames(UPSTREAMS[format].events, UPSTREAMS[format].eol);
  const model = kindModel(KIND_OF[format]).model;

  test('its client gets its bytes exactly, and each event is parsed once', async () => {
    let received: Buffer = Buffer.alloc(0);
    const [texts, occurrences] = parsedTexts(sent);
    const parses = await parsesOf(texts, async () => (received = await stream(format, model, BODIES[format])));
    expect(received.toString('utf8')).toBe(joined(sent));
    expect(parses).toEqual(occurrences);
  });
});

test('a chat client that did not ask for usage gets the upstream bytes less the usage-only chunk', async () => {
  const { events, eol } = UPSTREAMS['chat-completions'];
  const { stream_options: _asked, ...body } = BODIES['chat-completions'];
  const received = await stream('chat-completions', kindModel('openai').model, body);
  const usageOnly = events.findIndex((e) => (e.data as { choices?: unknown[] }).choices?.length === 0);
  expect(usageOnly).toBeGreaterThan(0);
  // The chunk's own bytes go; a keep-alive after it is the upstream's and stays.
  const expected = frames(events, eol).map((f, i) => (i === usageOnly ? { ...f, bytes: '' } : f));
  expect(received.toString('utf8')).toBe(joined(expected));
});

test('a translated stream parses each upstream event once too', async () => {
  const [texts, occurrences] = parsedTexts(frames(UPSTREAMS.messages.events, UPSTREAMS.messages.eol));
  let received = '';
  const parses = await parsesOf(texts, async () => (received = (await stream('chat-completions', kindModel('anthropic').model, BODIES['chat-completions'])).toString('utf8')));
  expect(received.endsWith('data: [DONE]\n\n')).toBe(true);
  expect(parses).toEqual(occurrences);
});
