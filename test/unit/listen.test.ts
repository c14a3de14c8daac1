import { createServer } from 'node:http';
import { listen } from '../../shared/http/listen.js';

test('a port already taken is a rejection naming it, not an error event that kills the process', async () => {
  const first = createServer();
  await listen(first, { port: 0, host: '127.0.0.1' });
  const { port } = first.address() as { port: number };
  const second = createServer();
  try {
    await expect(listen(second, { port, host: '127.0.0.1' })).rejects.toMatchObject({ code: 'EADDRINUSE', port });
    expect(second.listenerCount('error')).toBe(0);
  } finally {
    await new Promise((resolve) => first.close(resolve));
  }
});

test('a free port listens, and leaves no error listener behind', async () => {
  const server = createServer();
  await listen(server, { port: 0, host: '127.0.0.1' });
  try {
    expect(server.listening).toBe(true);
    expect(server.listenerCount('error')).toBe(0);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
