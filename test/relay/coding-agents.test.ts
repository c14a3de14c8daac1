/**
 * The coding agents through every channel kind: Codex CLI (Responses), Claude Code (Messages, beta
 * route, Bearer key) and Gemini CLI (generateContent) send requests shaped as they do
 * (test/fakes/fixtures/client-*.json: their bodies and headers), through the official SDK of their
 * format, to an OpenAI-compatible chat channel, an OpenAI channel (Responses for Codex), an Azure
 * OpenAI channel, an Anthropic channel and a Gemini channel, streamed and not: a question answered
 * with a tool call, then the tool's result answered with text; the demo channel answers each too. The fake upstream checks each request is valid for its API (tools
 * included); the client sees the same text and tool calls whatever the channel. Then what only
 * some pairs do: namespace tools named back, the signed reasoning of a store:false tool loop, the
 * debug line naming dropped fields, a refusal that names the field and the channel kind (logged
 * at info with its request id), and `HEAD /` on a node with a console.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type Content, type GenerateContentParameters, type Part } from '@google/genai';
import OpenAI from 'openai';
import type { ResponseStreamParams } from 'openai/lib/responses/ResponseStream';
import { setLogDestination } from '../../shared/log.js';
import { restoreTestLogs } from '../support/quiet-logs.js';
import { FIXTURES_DIR, type CannedReply, type FakeApi, type RecordedRequest } from '../fakes/upstream.js';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { keyOf, kindModel, patientRelayCatalog } from '../support/relay-catalog.js';

type Loose = Record<string, unknown>;

/** A client's request as recorded at the gateway. */
interface ClientFixture {
  headers: Record<string, string>;
  body: Loose;
}

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, name), 'utf8')) as ClientFixture;
const CODEX = fixture('client-codex-cli.json');
const CLAUDE_CODE = fixture('client-claude-code.json');
const GEMINI_CLI = fixture('client-gemini-cli.json');

/** The channel kinds that call an upstream: an OpenAI-compatible or Azure one speaks chat only; an OpenAI one also Responses. */
const KINDS = ['openai-compatible', 'openai', 'azure-openai', 'anthropic', 'gemini'] as const;
type Kind = (typeof KINDS)[number];

const THINKING = { text: 'I should look at the files first.', signature: 'EqQBCkYIBxgCKkBjb2RpbmctYWdlbnRzLXNpZ25lZA' };
const RESULT = 'src/index.ts\nsrc/util.ts';

/** What a client received in one turn. */
interface Turn {
  text: string;
  calls: { name: string; namespace?: string; args: unknown }[];
}

/** One client: its tool call, and a two-turn conversation (question, tool result) through its SDK. */
interface Agent {
  call: { name: string; arguments: Loose };
  /** The answer to the client's request as recorded (one turn). */
  ask(model: string, stream: boolean): Promise<Turn>;
  /** The first turn's answer, then the second's (after sending the tool's result back). */
  converse(model: string, stream: boolean): Promise<[Turn, Turn]>;
}

/** The console's address, as a production node is configured: API clients still get answers at `/`. */
const CONSOLE_URL = 'https://console.example.com';

let bed: RelayBed;
let key: string;
let codex: OpenAI;

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog, { env: { CONSOLE_URL } });
  key = await bed.token({ groups: ['all'] });
  codex = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0, defaultHeaders: CODEX.headers });
});
afterAll(() => bed?.stop());
afterEach(() => expect(bed.upstream.violations).toEqual([]));

function codexAgent(): Agent {
  const { stream: _stream, ...body } = CODEX.body;
  const turn = (model: string, input: unknown[], stream: boolean): Promise<OpenAI.Responses.Response> => {
    const params = { ...body, model, input } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming;
    return stream ? codex.responses.stream(params as ResponseStreamParams).finalResponse() : codex.responses.create(params);
  };
  const seen = (r: OpenAI.Responses.Response): Turn => ({
    text: r.output_text,
    calls: r.output.flatMap((o) => (o.type === 'function_call' ? [{ name: o.name, ...namespaceOf(o), args: JSON.parse(o.arguments) as unknown }] : [])),
  });
  return {
    call: { name: 'shell', arguments: { command: ['ls', 'src'], workdir: '/repo' } },
    ask: async (model, stream) => seen(await turn(model, CODEX.body.input as unknown[], stream)),
    async converse(model, stream) {
      const input = CODEX.body.input as unknown[];
      const first = await turn(model, input, stream);
      // Codex keeps its own turn's output items (reasoning with its encrypted content included) and adds the outputs.
      const outputs = first.output.flatMap((o) => (o.type === 'function_call' ? [{ type: 'function_call_output', call_id: o.call_id, output: RESULT }] : []));
      const second = await turn(model, [...input, ...first.output, ...outputs], stream);
      return [seen(first), seen(second)];
    },
  };
}

