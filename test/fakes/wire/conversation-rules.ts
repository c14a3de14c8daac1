/**
 * What each provider refuses in a conversation, as its documentation and its 400 messages say: how
 * tool calls and their results must pair up, in which shapes ids, arguments and results travel,
 * how turns alternate. The fake upstream applies these to every request, so a gateway that
 * translates a multi-turn tool conversation wrongly is caught where the real API would catch it.
 * Each rule throws a {@link RuleBroken} worded like the provider's own error.
 */

/** A request the real API would answer 400. */
export class RuleBroken extends Error {}

type Loose = Record<string, unknown>;

function isRecord(v: unknown): v is Loose {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** OpenAI's function name rule (function calling guide). */
const OPENAI_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Anthropic's tool and tool_use id rule (tool use guide). */
const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;

/**
 * Chat Completions (function calling guide): an assistant message with `tool_calls` (ids,
 * `type: "function"`, `arguments` a JSON string) must be followed by one `tool` message per call
 * before anything else, and a `tool` message must answer a call of the assistant message before it.
 */
export function checkChatConversation(body: Loose): void {
  for (const [i, tool] of asArray(body.tools).entries()) {
    const name = isRecord(tool) && isRecord(tool.function) ? tool.function.name : undefined;
    if (isRecord(tool) && tool.type === 'function' && (typeof name !== 'string' || !OPENAI_TOOL_NAME.test(name))) {
      throw new RuleBroken(`Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`);
    }
  }
  const messages = asArray(body.messages);
  let open: Set<string> | undefined;
  let openAt = -1;
  messages.forEach((m, i) => {
    if (!isRecord(m)) throw new RuleBroken(`Invalid type for 'messages[${i}]': expected an object.`);
    if (m.role === 'tool') {
      if (!open || typeof m.tool_call_id !== 'string' || !open.has(m.tool_call_id)) {
        throw new RuleBroken(`Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'. (messages[${i}])`);
      }
      open.delete(m.tool_call_id);
      return;
    }
    if (open && open.size > 0) {
      throw new RuleBroken(`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')} (messages[${openAt}])`);
    }
    open = undefined;
    if (m.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
      open = new Set();
      openAt = i;
      m.tool_calls.forEach((call: unknown, k) => {
        const at = `messages[${i}].tool_calls[${k}]`;
        if (!isRecord(call) || typeof call.id !== 'string' || call.id === '') throw new RuleBroken(`Missing required parameter: '${at}.id'.`);
        if (call.type !== 'function') throw new RuleBroken(`Invalid value for '${at}.type': expected 'function'.`);
        const fn = isRecord(call.function) ? call.function : {};
        if (typeof fn.name !== 'string') throw new RuleBroken(`Missing required parameter: '${at}.function.name'.`);
        if (typeof fn.arguments !== 'string') throw new RuleBroken(`Invalid type for '${at}.function.arguments': expected a string, but got an object instead.`);
        open!.add(call.id);
      });
    }
  });
  if (open && open.size > 0) {
    throw new RuleBroken(`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')} (messages[${openAt}])`);
  }
}

/**
 * Responses (function calling guide, conversation state guide): without `previous_response_id`, a
 * `function_call_output` must answer a `function_call` item earlier in `input` (same `call_id`), and
 * every `function_call` item needs its output; `arguments` is a JSON string, `output` a string or
 * content parts.
 */
export function checkResponsesConversation(body: Loose): void {
  if (!Array.isArray(body.input) || body.previous_response_id != null) return;
  const calls = new Set<string>();
  const answered = new Set<string>();
  body.input.forEach((item: unknown, i) => {
    if (!isRecord(item)) throw new RuleBroken(`Invalid type for 'input[${i}]': expected an object.`);
    if (item.type === 'function_call') {
      if (typeof item.call_id !== 'string' || item.call_id === '') throw new RuleBroken(`Missing required parameter: 'input[${i}].call_id'.`);
      if (typeof item.name !== 'string') throw new RuleBroken(`Missing required parameter: 'input[${i}].name'.`);
      if (typeof item.arguments !== 'string') throw new RuleBroken(`Invalid type for 'input[${i}].arguments': expected a string.`);
      calls.add(item.call_id);
    } else if (item.type === 'function_call_output') {
      if (typeof item.call_id !== 'string' || !calls.has(item.call_id)) {
        throw new RuleBroken(`No tool call found for function call output with call_id ${String(item.call_id)}.`);
      }
      if (typeof item.output !== 'string' && !Array.isArray(item.output)) throw new RuleBroken(`Invalid type for 'input[${i}].output': expected a string or an array.`);
      answered.add(item.call_id);
    }
  });
  for (const id of calls) if (!answered.has(id)) throw new RuleBroken(`No tool output found for function call ${id}.`);
}

/**
 * Messages (tool use guide): `tool_use` blocks (ids `^[a-zA-Z0-9_-]+$`, object `input`) must be
 * answered by `tool_result` blocks, first in the very next user message; a `tool_result` must answer
 * a `tool_use` of the message before it; text blocks must not be empty.
 */
export function checkMessagesConversation(body: Loose): void {
  const messages = asArray(body.messages);
  let pending: string[] = [];
  messages.forEach((m, i) => {
    // Recent API versions also take mid-conversation `system` messages.
    if (!isRecord(m) || (m.role !== 'user' && m.role !== 'assistant' && m.role !== 'system')) throw new RuleBroken(`messages.${i}.role: Input should be 'user', 'assistant' or 'system'`);
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : asArray(m.content);
    if (typeof m.content !== 'string' && !Array.isArray(m.content)) throw new RuleBroken(`messages.${i}.content: Input should be a valid list`);
    blocks.forEach((b, k) => {
      if (isRecord(b) && b.type === 'text' && (typeof b.text !== 'string' || b.text === '')) throw new RuleBroken(`messages.${i}.content.${k}.text: text content blocks must be non-empty`);
    });
    const results = blocks.filter((b): b is Loose => isRecord(b) && b.type === 'tool_result');
    if (pending.length > 0) {
      const leading: string[] = [];
      for (const b of blocks) {
        if (!isRecord(b) || b.type !== 'tool_result') break;
        leading.push(String(b.tool_use_id));
      }
      const missing = pending.filter((id) => !leading.includes(id));
      if (m.role !== 'user' || missing.length > 0) {
        throw new RuleBroken(`messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`);
      }
    }
    for (const [k, r] of results.entries()) {
      if (!pending.includes(String(r.tool_use_id))) {
        throw new RuleBroken(`messages.${i}.content.${k}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(r.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`);
      }
    }
    pending = [];
    if (m.role === 'assistant') {
      blocks.forEach((b, k) => {
        if (!isRecord(b) || b.type !== 'tool_use') return;
        if (typeof b.id !== 'string' || !ANTHROPIC_ID.test(b.id)) throw new RuleBroken(`messages.${i}.content.${k}.id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
        if (!isRecord(b.input)) throw new RuleBroken(`messages.${i}.content.${k}.input: Input should be a valid dictionary`);
        pending.push(b.id);
      });
    }
  });
  if (pending.length > 0) {
    throw new RuleBroken(`messages.${messages.length - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${pending.join(', ')}.`);
  }
}

/**
 * generateContent (function calling guide, thought signatures): turns alternate user/model and the
 * last is the user's; a model turn with N `functionCall` parts (object `args`) is followed by a user
 * turn with N `functionResponse` parts (`name`, object `response`, the call's `id` when it had one);
 * in the current turn (since the
 * user last wrote text) the first functionCall part of each model step carries a thought signature
 * the model gave, or Google's skip value.
 */
export function checkGeminiConversation(body: Loose, signatureIsKnown: (signature: string) => boolean): void {
  const contents = asArray(body.contents).map((c, i) => {
    if (!isRecord(c) || !Array.isArray(c.parts)) throw new RuleBroken(`* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`);
    const role = c.role === 'model' ? 'model' : c.role === undefined || c.role === 'user' || c.role === 'function' ? 'user' : undefined;
    if (!role) throw new RuleBroken(`Please use a valid role: user, model. (contents[${i}])`);
    return { role, parts: c.parts as unknown[] };
  });
  if (contents.length === 0) throw new RuleBroken('* GenerateContentRequest.contents: contents is not specified');
  contents.forEach((c, i) => {
    if (i > 0 && contents[i - 1].role === c.role) throw new RuleBroken('Please ensure that multiturn requests alternate between user and model.');
  });
  if (contents[contents.length - 1].role !== 'user') throw new RuleBroken('Please ensure that multiturn requests ends with a user role or a function response.');
  let currentTurnFrom = 0;
  contents.forEach((c, i) => {
    if (c.role === 'user' && c.parts.some((p) => isRecord(p) && typeof p.text === 'string')) currentTurnFrom = i;
  });
  contents.forEach((c, i) => {
    const calls = c.parts.filter((p): p is Loose => isRecord(p) && isRecord(p.functionCall));
    const responses = c.parts.filter((p): p is Loose => isRecord(p) && isRecord(p.functionResponse));
    for (const p of calls) {
      const fc = p.functionCall as Loose;
      if (typeof fc.name !== 'string') throw new RuleBroken(`* GenerateContentRequest.contents[${i}].parts: functionCall.name is required`);
      if (fc.args !== undefined && !isRecord(fc.args)) throw new RuleBroken(`Invalid value at 'contents[${i}].parts.function_call.args' (type.googleapis.com/google.protobuf.Struct)`);
    }
    for (const p of responses) {
      const fr = p.functionResponse as Loose;
      if (typeof fr.name !== 'string' || fr.name === '') throw new RuleBroken(`* GenerateContentRequest.contents[${i}].parts.function_response.name: Name cannot be empty.`);
      if (!isRecord(fr.response)) throw new RuleBroken(`Invalid value at 'contents[${i}].parts.function_response.response' (type.googleapis.com/google.protobuf.Struct)`);
    }
    if (calls.length > 0) {
      const next = contents[i + 1];
      const answers = next ? next.parts.filter((p): p is Loose => isRecord(p) && isRecord(p.functionResponse)).map((p) => p.functionResponse as Loose) : [];
      if (answers.length !== calls.length) {
        throw new RuleBroken('Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.');
      }
      // A call that came with an id is answered under that id (function calling guide: echo it back).
      const callIds = calls.map((p) => (p.functionCall as Loose).id).filter((id) => id !== undefined).map(String).sort();
      const answerIds = answers.map((a) => a.id).filter((id) => id !== undefined).map(String).sort();
      if (callIds.join('\n') !== answerIds.join('\n')) {
        throw new RuleBroken(`Function response ids [${answerIds.join(', ')}] in contents[${i + 1}] do not match the function call ids [${callIds.join(', ')}] of contents[${i}].`);
      }
      if (i > currentTurnFrom) {
        const signature = calls[0].thoughtSignature;
        if (typeof signature !== 'string' || signature === '') {
          throw new RuleBroken(`Function call \`${String((calls[0].functionCall as Loose).name)}\` in the ${i + 1}. content block is missing a \`thought_signature\`.`);
        }
        if (!signatureIsKnown(signature)) throw new RuleBroken(`Corrupted thought signature. (contents[${i}])`);
      }
    }
  });
}

/**
 * Messages with extended thinking and tools (extended thinking guide): with thinking on, a request
 * continuing a tool cycle (its last message holds tool results) must send back the cycle's
 * assistant turn starting with its thinking block, signed; the turn is every assistant message
 * since the last user message that was not tool results (later ones carry no thinking).
 */
export function checkThinkingToolCycle(body: Loose): void {
  if ((body.thinking as { type?: string } | undefined)?.type !== 'enabled') return;
  type Block = { type: string; signature?: string };
  const turns = asArray(body.messages) as { role: string; content: unknown }[];
  const toolResults = (t: { role: string; content: unknown }) => t.role === 'user' && Array.isArray(t.content) && (t.content as Block[]).some((b) => b.type === 'tool_result');
  if (turns.length === 0 || !toolResults(turns[turns.length - 1])) return;
  let first = -1;
  for (let i = turns.length - 1; i >= 0 && (turns[i].role === 'assistant' || toolResults(turns[i])); i--) if (turns[i].role === 'assistant') first = i;
  if (first === -1) return;
  const opening = Array.isArray(turns[first].content) ? (turns[first].content as Block[])[0] : { type: 'text' };
  if (opening.type === 'redacted_thinking' || (opening.type === 'thinking' && opening.signature)) return;
  throw new RuleBroken(`messages.${first}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${opening.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block`);
}
