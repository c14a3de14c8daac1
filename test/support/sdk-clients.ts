/**
 * The official SDKs pointed at a data plane (docs/formats.md, "Official SDKs as judges"), each
 * call reduced to what the relay tests compare: text, tool calls, usage. Streams go through each
 * SDK's own stream helper, which is the judge of the stream's framing.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type Content, type FunctionCall, type FunctionDeclaration, type Part } from '@google/genai';
import OpenAI from 'openai';
import type { WireFormat } from '../../shared/formats.js';

/** What a call produced, comparable across stream and non-stream. */
export interface Answer {
  text: string;
  toolCalls: { name: string; args: unknown }[];
  usage: { input: number; output: number };
}

/** A function tool, declared to each SDK in its own shape. */
export interface ToolSpec {
  name: string;
  description: string;
}

const PARAMS = { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] };

/** A two-turn tool conversation: the question's answer (tool calls), then the answer to the tool results. */
export interface Conversation {
  first: Answer;
  second: Answer;
}

/** One client of a data plane in one format. */
export interface FormatClient {
  format: WireFormat;
  call(model: string, prompt: string, tools: ToolSpec[]): Promise<Answer>;
  stream(model: string, prompt: string, tools: ToolSpec[]): Promise<Answer>;
  /**
   * Asks `prompt`, answers every tool call of the reply with `results[<tool name>]` the way the SDK's
   * documentation shows (the reply's own turn sent back as it came, then the results in the format's
   * shape), and asks again; both turns streamed or not.
   */
  converse(model: string, prompt: string, tools: ToolSpec[], results: Record<string, string>, stream: boolean): Promise<Conversation>;
}

/** Makes the client of `format` for `key` against the data plane at `url`. */
export function sdkClient(format: WireFormat, url: string, key: string): FormatClient {
  switch (format) {
    case 'chat-completions':
      return chatClient(new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 }));
    case 'responses':
      return responsesClient(new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 }));
    case 'messages':
      return messagesClient(new Anthropic({ apiKey: key, baseURL: url, maxRetries: 0 }));
    case 'generateContent':
      return geminiClient(new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: url } }));
  }
}

function chatClient(openai: OpenAI): FormatClient {
  const params = (model: string, prompt: string, tools: ToolSpec[]) => ({
    model,
    messages: [
      { role: 'system' as const, content: 'Be brief.' },
      { role: 'user' as const, content: prompt },
    ],
    ...(tools.length > 0 ? { tools: tools.map((t) => ({ type: 'function' as const, function: { ...t, parameters: PARAMS } })) } : {}),
  });
  const answer = (c: OpenAI.Chat.ChatCompletion): Answer => ({
    text: c.choices[0].message.content ?? '',
    toolCalls: (c.choices[0].message.tool_calls ?? []).map((t) => (t.type === 'function' ? { name: t.function.name, args: JSON.parse(t.function.arguments) } : { name: '?', args: null })),
    usage: { input: c.usage?.prompt_tokens ?? -1, output: c.usage?.completion_tokens ?? -1 },
  });
  const complete = ({ stream: _stream, ...body }: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, stream: boolean) =>
    stream ? openai.chat.completions.stream({ ...body, stream_options: { include_usage: true } }).finalChatCompletion() : openai.chat.completions.create(body);
  return {
    format: 'chat-completions',
    call: async (model, prompt, tools) => answer(await openai.chat.completions.create(params(model, prompt, tools))),
    stream: async (model, prompt, tools) =>
      answer(await openai.chat.completions.stream({ ...params(model, prompt, tools), stream_options: { include_usage: true } }).finalChatCompletion()),
    converse: async (model, prompt, tools, results, stream) => {
      const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = params(model, prompt, tools);
      const first = await complete(body, stream);
      const reply = first.choices[0].message;
      const calls = (reply.tool_calls ?? []).flatMap((t) => (t.type === 'function' ? [t] : []));
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        ...body.messages,
        { role: 'assistant', content: reply.content, tool_calls: calls.map((t) => ({ id: t.id, type: 'function' as const, function: { name: t.function.name, arguments: t.function.arguments } })) },
        ...calls.map((t) => ({ role: 'tool' as const, tool_call_id: t.id, content: results[t.function.name] })),
      ];
      return { first: answer(first), second: answer(await complete({ ...body, messages }, stream)) };
    },
  };
}

function responsesClient(openai: OpenAI): FormatClient {
  const params = (model: string, prompt: string, tools: ToolSpec[]) => ({
    model,
    instructions: 'Be brief.',
    input: prompt,
    ...(tools.length > 0 ? { tools: tools.map((t) => ({ type: 'function' as const, ...t, parameters: PARAMS, strict: false })) } : {}),
  });
  const answer = (r: OpenAI.Responses.Response): Answer => ({
    text: r.output_text,
    toolCalls: r.output.flatMap((o) => (o.type === 'function_call' ? [{ name: o.name, args: JSON.parse(o.arguments) }] : [])),
    usage: { input: r.usage?.input_tokens ?? -1, output: r.usage?.output_tokens ?? -1 },
  });
  const complete = ({ stream: _stream, ...body }: OpenAI.Responses.ResponseCreateParamsNonStreaming, stream: boolean) =>
    stream ? openai.responses.stream(body).finalResponse() : openai.responses.create(body);
  return {
    format: 'responses',
    call: async (model, prompt, tools) => answer(await openai.responses.create(params(model, prompt, tools))),
    stream: async (model, prompt, tools) => answer(await openai.responses.stream(params(model, prompt, tools)).finalResponse()),
    converse: async (model, prompt, tools, results, stream) => {
      const body = params(model, prompt, tools);
      const first = await complete(body, stream);
      const input: OpenAI.Responses.ResponseInputItem[] = [
        { role: 'user', content: prompt },
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        ...first.output.flatMap((o) => (o.type === 'function_call' ? [{ type: 'function_call_output' as const, call_id: o.call_id, output: results[o.name] }] : [])),
      ];
      return { first: answer(first), second: answer(await complete({ ...body, input }, stream)) };
    },
  };
}