function claudeCodeAgent(): Agent {
  const { 'anthropic-beta': betas, ...headers } = CLAUDE_CODE.headers;
  // Claude Code with ANTHROPIC_AUTH_TOKEN: a Bearer key; the beta route (`?beta=true`) with its betas.
  const anthropic = new Anthropic({ authToken: key, apiKey: null, baseURL: bed.url, maxRetries: 0, defaultHeaders: headers });
  const { stream: _stream, ...body } = CLAUDE_CODE.body;
  const turn = (model: string, messages: unknown[], stream: boolean): Promise<Anthropic.Beta.BetaMessage> => {
    const params = { ...body, model, messages, betas: betas.split(',') } as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming;
    return stream ? anthropic.beta.messages.stream(params).finalMessage() : anthropic.beta.messages.create(params, { timeout: 60_000 });
  };
  const seen = (m: Anthropic.Beta.BetaMessage): Turn => ({
    text: m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
    calls: m.content.flatMap((b) => (b.type === 'tool_use' ? [{ name: b.name, args: b.input }] : [])),
  });
  return {
    call: { name: 'Read', arguments: { file_path: '/repo/src/index.ts' } },
    ask: async (model, stream) => seen(await turn(model, CLAUDE_CODE.body.messages as unknown[], stream)),
    async converse(model, stream) {
      const messages = CLAUDE_CODE.body.messages as unknown[];
      const first = await turn(model, messages, stream);
      const results = first.content.flatMap((b) => (b.type === 'tool_use' ? [{ type: 'tool_result', tool_use_id: b.id, content: RESULT }] : []));
      const second = await turn(model, [...messages, { role: 'assistant', content: first.content }, { role: 'user', content: results }], stream);
      return [seen(first), seen(second)];
    },
  };
}

function geminiCliAgent(): Agent {
  const ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: bed.url, headers: GEMINI_CLI.headers } });
  const { contents, systemInstruction, tools, generationConfig } = GEMINI_CLI.body as { contents: Content[]; systemInstruction: Content; tools: unknown[]; generationConfig: Loose };
  const params = (model: string, history: Content[]) => ({ model, contents: history, config: { systemInstruction, tools, ...generationConfig } }) as GenerateContentParameters;
  /** One turn: what the client saw, and the model's turn as Gemini CLI keeps it (a stream's parts gathered in order). */
  const turn = async (model: string, history: Content[], stream: boolean): Promise<{ seen: Turn; content: Content }> => {
    const parts: Part[] = [];
    if (stream) for await (const chunk of await ai.models.generateContentStream(params(model, history))) parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
    else parts.push(...((await ai.models.generateContent(params(model, history))).candidates?.[0]?.content?.parts ?? []));
    const seen: Turn = {
      text: parts.flatMap((p) => (typeof p.text === 'string' && !p.thought ? [p.text] : [])).join(''),
      calls: parts.flatMap((p) => (p.functionCall ? [{ name: p.functionCall.name ?? '?', args: p.functionCall.args }] : [])),
    };
    return { seen, content: { role: 'model', parts } };
  };
  return {
    call: { name: 'list_directory', arguments: { dir_path: '/repo/src' } },
    ask: async (model, stream) => (await turn(model, contents, stream)).seen,
    async converse(model, stream) {
      const first = await turn(model, contents, stream);
      const answers: Content = {
        role: 'user',
        parts: first.content.parts!.flatMap((p) => (p.functionCall ? [{ functionResponse: { id: p.functionCall.id, name: p.functionCall.name, response: { output: RESULT } } }] : [])),
      };
      const second = await turn(model, [...contents, first.content, answers], stream);
      return [first.seen, second.seen];
    },
  };
}

const AGENTS = { 'Codex CLI': codexAgent, 'Claude Code': claudeCodeAgent, 'Gemini CLI': geminiCliAgent } as const;
type AgentName = keyof typeof AGENTS;

/** The API each channel kind must have been called on for each client. */
const API: Record<AgentName, Record<Kind, FakeApi>> = {
  'Codex CLI': { 'openai-compatible': 'openai-chat', openai: 'openai-responses', 'azure-openai': 'azure-chat', anthropic: 'anthropic-messages', gemini: 'gemini' },
  'Claude Code': { 'openai-compatible': 'openai-chat', openai: 'openai-chat', 'azure-openai': 'azure-chat', anthropic: 'anthropic-messages', gemini: 'gemini' },
  'Gemini CLI': { 'openai-compatible': 'openai-chat', openai: 'openai-chat', 'azure-openai': 'azure-chat', anthropic: 'anthropic-messages', gemini: 'gemini' },
};

