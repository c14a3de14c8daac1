/**
 * Loaded before every test file (jest.config.js setupFilesAfterEnv): when the run is quiet, our
 * logger and console.warn write into the file's buffer (test/support/environment.js prints it if a
 * test failed). A test that points the logger elsewhere for a while comes back with
 * {@link restoreTestLogs}.
 */
import { format } from 'node:util';
import { setLogDestination } from '../../shared/log.js';

const sink = (globalThis as { __meridianTestLogSink?: (line: string) => void }).__meridianTestLogSink;

/** Sends log lines where this test file's lines go by default: its buffer in a quiet run, stdout/stderr otherwise. */
export function restoreTestLogs(): void {
  setLogDestination(sink ? { write: sink } : null);
}

if (sink) {
  restoreTestLogs();
  // SDKs warn through the console (@google/genai about non-text parts, for one).
  console.warn = (...args: unknown[]) => sink(format(...args));
}
