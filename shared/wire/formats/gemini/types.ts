/**
 * Gemini `generateContent` wire types (camelCase, as the official SDK sends them).
 * Reference: https://ai.google.dev/api/generate-content. The API also accepts snake_case
 * on input; translators normalise to these names first. Only the fields the gateway reads
 * or writes are typed; unknown fields are tolerated by the index-free shapes below.
 */

/** One piece of a turn: exactly one data field is set (text, inlineData, fileData, functionCall, functionResponse). */
export interface GeminiPart {
  text?: string;
  /** True on thought-summary text parts (only with `thinkingConfig.includeThoughts`). */
  thought?: boolean;
  /** Opaque signature the model attaches (Gemini 3: on the first functionCall part); must be sent back. */
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  executableCode?: unknown;
  codeExecutionResult?: unknown;
}

/** A function call the model made; `args` is an object, not a JSON string. */
export interface GeminiFunctionCall {
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}

/** The client's answer to a function call; `response` must be an object. */
export interface GeminiFunctionResponse {
  id?: string;
  name: string;
  response: Record<string, unknown>;
}

/** A turn: `user` (also legacy `function`) or `model`. */
export interface GeminiContent {
  role?: 'user' | 'model' | 'function';
  parts: GeminiPart[];
}

/** One entry of `tools[].functionDeclarations`. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** Gemini's OpenAPI-subset Schema (uppercase `type`, `nullable`). */
  parameters?: Record<string, unknown>;
  /** Plain JSON Schema. */
  parametersJsonSchema?: unknown;
}

/** A tool entry: function declarations or a built-in (googleSearch, codeExecution, ...). */
export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [builtin: string]: unknown;
}

/** `toolConfig.functionCallingConfig.mode`. */
export type GeminiFunctionCallingMode = 'AUTO' | 'ANY' | 'NONE' | 'VALIDATED' | 'MODE_UNSPECIFIED';

/** `toolConfig`. */
export interface GeminiToolConfig {
  functionCallingConfig?: { mode?: GeminiFunctionCallingMode; allowedFunctionNames?: string[] };
}

/** `generationConfig.thinkingConfig`. */
export interface GeminiThinkingConfig {
  thinkingBudget?: number;
  thinkingLevel?: GeminiThinkingLevel;
  includeThoughts?: boolean;
}

/** `generationConfig`. */
export interface GeminiGenerationConfig {
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  stopSequences?: string[];
  candidateCount?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseMimeType?: string;
  responseSchema?: Record<string, unknown>;
  responseJsonSchema?: unknown;
  responseLogprobs?: boolean;
  logprobs?: number;
  responseModalities?: string[];
  speechConfig?: unknown;
  thinkingConfig?: GeminiThinkingConfig;
}

/** Request body of `:generateContent` / `:streamGenerateContent` (model and stream mode live in the URL). */
export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: GeminiContent;
  generationConfig?: GeminiGenerationConfig;
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  safetySettings?: unknown[];
  cachedContent?: string;
}

/** Finish reasons of the SDK enum (unknown future values are plain strings). */
export type GeminiFinishReason =
  | 'FINISH_REASON_UNSPECIFIED'
  | 'STOP'
  | 'MAX_TOKENS'
  | 'SAFETY'
  | 'RECITATION'
  | 'LANGUAGE'
  | 'OTHER'
  | 'BLOCKLIST'
  | 'PROHIBITED_CONTENT'
  | 'SPII'
  | 'MALFORMED_FUNCTION_CALL'
  | 'IMAGE_SAFETY'
  | 'UNEXPECTED_TOOL_CALL'
  | 'TOO_MANY_TOOL_CALLS'
  | 'IMAGE_PROHIBITED_CONTENT'
  | 'NO_IMAGE'
  | 'IMAGE_RECITATION'
  | 'IMAGE_OTHER'
  | 'CONTINUATION';

/** One generated candidate. */
export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: GeminiFinishReason | string;
  index?: number;
  safetyRatings?: unknown[];
}

/**
 * `usageMetadata`. `promptTokenCount` includes `cachedContentTokenCount`; `candidatesTokenCount`
 * excludes `thoughtsTokenCount`; in a stream every chunk carries the running total.
 */
export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  cachedContentTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
}

/** Response body, and also the payload of every `alt=sse` stream event. */
export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string; safetyRatings?: unknown[] };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
  /** RFC 3339 creation time (Vertex AI sends it; the Developer API does not). */
  createTime?: string;
}

/** Error envelope (`{error:{code,message,status}}`), also sent mid-stream. */
export interface GeminiErrorBody {
  error: { code: number; message: string; status: string; details?: unknown[] };
}

/** `thinkingConfig.thinkingLevel` (Gemini 3). */
export type GeminiThinkingLevel = 'MINIMAL' | 'LOW' | 'MEDIUM' | 'HIGH';
