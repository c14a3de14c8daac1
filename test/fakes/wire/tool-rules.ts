/**
 * Which tools each provider accepts in a request, as its documentation and its 400 messages say:
 * the tool shapes it knows, unique names of its own pattern, and the hosted tools it runs itself.
 * The fake upstream applies these to every request, so a translation that hands an upstream a
 * tool of another provider (a Responses `namespace`, an Anthropic server tool on Gemini) is caught
 * where the real API would catch it. Each rule throws a {@link RuleBroken} worded like the provider.
 */
import { RuleBroken } from './conversation-rules.js';

type Loose = Record<string, unknown>;

function isRecord(v: unknown): v is Loose {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,128}$/;
/** Gemini function names: a letter or underscore first, then letters, digits, `_ . : -`, 64 at most. */
const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
/** Anthropic server tools (tool use guide: web search, web fetch, code execution, bash, text editor, memory). */
const ANTHROPIC_SERVER_TOOL = /^(web_search|web_fetch|code_execution|bash|text_editor|memory)_\d{8}$/;
/** Responses hosted tools (tools guide). */
const RESPONSES_HOSTED = new Set(['web_search', 'web_search_preview', 'file_search', 'code_interpreter', 'computer_use_preview', 'image_generation', 'mcp', 'local_shell', 'shell', 'apply_patch', 'custom']);
/** Gemini built-in tools (tools guide). */
const GEMINI_BUILTINS = new Set(['googleSearch', 'googleSearchRetrieval', 'codeExecution', 'urlContext', 'googleMaps', 'fileSearch', 'computerUse']);

function unique(names: string[], duplicate: (name: string) => string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new RuleBroken(duplicate(name));
    seen.add(name);
  }
}

/** Chat Completions: function tools only, unique valid names; no hosted web search on ordinary models. */
export function checkChatTools(body: Loose): void {
  const names = asArray(body.tools).map((tool, i) => {
    if (!isRecord(tool) || tool.type !== 'function' || !isRecord(tool.function)) {
      throw new RuleBroken(`Invalid value: '${isRecord(tool) ? String(tool.type) : typeof tool}'. Supported values are: 'function' and 'custom'. (tools[${i}].type)`);
    }
    const name = tool.function.name;
    if (typeof name !== 'string' || !OPENAI_NAME.test(name)) throw new RuleBroken(`Invalid 'tools[${i}].function.name': string does not match pattern.`);
    return name;
  });
  unique(names, (name) => `Invalid 'tools': duplicate function name '${name}'.`);
  if (body.web_search_options !== undefined) throw new RuleBroken('web_search_options is only supported on search models (gpt-4o-search-preview, gpt-5-search-api).');
}

/** Responses: function tools (flat, or grouped in a namespace) with unique valid names, and known hosted tools. */
export function checkResponsesTools(body: Loose): void {
  const names: string[] = [];
  const fn = (tool: Loose, at: string, prefix: string) => {
    if (typeof tool.name !== 'string' || !OPENAI_NAME.test(tool.name)) throw new RuleBroken(`Invalid '${at}.name': string does not match pattern.`);
    names.push(prefix + tool.name);
  };
  asArray(body.tools).forEach((tool, i) => {
    const at = `tools[${i}]`;
    if (!isRecord(tool)) throw new RuleBroken(`Invalid type for '${at}': expected an object.`);
    if (tool.type === 'function') fn(tool, at, '');
    else if (tool.type === 'namespace') asArray(tool.tools).forEach((member, k) => isRecord(member) && fn(member, `${at}.tools[${k}]`, `${String(tool.name)}.`));
    else if (!RESPONSES_HOSTED.has(String(tool.type))) throw new RuleBroken(`Invalid value: '${String(tool.type)}'. (${at}.type)`);
  });
  unique(names, (name) => `Invalid 'tools': duplicate function name '${name}'.`);
}

/** Messages: client tools with an object input_schema and unique valid names, or a known server tool. */
export function checkMessagesTools(body: Loose): void {
  const names = asArray(body.tools).map((tool, i) => {
    if (!isRecord(tool)) throw new RuleBroken(`tools.${i}: Input should be a valid dictionary`);
    if (tool.type !== undefined && tool.type !== 'custom') {
      if (!ANTHROPIC_SERVER_TOOL.test(String(tool.type))) throw new RuleBroken(`tools.${i}.type: Input tag '${String(tool.type)}' found using 'type' does not match any of the expected tags`);
    } else {
      const schema = tool.input_schema;
      if (!isRecord(schema) || schema.type !== 'object') throw new RuleBroken(`tools.${i}.custom.input_schema.type: Field required`);
    }
    if (typeof tool.name !== 'string' || !ANTHROPIC_NAME.test(tool.name)) throw new RuleBroken(`tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
    return tool.name;
  });
  unique(names, () => 'tools: Tool names must be unique.');
}

/**
 * generateContent: each tool holds function declarations (unique valid names) or built-in tools;
 * built-in tools beside function declarations only on Gemini 3 models.
 */
export function checkGeminiTools(body: Loose, model: string): void {
  const names: string[] = [];
  let builtin = false;
  asArray(body.tools).forEach((tool, i) => {
    if (!isRecord(tool)) throw new RuleBroken(`* GenerateContentRequest.tools[${i}]: must be an object`);
    for (const [key, value] of Object.entries(tool)) {
      if (key === 'functionDeclarations') {
        asArray(value).forEach((fn, k) => {
          const name = isRecord(fn) ? fn.name : undefined;
          if (typeof name !== 'string' || !GEMINI_NAME.test(name)) {
            throw new RuleBroken(`* GenerateContentRequest.tools[${i}].function_declarations[${k}].name: Invalid function name.`);
          }
          names.push(name);
        });
      } else if (GEMINI_BUILTINS.has(key)) builtin = true;
      else throw new RuleBroken(`Invalid JSON payload received. Unknown name "${key}" at 'tools[${i}]': Cannot find field.`);
    }
  });
  unique(names, (name) => `* GenerateContentRequest.tools: duplicate function declaration name ${name}.`);
  if (builtin && names.length > 0 && !/gemini-3/.test(model)) throw new RuleBroken('Tool use with function calling is unsupported by the model.');
}
