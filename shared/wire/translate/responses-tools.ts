/**
 * The tools of a Responses client on a chat upstream: function tools, `namespace` tools flattened
 * into their member functions, and hosted tools under the rule of hosted-tools.ts.
 *
 * A namespaced function `shell` of namespace `mcp_git` becomes the function `mcp_git__shell`
 * (characters other than `[A-Za-z0-9_-]` become `_`, a `_` goes first when the name would not start
 * with a letter or `_`, at most 64 characters, a numeric suffix when the name is taken: chat
 * upstreams require unique names of that form, and Gemini the leading letter or `_`). Calls the upstream
 * makes are mapped back, so the client receives the name and `namespace` it declared; history
 * items (`function_call` with a `namespace`) are mapped forth the same way.
 */
import { createHash } from 'node:crypto';
import type { ChatTool, ChatWebSearchOptions } from '../formats/chat/types.js';
import type { ResponsesFunctionTool } from '../formats/responses/types.js';
import { isResponsesWebSearch, webSearchFromResponsesTool } from './hosted-tools.js';
import { isRecord } from './json-values.js';
import { TranslationError } from './translator.js';

/** A function as the client declared it. */
export interface DeclaredName {
  name: string;
  namespace?: string;
}

const MAX_NAME = 64;

/** Two-way map between declared (namespace, name) pairs and the unique flat names sent upstream. */
export class ToolNames {
  private readonly flatOf = new Map<string, string>();
  private readonly declaredOf = new Map<string, DeclaredName>();

  /** The flat name of a declared function (assigned on first use). */
  flat(name: string, namespace?: string): string {
    const key = `${namespace ?? ''}\u0000${name}`;
    let flat = this.flatOf.get(key);
    if (flat === undefined) {
      flat = this.unique(namespace ? `${namespace}__${name}` : name);
      this.flatOf.set(key, flat);
      this.declaredOf.set(flat, namespace ? { name, namespace } : { name });
    }
    return flat;
  }

  /** The declared function behind a flat name the upstream called (itself when unknown). */
  declared(flat: string): DeclaredName {
    return this.declaredOf.get(flat) ?? { name: flat };
  }

  private unique(wanted: string): string {
    let base = wanted.replace(/[^A-Za-z0-9_-]/g, '_');
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
    if (base.length > MAX_NAME) base = `${base.slice(0, MAX_NAME - 9)}_${createHash('sha256').update(wanted).digest('hex').slice(0, 8)}`;
    let name = base;
    for (let n = 2; this.declaredOf.has(name); n++) name = `${base.slice(0, MAX_NAME - String(n).length - 1)}_${n}`;
    return name;
  }
}

/** What a Responses `tools` list becomes for a chat upstream. */
export interface ChatTools {
  tools: ChatTool[];
  /** The hosted web search, kept for the next translator when the chat body is a pivot. */
  webSearch?: ChatWebSearchOptions;
}

/**
 * Responses tools -> chat function tools. Top-level functions are named first so that they keep
 * their names; hosted tools are reported to `dropped` (web search too, unless `pivot`).
 */
export function chatTools(tools: readonly unknown[], names: ToolNames, pivot: boolean, dropped: (field: string) => void): ChatTools {
  const out: ChatTools = { tools: [] };
  const functions: Array<{ tool: ResponsesFunctionTool; namespace?: string }> = [];
  tools.forEach((tool, i) => {
    const at = `tools[${i}]`;
    if (!isRecord(tool)) throw new TranslationError(`${at}: a tool must be an object`);
    if (tool.type === 'function') functions.push({ tool: functionTool(tool, at) });
    else if (tool.type === 'namespace') {
      if (typeof tool.name !== 'string' || tool.name === '') throw new TranslationError(`${at}.name: a namespace needs a name`);
      const members: unknown[] = Array.isArray(tool.tools) ? tool.tools : [];
      members.forEach((member, k) => {
        const path = `${at}.tools[${k}]`;
        if (isRecord(member) && member.type === 'function') functions.push({ tool: functionTool(member, path), namespace: tool.name as string });
        else dropped(`${path} (${isRecord(member) ? String(member.type) : typeof member})`);
      });
    } else if (isResponsesWebSearch(tool.type) && pivot) out.webSearch = webSearchFromResponsesTool(tool, (key) => dropped(`${at}.${key}`));
    else dropped(`${at} (${String(tool.type)})`);
  });
  // Declared names first, then namespaced ones, so a namespaced name never takes a declared one.
  for (const f of functions) if (!f.namespace) names.flat(f.tool.name);
  for (const { tool, namespace } of functions) {
    out.tools.push({
      type: 'function',
      function: {
        name: names.flat(tool.name, namespace),
        ...(tool.description != null && { description: tool.description }),
        ...(tool.parameters != null && { parameters: tool.parameters }),
        ...(tool.strict != null && { strict: tool.strict }),
      },
    });
  }
  return out;
}

function functionTool(tool: Record<string, unknown>, at: string): ResponsesFunctionTool {
  if (typeof tool.name !== 'string' || tool.name === '') throw new TranslationError(`${at}.name: a function tool needs a name`);
  return tool as unknown as ResponsesFunctionTool;
}
