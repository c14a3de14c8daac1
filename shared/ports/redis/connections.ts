import { Redis } from 'ioredis';
import { createLogger } from '../../log.js';
import { TurnPipeline } from './turn-pipeline.js';

const log = createLogger('redis');

type Listener = (message: string) => void;

/** How long settlements wait for company before they are sent (they only delay the release of the reserved excess). */
const SETTLE_BATCH_MS = 5;

/**
 * The Redis connections of one process: one for commands and one dedicated to SUBSCRIBE (a
 * subscribed connection cannot run commands), multiplexing every channel this process listens to.
 */
export class RedisConnections {
  readonly cmd: Redis;
  /** The hot path's commands a request waits for (reservations), pipelined per event-loop turn over {@link cmd}. */
  readonly turn: TurnPipeline;
  /**
   * The hot path's commands no request waits for (settlements and usage events, sent after the
   * answer), pipelined over {@link SETTLE_BATCH_MS}: many requests' worth in one write.
   */
  readonly settling: TurnPipeline;
  private sub: Redis | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly url: string) {
    this.cmd = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    reportErrors(this.cmd, 'commands');
    this.turn = new TurnPipeline(this.cmd);
    this.settling = new TurnPipeline(this.cmd, SETTLE_BATCH_MS);
  }

  /** Subscribes `listener` to `channel`; resolves once Redis acknowledged SUBSCRIBE. Returns an unsubscribe. */
  async subscribe(channel: string, listener: Listener): Promise<() => Promise<void>> {
    const sub = this.subscriber();
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await sub.subscribe(channel);
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

  /** Closes both connections. */
  async close(): Promise<void> {
    await Promise.all([closeConnection(this.cmd), this.sub && closeConnection(this.sub)]);
  }

  private subscriber(): Redis {
    if (!this.sub) {
      this.sub = new Redis(this.url, { maxRetriesPerRequest: null });
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
function reportErrors(conn: Redis, role: string): void {
  let down = false;
  conn.on('error', (err: Error) => {
    if (!down) log.warn('Redis connection error; reconnecting', { role, message: err.message });
    down = true;
  });
  conn.on('ready', () => {
    down = false;
  });
}

/** QUIT when connected; a connection still trying to reach Redis would queue QUIT forever, so drop it. */
async function closeConnection(conn: Redis): Promise<void> {
  if (conn.status === 'ready') await conn.quit().catch(() => undefined);
  else conn.disconnect();
}
