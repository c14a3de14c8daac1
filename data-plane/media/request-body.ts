/**
 * The request bodies of the image and video endpoints, read within their limits: a JSON body up to
 * MAX_BODY_BYTES, a multipart upload spooled to disk up to IMAGE_MAX_UPLOAD_BYTES (./uploads.ts).
 * A body refused before its end (413, or an upload that could not be read) closes the connection
 * after the answer, the rest read only up to a small bound (closeWhenRefusedUnread in
 * ../pipeline/body.ts, among the keyed stages every media route starts with): Node would otherwise
 * read and discard it to keep the connection alive, and a client could stream gigabytes into a
 * refused request.
 */
import type Koa from 'koa';
import { GatewayError } from '../../shared/wire/errors.js';
import { readBounded } from '../../shared/wire/bounded-body.js';
import { spoolMultipart, type SpooledForm } from './uploads.js';

/** A JSON request's raw body, read up to `maxBytes` (413 beyond, checked on Content-Length first and while reading). */
export async function jsonBody(ctx: Koa.Context, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new GatewayError('too_large', `Request body is larger than the limit of ${maxBytes} bytes`, 413);
  if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge();
  const bytes = await readBounded(ctx.req, maxBytes);
  if (bytes === undefined) throw tooLarge();
  return bytes;
}

/** A multipart request's fields and files (spooled under `dir`), up to `maxBytes` of files (413 beyond). */
export function uploadBody(ctx: Koa.Context, maxBytes: number, dir: string): Promise<SpooledForm> {
  return spoolMultipart(ctx.headers, ctx.req, maxBytes, dir);
}
