/**
 * The service split as it is deployed, for the fault suite (test/faults): one control plane and
 * two data planes (`domestic`, `overseas`), each a process of its own started the way the README's
 * "Split deployment" starts it, against a fresh PostgreSQL database and a private redis-server,
 * with the fake upstream (test/fakes) behind the channels. Periods that have a setting are short so
 * that faults heal and show quickly. Each process's output is kept: {@link SplitService.explain}
 * prints it when a scenario fails. {@link SplitService.stop} kills everything, also after a failure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeUpstream } from '../fakes/upstream.js';
import { loginSession } from './accounts.js';
import { TEST_ADMIN, TEST_SECRET_KEY } from './control-plane.js';
import { createTestDatabase } from './database.js';
import { eventually } from './eventually.js';
import { createFaultAccount, type FaultAccount } from './fault-accounts.js';
import { FAULT_MODELS, setUpFaultCatalog } from './fault-catalog.js';
import { freePort } from './free-port.js';
import { gqlOk } from './graphql.js';
import { ManagedProcess } from './managed-process.js';
import { PrivateRedis } from './private-redis.js';
import type { ClientKind, Lane } from './sdk-traffic.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How long a process may take to start on a busy machine. */
const START_BOUND_MS = 180_000;

/** Settings of the data planes, short where a setting exists: exported so scenarios can compute their bounds. */
export const DATA_PLANE_SETTINGS = {
  SNAPSHOT_POLL_MS: '250',
  HEARTBEAT_MS: '250',
  /** In-flight requests may finish this long after SIGTERM. */
  SHUTDOWN_GRACE_MS: '4000',
} as const;

/** Settings of the control plane, short where a setting exists. */
export const CONTROL_PLANE_SETTINGS = {
  DATA_PLANE_WATCH_MS: '250',
  DATA_PLANE_SILENT_MS: '1500',
  DATA_PLANE_BEHIND_MS: '2000',
  /** A data plane silent this long has its reservations released. */
  DEAD_NODE_RELEASE_MS: '3000',
  // No background probes: they would add upstream requests the scenarios do not expect.
  HEALTH_PROBE_INTERVAL_MS: '0',
  // No mail server: the scenarios send no mail.
  MAIL_TO_LOG: '1',
} as const;

/** The data planes' NODE_NAMEs. */
export type DataPlaneName = 'domestic' | 'overseas';

/** One server process of the service: its address, and how to start, stop and break it. */
export class ServiceNode {
  constructor(
    readonly process: ManagedProcess,
    /** Base address (`http://127.0.0.1:<port>`). */
    readonly url: string,
    private readonly isUp: (url: string) => Promise<boolean>,
  ) {}

  /** Starts the process and waits until it answers (`listening`) or is ready to serve (`ready`, the default). */
  async start(wait: 'ready' | 'listening' = 'ready'): Promise<void> {
    this.process.start();
    await this.waitUntil(wait);
  }

  /** Waits until the process answers (`listening`: any HTTP answer) or is ready to serve. */
  async waitUntil(wait: 'ready' | 'listening', timeoutMs = START_BOUND_MS): Promise<void> {
    await eventually(
      async () => {
        if (!this.process.running) throw new Error(`${this.process.name} is not running`);
        return wait === 'ready' ? this.isUp(this.url) : (await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2000) })).status > 0;
      },
      `${this.process.name} ${wait}`,
      timeoutMs,
    );
  }

  /** SIGTERM, then waits for the exit; returns the exit code. */
  async terminate(timeoutMs: number): Promise<number | null> {
    this.process.signal('SIGTERM');
    return this.process.waitExit(timeoutMs);
  }
}

/** The running split service. */
export class SplitService {
  /** The administrator's bearer session (TEST_ADMIN). */
  adminSession = '';

  private constructor(
    readonly redis: PrivateRedis,
    readonly upstream: FakeUpstream,
    readonly controlPlane: ServiceNode,
    readonly dataPlanes: { domestic: ServiceNode; overseas: ServiceNode },
    /** The control plane's database (a fresh one). */
    readonly databaseUrl: string,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** The GraphQL endpoint of the control plane. */
  get graphqlUrl(): string {
    return `${this.controlPlane.url}/graphql`;
  }

  /**
   * Starts Redis, the database, the fake upstream, then the three processes at once, and sets up
   * the fault catalog (./fault-catalog.ts) through GraphQL as the administrator.
   */
  static async start(options: { controlPlaneEnv?: Record<string, string>; dataPlaneEnv?: Record<string, string> } = {}): Promise<SplitService> {
    const redis = await PrivateRedis.start();
    const database = await createTestDatabase();
    const upstream = await FakeUpstream.start();
    const dataDirs: string[] = [];
    const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), REDIS_URL: redis.url, SECRET_KEY: TEST_SECRET_KEY, HOST: '127.0.0.1', LOG_LEVEL: 'info' };

    const cpPort = await freePort();
    const cpDir = await mkdtemp(join(tmpdir(), 'meridian-cp-'));
    dataDirs.push(cpDir);
    const controlPlane = new ServiceNode(
      new ManagedProcess('control-plane', process.execPath, ['dist/control-plane/main/control-plane.js'], {
        cwd: ROOT,
        env: {
          ...base,
          DATABASE_URL: database.url,
          CONTROL_PLANE_PORT: String(cpPort),
          DATA_DIR: cpDir,
          ADMIN_USERNAME: TEST_ADMIN.username,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          ...CONTROL_PLANE_SETTINGS,
          ...options.controlPlaneEnv,
        },
      }),
      `http://127.0.0.1:${cpPort}`,
      graphqlAnswers,
    );

