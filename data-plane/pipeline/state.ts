import type { WireFormat } from '../../shared/formats.js';
import type { NormalisedUsage } from '../../shared/pricing/usage.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { GroupRoute, RuntimeConfig, RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import type { RequestState } from '../server.js';
import type { ModelRoute } from './routes.js';
import type { RelayOutcome } from '../relay/outcome.js';
import type { RelayRequest } from '../relay/relay.js';

/**
 * What the pipeline stages leave on `ctx.state`, in stage order. A field is set by its stage and
 * read only by later ones (`required()` turns a missing one into a loud internal error).
 */
export interface PipelineState extends RequestState {
  /** The route matched (set first, so every later error is answered in its format). */
  route?: ModelRoute;
  /** The configuration for the whole request (one snapshot, even if a new one is swapped in meanwhile). */
  runtime?: RuntimeConfig;
  /** The request body as received (pass-through sends these bytes) and parsed. */
  rawBody?: Buffer;
  body?: Record<string, unknown>;
  /** Set by the authentication stage. */
  token?: TokenRecord;
  /** The requested model (aliases resolved) and whether a stream was asked for. */
  model?: RuntimeModel;
  stream?: boolean;
  /** Groups to try, in order, each with its channels for the model. */
  candidates?: GroupRoute[];
  /** Set by the reserve stage: metering's observer of each upstream attempt's answer. */
  observe?: RelayRequest['observe'];
  /** Set by the rate-limit stage: told the usage the request was charged for, once metering settled it. */
  onSettled?: (usage: NormalisedUsage) => void;
  /** What the relay did: for the metering stage after it. */
  relay?: RelayOutcome;
  /** The request's wire format, for error rendering (server.ts). */
  format?: WireFormat;
}

/** A state field a previous stage must have set. */
export function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`pipeline: ${name} is not set (stage order?)`);
  return value;
}
