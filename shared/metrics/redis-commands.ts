import { Counter, Histogram, type Registry } from 'prom-client';
import { isRedisUnavailable } from '../ports/redis/connections.js';
import { secondsSince } from './registry.js';

/** The part of an ioredis command this needs. */
interface ObservedCommand {
  name: string;
  promise: Promise<unknown>;
}

/** An ioredis client (one server or a Cluster): every command, pipelined or not, passes its `sendCommand`. */
export interface CommandSender {
  /** `connect` while ioredis' own handshake runs (ready check, client info), before `ready`. */
  readonly status: string;
  sendCommand(command: never, ...rest: never[]): unknown;
}

/** The Redis series of a registry: command latency and errors, by command name (a bounded set: the commands this code sends). */
export class RedisCommandMetrics {
  private readonly duration: Histogram<'command'>;
  private readonly errors: Counter<'command' | 'reason'>;

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: 'meridian_redis_command_duration_seconds',
      help: 'Time from sending a Redis command to its answer (pipelined commands each count whole)',
      labelNames: ['command'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    this.errors = new Counter({
      name: 'meridian_redis_command_errors_total',
      help: 'Redis commands that failed: reason "unavailable" (unreachable, timed out) or "reply" (Redis answered with an error)',
      labelNames: ['command', 'reason'],
      registers: [registry],
    });
  }

  /**
   * Times every command `client` sends from now on. ioredis has no command hook, so its
   * `sendCommand` is wrapped; a command it sends again (a reconnection's queue, a Cluster
   * redirection) is counted once. The handshake ioredis runs on each connection is not counted:
   * its `CLIENT SETINFO` fails on every connect to a Redis older than 7.2, which is no fault.
   */
  observe(client: CommandSender): void {
    const send = client.sendCommand.bind(client) as (command: ObservedCommand, ...rest: unknown[]) => unknown;
    const seen = new WeakSet<ObservedCommand>();
    (client as unknown as { sendCommand: typeof send }).sendCommand = (command, ...rest) => {
      if (client.status !== 'connect' && !seen.has(command)) {
        seen.add(command);
        const started = performance.now();
        const name = command.name.toLowerCase();
        command.promise.then(
          () => this.duration.observe({ command: name }, secondsSince(started)),
          (err: unknown) => this.errors.inc({ command: name, reason: isRedisUnavailable(err) ? 'unavailable' : 'reply' }),
        );
      }
      return send(command, ...rest);
    };
  }
}
