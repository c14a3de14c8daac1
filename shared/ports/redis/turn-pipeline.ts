import type { ChainableCommander, Redis } from 'ioredis';

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
 */
export class TurnPipeline {
  private parts: Part[] = [];

  /** `delayMs` 0: flush at the end of the turn; more: that long after the first command (for callers nobody waits on). */
  constructor(
    private readonly redis: Redis,
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

  private flush(): void {
    const parts = [...this.parts.filter((part) => !part.last), ...this.parts.filter((part) => part.last)];
    this.parts = [];
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