/** The first turn's upstream answer: thinking (where the API shows it), text and one call, ids as each provider writes them. */
function callingReply(kind: Kind, call: Agent['call']): CannedReply {
  return {
    text: 'Let me look.',
    toolCalls: [{ id: kind === 'anthropic' ? 'toolu_01AgentCall' : 'call_agent_1', ...call }],
    usage: { input: 900, cacheRead: 0, cacheWrite: 0, output: 30, reasoning: 8 },
    thinking: THINKING,
  };
}

const sentTo = (kind: Kind): RecordedRequest[] => bed.upstream.requestsFor(keyOf(`ch-${kind}`));

const cases = (Object.keys(AGENTS) as AgentName[]).flatMap((agent) => KINDS.flatMap((kind) => [false, true].map((stream) => [agent, kind, stream] as const)));

describe.each(cases)('%s -> %s channel (stream: %s)', (agentName, kind, stream) => {
  test('a tool call, then its result: the same text and calls as every other channel; the upstream got valid requests', async () => {
    const agent = AGENTS[agentName]();
    bed.upstream.script(keyOf(`ch-${kind}`), { kind: 'reply', reply: callingReply(kind, agent.call) });
    const before = sentTo(kind).length;
    const [first, second] = await agent.converse(kindModel(kind).model, stream);

    expect(first).toEqual({ text: 'Let me look.', calls: [{ name: agent.call.name, args: agent.call.arguments }] });
    expect(second).toEqual({ text: 'Hello from the fake upstream.', calls: [] });
    const sent = sentTo(kind).slice(before);
    expect(sent.map((r) => [r.api, r.stream])).toEqual([[API[agentName][kind], stream], [API[agentName][kind], stream]]);
    // The second request carries the result, answering the call the upstream made.
    expect(JSON.stringify(sent[1].body)).toContain(JSON.stringify(RESULT).slice(1, -1));
    if (agentName !== 'Claude Code' && kind === 'anthropic') {
      // Codex (store:false with reasoning.encrypted_content) and Gemini CLI (thought signatures) give
      // the signed thinking back: it is the turn's first block again, so thinking stays on.
      const assistant = (sent[1].body.messages as { role: string; content: Loose[] }[]).filter((m) => m.role === 'assistant').at(-1)!;
      expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: THINKING.text, signature: THINKING.signature });
      expect(sent[1].body.thinking).toEqual({ type: 'enabled', budget_tokens: 8192 });
    }
  });
});

describe.each(Object.keys(AGENTS) as AgentName[])('%s -> demo channel', (agentName) => {
  test.each([false, true])('the demo answer reaches the client through its SDK (stream: %s)', async (stream) => {
    const { model, upstream } = kindModel('demo');
    const answer = await AGENTS[agentName]().ask(model, stream);
    expect(answer).toEqual({ text: `This is the Meridian demo channel answering as ${upstream}: no upstream model was called.`, calls: [] });
  });
});

