import type { WireFormat } from '../../shared/formats.js';
import { errorBody, type GatewayError } from '../../shared/wire/errors.js';
import type { StreamEvent } from '../../shared/wire/translate/translator.js';
import { ResponsesTally } from './responses-tally.js';

/**
 * The event that ends a stream which failed after its first byte, in the client's format
 * (docs/formats.md, "Errors in the middle of a stream"): each SDK turns it into an error. Chat
 * and Gemini carry the error envelope as data, Anthropic as `event: error`, Responses as
 * `response.failed`, which continues the stream `tally` followed (its numbering, its response id,
 * the output delivered).
 */
export function streamErrorEvent(format: WireFormat, error: GatewayError, requestId: string, model: string, tally?: ResponsesTally): StreamEvent {
  if (format !== 'responses') return { data: errorBody(format, error, requestId) };
  const message = `${error.message} (request id: ${requestId})`;
  return (tally ?? new ResponsesTally()).failed({ code: 'server_error', message }, `resp_${requestId}`, model);
}
