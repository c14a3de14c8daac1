/**
 * What the relay needs from each channel kind: which wire formats it speaks natively, and how to
 * send one request to it (URL, auth headers, version parameters). Formats and translation stay
 * in `translate/`; a provider only knows its own API's addressing.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { WireFormat } from '../../formats.js';
import type { RuntimeChannel } from '../../snapshot/runtime-config.js';

/** One request to send upstream, already in the upstream's format. */
export interface UpstreamCall {
  channel: RuntimeChannel;
  /** The upstream key to authenticate with (plain). */
  key: string;
  /** The upstream format the body is in (one of the provider's formats). */
  format: WireFormat;
  /** Our model id (as the client named it, after alias resolution). */
  model: string;
  /** The name the upstream knows the model by. */
  upstreamModel: string;
  stream: boolean;
  /** JSON request body bytes. */
  body: Buffer;
  /** The client's headers, for the few a provider forwards (e.g. `anthropic-version`). */
  clientHeaders: IncomingHttpHeaders;
}

/** Where and how to send an {@link UpstreamCall} over HTTP. */
export interface UpstreamEndpoint {
  url: string;
  headers: Record<string, string>;
}

/** The upstream's answer once its headers arrived; the body is read by the relay (never buffered whole when streaming). */
export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** A channel kind. */
export interface Provider {
  /** Formats the upstream speaks, preferred first. */
  readonly formats: readonly WireFormat[];
  /** HTTP providers: the URL and headers of a call. */
  endpoint?(call: UpstreamCall): UpstreamEndpoint;
  /** Local providers (demo): answer in-process instead of calling anything. */
  answer?(call: UpstreamCall): UpstreamResponse;
}

/** `base` + `path` with exactly one slash between them (a base may carry a path prefix). */
export function joinUrl(base: string | null, path: string): string {
  if (!base) throw new Error('channel has no base URL');
  return base.replace(/\/+$/, '') + path;
}

/** JSON content type plus the given headers. */
export function jsonHeaders(extra: Record<string, string>): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...extra };
}
