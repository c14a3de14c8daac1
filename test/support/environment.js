import process from 'node:process';
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import NodeEnvironment from 'jest-environment-node';

/** Where a test file's log lines go when output is quiet: a function on the file's global, which quiet-logs.ts reads. */
const LOG_SINK = '__meridianTestLogSink';

/** Where Node's built-in fetch keeps its undici dispatcher: on the main realm's global. */
const UNDICI_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/** CPU seconds of this process and of its children that ended (/proc counts in USER_HZ, 100 a second on Linux). */
function cpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const [utime, stime, cutime, cstime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 15).map(Number);
  return (utime + stime + cutime + cstime) / 100;
}

/**
 * Node's environment, quiet: unless LOG_LEVEL was set for the run (jest.config.js notes that in
 * TEST_LOGS), a test file's log lines and console warnings go into a buffer that is printed only
 * if one of its tests or hooks failed. With TEST_CPU_LOG set to a file name, each test file
 * appends a line with the CPU seconds it took in its worker (its children included) to that file.
 */
export default class TestEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = relative(config.globalConfig.rootDir, context.testPath);
    this.lines = [];
    this.failed = false;
    this.cpuAtStart = process.env.TEST_CPU_LOG ? cpuSeconds() : 0;
  }

  async setup() {
    await super.setup();
    // A test file has a global of its own, where Node's fetch never puts its dispatcher; the Gemini
    // SDK looks for it there (to lift undici's timeouts) and fails every call without it.
    Object.defineProperty(this.global, UNDICI_DISPATCHER, {
      configurable: true,
      get: () => {
        // Node creates it lazily, on its first fetch or Headers.
        if (globalThis[UNDICI_DISPATCHER] === undefined) new globalThis.Headers();
        return globalThis[UNDICI_DISPATCHER];
      },
    });
    if (process.env.TEST_LOGS === 'on-failure') this.global[LOG_SINK] = (line) => void this.lines.push(line.endsWith('\n') ? line : `${line}\n`);
  }

  handleTestEvent(event) {
    if ((event.name === 'test_done' && event.test.errors.length > 0) || event.name === 'hook_failure') this.failed = true;
  }

  async teardown() {
    if (this.failed && this.lines.length > 0) process.stderr.write(`\n--- what ${this.testPath} logged ---\n${this.lines.join('')}--- end of ${this.testPath}'s log ---\n`);
    if (process.env.TEST_CPU_LOG) appendFileSync(process.env.TEST_CPU_LOG, `${(cpuSeconds() - this.cpuAtStart).toFixed(2)}\t${this.testPath}\n`);
    await super.teardown();
  }
}
