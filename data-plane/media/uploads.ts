/**
 * A multipart upload (POST /v1/images/edits, a POST /v1/videos with its reference image), read as
 * it arrives and never held whole: fields go to memory (small, bounded by busboy's limits), each
 * file is streamed to a temporary file on disk. Spooled files let a request go to the next channel
 * after a failed attempt, and to a Gemini channel as base64 streamed from disk. Beyond `maxBytes`
 * of files the upload is refused with a 413 at once and what was written is deleted; reading stops
 * there (the connection closes after the answer: ../pipeline/body.ts).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { GatewayError } from '../../shared/wire/errors.js';

/** One uploaded file, on disk until the upload is disposed of. */
export interface SpooledFile {
  /** The form field it came in (`image`, `image[]`, `mask`). */
  field: string;
  filename: string;
  mimeType: string;
  path: string;
  bytes: number;
}

/** A parsed multipart form. */
export interface SpooledForm {
  fields: Record<string, string>;
  files: SpooledFile[];
  /** Deletes the spooled files (call once the request is done, however it ended). */
  dispose(): Promise<void>;
}

/** Most form fields, and longest field value (a prompt is at most 32,000 characters). */
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 256 * 1024;
const MAX_FILES = 20;

/** The 413 of an upload beyond the limit, in the OpenAI shape. */
export function uploadTooLarge(maxBytes: number): GatewayError {
  return new GatewayError('too_large', `The uploaded files are larger than the limit of ${maxBytes} bytes`, 413);
}

/** Counts the bytes going through, failing beyond `left()` bytes in all. */
function counter(take: (n: number) => boolean): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!take(chunk.length)) done(new UploadLimit());
      else done(null, chunk);
    },
  });
}

class UploadLimit extends Error {}

/** A form of one file holding `data` (an image a JSON body carried inline), so that it is sent as an upload is; spooled under `under`. */
export async function spoolBytes(file: Pick<SpooledFile, 'field' | 'filename' | 'mimeType'>, data: Buffer, under: string): Promise<SpooledForm> {
  const dir = await mkdtemp(join(under, 'meridian-upload-'));
  const form: SpooledForm = { fields: {}, files: [], dispose: () => rm(dir, { recursive: true, force: true }) };
  try {
    const path = join(dir, '0');
    await writeFile(path, data);
    form.files.push({ ...file, path, bytes: data.length });
    return form;
  } catch (err) {
    await form.dispose();
    throw err;
  }
}

/** Reads `body` (the request stream) as multipart/form-data into memory fields and files spooled under `under`. */
export async function spoolMultipart(headers: IncomingHttpHeaders, body: Readable, maxBytes: number, under: string): Promise<SpooledForm> {
  const dir = await mkdtemp(join(under, 'meridian-upload-'));
  const form: SpooledForm = { fields: {}, files: [], dispose: () => rm(dir, { recursive: true, force: true }) };
  let total = 0;
  const take = (n: number) => (total += n) <= maxBytes;
  const writes: Promise<void>[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let parser: BusboyInstance;
      try {
        parser = new Busboy({ headers: headers as BusboyHeaders, limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: MAX_FILES } });
      } catch (err) {
        reject(new GatewayError('invalid_request', `The request is not multipart/form-data: ${(err as Error).message}`));
        return;
      }
      /** The files being written: a failure destroys them, or a file the client broke off would never end and hold its descriptor open. */
      const inFlight = new Set<Readable>();
      let failed = false;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        // The rest is not read (the connection closes after the answer: ../pipeline/body.ts).
        body.unpipe(parser);
        parser.destroy();
        for (const stream of inFlight) stream.destroy();
        reject(err);
      };
      parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
        if (valueTruncated) fail(new GatewayError('invalid_request', `The form field '${name}' is too long`, undefined, { param: name }));
        else form.fields[name] = value;
      });
      parser.on('file', (field, stream, filename, _encoding, mimeType) => {
        // A part the parser had begun before it was stopped: it would never end.
        if (failed) return void stream.destroy();
        const file: SpooledFile = { field, filename: filename || `${field}.png`, mimeType: mimeType || 'application/octet-stream', path: join(dir, String(form.files.length)), bytes: 0 };
        form.files.push(file);
        inFlight.add(stream);
        writes.push(
          pipeline(stream, counter(take), createWriteStream(file.path))
            .finally(() => inFlight.delete(stream))
            .then(
              async () => void (file.bytes = (await stat(file.path)).size),
              (err: unknown) => {
                stream.resume();
                fail(err instanceof UploadLimit ? uploadTooLarge(maxBytes) : err);
              },
            ),
        );
      });
      parser.on('filesLimit', () => fail(new GatewayError('invalid_request', `At most ${MAX_FILES} files may be uploaded`)));
      parser.on('error', (err: Error) => fail(new GatewayError('invalid_request', `The multipart body could not be read: ${err.message}`)));
      parser.on('finish', () => {
        void Promise.all(writes).then(() => {
          if (!failed) resolve();
        }, fail);
      });
      body.on('error', fail);
      body.pipe(parser);
    });
    return form;
  } catch (err) {
    // Every file's descriptor closed first: a file deleted while open would keep its space.
    await Promise.allSettled(writes);
    await form.dispose();
    throw err;
  }
}
