/**
 * What a data plane loads at start: server modules load zod and undici only through the modules
 * that load the lean part of each (shared/zod.ts: zod's CommonJS build;
 * shared/wire/providers/undici-pool.ts: the pool and its request call), since an import of the
 * package itself would bring its whole ES module build or index back into every data plane's
 * memory; and the image and video endpoints are imported only when first asked for. Type-only
 * imports cost nothing at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..', '..');
/** The packages, each with the one module allowed to load it. */
const LEAN = new Map([
  ['zod', 'shared/zod.ts'],
  ['undici', 'shared/wire/providers/undici-pool.ts'],
]);

/** Every server module (the console, a browser build, left out). */
function serverModules(): string[] {
  return ['control-plane', 'data-plane', 'shared'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.startsWith('console/'))
      .map((file) => join(dir, file)),
  );
}

/** What `file` loads at run time as it starts: imports and re-exports that are not type-only (`import()` is not among them). */
function loadedPackages(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      return typeOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) return [(statement.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
}

test('zod and undici are loaded only by the modules that load their lean parts', () => {
  const offending = serverModules().flatMap((file) =>
    loadedPackages(file)
      .filter((name) => LEAN.has(name) && LEAN.get(name) !== relative(ROOT, join(ROOT, file)))
      .map((name) => `${file} imports ${name}`),
  );
  expect(offending).toEqual([]);
});

test("a data plane's start loads no module of the image and video endpoints, nor the upload parser", () => {
  const loaded = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const name of loadedPackages(file)) {
      if (!name.startsWith('.')) packages.add(name);
      else visit(relative(ROOT, join(ROOT, dirname(file), name.replace(/\.js$/, '.ts'))));
    }
  };
  visit('data-plane/main.ts');
  expect(loaded.has('data-plane/pipeline/pipeline.ts')).toBe(true);
  expect([...loaded].filter((file) => /^data-plane\/(images|video)\//.test(file))).toEqual([]);
  expect(packages.has('@fastify/busboy')).toBe(false);
});