describe('what the coding agents send, mapped or dropped by one rule', () => {
  const toolNames = (r: RecordedRequest): string[] =>
    r.api === 'gemini'
      ? ((r.body.tools ?? []) as { functionDeclarations?: { name: string }[] }[]).flatMap((t) => (t.functionDeclarations ?? []).map((d) => d.name))
      : ((r.body.tools ?? []) as Loose[]).map((t) => String((t.function as Loose | undefined)?.name ?? t.name));

  test.each([false, true])('Codex CLI namespace tools reach every translated upstream flattened and come back as declared (stream: %s)', async (stream) => {
    for (const kind of ['openai-compatible', 'anthropic', 'gemini'] as const) {
      const call = { id: kind === 'anthropic' ? 'toolu_01Ns' : 'call_ns_1', name: 'mcp__github__get_issue', arguments: { owner: 'acme', repo: 'app', issue_number: 7 } };
      bed.upstream.script(keyOf(`ch-${kind}`), { kind: 'reply', reply: { ...callingReply(kind, call), toolCalls: [call] } });
      const { stream: _s, ...body } = CODEX.body;
      const params = { ...body, model: kindModel(kind).model } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming;
      const response = stream ? await codex.responses.stream(params as ResponseStreamParams).finalResponse() : await codex.responses.create(params);
      const calls = response.output.flatMap((o) => (o.type === 'function_call' ? [{ name: o.name, ...namespaceOf(o), arguments: JSON.parse(o.arguments) as unknown }] : []));
      expect([kind, calls]).toEqual([kind, [{ name: 'get_issue', namespace: 'mcp__github', arguments: call.arguments }]]);
      const sent = sentTo(kind).at(-1)!;
      expect(toolNames(sent)).toEqual(expect.arrayContaining(['shell', 'mcp__github__get_issue', 'mcp__github__search_code', 'read_mcp_resource']));
      // Web search: Anthropic's own tool; a chat upstream and a Gemini 2 model (it cannot mix it with functions) have none.
      expect([kind, toolNames(sent).includes('web_search')]).toEqual([kind, kind === 'anthropic']);
      // Last of the tools, it carries the cache breakpoint a prompt_cache_key asks for.
      if (kind === 'anthropic') expect((sent.body.tools as Loose[]).at(-1)).toEqual({ type: 'web_search_20250305', name: 'web_search', cache_control: { type: 'ephemeral' } });
    }
  });

  test('Claude Code to a Gemini channel: adaptive thinking at effort high, mid-conversation system, context management and betas', async () => {
    await claudeCodeAgent().converse(kindModel('gemini').model, true);
    const first = bed.upstream.requestsFor(keyOf('ch-gemini')).at(-2)!;
    expect(first.body.generationConfig).toEqual({ maxOutputTokens: 32000, thinkingConfig: { thinkingBudget: 24576, includeThoughts: true } });
    expect(JSON.stringify(first.body.systemInstruction)).toContain('The user switched the permission mode to acceptEdits.');
    expect(JSON.stringify(first.body)).not.toContain('context_management');
  });

  test('Claude Code to an Anthropic channel: body and betas passed through as sent', async () => {
    await claudeCodeAgent().converse(kindModel('anthropic').model, true);
    const first = bed.upstream.requestsFor(keyOf('ch-anthropic')).at(-2)!;
    expect(first.headers['anthropic-beta']).toBe(CLAUDE_CODE.headers['anthropic-beta']);
    const { stream: _s, ...sent } = first.body;
    const { stream: _t, ...expected } = CLAUDE_CODE.body;
    expect(sent).toEqual({ ...expected, model: kindModel('anthropic').upstream });
  });

  test('fields without an equivalent are named in one debug line with the request id; a refusal names the field and the channel kind, logged at info', async () => {
    const lines: string[] = [];
    setLogDestination({ write: (line: string) => void lines.push(line) }, 'debug');
    try {
      const { stream: _s, ...body } = CODEX.body;
      const params = { ...body, model: kindModel('openai-compatible').model } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming;
      const { response } = await codex.responses.create(params).withResponse();
      const requestId = response.headers.get('x-request-id');
      const logged = lines.map((l) => JSON.parse(l) as Loose);
      const dropped = logged.find((l) => l.requestId === requestId && l.msg === 'client fields without an equivalent upstream were dropped')!;
      expect(dropped.level).toBe('debug');
      expect(dropped.fields).toEqual(expect.arrayContaining(['store', 'include', 'client_metadata', 'tools[7] (web_search)', 'header originator', 'header x-codex-turn-metadata']));

      const refused = await codex.responses.create({ ...params, model: kindModel('anthropic').model, previous_response_id: 'resp_earlier' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
      const error = refused as InstanceType<typeof OpenAI.BadRequestError>;
      expect(error.message).toContain('previous_response_id');
      expect(error.message).toContain('channel kind: anthropic');
      const info = lines.map((l) => JSON.parse(l) as Loose).find((l) => l.msg === 'request refused' && l.requestId === error.requestID);
      expect(info).toMatchObject({ level: 'info', status: 400 });
    } finally {
      restoreTestLogs();
    }
  });

  test('HEAD / and GET / answer an API client with 200, a browser is sent to the console', async () => {
    const head = await fetch(`${bed.url}/`, { method: 'HEAD', headers: { accept: '*/*' } });
    expect(head.status).toBe(200);
    const get = await fetch(`${bed.url}/`, { headers: { accept: 'application/json' } });
    expect([get.status, await get.json()]).toEqual([200, { status: 'ok', service: 'meridian data plane' }]);
    const browser = await fetch(`${bed.url}/`, { redirect: 'manual', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect([browser.status, browser.headers.get('location')]).toEqual([302, `${CONSOLE_URL}/`]);
  });
});

/** The `namespace` of a function call item, when it has one (the SDK's types do not know the field). */
function namespaceOf(item: object): { namespace?: string } {
  const ns = (item as { namespace?: unknown }).namespace;
  return typeof ns === 'string' ? { namespace: ns } : {};
}
