import { memoryPorts, redisPorts } from '../../shared/ports/factory.js';
import type { Ports } from '../../shared/ports/ports.js';
import { TEST_REDIS_URL, testRedisPrefix } from '../support/database.js';
import { dropKeys } from '../support/redis-keys.js';

/** A Redis the suites run on instead of the test Redis (see {@link runContractsOn}). */
let elsewhere: { name: string; url: () => string } | undefined;

/**
 * Makes the suites described after this call run on the Redis at `url()` alone (read when each
 * test starts), named `name`, and not in-process: for a file that runs every suite on another
 * kind of Redis, such as a Cluster. It must be called before the suites' modules are evaluated
 * (from a module imported ahead of them). Keys stay where they are: that Redis is the file's own.
 */
export function runContractsOn(name: string, url: () => string): void {
  elsewhere = { name, url };
}

/**
 * Runs one contract suite against both implementations of the ports: Redis (under a fresh
 * prefix per test, its keys deleted after it) and in-process. `suite` receives a getter for the
 * current test's ports.
 */
export function describeContract(name: string, suite: (ports: () => Ports) => void): void {
  const target = elsewhere;
  const kinds: [string, () => string | null][] = target
    ? [[target.name, testRedisPrefix]]
    : [
        ['redis', testRedisPrefix],
        ['memory', () => null],
      ];
  describe.each(kinds)(`${name} (%s)`, (_kind, newPrefix) => {
    let current: Ports;
    let prefix: string | null;
    beforeEach(() => {
      prefix = newPrefix();
      current = prefix === null ? memoryPorts() : redisPorts(target?.url() ?? TEST_REDIS_URL, prefix);
    });
    afterEach(async () => {
      await current.close();
      if (prefix !== null && !target) await dropKeys(prefix);
    });
    suite(() => current);
  });
}

/**
 * Polls `check` until it passes or `timeoutMs` elapses (then throws its last error). The default
 * bound is generous: a passing check returns at once, and a machine busy with other test runs can
 * take seconds to deliver what an idle one delivers in milliseconds.
 */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * Resolves once the clock reads later than `at` (epoch ms): for a time limit that has to run out,
 * such as a Redis expiry, whose clock a test cannot move. Load only makes this wait longer, never
 * shorter, so a check after it cannot see the limit unexpired.
 */
export async function clockPasses(at: number): Promise<void> {
  while (Date.now() <= at) await new Promise((r) => setTimeout(r, Math.max(1, at + 1 - Date.now())));
}
