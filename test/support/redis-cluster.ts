import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import { ManagedProcess } from './managed-process.js';

const run = promisify(execFile);

/**
 * A Redis Cluster of the test's own: three masters (`redis-server --cluster-enabled yes`, no
 * replicas, no persistence) on free loopback ports in a temporary folder, joined by
 * `redis-cli --cluster create`. The shared Redis on 6379 is never touched.
 */
export class PrivateRedisCluster {
  private constructor(
    private readonly servers: ManagedProcess[],
    /** Each master's port on 127.0.0.1. */
    readonly ports: number[],
    private readonly dir: string,
  ) {}

  /** `redis+cluster://127.0.0.1:<port>,...`: REDIS_URL for the cluster. */
  get url(): string {
    return `redis+cluster://${this.ports.map((port) => `127.0.0.1:${port}`).join(',')}`;
  }

  /** Starts `masters` servers, creates the cluster and waits until every node reports it `ok`. */
  static async start(masters = 3): Promise<PrivateRedisCluster> {
    const dir = await mkdtemp(join(tmpdir(), 'meridian-cluster-'));
    const ports: number[] = [];
    const servers: ManagedProcess[] = [];
    for (let i = 0; i < masters; i++) {
      const [port, busPort] = [await freePort(), await freePort()];
      const args = ['--port', String(port), '--cluster-port', String(busPort), '--bind', '127.0.0.1', '--cluster-enabled', 'yes'];
      args.push('--cluster-config-file', join(dir, `nodes-${port}.conf`), '--dir', dir, '--save', '', '--appendonly', 'no');
      servers.push(new ManagedProcess(`redis-cluster:${port}`, 'redis-server', args, { env: { PATH: process.env.PATH ?? '' } }));
      ports.push(port);
    }
    const cluster = new PrivateRedisCluster(servers, ports, dir);
    try {
      for (const server of servers) server.start();
      for (const port of ports) await eventually(() => cluster.onNode(port, (node) => node.ping()), `cluster node ${port} answering PING`, 10_000);
      const nodes = ports.map((port) => `127.0.0.1:${port}`);
      await run('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes'], { env: { PATH: process.env.PATH ?? '' } });
      for (const port of ports) {
        await eventually(async () => /cluster_state:ok/.test(await cluster.onNode(port, (node) => node.cluster('INFO'))), `cluster node ${port} reporting cluster_state:ok`, 20_000);
      }
      return cluster;
    } catch (err) {
      await cluster.close();
      throw new Error(`${(err as Error).message}\n${cluster.output()}`);
    }
  }

  /** Runs `use` on a plain connection to the node on `port`, then closes it. */
  async onNode<T>(port: number, use: (node: Redis) => Promise<T>): Promise<T> {
    const node = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    node.on('error', () => undefined);
    try {
      await node.connect();
      return await use(node);
    } finally {
      node.disconnect();
    }
  }

  /** Stops every node (SIGTERM, then SIGKILL when one lingers) and deletes the folder. */
  async close(): Promise<void> {
    await Promise.all(
      this.servers.map(async (server) => {
        if (!server.running) return;
        server.signal('SIGTERM');
        await server.waitExit(5_000).catch(() => server.kill());
      }),
    );
    await rm(this.dir, { recursive: true, force: true });
  }

  /** The nodes' output so far, for a failing test's report. */
  output(): string {
    return this.servers.map((server) => server.output()).join('\n');
  }
}
