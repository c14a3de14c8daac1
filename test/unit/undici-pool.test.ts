/** The parts of undici the transport loads alone (shared/wire/providers/undici-pool.ts) are those its index exports. */
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, poolRequest } from '../../shared/wire/providers/undici-pool.js';

const undici = createRequire(import.meta.url)('undici') as typeof import('undici');

test("Pool is undici's, and poolRequest makes the request its index adds to every dispatcher", async () => {
  expect(Pool).toBe(undici.Pool);
  const server = http.createServer((req, res) => res.end(`${req.method} ${req.url}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    const res = await poolRequest(pool, { method: 'GET', path: '/where?x=1' });
    expect([res.statusCode, await res.body.text()]).toEqual([200, 'GET /where?x=1']);
  } finally {
    await pool.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
