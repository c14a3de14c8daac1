import { Redis } from 'ioredis';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import { ManagedProcess } from './managed-process.js';

/**
 * A redis-server of a test's own, on a free port, without persistence (`--save '' --appendonly
 * no`: a restart comes back empty, as a Redis that lost its data), for the tests that break Redis:
 * flush it, stop and restart it, freeze it. The shared Redis on 6379 is never touched.
 */
export class PrivateRedis {
  private constructor(
    private readonly process: ManagedProcess,
    /** Its port on 127.0.0.1. */
    readonly port: number,
  ) {}

  /** `redis://127.0.0.1:<port>` */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** True while its process runs (stopped by SIGSTOP included). */
  get running(): boolean {
    return this.process.running;
  }

  /** Starts one and waits until it answers PING. */
  static async start(): Promise<PrivateRedis> {
    const port = await freePort();
    const redis = new PrivateRedis(
      new ManagedProcess(`redis:${port}`, 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { env: { PATH: process.env.PATH ?? '' } }),
      port,
    );
    await redis.restart();
    return redis;
  }

  /** Starts it again (empty) after {@link stop}, on the same port, and waits until it answers. */
  async restart(): Promise<void> {
    this.process.start();
    await eventually(() => this.ping(), `redis-server on port ${this.port} answering PING`, 10_000);
  }

  /** Stops it (SIGTERM; it keeps nothing) and waits for its end. */
  async stop(): Promise<void> {
    if (!this.process.running) return;
    this.process.signal('SIGCONT');
    this.process.signal('SIGTERM');
    await this.process.waitExit(10_000);
  }

  /** Freezes it (SIGSTOP): connections stay open and nothing is answered. */
  pause(): void {
    this.process.signal('SIGSTOP');
  }

  /** Thaws it after {@link pause} (SIGCONT). */
  resume(): void {
    this.process.signal('SIGCONT');
  }

  /** Deletes every key (FLUSHALL), as a Redis that lost its data. */
  async flushAll(): Promise<void> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  /** Kills it for good (teardown, also after a failed test). */
  async close(): Promise<void> {
    await this.process.kill();
  }

  /** Its output so far, for a failing test's report. */
  output(): string {
    return this.process.output();
  }

  /** True once it answers PING. */
  private async ping(): Promise<boolean> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }
}
