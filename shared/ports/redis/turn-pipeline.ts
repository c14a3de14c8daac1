import type { ChainableCommander } from 'ioredis';
import { isCluster, type RedisClient } from '../../redis/client.js';

/** The reply of one command of a pipeline: its error or its value. */
export type PipelineReply = [error: Error | null, value: unknown];

interface Part {
  /** Built after every other part of its pipeline (see {@link TurnPipeline.send}). */
  last: boolean;
  build(pipeline: ChainableCommander): void;
  resolve(replies: PipelineReply[]): void;
  reject(err: Error): void;
}

/**
 * Sends the commands of every caller of one event-loop turn (or of a few milliseconds, with
 * `delayMs`) as one pipeline: one socket write and one read for, say, the reservations of all the
 * requests whose I/O arrived in that turn. On a busy data plane the per-request Redis commands are
 * the dearest part of metering, and what they cost is mostly the system calls of writing and
 * reading the socket, so sharing them is what makes metering cheap. (ioredis' own auto-pipelining
 * flushes on `process.nextTick`, which only groups commands issued from the same I/O callback.)
 * The cost to a caller is the rest of the turn (microseconds), or the delay.
 *
 * On a Redis Cluster one pipeline cannot span nodes (the commands of one turn name many accounts,
 * so many slots): the commands are sent one by one, each to its slot's node, and the `last` parts
 * only once the others were answered (see {@link send}).
 */
export class TurnPipeline {
  private parts: Part[] = [];

  /** `delayMs` 0: flush at the end of the turn; more: that long after the first command (for callers nobody waits on). */
  constructor(
    private readonly redis: RedisClient,
    private readonly delayMs = 0,
  ) {}

  /**
   * Queues `build` for this turn's pipeline: it adds its commands when the pipeline goes out (so a
   * caller may gather more arguments meanwhile, see RedisUsageQueue). Resolves with the replies of
   * its commands, in order, once Redis answered them all. Rejects only when the pipeline as a
   * whole failed. `last`: the commands go after those of every other part of the pipeline, even
   * parts queued later (usage events go after the charges they report, whoever came first).
   */
  send(build: (pipeline: ChainableCommander) => void, options: { last?: boolean } = {}): Promise<PipelineReply[]> {
    if (this.parts.length === 0) {
      if (this.delayMs === 0) setImmediate(() => this.flush());
      else setTimeout(() => this.flush(), this.delayMs);
    }
    return new Promise((resolve, reject) => this.parts.push({ last: options.last ?? false, build, resolve, reject }));
  }

  /**
   * Sends `parts`' commands to a Cluster, each to its slot's node, and resolves each part with its
   * replies once all of them are in (a command's failure is its own reply, as in a pipeline). The
   * parts are built at once, as for a pipeline, and the `last` ones sent once the others were answered.
   */
  private async sendToCluster(parts: Part[]): Promise<void> {
    const client = this.redis as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const built = parts.map((part) => {
      const { pipeline, commands } = recorder();
      part.build(pipeline);
      return { part, commands };
    });
    const send = (batch: typeof built) =>
      Promise.all(
        batch.map(async ({ part, commands }) => {
          const replies = await Promise.all(
            commands.map(([name, args]) =>
              client[name](...args).then(
                (value): PipelineReply => [null, value],
                (err: Error): PipelineReply => [err, null],
              ),
            ),
          );
          part.resolve(replies);
        }),
      );
    await send(built.filter(({ part }) => !part.last));
    await send(built.filter(({ part }) => part.last));
  }

  private flush(): void {
    const parts = [...this.parts.filter((part) => !part.last), ...this.parts.filter((part) => part.last)];
    this.parts = [];
    if (isCluster(this.redis)) {
      this.sendToCluster(parts).catch((err: Error) => {
        for (const part of parts) part.reject(err);
      });
      return;
    }
    const pipeline = this.redis.pipeline();
    const counts = parts.map((part) => {
      const before = pipeline.length;
      part.build(pipeline);
      return pipeline.length - before;
    });
    pipeline.exec().then(
      (replies) => {
        let at = 0;
        parts.forEach((part, i) => {
          part.resolve(replies!.slice(at, at + counts[i]) as PipelineReply[]);
          at += counts[i];
        });
      },
      (err: Error) => {
        for (const part of parts) part.reject(err);
      },
    );
  }
}

/** A command recorded by {@link recorder}: its method name and arguments. */
type Recorded = [name: string, args: unknown[]];

/** A stand-in for a pipeline that only records the commands a part adds (and counts them, as `length`). */
function recorder(): { pipeline: ChainableCommander; commands: Recorded[] } {
  const commands: Recorded[] = [];
  const pipeline: ChainableCommander = new Proxy({} as ChainableCommander, {
    get: (_target, name) => {
      if (name === 'length') return commands.length;
      return (...args: unknown[]) => {
        commands.push([String(name), args]);
        return pipeline;
      };
    },
  });
  return { pipeline, commands };
}
