/**
 * Request bodies built from spooled uploads as they are sent, never whole in memory: a
 * multipart/form-data body (OpenAI-format upstreams), and base64 of a file inside JSON (Gemini's
 * inlineData).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { SpooledFile } from './uploads.js';

/** A multipart/form-data body of `fields` then `files` (each under its own field name), streamed from disk. */
export function multipartBody(fields: Record<string, string>, files: readonly SpooledFile[]): { body: Readable; contentType: string } {
  const boundary = `----meridian${randomBytes(12).toString('hex')}`;
  const quote = (s: string) => s.replace(/["\r\n\\]/g, '_');
  async function* parts(): AsyncGenerator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`);
    }
    for (const file of files) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.filename)}"\r\nContent-Type: ${quote(file.mimeType)}\r\n\r\n`);
      for await (const chunk of createReadStream(file.path)) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { body: Readable.from(parts(), { objectMode: false }), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The base64 of a file, read from disk a chunk at a time (each chunk encoded on a 3-byte boundary). */
export async function* base64Of(path: string): AsyncGenerator<Buffer> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path)) {
    const data = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const whole = data.length - (data.length % 3);
    if (whole > 0) yield Buffer.from(data.subarray(0, whole).toString('base64'));
    carry = data.subarray(whole);
  }
  if (carry.length) yield Buffer.from(carry.toString('base64'));
}