    const dataPlane = async (name: string) => {
      const port = await freePort();
      const dir = await mkdtemp(join(tmpdir(), `meridian-${name}-`));
      dataDirs.push(dir);
      const env = { ...base, NODE_NAME: name, DATA_PLANE_PORT: String(port), DATA_DIR: dir, ...DATA_PLANE_SETTINGS, ...options.dataPlaneEnv };
      return new ServiceNode(
        new ManagedProcess(name, process.execPath, ['dist/data-plane/main.js'], { cwd: ROOT, env }),
        `http://127.0.0.1:${port}`,
        async (url) => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200,
      );
    };
    const dataPlanes = { domestic: await dataPlane('domestic'), overseas: await dataPlane('overseas') };

    const processes = [controlPlane, dataPlanes.domestic, dataPlanes.overseas];
    const service = new SplitService(redis, upstream, controlPlane, dataPlanes, database.url, async () => {
      await Promise.all(processes.map((p) => p.process.kill()));
      await redis.close();
      await upstream.close();
      await database.drop();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });
    try {
      await Promise.all(processes.map((p) => p.start()));
      service.adminSession = await loginSession(service.graphqlUrl, TEST_ADMIN.username, TEST_ADMIN.password);
      await setUpFaultCatalog((query, variables) => service.gql(query, variables), upstream);
    } catch (err) {
      console.error(`The split service did not start:\n${service.output()}`);
      await service.stop();
      throw err;
    }
    return service;
  }

  /** A GraphQL operation as the administrator; throws on any error. */
  gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, session = this.adminSession): Promise<T> {
    return gqlOk<T>(this.graphqlUrl, query, variables, { session });
  }

  /** A new account with a key in the fault group, funded with `fundRmb` (see ./fault-accounts.ts). */
  account(fundRmb: string): Promise<FaultAccount> {
    return createFaultAccount(this, fundRmb);
  }

  /**
   * The steady traffic of a scenario, on each of `nodes`: openai chat completions not streamed and
   * @anthropic-ai/sdk messages streamed with `rich`'s key, openai chat streamed with `modest`'s.
   */
  steadyLanes(rich: FaultAccount, modest: FaultAccount, nodes: readonly DataPlaneName[] = ['domestic', 'overseas']): Lane[] {
    return nodes.flatMap((node) => [this.lane(node, rich, 'chat', 'rich'), this.lane(node, modest, 'chat-stream', 'modest'), this.lane(node, rich, 'messages-stream', 'rich')]);
  }

  /** One lane of requests by `account` to `node` (models: the quick ones of the fault catalog). */
  lane(node: DataPlaneName, account: FaultAccount, client: ClientKind, label = account.username): Lane {
    return { node, url: this.dataPlanes[node].url, key: account.key, client, model: client === 'messages-stream' ? FAULT_MODELS.claude : FAULT_MODELS.chat, label };
  }

  /**
   * Starts again whatever a scenario left stopped (Redis, a data plane, the control plane) and
   * waits until it is ready, so that one failed scenario does not fail the next ones.
   */
  async ensureRunning(): Promise<void> {
    if (!this.redis.running) await this.redis.restart();
    const stopped = [this.controlPlane, this.dataPlanes.domestic, this.dataPlanes.overseas].filter((node) => !node.process.running);
    await Promise.all(stopped.map((node) => node.start()));
  }

  /** Every process's kept output, Redis included. */
  output(): string {
    return [this.controlPlane, this.dataPlanes.domestic, this.dataPlanes.overseas].map((n) => n.process.output()).join('\n') + `\n${this.redis.output()}`;
  }

  /**
   * Runs a scenario and asserts that no process of the service crashed meanwhile (exited with an
   * error code: a stop the scenario asked for exits 0, a SIGKILL by a signal); when it fails,
   * prints every process's output before passing the failure on.
   */
  async explain<T>(scenario: () => Promise<T>): Promise<T> {
    const nodes = [this.controlPlane, this.dataPlanes.domestic, this.dataPlanes.overseas];
    const before = nodes.map((node) => node.process.exits.length);
    const crashes = () => nodes.flatMap((node, i) => node.process.exits.slice(before[i]).filter((exit) => typeof exit === 'number' && exit !== 0).map((exit) => `${node.process.name} exited ${exit}`));
    try {
      const result = await scenario();
      expect(crashes()).toEqual([]);
      return result;
    } catch (err) {
      console.error(`Scenario failed; crashed: ${crashes().join(', ') || 'none'}; the service's output:\n${this.output()}`);
      throw err;
    }
  }

  /** Kills every process, Redis and the fake upstream, and drops the database. */
  async stop(): Promise<void> {
    await this.cleanup();
  }
}

/** True once the control plane answers a GraphQL query. */
async function graphqlAnswers(url: string): Promise<boolean> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ serverInfo { name } }' }),
    signal: AbortSignal.timeout(2000),
  });
  return res.status === 200;
}
