import { PassThrough, Readable } from 'node:stream';
import { readBounded } from '../../shared/wire/bounded-body.js';

describe('bounded body reads', () => {
  test('a body within the limit comes whole, every chunk told', async () => {
    let chunks = 0;
    const bytes = await readBounded(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4, () => chunks++);
    expect(bytes?.toString()).toBe('abcd');
    expect(chunks).toBe(2);
  });

  test('a body over the limit: undefined, and the stream is left paused', async () => {
    const stream = new PassThrough();
    const read = readBounded(stream, 4);
    stream.write('abc');
    stream.write('de');
    expect(await read).toBeUndefined();
    expect(stream.isPaused()).toBe(true);
  });

  test("the stream's error rejects", async () => {
    const stream = new PassThrough();
    const read = readBounded(stream, 10);
    stream.write('ab');
    stream.destroy(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    await expect(read).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
  });

  test('a stream destroyed before its end without an error rejects too', async () => {
    const stream = new PassThrough();
    const read = readBounded(stream, 10);
    stream.write('ab');
    stream.destroy();
    await expect(read).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});