function messagesClient(anthropic: Anthropic): FormatClient {
  const params = (model: string, prompt: string, tools: ToolSpec[]) => ({
    model,
    max_tokens: 256,
    system: 'Be brief.',
    messages: [{ role: 'user' as const, content: prompt }],
    ...(tools.length > 0 ? { tools: tools.map((t) => ({ ...t, input_schema: PARAMS as Anthropic.Tool.InputSchema })) } : {}),
  });
  const answer = (m: Anthropic.Message): Answer => ({
    text: m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
    toolCalls: m.content.flatMap((b) => (b.type === 'tool_use' ? [{ name: b.name, args: b.input }] : [])),
    usage: { input: m.usage.input_tokens + (m.usage.cache_read_input_tokens ?? 0) + (m.usage.cache_creation_input_tokens ?? 0), output: m.usage.output_tokens },
  });
  const complete = (body: Anthropic.MessageCreateParamsNonStreaming, stream: boolean) =>
    stream ? anthropic.messages.stream(body).finalMessage() : anthropic.messages.create(body);
  return {
    format: 'messages',
    call: async (model, prompt, tools) => answer(await anthropic.messages.create(params(model, prompt, tools))),
    stream: async (model, prompt, tools) => answer(await anthropic.messages.stream(params(model, prompt, tools)).finalMessage()),
    converse: async (model, prompt, tools, results, stream) => {
      const body = params(model, prompt, tools);
      const first = await complete(body, stream);
      const messages: Anthropic.MessageParam[] = [
        ...body.messages,
        { role: 'assistant', content: first.content },
        { role: 'user', content: first.content.flatMap((b) => (b.type === 'tool_use' ? [{ type: 'tool_result' as const, tool_use_id: b.id, content: results[b.name] }] : [])) },
      ];
      return { first: answer(first), second: answer(await complete({ ...body, messages }, stream)) };
    },
  };
}

function geminiClient(genai: GoogleGenAI): FormatClient {
  const params = (model: string, prompt: string | Content[], tools: ToolSpec[]) => ({
    model,
    contents: prompt,
    config: {
      systemInstruction: 'Be brief.',
      ...(tools.length > 0 ? { tools: [{ functionDeclarations: tools.map((t): FunctionDeclaration => ({ ...t, parametersJsonSchema: PARAMS })) }] } : {}),
    },
  });
  /** One turn: the answer, and the model's turn as the SDK's docs keep it for history (a stream's parts gathered in order). */
  const turn = async (model: string, contents: string | Content[], tools: ToolSpec[], stream: boolean): Promise<{ answer: Answer; content: Content; calls: FunctionCall[] }> => {
    if (!stream) {
      const r = await genai.models.generateContent(params(model, contents, tools));
      const answer: Answer = {
        text: r.text ?? '',
        toolCalls: (r.functionCalls ?? []).map((f) => ({ name: f.name ?? '?', args: f.args })),
        usage: { input: r.usageMetadata?.promptTokenCount ?? -1, output: (r.usageMetadata?.candidatesTokenCount ?? 0) + (r.usageMetadata?.thoughtsTokenCount ?? 0) },
      };
      return { answer, content: r.candidates?.[0]?.content ?? { role: 'model', parts: [] }, calls: r.functionCalls ?? [] };
    }
    const answer: Answer = { text: '', toolCalls: [], usage: { input: -1, output: -1 } };
    const parts: Part[] = [];
    const calls: FunctionCall[] = [];
    for await (const chunk of await genai.models.generateContentStream(params(model, contents, tools))) {
      answer.text += chunk.text ?? '';
      for (const f of chunk.functionCalls ?? []) answer.toolCalls.push({ name: f.name ?? '?', args: f.args });
      calls.push(...(chunk.functionCalls ?? []));
      parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
      const u = chunk.usageMetadata;
      if (u) answer.usage = { input: u.promptTokenCount ?? -1, output: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0) };
    }
    return { answer, content: { role: 'model', parts }, calls };
  };
  return {
    format: 'generateContent',
    call: async (model, prompt, tools) => (await turn(model, prompt, tools, false)).answer,
    stream: async (model, prompt, tools) => (await turn(model, prompt, tools, true)).answer,
    converse: async (model, prompt, tools, results, stream) => {
      const question: Content = { role: 'user', parts: [{ text: prompt }] };
      const first = await turn(model, [question], tools, stream);
      const answers: Content = { role: 'user', parts: first.calls.map((f) => ({ functionResponse: { id: f.id, name: f.name, response: { output: results[f.name ?? ''] } } })) };
      const second = await turn(model, [question, first.content, answers], tools, stream);
      return { first: first.answer, second: second.answer };
    },
  };
}
