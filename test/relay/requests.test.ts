/**
 * The endpoints over plain HTTP: the auth forms of each format, bad input answered in the
 * client's own error shape with the right status, routing rules (unsupported format, automatic
 * routing), model listings and token counting.
 */
import http from 'node:http';
import { WIRE_FORMATS, type WireFormat } from '../../shared/formats.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, patientRelayCatalog } from '../support/relay-catalog.js';

let bed: RelayBed;
let key: string;

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog, { env: { MAX_BODY_BYTES: '4096' } });
  key = await bed.token({ groups: ['all'] });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

interface Sent {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** The path, auth headers and a valid body of each format's generation endpoint. */
function request(format: WireFormat, apiKey: string | null, model = 'm-openai'): { path: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const auth: Record<string, string> = apiKey === null ? {} : { authorization: `Bearer ${apiKey}` };
  switch (format) {
    case 'chat-completions':
      return { path: '/v1/chat/completions', headers: auth, body: { model, messages: [{ role: 'user', content: 'Hi' }] } };
    case 'responses':
      return { path: '/v1/responses', headers: auth, body: { model, input: 'Hi' } };
    case 'messages':
      return {
        path: '/v1/messages',
        headers: { 'anthropic-version': '2023-06-01', ...(apiKey === null ? {} : { 'x-api-key': apiKey }) },
        body: { model, max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] },
      };
    case 'generateContent':
      return {
        path: `/v1beta/models/${model}:generateContent`,
        headers: apiKey === null ? {} : { 'x-goog-api-key': apiKey },
        body: { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      };
  }
}

async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Record<string, unknown> } = {}): Promise<Sent> {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const res = await fetch(bed.url + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers: { 'content-type': 'application/json', ...init.headers }, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** POSTs a chunked body whose first part is sent and whose end never comes; resolves with the answer's status and Connection header. */
function openBody(path: string, headers: Record<string, string>): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(bed.url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      req.destroy();
    });
    req.on('error', reject);
    req.write('{"model": "m-openai", "padding": "');
  });
}

/** Asserts an error in `format`'s own envelope, and returns its message. */
function expectError(format: WireFormat, sent: Sent, status: number): string {
  expect(sent.status).toBe(status);
  const body = sent.body as { type?: string; error: { message: string; type?: string; code?: number; status?: string } };
  if (format === 'messages') {
    expect(body.type).toBe('error');
    expect(typeof body.error.type).toBe('string');
  } else if (format === 'generateContent') {
    expect(body.error.code).toBe(status);
    expect(typeof body.error.status).toBe('string');
  } else {
    expect(typeof body.error.type).toBe('string');
  }
  expect(body.error.message).toContain('request id: req_');
  return body.error.message;
}

describe('auth forms', () => {
  test('messages with x-api-key and anthropic-version: 2023-06-01', async () => {
    const r = request('messages', key);
    const sent = await send(r.path, { headers: r.headers, body: r.body });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ type: 'message', role: 'assistant' });
    expect(sent.headers.get('x-meridian-group')).toBe('all');
  });

  test('generateContent with ?key= (which is not forwarded upstream)', async () => {
    const r = request('generateContent', null, 'm-gemini');
    const sent = await send(`${r.path}?key=${key}`, { body: r.body });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Hello from the fake upstream.' }] } }] });
    const upstream = bed.upstream.requestsFor(keyOf('ch-gemini')).at(-1)!;
    expect(upstream.query.has('key')).toBe(false);
    expect(JSON.stringify(upstream.headers)).not.toContain(key);
  });

  test('generateContent under the /v1 prefix too, with its streaming method', async () => {
    const r = request('generateContent', key, 'm-gemini');
    const plain = await send(r.path.replace('/v1beta/', '/v1/'), { headers: r.headers, body: r.body });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Hello from the fake upstream.' }] } }] });
    const res = await fetch(`${bed.url}/v1/models/m-gemini:streamGenerateContent?alt=sse`, { method: 'POST', headers: { 'content-type': 'application/json', ...r.headers }, body: JSON.stringify(r.body) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await res.text()).toContain('"finishReason"');
  });

  test('the client key never travels upstream', async () => {
    for (const format of WIRE_FORMATS) {
      const r = request(format, key);
      expect((await send(r.path, { headers: r.headers, body: r.body })).status).toBe(200);
    }
    for (const sent of bed.upstream.requests) expect(JSON.stringify(sent.headers) + sent.rawBody).not.toContain(key);
  });
});

