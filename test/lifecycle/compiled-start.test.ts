/**
 * The production start: `npm run start:data-plane` runs the compiled JavaScript of `dist/` with
 * plain `node` (no run-time transpiler), and that data plane, started as its own process, loads the
 * configuration a control plane published and serves an SDK's request, metered, writing JSON
 * log lines only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { compileServer } from '../../tools/compile.js';
import { UsageRecord } from '../../control-plane/usage/usage-record.entity.js';
import { startTestControlPlane, TEST_SECRET_KEY, type TestControlPlane } from '../support/control-plane.js';
import { TEST_REDIS_URL } from '../support/database.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/free-port.js';
import { fundedKey } from '../support/funded-key.js';
import { ManagedProcess } from '../support/managed-process.js';
import { processes } from '../support/service-process.js';

const ROOT = join(import.meta.dirname, '..', '..');

let cp: TestControlPlane;
let dataDir: string;
let dataPlane: ManagedProcess | undefined;

beforeAll(async () => {
  // What `npm start` does first: compile when dist/ is missing or older than the sources.
  await compileServer({ ifStale: true });
  cp = await startTestControlPlane();
  dataDir = await mkdtemp(join(tmpdir(), 'meridian-compiled-'));
}, 60_000);

afterAll(async () => {
  await dataPlane?.kill();
  await cp?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('npm run start:data-plane runs dist/ with plain node and serves a metered request', async () => {
  const port = await freePort();
  // npm's own environment for its scripts, and nothing of jest's (no NODE_OPTIONS, no loader).
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: cp.redisPrefix, SECRET_KEY: TEST_SECRET_KEY };
  Object.assign(env, { NODE_NAME: 'compiled', DATA_PLANE_PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  dataPlane = new ManagedProcess('compiled-dp', 'npm', ['run', '-s', 'start:data-plane'], { cwd: ROOT, env });
  dataPlane.start();
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(async () => (await fetch(`${url}/readyz`)).status === 200, 'the compiled data plane ready', 30_000);
    // The process serving is node running the compiled entry point (npm's script execs it), no transpiler loaded.
    const npmPid = dataPlane.pid;
    const children = processes().filter((p) => p.ppid === npmPid);
    expect(children.map((p) => p.args.slice(1))).toEqual([['dist/data-plane/main.js']]);

    const { accountId, key } = await fundedKey(cp, 2_000_000n);
    const client = new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 });
    const { data: answer, response } = await client.chat.completions.create({ model: 'demo-chat', max_tokens: 16, messages: [{ role: 'user', content: 'hello compiled' }] }).withResponse();
    expect(answer.choices[0].message.content).toBeTruthy();
    const record = await eventually(async () => {
      await cp.services.billing.consumer.drain(0);
      return (await cp.services.deps.orm.em.fork().findOne(UsageRecord, { account: accountId })) ?? false;
    }, 'the usage record of the compiled data plane', 20_000);
    expect(BigInt(record.chargeMicro)).toBeGreaterThan(0n);

    // Everything the process wrote is JSON lines (its start line too), the request's access line carrying its id.
    const written = dataPlane.output().split('\n').map((line) => line.replace(/^\[compiled-dp [\d:.]+\] /, '')).filter((line) => !/^(started \(pid|<- SIG|exited \()/.test(line));
    const logged = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((line) => line.msg === 'Meridian data plane started')).toMatchObject({ level: 'info', msg: 'Meridian data plane started', node: 'compiled', modelEndpoints: url });
    const requestId = response.headers.get('x-request-id');
    expect(logged.find((line) => line.msg === 'request')).toMatchObject({ requestId, status: 200, path: '/v1/chat/completions', format: 'chat-completions' });
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${dataPlane.output()}`);
  }
}, 90_000);

