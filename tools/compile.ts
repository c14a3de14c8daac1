/**
 * The production build: the server's TypeScript (control-plane, data-plane, shared; not the
 * console's browser sources, which Vite builds) compiled to JavaScript under `dist/`, one `.js`
 * (and its source map) per `.ts`, in the same folders, with swc. `npm run start:control-plane`,
 * `start:data-plane` and `start` run it with plain `node`. Type-checking is `npm run typecheck`.
 */
import { transformFile, type Options } from '@swc/core';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDirLock } from './dir-lock.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(root, 'dist');
const stampFile = join(distDir, '.source-hash');

/** Folders compiled; below them, what is not server code. */
const SOURCE_DIRS = ['control-plane', 'data-plane', 'shared'];
const SKIPPED = [join('control-plane', 'console')];

/** As the tests' transform (jest.config.js): decorators with their metadata, ES modules, Node 20's syntax. */
const SWC: Options = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: true,
  swcrc: false,
  configFile: false,
};

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.includes(path) ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A hash of everything the output depends on: the sources, this script and the lockfile (the swc version). */
function sourceHash(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files, join('tools', 'compile.ts'), 'package-lock.json']) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

async function build(files: readonly string[], hash: string): Promise<void> {
  // Built beside and moved into place whole: a process starting meanwhile sees the old output or the new.
  const staging = join(root, `.dist-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  await Promise.all(
    files.map(async (file) => {
      const out = join(staging, file.replace(/\.ts$/, '.js'));
      const { code, map } = await transformFile(join(root, file), { ...SWC, filename: file, sourceFileName: relative(dirname(out), join(root, file)) });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${code}\n//# sourceMappingURL=${out.slice(out.lastIndexOf('/') + 1)}.map\n`);
      if (map) writeFileSync(`${out}.map`, map);
    }),
  );
  // The control plane serves the console from beside its own code (control-plane/console/dist).
  mkdirSync(join(staging, 'control-plane', 'console'), { recursive: true });
  symlinkSync(join('..', '..', '..', 'control-plane', 'console', 'dist'), join(staging, 'control-plane', 'console', 'dist'));
  writeFileSync(join(staging, '.source-hash'), hash);
  // Two renames: `dist/` is missing only between them, and a process that started from the old
  // output keeps the files it loaded.
  const old = join(root, `.dist-old-${process.pid}`);
  if (existsSync(distDir)) renameSync(distDir, old);
  renameSync(staging, distDir);
  rmSync(old, { recursive: true, force: true });
}

/** Whether `dist/` was built from sources of this hash. */
function builtFrom(hash: string): boolean {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
}

/**
 * Compiles the server into `dist/` (see the file's comment); `ifStale`: only when `dist/` was not
 * built from the current sources. Resolves with the number of files compiled (0: up to date).
 */
export async function compileServer(options: { ifStale?: boolean } = {}): Promise<number> {
  const files = SOURCE_DIRS.flatMap(sources).sort();
  const hash = sourceHash(files);
  if (options.ifStale && builtFrom(hash)) return 0;
  return withDirLock(join(root, '.dist-lock'), 'build', async () => {
    // Another process may have built these sources while this one waited.
    if (options.ifStale && builtFrom(hash)) return 0;
    await build(files, hash);
    return files.length;
  });
}
