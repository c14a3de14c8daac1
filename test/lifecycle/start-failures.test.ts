/**
 * A start-up that cannot succeed says why in one line naming its cause, never `undefined`: the
 * embedded PostgreSQL's port taken, and (as root) a data directory user `postgres` cannot reach.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { ServiceUnderTest, postgresOf } from '../support/service-process.js';

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await new ServiceUnderTest().init();
});
afterAll(() => service?.remove());

/** Runs the all-in-one entry point to its end; returns its exit code and what it printed to stderr. */
function runToEnd(env: Record<string, string>): { status: number | null; stderr: string } {
  const run = spawnSync('node', ['--import', '@swc-node/register/esm-register', 'control-plane/main/all-in-one.ts'], { env, encoding: 'utf8', timeout: 90_000 });
  return { status: run.status, stderr: run.stderr };
}

test('the embedded PostgreSQL port taken: one line naming the port and what PostgreSQL said', async () => {
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(service.ports.postgres, '127.0.0.1', resolve));
  try {
    const { status, stderr } = runToEnd(service.env);
    expect(status).toBe(1);
    const line = stderr.split('\n').find((l) => l.startsWith('Failed to start:'));
    expect(line).toMatch(new RegExp(`^Failed to start: the embedded PostgreSQL \\(port ${service.ports.postgres}, EMBEDDED_PG_PORT\\) exited at start: .*Address already in use`));
    expect(stderr).not.toContain('undefined');
    expect(postgresOf(service.dataDir)).toEqual([]);
  } finally {
    taken.close();
  }
}, 120_000);

const asRoot = process.getuid?.() === 0;
(asRoot ? test : test.skip)('as root, a data directory under a 0700 folder: one line saying why and what to do', () => {
  const closed = join(service.dataDir, 'closed');
  mkdirSync(closed, { mode: 0o700 });
  chmodSync(closed, 0o700);
  const { status, stderr } = runToEnd({ ...service.env, DATA_DIR: join(closed, 'data') });
  expect(status).toBe(1);
  expect(stderr.trim().split('\n')).toEqual([
    expect.stringMatching(new RegExp(`^Failed to start: PostgreSQL refuses to run as root, so the embedded one runs as user "postgres", who cannot enter ${closed} \\(mode 0700\\).*DATABASE_URL`)),
  ]);
}, 120_000);
