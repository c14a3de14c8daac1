/**
 * OpenAI Responses API wire types (https://platform.openai.com/docs/api-reference/responses).
 * Only the fields the gateway reads or writes are typed; input shapes accept every variant
 * the SDK can send so translators can reject what they cannot express.
 */

/** A content part of an input message. */
export type ResponsesInputContent =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url?: string; file_id?: string; detail?: 'auto' | 'low' | 'high' }
  | { type: 'input_file'; file_data?: string; file_id?: string; file_url?: string; filename?: string }
  | { type: 'input_audio'; input_audio: { data: string; format: string } };

/** A content part of an assistant output message. */
export type ResponsesOutputContent =
  | { type: 'output_text'; text: string; annotations?: unknown[]; logprobs?: unknown[] }
  | { type: 'refusal'; refusal: string };

/** A message item, in the long (`type:"message"`) or the easy (`type` omitted) form. */
export interface ResponsesMessageItem {
  type?: 'message';
  id?: string;
  role: 'user' | 'assistant' | 'system' | 'developer';
  content: string | Array<ResponsesInputContent | ResponsesOutputContent>;
  status?: ResponsesItemStatus;
}

/** A function call the model made; `call_id` links it to its output, `id` (`fc_...`) names the item. */
export interface ResponsesFunctionCallItem {
  type: 'function_call';
  id?: string;
  call_id: string;
  name: string;
  /** The `namespace` tool the function belongs to, when it was declared inside one. */
  namespace?: string;
  arguments: string;
  status?: ResponsesItemStatus;
}

/** The client's result of a function call. */
export interface ResponsesFunctionCallOutputItem {
  type: 'function_call_output';
  id?: string;
  call_id: string;
  output: string | ResponsesInputContent[];
}

/** A reasoning item: summaries, optional raw reasoning text and the opaque encrypted state. */
export interface ResponsesReasoningItem {
  type: 'reasoning';
  id: string;
  summary: Array<{ type: 'summary_text'; text: string }>;
  content?: Array<{ type: 'reasoning_text'; text: string }>;
  encrypted_content?: string | null;
  status?: ResponsesItemStatus;
}

/** Status of an output item. */
export type ResponsesItemStatus = 'in_progress' | 'completed' | 'incomplete';

/** Items the gateway can translate; anything else (item_reference, hosted tool calls) is rejected. */
export type ResponsesInputItem =
  | ResponsesMessageItem
  | ResponsesFunctionCallItem
  | ResponsesFunctionCallOutputItem
  | ResponsesReasoningItem;

/** An output item of a Response. */
export type ResponsesOutputItem =
  | (ResponsesMessageItem & { type: 'message'; id: string; role: 'assistant'; content: ResponsesOutputContent[] })
  | ResponsesFunctionCallItem
  | ResponsesReasoningItem;

/** A function tool (flat, unlike Chat's nested `function`). Other types are hosted tools. */
export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string | null;
  parameters?: Record<string, unknown> | null;
  strict?: boolean | null;
}

/** A group of function tools under one name (Codex CLI declares its MCP servers' tools this way). */
export interface ResponsesNamespaceTool {
  type: 'namespace';
  name: string;
  description?: string | null;
  tools: Array<ResponsesFunctionTool | { type: string }>;
}

/** `tool_choice`. */
export type ResponsesToolChoice =
  | 'none'
  | 'auto'
  | 'required'
  | { type: 'function'; name: string }
  | { type: 'allowed_tools'; mode: 'auto' | 'required'; tools: Array<{ type: string; name?: string }> };

/** `text.format`. */
export type ResponsesTextFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: Record<string, unknown>; strict?: boolean | null; description?: string };

/** Request body of `POST /v1/responses` (fields the gateway translates). */
export interface ResponsesRequest {
  model: string;
  input?: string | ResponsesInputItem[];
  instructions?: string | null;
  max_output_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  tools?: Array<ResponsesFunctionTool | ResponsesNamespaceTool | { type: string }>;
  tool_choice?: ResponsesToolChoice;
  parallel_tool_calls?: boolean | null;
  text?: { format?: ResponsesTextFormat; verbosity?: 'low' | 'medium' | 'high' | null };
  reasoning?: { effort?: string | null; summary?: string | null } | null;
  stream?: boolean;
  store?: boolean | null;
  previous_response_id?: string | null;
  metadata?: Record<string, string> | null;
  /** Extra output to return, e.g. `reasoning.encrypted_content` (reasoning state for a `store: false` tool loop). */
  include?: string[] | null;
  prompt_cache_key?: string | null;
}

/** Token usage: `input_tokens` includes cached tokens, `output_tokens` includes reasoning tokens. */
export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

/** Overall status; `incomplete` comes with `incomplete_details.reason`. */
export type ResponsesStatus = 'completed' | 'incomplete' | 'failed' | 'in_progress' | 'queued' | 'cancelled';

/** The Response object (non-streaming body, and the `response` of lifecycle stream events). */
export interface ResponsesResponse {
  id: string;
  object: 'response';
  created_at: number;
  status: ResponsesStatus;
  error: { code: string; message: string } | null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  instructions: string | null;
  max_output_tokens: number | null;
  model: string;
  output: ResponsesOutputItem[];
  parallel_tool_calls: boolean;
  previous_response_id: string | null;
  reasoning: { effort: string | null; summary: string | null };
  store: boolean;
  temperature: number | null;
  text: { format: ResponsesTextFormat; verbosity?: string | null };
  tool_choice: ResponsesToolChoice;
  tools: unknown[];
  top_p: number | null;
  truncation: 'auto' | 'disabled';
  usage: ResponsesUsage | null;
  metadata: Record<string, string>;
}

/** A stream event: `type` names it (and is also the SSE `event:` line); `sequence_number` increases by one. */
export interface ResponsesStreamEvent {
  type: string;
  sequence_number: number;
  [field: string]: unknown;
}
