/**
 * Runs the benchmarks one after another, each in its own process (so their servers, pools and
 * memory never mix), and prints what each prints (its tables).
 *
 *   npm run bench                 every benchmark
 *   npm run bench -- relay ...    only the ones named (file names in bench/ without .ts)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import dropTemplate from '../test/support/drop-template.js';

const dir = fileURLToPath(new URL('.', import.meta.url));
/** Every bench/*.ts but this runner. */
const all = (await readdir(dir)).filter((f) => f.endsWith('.ts') && f !== 'run.ts').map((f) => f.slice(0, -3)).sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${all.join(', ')}`);
  process.exit(2);
}

// Benchmarks start control planes with the tests' helpers, which copy one template database per
// run (test/support/database.ts): the same settings jest.config.js gives the tests.
process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
process.env.TEST_TEMPLATE_DATABASE = `meridian_bench_template_${randomBytes(4).toString('hex')}`;

const failed: string[] = [];
for (const name of wanted.length > 0 ? wanted : all) {
  console.log(`\n=== bench/${name}.ts ===`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', `${dir}${name}.ts`], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  console.log(`=== ${name}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${((performance.now() - started) / 1000).toFixed(0)} s ===`);
  if (code !== 0) failed.push(name);
}
await dropTemplate();
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
