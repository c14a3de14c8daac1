/**
 * The close of a connection whose request was refused unread (data-plane/http/lingering-close.ts),
 * over a real HTTP server and raw client sockets: the answer arrives, and the rest of the body is
 * read only up to the bounds.
 */
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { closeLingering, type LingerBounds } from '../../data-plane/http/lingering-close.js';
import { eventually } from '../support/eventually.js';

const KB = 1024;
const READ_BEFORE_REFUSAL = 64 * KB;

/** A server that reads 64 KiB of each body, then answers 413 and closes lingering; `dropped` counts the bytes read after the refusal, `closed` the connections closed. */
async function refusingServer(bounds: LingerBounds) {
  const stats = { dropped: 0, ended: 0, closed: 0 };
  const server = http.createServer((req, res) => {
    req.socket.once('close', () => stats.closed++);
    let read = 0;
    const take = (chunk: Buffer) => {
      read += chunk.length;
      if (read < READ_BEFORE_REFUSAL) return;
      req.off('data', take);
      req.pause();
      closeLingering(req, res, bounds);
      req.on('data', (more: Buffer) => (stats.dropped += more.length));
      req.on('end', () => stats.ended++);
      res.statusCode = 413;
      res.end('too large');
    };
    req.on('data', take);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, stats, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Sends a request announcing `length` bytes of body and writes `send` of them (all at once, not waiting for the answer); resolves with what came back and how the connection ended. */
function upload(port: number, length: number, send: number, options: { allowHalfOpen?: boolean; onSocket?: (socket: net.Socket) => void } = {}) {
  return new Promise<{ answer: string; errors: string[] }>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: options.allowHalfOpen ?? false });
    const chunks: Buffer[] = [];
    const errors: string[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => errors.push(err.code ?? err.message));
    socket.on('close', () => resolve({ answer: Buffer.concat(chunks).toString('latin1'), errors }));
    options.onSocket?.(socket);
    socket.write(`POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/octet-stream\r\ncontent-length: ${length}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * KB, 7);
    void (async () => {
      for (let sent = 0; sent < send && !socket.destroyed; sent += chunk.length) {
        if (!socket.write(chunk.subarray(0, Math.min(chunk.length, send - sent)))) await Promise.race([once(socket, 'drain'), once(socket, 'close')]).catch(() => undefined);
      }
    })();
  });
}

test('a body that ends soon after the refusal is read to its end: the client gets the 413 and a clean close, never a reset', async () => {
  const server = await refusingServer({ bytes: 1024 * KB, ms: 60_000 });
  try {
    // The client is still sending when the refusal comes; a server that closed at once would reset the connection under it.
    for (let i = 0; i < 5; i++) {
      const length = READ_BEFORE_REFUSAL + 768 * KB;
      const { answer, errors } = await upload(server.port, length, length);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(errors).toEqual([]);
    }
    await eventually(async () => server.stats.ended === 5, 'every body read to its end');
  } finally {
    await server.close();
  }
});

test('a client that sends on after the refusal is cut off once the byte bound is read', async () => {
  const bounds = { bytes: 256 * KB, ms: 60_000 };
  const server = await refusingServer(bounds);
  try {
    const { answer } = await upload(server.port, 1024 * 1024 * KB, 1024 * 1024 * KB);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(server.stats.ended).toBe(0);
    // At most one read of the socket beyond the bound.
    expect(server.stats.dropped).toBeGreaterThan(0);
    expect(server.stats.dropped).toBeLessThanOrEqual(bounds.bytes + 64 * KB);
  } finally {
    await server.close();
  }
});

test('a client that sends nothing more, and keeps its side open, is cut off once the time bound passed', async () => {
  const server = await refusingServer({ bytes: 1024 * KB, ms: 100 });
  try {
    let client: net.Socket | undefined;
    const uploaded = upload(server.port, READ_BEFORE_REFUSAL + KB, READ_BEFORE_REFUSAL, { allowHalfOpen: true, onSocket: (socket) => (client = socket) });
    // The client's side stays open: only the server's bound closes the connection.
    await eventually(async () => server.stats.closed === 1, 'the server closing the connection');
    client!.destroy();
    expect((await uploaded).answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(server.stats.ended).toBe(0);
  } finally {
    await server.close();
  }
});
