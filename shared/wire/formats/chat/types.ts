/**
 * OpenAI Chat Completions wire types: only what the translators read or write.
 * Reference: https://platform.openai.com/docs/api-reference/chat.
 *
 * Gateway extensions (non-standard, documented here once):
 * - `reasoning_content`: the de-facto field (DeepSeek, vLLM, LiteLLM) for the model's reasoning text.
 * - `reasoning_signature`: Meridian's carrier for an Anthropic thinking-block signature, so a chat
 *   client can send the thinking back in the next turn (required by Anthropic for thinking + tools).
 */

/** `{type:"text"}` content part. */
export interface ChatTextPart {
  type: 'text';
  text: string;
}

/** `{type:"image_url"}` content part; `url` is an http(s) URL or a `data:<mime>;base64,` URL. */
export interface ChatImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

/** `{type:"file"}` content part (PDFs as data URLs, or an OpenAI file id). */
export interface ChatFilePart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
}

/** Any user/system content part; `type` is checked at runtime because clients send anything. */
export type ChatContentPart = ChatTextPart | ChatImagePart | ChatFilePart | { type: string; [key: string]: unknown };

/** One function call in an assistant message; `arguments` is a JSON string. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of `messages[]`, all roles in one shape (fields depend on `role`). */
export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';
  content?: string | ChatContentPart[] | null;
  name?: string;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
  refusal?: string | null;
  reasoning_content?: string | null;
  reasoning_signature?: string | null;
}

/** A `{type:"function"}` tool definition. */
export interface ChatTool {
  type: 'function' | 'custom';
  function?: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
}

/** `tool_choice` values. */
export type ChatToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } } | { type: string };

/** `response_format`. */
export interface ChatResponseFormat {
  type: 'text' | 'json_object' | 'json_schema';
  json_schema?: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean | null };
}

/** `reasoning_effort` values. */
export type ChatReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** Request body of `POST /v1/chat/completions` (fields the translators handle). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  max_completion_tokens?: number | null;
  max_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  stop?: string | string[] | null;
  n?: number | null;
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  tools?: ChatTool[];
  tool_choice?: ChatToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: ChatResponseFormat;
  reasoning_effort?: ChatReasoningEffort | null;
  user?: string;
  safety_identifier?: string;
  logprobs?: boolean | null;
  modalities?: string[] | null;
  audio?: unknown;
  functions?: unknown;
  function_call?: unknown;
  /** Hosted web search (OpenAI search models); the gateway maps it to other upstreams' own search tools. */
  web_search_options?: ChatWebSearchOptions | null;
  /** OpenAI's prompt-cache routing key. */
  prompt_cache_key?: string;
}

/** `web_search_options`. */
export interface ChatWebSearchOptions {
  search_context_size?: 'low' | 'medium' | 'high';
  user_location?: unknown;
}

/** `finish_reason` values. */
export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

/** `usage`; `prompt_tokens` includes cached tokens, `completion_tokens` includes reasoning tokens. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number; audio_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

/** The assistant message of a non-streamed choice. */
export interface ChatResponseMessage {
  role: 'assistant';
  content: string | null;
  reasoning_content?: string;
  reasoning_signature?: string;
  tool_calls?: ChatToolCall[];
  refusal: string | null;
}

/** Response body of a non-streamed completion. */
export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: { index: number; message: ChatResponseMessage; logprobs: null; finish_reason: ChatFinishReason | null }[];
  usage?: ChatUsage;
}

/** One tool-call fragment of a streamed delta; the first fragment of a call carries `id`, `type` and `function.name`. */
export interface ChatToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

/** `choices[].delta` of a stream chunk. */
export interface ChatDelta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string | null;
  reasoning_signature?: string | null;
  refusal?: string | null;
  tool_calls?: ChatToolCallDelta[];
}

/** One `chat.completion.chunk`; the final usage chunk has `choices: []`. */
export interface ChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: { index: number; delta: ChatDelta; finish_reason: ChatFinishReason | null }[];
  usage?: ChatUsage | null;
}

/** A mid-stream (or error response) error payload. */
export interface ChatErrorBody {
  error: { message: string; type: string; param?: string | null; code: string | null };
}
