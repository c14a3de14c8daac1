/**
 * Anthropic Messages wire types: only what the translators read or write.
 * Reference: https://docs.anthropic.com/en/api/messages.
 */

/** `cache_control` marker (dropped when translating away from this format). */
export interface MessagesCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** `{type:"text"}` block. */
export interface MessagesTextBlock {
  type: 'text';
  text: string;
  cache_control?: MessagesCacheControl;
}

/** Source of an image or document block. */
export type MessagesSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string }
  | { type: 'text'; media_type: string; data: string };

/** `{type:"image"}` block. */
export interface MessagesImageBlock {
  type: 'image';
  source: MessagesSource;
}

/** `{type:"document"}` block (PDFs and plain text). */
export interface MessagesDocumentBlock {
  type: 'document';
  source: MessagesSource;
  title?: string;
}

/** `{type:"tool_use"}` block: a call the model made; `input` is an object. */
export interface MessagesToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** `{type:"tool_result"}` block, inside a user turn. */
export interface MessagesToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | MessagesContentBlock[];
  is_error?: boolean;
}

/** `{type:"thinking"}` block; the signature must come back unchanged in later turns. */
export interface MessagesThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** `{type:"redacted_thinking"}` block. */
export interface MessagesRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

/** Any content block; unknown types are checked at runtime. */
export type MessagesContentBlock =
  | MessagesTextBlock
  | MessagesImageBlock
  | MessagesDocumentBlock
  | MessagesToolUseBlock
  | MessagesToolResultBlock
  | MessagesThinkingBlock
  | MessagesRedactedThinkingBlock;

/** One turn of `messages[]`. Recent API versions also accept `system` turns mid-conversation. */
export interface MessagesMessage {
  role: 'user' | 'assistant' | 'system';
  content: string | MessagesContentBlock[];
}

/** A client tool; tools with another `type` are Anthropic server tools. */
export interface MessagesTool {
  type?: string;
  name: string;
  description?: string;
  input_schema?: Record<string, unknown>;
  strict?: boolean;
  cache_control?: MessagesCacheControl;
}

/** `tool_choice`. */
export type MessagesToolChoice =
  | { type: 'auto' | 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'none' }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean };

/** `thinking` configuration. */
export type MessagesThinking =
  | { type: 'enabled'; budget_tokens: number }
  | { type: 'disabled' }
  | { type: 'adaptive' };

/** Request body of `POST /v1/messages` (fields the translators handle). */
export interface MessagesRequest {
  model: string;
  max_tokens: number;
  messages: MessagesMessage[];
  system?: string | MessagesTextBlock[];
  stop_sequences?: string[];
  stream?: boolean;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  tools?: MessagesTool[];
  tool_choice?: MessagesToolChoice;
  thinking?: MessagesThinking;
  output_config?: { effort?: string; format?: { type: 'json_schema'; schema: Record<string, unknown> } };
  metadata?: { user_id?: string };
  mcp_servers?: unknown;
  container?: unknown;
}

/** `stop_reason` values. */
export type MessagesStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

/** `usage`: `input_tokens` excludes cache reads and cache writes. */
export interface MessagesUsage {
  input_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  output_tokens: number;
  output_tokens_details?: { thinking_tokens?: number } | null;
}

/** Response body of a non-streamed message. */
export interface MessagesResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: MessagesContentBlock[];
  stop_reason: MessagesStopReason | null;
  stop_sequence: string | null;
  usage: MessagesUsage;
}

/** `content_block_delta.delta` variants. */
export type MessagesDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'citations_delta'; citation: unknown };

/** Stream events, by `type` (the SSE `event:` line repeats it). */
export type MessagesStreamEvent =
  | { type: 'message_start'; message: MessagesResponse }
  | { type: 'content_block_start'; index: number; content_block: MessagesContentBlock }
  | { type: 'content_block_delta'; index: number; delta: MessagesDelta }
  | { type: 'content_block_stop'; index: number }
  | {
      type: 'message_delta';
      delta: { stop_reason: MessagesStopReason | null; stop_sequence: string | null };
      usage: Partial<MessagesUsage> & { output_tokens: number };
    }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: { type: string; message: string } };
