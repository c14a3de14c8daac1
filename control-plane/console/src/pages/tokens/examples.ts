import { formatBase, generateCall, type WireFormat } from '../../api/model-calls';

/** One ready-to-paste example: which client, and its code. */
export interface Example {
  /** Stable id, also the tab's value. */
  id: string;
  /** The client's name as its users know it (not translated). */
  client: string;
  /** The language Code shows. */
  code: string;
}

/** What every example asks. */
const PROMPT = 'Hello!';
const MAX_TOKENS = 256;

/** A shell word in single quotes. */
const sh = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A Python or JavaScript string literal (JSON's quoting is valid in both). */
const str = (text: string) => JSON.stringify(text);

/** The call as a curl command. */
function curl(format: WireFormat, nodeBaseUrl: string, key: string, model: string): string {
  const call = generateCall(format, nodeBaseUrl, key, { model, text: PROMPT, maxTokens: MAX_TOKENS, stream: false });
  const headers = Object.entries(call.headers).map(([name, value]) => `  -H ${sh(`${name}: ${value}`)} \\`);
  return [`curl ${sh(call.url)} \\`, ...headers, `  -d ${sh(JSON.stringify(call.body, null, 2))}`].join('\n');
}

/**
 * Examples for one format: curl and the format's official SDKs (openai for chat-completions and
 * responses, anthropic for messages, google-genai for generateContent), configured with the
 * format's base address on `nodeBaseUrl` and `key`.
 */
export function examplesFor(format: WireFormat, nodeBaseUrl: string, key: string, model: string): Example[] {
  const base = formatBase(format, nodeBaseUrl);
  const shell: Example = { id: 'curl', client: 'curl', code: curl(format, nodeBaseUrl, key, model) };
  switch (format) {
    case 'chat-completions':
      return [
        shell,
        {
          id: 'python',
          client: 'Python (openai)',
          code: `from openai import OpenAI

client = OpenAI(base_url=${str(base)}, api_key=${str(key)})
completion = client.chat.completions.create(
    model=${str(model)},
    max_tokens=${MAX_TOKENS},
    messages=[{"role": "user", "content": ${str(PROMPT)}}],
)
print(completion.choices[0].message.content)`,
        },
        {
          id: 'node',
          client: 'Node.js (openai)',
          code: `import OpenAI from 'openai';

const client = new OpenAI({ baseURL: ${str(base)}, apiKey: ${str(key)} });
const completion = await client.chat.completions.create({
  model: ${str(model)},
  max_tokens: ${MAX_TOKENS},
  messages: [{ role: 'user', content: ${str(PROMPT)} }],
});
console.log(completion.choices[0].message.content);`,
        },
      ];
    case 'responses':
      return [
        shell,
        {
          id: 'python',
          client: 'Python (openai)',
          code: `from openai import OpenAI

client = OpenAI(base_url=${str(base)}, api_key=${str(key)})
response = client.responses.create(model=${str(model)}, max_output_tokens=${MAX_TOKENS}, input=${str(PROMPT)})
print(response.output_text)`,
        },
        {
          id: 'node',
          client: 'Node.js (openai)',
          code: `import OpenAI from 'openai';

const client = new OpenAI({ baseURL: ${str(base)}, apiKey: ${str(key)} });
const response = await client.responses.create({ model: ${str(model)}, max_output_tokens: ${MAX_TOKENS}, input: ${str(PROMPT)} });
console.log(response.output_text);`,
        },
      ];
    case 'messages':
      return [
        shell,
        {
          id: 'python',
          client: 'Python (anthropic)',
          code: `from anthropic import Anthropic

client = Anthropic(base_url=${str(base)}, api_key=${str(key)})
message = client.messages.create(
    model=${str(model)},
    max_tokens=${MAX_TOKENS},
    messages=[{"role": "user", "content": ${str(PROMPT)}}],
)
print(message.content[0].text)`,
        },
        {
          id: 'node',
          client: 'TypeScript (@anthropic-ai/sdk)',
          code: `import Anthropic from '@anthropic-ai/sdk';

const client = new Anthropic({ baseURL: ${str(base)}, apiKey: ${str(key)} });
const message = await client.messages.create({
  model: ${str(model)},
  max_tokens: ${MAX_TOKENS},
  messages: [{ role: 'user', content: ${str(PROMPT)} }],
});
for (const block of message.content) if (block.type === 'text') console.log(block.text);`,
        },
      ];
    case 'generateContent':
      return [
        shell,
        {
          id: 'python',
          client: 'Python (google-genai)',
          code: `from google import genai
from google.genai import types

client = genai.Client(api_key=${str(key)}, http_options=types.HttpOptions(base_url=${str(base)}))
response = client.models.generate_content(
    model=${str(model)},
    contents=${str(PROMPT)},
    config=types.GenerateContentConfig(max_output_tokens=${MAX_TOKENS}),
)
print(response.text)`,
        },
        {
          id: 'node',
          client: 'TypeScript (@google/genai)',
          code: `import { GoogleGenAI } from '@google/genai';

const ai = new GoogleGenAI({ apiKey: ${str(key)}, httpOptions: { baseUrl: ${str(base)} } });
const response = await ai.models.generateContent({
  model: ${str(model)},
  contents: ${str(PROMPT)},
  config: { maxOutputTokens: ${MAX_TOKENS} },
});
console.log(response.text);`,
        },
      ];
  }
}
