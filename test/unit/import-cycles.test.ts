import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Every .ts module under `dir`, the console (a separate build) left out. */
function modules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('console/'))
    .map((file) => join(dir, file));
}

/** The modules among `known` that `file` imports (type-only imports included: they tie the files together as much). */
function importsOf(file: string, known: Set<string>): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, false)
    .importedFiles.filter((ref) => ref.fileName.startsWith('.'))
    .map((ref) => resolve(dirname(file), ref.fileName.replace(/\.js$/, '.ts')))
    .filter((target) => known.has(target));
}

/** Groups of modules that import each other in a ring (Tarjan's strongly connected components of more than one module). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const ring = stack.splice(stack.indexOf(node));
    if (ring.length > 1) found.push(ring);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

test('no import cycle among the planes and shared/, save entities naming each other in their relations', () => {
  const root = resolve('.');
  const files = ['control-plane', 'data-plane', 'shared'].flatMap((dir) => modules(resolve(dir)));
  const known = new Set(files);
  // MikroORM relations are declared on both entities, each naming the other's class.
  const isEntity = (file: string) => file.endsWith('.entity.ts');
  const graph = new Map(files.map((file) => [file, importsOf(file, known).filter((target) => !(isEntity(file) && isEntity(target)))]));
  expect(cycles(graph).map((ring) => ring.map((file) => relative(root, file)).sort())).toEqual([]);
});
