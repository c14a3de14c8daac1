import type { WireFormat } from '../../shared/formats.js';
import { errorBody, type GatewayError } from '../errors.js';
import type { StreamEvent } from '../translate/translator.js';

/**
 * The event that ends a stream which failed after its first byte, in the client's format
 * (wire-formats.md §7.9 "Mid-stream"): each SDK turns it into an error. Chat and Gemini carry the
 * error envelope as data, Anthropic as `event: error`, Responses as `response.failed`.
 */
export function streamErrorEvent(format: WireFormat, error: GatewayError, requestId: string, model: string): StreamEvent {
  if (format !== 'responses') return { data: errorBody(format, error, requestId) };
  const message = `${error.message} (request id: ${requestId})`;
  return {
    event: 'response.failed',
    data: {
      type: 'response.failed',
      sequence_number: 0,
      response: {
        id: `resp_${requestId}`,
        object: 'response',
        created_at: Math.floor(Date.now() / 1000),
        status: 'failed',
        error: { code: 'server_error', message },
        incomplete_details: null,
        model,
        output: [],
        usage: null,
      },
    },
  };
}
