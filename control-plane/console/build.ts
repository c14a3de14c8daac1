/**
 * Builds the console into `dist/` when its sources changed since the last build (or always with
 * `--force`), then prints how much gzipped JavaScript a first visit of each page loads and fails
 * when a user page is over budget. `npm start`, `npm run start:control-plane` and `npm test` run it
 * first, so a fresh clone serves the console without a separate step.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { withDirLock } from '../../tools/dir-lock.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const distDir = join(here, 'dist');
const stampFile = join(distDir, '.source-hash');
const lockDir = join(here, '.build-lock');

/** First-visit budget of a user page, gzipped JavaScript. */
const USER_PAGE_BUDGET_BYTES = 250 * 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** A hash of everything the build reads: the console's sources, its config, the shared modules it imports and the lockfile. */
function sourceHash(): string {
  const inputs = [
    ...filesUnder(join(here, 'src')),
    join(here, 'index.html'),
    join(here, 'vite.config.ts'),
    join(root, 'shared', 'console-paths.ts'),
    // Exact money parsing and formatting, the same code as the API's.
    join(root, 'shared', 'money.ts'),
    join(root, 'shared', 'decimal.ts'),
    // The account rules registration checks before asking the API.
    join(root, 'control-plane', 'accounts', 'account.rules.ts'),
    join(root, 'package-lock.json'),
  ].sort();
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Prints first-visit gzipped JavaScript per page; returns the pages over budget. */
function reportSizes(): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const gzipped = (file: string) => gz.get(file) ?? gz.set(file, gzipSync(readFileSync(join(distDir, file))).length).get(file)!;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const entry = staticClosure(manifest, entryKey);
  const pages = Object.keys(manifest).filter((k) => /src\/pages\/[^/]+\/[A-Za-z]+Page\.tsx$/.test(k));
  const over: string[] = [];
  console.log('console build: gzipped JavaScript loaded on a first visit');
  for (const key of pages.sort()) {
    const files = staticClosure(manifest, key, new Set(entry));
    const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0);
    const admin = key.includes('/pages/admin/');
    const verdict = admin ? '(admin chunk, no budget)' : bytes <= USER_PAGE_BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
    console.log(`  ${key.replace(/^.*src\/pages\//, '').padEnd(44)} ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${verdict}`);
    if (!admin && bytes > USER_PAGE_BUDGET_BYTES) over.push(key);
  }
  console.log(`  budget for user pages: ${USER_PAGE_BUDGET_BYTES / 1024} KB`);
  return over;
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  await withDirLock(lockDir, 'console build', async () => {
    const hash = sourceHash();
    if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) {
      console.log('console build: up to date');
      return;
    }
    // Build beside the served copy, then add its hashed assets before the page that names them.
    // Earlier assets stay: a page opened before a new build still loads its lazy chunks.
    const staging = join(here, `.dist-${process.pid}`);
    await build({ configFile: join(here, 'vite.config.ts'), logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
    cpSync(join(staging, 'assets'), join(distDir, 'assets'), { recursive: true });
    rmSync(join(distDir, '.vite'), { recursive: true, force: true });
    cpSync(join(staging, '.vite'), join(distDir, '.vite'), { recursive: true });
    cpSync(join(staging, 'index.html'), join(distDir, 'index.html'));
    rmSync(staging, { recursive: true, force: true });
    const over = reportSizes();
    // Only a build within budget counts as done: an over-budget one is built (and fails) again next time.
    if (over.length) throw new Error(`console build: over the first-visit budget: ${over.join(', ')}`);
    writeFileSync(stampFile, hash);
  });
}

await main();
