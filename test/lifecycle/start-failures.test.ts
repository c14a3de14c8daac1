/**
 * A start-up that cannot succeed says why in one line naming its cause, never `undefined`: the
 * embedded PostgreSQL's port taken, and a data directory the database's user cannot reach.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { TEST_SECRET_KEY } from '../support/control-plane.js';
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

/**
 * The folder check runs for whichever user the embedded PostgreSQL runs as: `postgres` when we are
 * root (a 0700 folder of root's shuts it out, as `/root` does), else our own user (a 0000 folder
 * shuts us out). Either way the start stops with one line naming the folder and what to do.
 */
test('a data directory under a folder the database user cannot enter: one line saying why and what to do', () => {
  const asRoot = process.getuid?.() === 0;
  const closed = join(service.dataDir, 'closed');
  mkdirSync(closed, { mode: 0o700 });
  chmodSync(closed, asRoot ? 0o700 : 0o000);
  try {
    // With a SECRET_KEY the start does not write under DATA_DIR before it reaches the database.
    const { status, stderr } = runToEnd({ ...service.env, DATA_DIR: join(closed, 'data'), SECRET_KEY: TEST_SECRET_KEY });
    expect(status).toBe(1);
    const who = asRoot ? 'PostgreSQL refuses to run as root, so the embedded one runs as user "postgres"' : `the embedded PostgreSQL runs as this process' user "${userInfo().username}"`;
    const mode = asRoot ? '0700' : '0000';
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Failed to start: ${escape(who)}, who cannot enter ${escape(closed)} \\(mode ${mode}\\).*DATABASE_URL`))]);
  } finally {
    chmodSync(closed, 0o700); // so the test's folder can be removed
  }
}, 120_000);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