describe.each(WIRE_FORMATS)('bad input in %s', (format) => {
  const r = () => request(format, key);

  test('missing, invalid, disabled and expired keys', async () => {
    const base = r();
    expectError(format, await send(base.path, { headers: request(format, null).headers, body: base.body }), 401);
    const unknown = request(format, 'sk-unknownunknownunknownunknown');
    expectError(format, await send(unknown.path, { headers: unknown.headers, body: unknown.body }), 401);
    const disabled = request(format, await bed.token({ groups: ['all'], status: 'disabled' }));
    expectError(format, await send(disabled.path, { headers: disabled.headers, body: disabled.body }), 403);
    const expired = request(format, await bed.token({ groups: ['all'], expiresAt: Date.now() - 1000 }));
    expectError(format, await send(expired.path, { headers: expired.headers, body: expired.body }), 401);
  });

  test('malformed JSON', async () => {
    const { path, headers } = r();
    expect(expectError(format, await send(path, { headers, body: '{"model": ' }), 400)).toContain('not valid JSON');
  });

  test('wrong content type', async () => {
    const { path, headers, body } = r();
    expectError(format, await send(path, { headers: { ...headers, 'content-type': 'text/plain' }, body }), 400);
  });

  test('missing the required field', async () => {
    const { path, headers, body } = r();
    const field = { 'chat-completions': 'messages', responses: 'input', messages: 'messages', generateContent: 'contents' }[format];
    const { [field]: _dropped, ...rest } = body;
    expect(expectError(format, await send(path, { headers, body: rest }), 400)).toContain(field);
    if (format !== 'generateContent') {
      const { model: _model, ...noModel } = body;
      expect(expectError(format, await send(path, { headers, body: noModel }), 400)).toContain('model');
    }
  });

  test('wrong field types', async () => {
    const { path, headers, body } = r();
    const field = format === 'generateContent' ? 'contents' : 'messages' in body ? 'messages' : 'input';
    expect(expectError(format, await send(path, { headers, body: { ...body, [field]: 42 } }), 400)).toContain(field);
    if (format !== 'generateContent') expectError(format, await send(path, { headers, body: { ...body, stream: 'yes' } }), 400);
  });

  test('unknown model', async () => {
    const { path, headers, body } = request(format, key, 'no-such-model');
    expectError(format, await send(path, { headers, body }), format === 'responses' ? 400 : 404);
  });

  test('a body over the limit is 413', async () => {
    const { path, headers, body } = r();
    expectError(format, await send(path, { headers, body: { ...body, padding: 'x'.repeat(5000) } }), 413);
  });

  test('an oversize body is refused with 401 without a key (before it is read), with 413 with a valid key', async () => {
    const { path, headers, body } = r();
    const noKey = request(format, null).headers;
    const oversize = { ...body, padding: 'x'.repeat(5000) };
    expectError(format, await send(path, { headers: noKey, body: oversize }), 401);
    expectError(format, await send(path, { headers, body: oversize }), 413);
    // A chunked body that never ends: the refusal comes without waiting for it, and closes the connection.
    const open = await openBody(path, noKey);
    expect(open.status).toBe(401);
    expect(open.connection).toBe('close');
  });

  test('a model outside the allow-list is 403', async () => {
    const limited = request(format, await bed.token({ groups: ['all'], modelAllowList: ['m-anthropic'] }));
    expectError(format, await send(limited.path, { headers: limited.headers, body: limited.body }), 403);
  });
});

describe('messages specifics', () => {
  test('max_tokens and anthropic-version are required, as the real API says', async () => {
    const { path, headers, body } = request('messages', key);
    const { max_tokens: _m, ...noMax } = body;
    expect(expectError('messages', await send(path, { headers, body: noMax }), 400)).toContain('max_tokens: Field required');
    const { 'anthropic-version': _v, ...noVersion } = headers;
    expect(expectError('messages', await send(path, { headers: noVersion, body }), 400)).toContain('anthropic-version: header is required');
  });

  test('count_tokens answers locally', async () => {
    const sent = await send('/v1/messages/count_tokens', { headers: request('messages', key).headers, body: { model: 'm-anthropic', messages: [{ role: 'user', content: 'Hello there' }] } });
    expect(sent.status).toBe(200);
    expect(sent.body.input_tokens).toBeGreaterThan(0);
  });

  test('count_tokens is refused as a generation would be: unknown model, model outside the allow-list, format outside the groups', async () => {
    const count = async (token: string, model: string) =>
      send('/v1/messages/count_tokens', { headers: request('messages', token).headers, body: { model, messages: [{ role: 'user', content: 'Hello there' }] } });
    expect(expectError('messages', await count(key, 'm-nope'), 404)).toContain("'m-nope'");
    expect(expectError('messages', await count(await bed.token({ groups: ['all'], modelAllowList: ['m-openai'] }), 'm-anthropic'), 403)).toContain("'m-anthropic'");
    expect(expectError('messages', await count(await bed.token({ groups: ['gamma'] }), 'm-openai'), 400)).toMatch(/^Unsupported API format/);
  });
});

