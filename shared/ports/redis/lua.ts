import { createHash } from 'node:crypto';
import type { RedisClient } from '../../redis/client.js';

/** A Lua script run by EVALSHA, loaded on first NOSCRIPT (so the hot path never resends the source). */
export class LuaScript {
  /** SHA-1 of the source, for EVALSHA inside a pipeline (see {@link LuaScript.isNoScript}). */
  readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script on `redis` with `keys` and `args`. */
  async run(redis: RedisClient, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!LuaScript.isNoScript(err)) throw err;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }

  /**
   * The result of an EVALSHA of this script sent in a pipeline: its reply, or, when Redis did not
   * hold the script yet, the result of running it now with its source; any other error is thrown.
   */
  async orRun(redis: RedisClient, error: Error | null, reply: unknown, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    if (LuaScript.isNoScript(error)) return redis.eval(this.source, keys.length, ...keys, ...args);
    if (error) throw error;
    return reply;
  }

  /** True for the error Redis answers to EVALSHA of a script it does not hold (yet). */
  static isNoScript(err: unknown): boolean {
    return err instanceof Error && err.message.startsWith('NOSCRIPT');
  }
}
