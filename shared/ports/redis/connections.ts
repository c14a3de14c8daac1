import { Redis } from 'ioredis';

type Listener = (message: string) => void;

/**
 * The Redis connections of one process: one for commands and one dedicated to SUBSCRIBE (a
 * subscribed connection cannot run commands), multiplexing every channel this process listens to.
 */
export class RedisConnections {
  readonly cmd: Redis;
  private sub: Redis | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly url: string) {
    this.cmd = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
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
    await Promise.all([this.cmd.quit().catch(() => undefined), this.sub?.quit().catch(() => undefined)]);
  }

  private subscriber(): Redis {
    if (!this.sub) {
      this.sub = new Redis(this.url, { maxRetriesPerRequest: null });
      this.sub.on('message', (channel: string, message: string) => {
        for (const l of this.listeners.get(channel) ?? []) l(message);
      });
    }
    return this.sub;
  }
}
