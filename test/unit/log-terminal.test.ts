/**
 * Where log lines go in a real process: to a pipe (a process manager, a container's log driver)
 * JSON lines; to a terminal (`script` gives the process a pseudo-terminal, as a developer's shell
 * does) pino-pretty's readable lines. Both redact secrets.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const SECRET = 'sk-terminal-secret-0123456789';

/** A node process that writes one info line with a key among its fields. */
const NODE_ARGS = [
  '--import',
  '@swc-node/register/esm-register',
  '--input-type=module',
  '-e',
  `const { createLogger } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'shared', 'log.ts')).href)});
   createLogger('terminal').info('hello terminal', { key: ${JSON.stringify(SECRET)}, model: 'm1' });`,
];
const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'xterm' };

/** Without colours (ANSI escape sequences) and carriage returns. */
const plain = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').replace(/\r/g, '');

test('to a pipe, one JSON line per call, secrets redacted', async () => {
  const { stdout } = await run(process.execPath, NODE_ARGS, { cwd: ROOT, env: ENV });
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({ level: 'info', component: 'terminal', msg: 'hello terminal', key: '[redacted]', model: 'm1' });
}, 60_000);

test('to a terminal, readable lines from pino-pretty, secrets redacted', async () => {
  const command = [process.execPath, ...NODE_ARGS].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  const { stdout } = await run('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: ENV });
  const text = plain(stdout);
  expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: hello terminal$/m);
  expect(text).toMatch(/^\s+component: "terminal"$/m);
  expect(text).toMatch(/^\s+key: "\[redacted\]"$/m);
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/^\{/m);
}, 60_000);
