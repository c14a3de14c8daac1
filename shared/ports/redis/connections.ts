import { createLogger } from '../../log.js';
import { createRedisClient, type RedisClient } from '../../redis/client.js';
import { TurnPipeline } from './turn-pipeline.js';

const log = createLogger('redis');

type Listener = (message: string) => void;

/** How long settlements wait for company before they are sent (they only delay the release of the reserved excess). */
const SETTLE_BATCH_MS = 5;

/** Default {@link RedisConnectionOptions.timeoutMs} (REDIS_TIMEOUT_MS). */
export const REDIS_TIMEOUT_MS = 2000;

/** How the connections wait for Redis. */
export interface RedisConnectionOptions {
  /**
   * Longest wait for one command's answer, and for a connection to open: a frozen Redis (or a
   * lost network) costs a caller this long at most, then the command fails. Default {@link REDIS_TIMEOUT_MS}.
   */
  timeoutMs?: number;
}

/** Reconnection delays: quick at first, then once a second, so a Redis that comes back is used again within a second. */
function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 100, 1000);
}

/**
 * The Redis connections of one process: one for commands and one dedicated to SUBSCRIBE (a
 * subscribed connection cannot run commands), multiplexing every channel this process listens to.
 * `url` names one Redis or a Redis Cluster (see shared/redis/client.ts); on a Cluster each is a
 * cluster client (a connection per node), and pub/sub messages reach every node's subscribers.
 *
 * No command waits unbounded: each fails after `timeoutMs` (a frozen Redis), and once the command
 * connection has been up, a command issued while it is down fails at once instead of queueing for
 * the reconnection (callers answer 503 or retry). The subscriber connection reconnects and
 * subscribes to its channels again by itself (ioredis' autoResubscribe).
 */
export class RedisConnections {
  readonly cmd: RedisClient;
  /** The hot path's commands a request waits for (reservations), pipelined per event-loop turn over {@link cmd}. */
  readonly turn: TurnPipeline;
  /**
   * The hot path's commands no request waits for (settlements and usage events, sent after the
   * answer), pipelined over {@link SETTLE_BATCH_MS}: many requests' worth in one write.
   */
  readonly settling: TurnPipeline;
  private sub: RedisClient | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** SUBSCRIBEs sent and not yet acknowledged, by channel. */
  private readonly subscribing = new Map<string, Promise<unknown>>();

  private readonly timeoutMs: number;

  constructor(
    private readonly url: string,
    options: RedisConnectionOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
    this.cmd = createRedisClient(url, {
      commandTimeout: this.timeoutMs,
      connectTimeout: this.timeoutMs,
      maxRetriesPerRequest: 1,
      retryStrategy: reconnectDelay,
      lazyConnect: false,
    });
    // Queued until the first connection (start-up work may be issued before it is open); from
    // then on a command issued while Redis is away fails at once, so no request waits for it.
    this.cmd.once('ready', () => (this.cmd.options.enableOfflineQueue = false));
    reportErrors(this.cmd, 'commands');
    this.turn = new TurnPipeline(this.cmd);
    this.settling = new TurnPipeline(this.cmd, SETTLE_BATCH_MS);
  }

  /** Subscribes `listener` to `channel`; resolves once Redis acknowledged SUBSCRIBE. Returns an unsubscribe. */
  async subscribe(channel: string, listener: Listener): Promise<() => Promise<void>> {
    const sub = this.subscriber();
    let set = this.listeners.get(channel);
    if (!set) {
      // One SUBSCRIBE per channel: a second listener asking meanwhile waits for the same
      // acknowledgement (it must not count as subscribed before Redis said so), and a SUBSCRIBE
      // that fails registers nobody, so the next caller sends it again.
      let acknowledged = this.subscribing.get(channel);
      if (!acknowledged) {
        acknowledged = sub.subscribe(channel).finally(() => this.subscribing.delete(channel));
        this.subscribing.set(channel, acknowledged);
      }
      await acknowledged;
      set = this.listeners.get(channel);
      if (!set) this.listeners.set(channel, (set = new Set()));
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(channel);
        await sub.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  /** Whether the command connection is up now (false while Redis is unreachable). */
  get connected(): boolean {
    return this.cmd.status === 'ready';
  }

  /**
   * A new connection for blocking reads (a blocked connection serves nothing else): a read waits
   * as long as it asked to block, plus `timeoutMs`, never the command timeout (which may be shorter).
   */
  blockingConnection(): RedisClient {
    const conn = createRedisClient(this.url, {
      connectTimeout: this.timeoutMs,
      maxRetriesPerRequest: 1,
      retryStrategy: reconnectDelay,
      enableOfflineQueue: true,
      blockingTimeout: this.timeoutMs,
      blockingTimeoutGrace: this.timeoutMs,
    });
    reportErrors(conn, 'blocking reads');
    return conn;
  }

  /** Closes both connections. */
  async close(): Promise<void> {
    await Promise.all([closeConnection(this.cmd), this.sub && closeConnection(this.sub)]);
  }

  private subscriber(): RedisClient {
    if (!this.sub) {
      // SUBSCRIBE waits for the connection however long Redis is away (callers bound their own wait).
      this.sub = createRedisClient(this.url, { maxRetriesPerRequest: null, connectTimeout: this.timeoutMs, retryStrategy: reconnectDelay });
      reportErrors(this.sub, 'subscriptions');
      this.sub.on('message', (channel: string, message: string) => {
        for (const l of this.listeners.get(channel) ?? []) l(message);
      });
    }
    return this.sub;
  }
}

/**
 * Logs the first error of each outage instead of ioredis' "Unhandled error event" on every
 * reconnection attempt; commands still fail (and their callers report it) while Redis is away.
 */
function reportErrors(conn: RedisClient, role: string): void {
  let down = false;
  conn.on('error', (err: Error) => {
    if (!down) log.warn('Redis connection error; reconnecting', { role, message: err.message });
    down = true;
  });
  conn.on('ready', () => {
    down = false;
  });
}

/**
 * Whether `err` says Redis could not be reached or did not answer in time (rather than refusing
 * a command): what callers report as "unavailable, retry shortly".
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'MaxRetriesPerRequestError' || err.name === 'ClusterAllFailedError') return true;
  return /^(Command timed out|Stream isn't writeable|Connection is closed|Cluster isn't ready|Failed to refresh slots cache|None of startup nodes is available)|ECONNREFUSED|ETIMEDOUT|CLUSTERDOWN/.test(err.message);
}

/** QUIT when connected; a connection still trying to reach Redis would queue QUIT forever, so drop it. */
export async function closeConnection(conn: RedisClient): Promise<void> {
  if (conn.status === 'ready') await conn.quit().catch(() => undefined);
  else conn.disconnect();
}
