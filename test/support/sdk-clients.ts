/**
 * The official SDKs pointed at a data plane (wire-formats.md §8.2), each call reduced to what the
 * relay tests compare: text, tool calls, usage. Streams go through each SDK's own stream helper,
 * which is the judge of the stream's framing (§8.3).
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type FunctionDeclaration } from '@google/genai';
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

/** One client of a data plane in one format. */
export interface FormatClient {
  format: WireFormat;
  call(model: string, prompt: string, tools: ToolSpec[]): Promise<Answer>;
  stream(model: string, prompt: string, tools: ToolSpec[]): Promise<Answer>;
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
  return {
    format: 'chat-completions',
    call: async (model, prompt, tools) => answer(await openai.chat.completions.create(params(model, prompt, tools))),
    stream: async (model, prompt, tools) =>
      answer(await openai.chat.completions.stream({ ...params(model, prompt, tools), stream_options: { include_usage: true } }).finalChatCompletion()),
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
  return {
    format: 'responses',
    call: async (model, prompt, tools) => answer(await openai.responses.create(params(model, prompt, tools))),
    stream: async (model, prompt, tools) => answer(await openai.responses.stream(params(model, prompt, tools)).finalResponse()),
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
  return {
    format: 'messages',
    call: async (model, prompt, tools) => answer(await anthropic.messages.create(params(model, prompt, tools))),
    stream: async (model, prompt, tools) => answer(await anthropic.messages.stream(params(model, prompt, tools)).finalMessage()),
  };
}

function geminiClient(genai: GoogleGenAI): FormatClient {
  const params = (model: string, prompt: string, tools: ToolSpec[]) => ({
    model,
    contents: prompt,
    config: {
      systemInstruction: 'Be brief.',
      ...(tools.length > 0 ? { tools: [{ functionDeclarations: tools.map((t): FunctionDeclaration => ({ ...t, parametersJsonSchema: PARAMS })) }] } : {}),
    },
  });
  return {
    format: 'generateContent',
    call: async (model, prompt, tools) => {
      const r = await genai.models.generateContent(params(model, prompt, tools));
      return {
        text: r.text ?? '',
        toolCalls: (r.functionCalls ?? []).map((f) => ({ name: f.name ?? '?', args: f.args })),
        usage: { input: r.usageMetadata?.promptTokenCount ?? -1, output: (r.usageMetadata?.candidatesTokenCount ?? 0) + (r.usageMetadata?.thoughtsTokenCount ?? 0) },
      };
    },
    stream: async (model, prompt, tools) => {
      const out: Answer = { text: '', toolCalls: [], usage: { input: -1, output: -1 } };
      for await (const chunk of await genai.models.generateContentStream(params(model, prompt, tools))) {
        out.text += chunk.text ?? '';
        for (const f of chunk.functionCalls ?? []) out.toolCalls.push({ name: f.name ?? '?', args: f.args });
        const u = chunk.usageMetadata;
        if (u) out.usage = { input: u.promptTokenCount ?? -1, output: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0) };
      }
      return out;
    },
  };
}
