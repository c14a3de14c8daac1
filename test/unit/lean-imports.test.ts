/**
 * Server modules load zod and undici only through the modules that load the lean part of each
 * (shared/zod.ts: zod's CommonJS build; shared/wire/providers/undici-pool.ts: the pool and its
 * request call): an import of the package itself would bring its whole ES module build or index
 * back into every data plane's memory. Type-only imports cost nothing at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** The package names `file` loads at run time: imports and re-exports that are not type-only. */
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
