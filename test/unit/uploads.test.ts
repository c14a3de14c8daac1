/**
 * Multipart uploads spooled to disk (data-plane/media/uploads.ts): what a failed upload leaves
 * behind, on disk and in open file descriptors.
 */
import { readdir, readlink, stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { spoolMultipart } from '../../data-plane/media/uploads.js';
import { tempDataDir } from '../support/data-plane.js';
import { eventually } from '../support/eventually.js';

/** The files this process holds open under `dir` (Linux: /proc/self/fd). */
async function openUnder(dir: string): Promise<string[]> {
  const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target.startsWith(`${dir}/`));
}

/** The size of every file spooled under `dir` so far. */
async function spooledBytes(dir: string): Promise<number[]> {
  const sizes: number[] = [];
  for (const upload of await readdir(dir)) {
    for (const file of await readdir(`${dir}/${upload}`).catch(() => [])) sizes.push((await stat(`${dir}/${upload}/${file}`).catch(() => ({ size: 0 }))).size);
  }
  return sizes;
}

test('an upload the client breaks off mid-file settles, and leaves no spooled file and no open descriptor', async () => {
  const uploads = await tempDataDir();
  try {
    const boundary = '----broken-off';
    const body = new PassThrough();
    const settled = spoolMultipart({ 'content-type': `multipart/form-data; boundary=${boundary}` }, body, 1024 * 1024, uploads.path).then(
      () => 'resolved',
      (err: Error) => err.message,
    );
    body.write(`--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nx\r\n`);
    body.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    body.write(Buffer.alloc(64 * 1024, 7));
    // The file is being written (its descriptor open) when the client goes away.
    await eventually(async () => (await spooledBytes(uploads.path)).some((size) => size > 0) && (await openUnder(uploads.path)).length > 0, 'the file spooling');
    body.destroy(new Error('aborted'));
    expect(await settled).toBe('aborted');
    expect(await readdir(uploads.path)).toEqual([]);
    expect(await openUnder(uploads.path)).toEqual([]);
  } finally {
    await uploads.remove();
  }
});