describe('routing', () => {
  test('a token on gamma calling chat-completions gets Unsupported API format (400)', async () => {
    const gamma = await bed.token({ groups: ['gamma'] });
    const r = request('chat-completions', gamma);
    const sent = await send(r.path, { headers: r.headers, body: r.body });
    expect(expectError('chat-completions', sent, 400)).toMatch(/^Unsupported API format/);
    const ok = request('responses', gamma);
    expect((await send(ok.path, { headers: ok.headers, body: ok.body })).status).toBe(200);
  });

  test('a token without groups routes automatically: pay-per-use first, then the cheapest', async () => {
    const auto = await bed.token({ groups: [] });
    const r = request('chat-completions', auto, 'm-auto-latest');
    const sent = await send(r.path, { headers: r.headers, body: r.body });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-meridian-group')).toBe('cheap');
    bed.upstream.script(keyOf('auto-cheap'), { kind: 'error', status: 500 });
    const next = await send(r.path, { headers: r.headers, body: r.body });
    expect(next.headers.get('x-meridian-group')).toBe('pricey');
  });
});

describe('paths', () => {
  test('a path or method no endpoint takes is a 404 in the format the path belongs to', async () => {
    const chat = request('chat-completions', key);
    expect(expectError('chat-completions', await send(chat.path, { headers: chat.headers }), 404)).toContain('No route for GET /v1/chat/completions');
    // Paths as the APIs spell them: no trailing slash, no other case.
    expectError('chat-completions', await send(`${chat.path}/`, { headers: chat.headers, body: chat.body }), 404);
    expectError('chat-completions', await send('/v1/Chat/Completions', { headers: chat.headers, body: chat.body }), 404);
    const gemini = request('generateContent', key);
    expectError('generateContent', await send(gemini.path.replace(':generateContent', ':countTokens'), { headers: gemini.headers, body: gemini.body }), 404);
    expectError('messages', await send('/v1/messages/count_tokens', { headers: { 'anthropic-version': '2023-06-01', 'x-api-key': key } }), 404);
  });

  test('a model named in the path may be escaped, and may carry the models/ prefix', async () => {
    const gemini = request('generateContent', key, 'models%2Fm-gemini');
    const sent = await send(gemini.path, { headers: gemini.headers, body: gemini.body });
    expect(sent.status).toBe(200);
    expect((await send('/v1beta/models/models%2Fm-gemini', { headers: { 'x-goog-api-key': key } })).body).toMatchObject({ name: 'models/m-gemini' });
  });
});

describe('model listings', () => {
  test('OpenAI shape by default, Anthropic shape with anthropic-version, Gemini shape under /v1beta', async () => {
    const limited = await bed.token({ groups: ['all'], modelAllowList: ['m-openai', 'm-gemini'] });
    const openai = await send('/v1/models', { headers: { authorization: `Bearer ${limited}` } });
    expect(openai.body).toEqual({
      object: 'list',
      data: [
        { id: 'm-gemini', object: 'model', created: 0, owned_by: 'test' },
        { id: 'm-openai', object: 'model', created: 0, owned_by: 'test' },
      ],
    });
    const anthropic = await send('/v1/models', { headers: { 'x-api-key': limited, 'anthropic-version': '2023-06-01' } });
    expect(anthropic.body).toMatchObject({ data: [{ type: 'model', id: 'm-gemini' }, { type: 'model', id: 'm-openai' }], has_more: false, first_id: 'm-gemini', last_id: 'm-openai' });
    const gemini = await send('/v1beta/models', { headers: { 'x-goog-api-key': limited } });
    expect((gemini.body.models as { name: string }[]).map((m) => m.name)).toEqual(['models/m-gemini', 'models/m-openai']);
    expect((await send('/v1/models/m-openai', { headers: { authorization: `Bearer ${limited}` } })).body).toMatchObject({ id: 'm-openai' });
    expectError('chat-completions', await send('/v1/models/m-anthropic', { headers: { authorization: `Bearer ${limited}` } }), 404);
    expectError('messages', await send('/v1/models', { headers: { 'anthropic-version': '2023-06-01' } }), 401);
  });

  test('a listing shows only the models reachable in its formats: a Responses-only token sees m-openai in the OpenAI shape, nothing in the others', async () => {
    const gamma = await bed.token({ groups: ['gamma'] });
    expect((await send('/v1/models', { headers: { authorization: `Bearer ${gamma}` } })).body.data).toEqual([expect.objectContaining({ id: 'm-openai' })]);
    expect((await send('/v1/models', { headers: { 'x-api-key': gamma, 'anthropic-version': '2023-06-01' } })).body.data).toEqual([]);
    expect((await send('/v1beta/models', { headers: { 'x-goog-api-key': gamma } })).body.models).toEqual([]);
    expectError('generateContent', await send('/v1beta/models/m-openai', { headers: { 'x-goog-api-key': gamma } }), 404);
    // one model by id in the Gemini shape (GET /v1beta/models/{id})
    expect((await send('/v1beta/models/m-gemini', { headers: { 'x-goog-api-key': key } })).body).toMatchObject({ name: 'models/m-gemini', supportedGenerationMethods: ['generateContent', 'streamGenerateContent'] });
  });
});
