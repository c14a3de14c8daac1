/**
 * `npm start` with nothing configured: embedded PostgreSQL, in-process ports, generated secret,
 * generated admin. Runs the real entry point as a child process, as a newcomer would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gql, gqlOk } from '../support/graphql.js';

const root = resolve(import.meta.dirname, '..', '..');
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  graphql: string;
  dataPlane: string;
}

/** The banner's lines with the GraphQL API's and the data plane's addresses. */
const GRAPHQL_URL = /GraphQL API:\s+(\S+)/;
const DATA_PLANE_URL = /Data plane \(models\):\s+(\S+)/;

/** Starts `npm start`'s entry point with only ports and the data directory set; resolves once it printed its addresses. */
async function startAllInOne(): Promise<Running> {
  const [cpPort, dpPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  // Only what a test machine needs to keep runs apart; no DATABASE_URL, REDIS_URL, SECRET_KEY or admin.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    DATA_DIR: dataDir,
    CONTROL_PLANE_PORT: String(cpPort),
    DATA_PLANE_PORT: String(dpPort),
    EMBEDDED_PG_PORT: String(pgPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'control-plane/main/all-in-one.ts'], { cwd: root, env });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`all-in-one did not start:\n${out}`));
    }, 90_000);
    // Started once the banner's addresses are in (however the output was cut into chunks).
    child.stdout!.on('data', () => {
      if (GRAPHQL_URL.test(out) && DATA_PLANE_URL.test(out)) {
        clearTimeout(timer);
        done();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`all-in-one exited with ${code}:\n${out}`));
    });
  });
  const graphql = out.match(GRAPHQL_URL)![1];
  const dataPlane = out.match(DATA_PLANE_URL)![1];
  return { child, output: () => out, graphql, dataPlane };
}

async function stop(running: Running): Promise<number | null> {
  const exited = new Promise<number | null>((done) => running.child.on('exit', (code) => done(code)));
  running.child.kill('SIGTERM');
  return exited;
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-aio-'));
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

test('starts with nothing configured, serves both planes, and keeps its data across a restart', async () => {
  const first = await startAllInOne();
  try {
    expect((await fetch(`${first.dataPlane}/healthz`)).status).toBe(200);
    expect((await fetch(`${first.dataPlane}/readyz`)).status).toBe(200);
    // Without SMTP_URL, mail goes to the log, and the banner says so.
    expect(first.output()).toMatch(/Mail:\s+written to the log, e-mail codes included \(no SMTP_URL\)/);
    const info = await gql<{ serverInfo: { portsKind: string } }>(first.graphql, '{ serverInfo { portsKind } }');
    expect(info.data?.serverInfo.portsKind).toBe('memory');

    // The generated admin is printed once; it can log in and use the seeded demo channel end to end.
    const password = first.output().match(/password: (\S+)/)![1];
    const login = await gqlOk<{ login: { token: string; account: { id: string } } }>(
      first.graphql,
      'mutation($p: String!) { login(input: { login: "admin", password: $p }) { token account { id } } }',
      { p: password },
    );
    const session = login.login.token;
    await gqlOk(first.graphql, 'mutation($a: ID!) { adjustBalance(accountId: $a, amountRmb: "5", reason: "smoke") { __typename } }', { a: login.login.account.id }, { session });
    const created = await gqlOk<{ createToken: { id: string } }>(first.graphql, 'mutation { createToken(input: { name: "smoke" }) { id } }', {}, { session });
    const key = (await gqlOk<{ tokenKey: string }>(first.graphql, 'query($id: ID!) { tokenKey(id: $id) }', { id: created.createToken.id }, { session })).tokenKey;
    const answer = await fetch(`${first.dataPlane}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'demo-chat', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-meridian-channel-kind')).toBe('demo');
    expect(((await answer.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toContain('demo');
  } finally {
    expect(await stop(first)).toBe(0);
  }

  const second = await startAllInOne();
  try {
    expect(second.output()).not.toContain('first administrator created');
    const password = first.output().match(/password: (\S+)/)![1];
    const again = await gql<{ login: { token: string } }>(
      second.graphql,
      'mutation($p: String!) { login(input: { login: "admin", password: $p }) { token } }',
      { p: password },
    );
    expect(again.errors).toBeUndefined();
  } finally {
    expect(await stop(second)).toBe(0);
  }
}, 240_000);
