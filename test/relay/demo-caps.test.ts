/**
 * The demo channel honours the output cap of every format (`max_tokens`, `max_completion_tokens`,
 * `max_output_tokens`, `maxOutputTokens`) as a real model does: no more output tokens than asked,
 * and a finish reason saying the cap cut the answer. Judged by the official SDKs.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { startRelayBed, type RelayBed } from '../support/relay.js';
import { patientRelayCatalog } from '../support/relay-catalog.js';

let bed: RelayBed;
let openai: OpenAI;
let anthropic: Anthropic;
let genai: GoogleGenAI;

beforeAll(async () => {
  bed = await startRelayBed(patientRelayCatalog);
  const key = await bed.token({ groups: ['all'] });
  openai = new OpenAI({ apiKey: key, baseURL: `${bed.url}/v1`, maxRetries: 0 });
  anthropic = new Anthropic({ apiKey: key, baseURL: bed.url, maxRetries: 0 });
  genai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: bed.url } });
});
afterAll(() => bed?.stop());

const messages = [{ role: 'user' as const, content: 'Tell me everything.' }];

describe.each([false, true])('demo channel output caps (stream: %s)', (stream) => {
  test('chat-completions: max_tokens 1 gives one token and finish_reason length; max_completion_tokens too', async () => {
    for (const cap of [{ max_tokens: 1 }, { max_completion_tokens: 3 }]) {
      const limit = Object.values(cap)[0];
      const body = { model: 'm-demo', messages, ...cap };
      const answer = stream
        ? await openai.chat.completions.stream({ ...body, stream_options: { include_usage: true } }).finalChatCompletion()
        : await openai.chat.completions.create(body);
      expect(answer.usage?.completion_tokens).toBe(limit);
      expect(answer.choices[0].finish_reason).toBe('length');
      expect(answer.choices[0].message.content!.split(' ')).toHaveLength(limit);
    }
    const uncapped = await openai.chat.completions.create({ model: 'm-demo', messages, max_tokens: 1000 });
    expect(uncapped.choices[0].finish_reason).toBe('stop');
    expect(uncapped.usage!.completion_tokens).toBeGreaterThan(3);
  });

  test('messages: max_tokens 2 gives two output tokens and stop_reason max_tokens', async () => {
    const body = { model: 'm-demo', max_tokens: 2, messages };
    const answer = stream ? await anthropic.messages.stream(body).finalMessage() : await anthropic.messages.create(body);
    expect(answer.usage.output_tokens).toBe(2);
    expect(answer.stop_reason).toBe('max_tokens');
  });

  test('generateContent: maxOutputTokens 2 gives two candidate tokens and finishReason MAX_TOKENS', async () => {
    const params = { model: 'm-demo', contents: 'Tell me everything.', config: { maxOutputTokens: 2 } };
    let last: { candidates?: { finishReason?: string }[]; usageMetadata?: { candidatesTokenCount?: number } } | undefined;
    let text = '';
    if (stream) {
      for await (const chunk of await genai.models.generateContentStream(params)) {
        last = chunk;
        text += chunk.text ?? '';
      }
    } else {
      const answer = await genai.models.generateContent(params);
      last = answer;
      text = answer.text ?? '';
    }
    expect(last?.usageMetadata?.candidatesTokenCount).toBe(2);
    expect(last?.candidates?.[0].finishReason).toBe('MAX_TOKENS');
    expect(text.trim().split(' ')).toHaveLength(2);
  });

  test('responses: max_output_tokens 4 gives four output tokens, status incomplete (max_output_tokens)', async () => {
    const body = { model: 'm-demo', input: 'Tell me everything.', max_output_tokens: 4 };
    const answer = stream ? await openai.responses.stream(body).finalResponse() : await openai.responses.create(body);
    expect(answer.usage?.output_tokens).toBe(4);
    expect(answer.status).toBe('incomplete');
    expect(answer.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(answer.output_text.split(' ')).toHaveLength(4);
  });
});
