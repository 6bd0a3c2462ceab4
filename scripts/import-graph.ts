import fs from 'node:fs';
import path from 'node:path';
import * as ts from 'typescript';

/**
 * The project's own import graph, type imports included: lint's import-x/no-cycle passes over
 * `import type`, and the cycles it missed ran through types alone. Every static import, export
 * from, and `import('…')` type of a source file counts as an edge; only specifiers that resolve
 * to one of our files (relative ones) are followed.
 */
const ROOTS = ['app', 'console', 'contract', 'server', 'sw', 'web-kit', 'e2e', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'out') walk(full);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
    }
  };
  for (const top of ROOTS) walk(path.join(root, top));
  return found;
}

function resolveSpecifier(fromFile: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const bare = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, `${bare}.ts`, `${bare}.tsx`, `${bare}.mts`, path.join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

function specifiersOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const specifiers = importedFiles.map((imported) => imported.fileName);
  // preProcessFile does not see `import('./x').Type` in a type position.
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) if (match[1]) specifiers.push(match[1]);
  return specifiers;
}

/** Every file and the files it imports, with paths relative to root. */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(file)) {
      const target = resolveSpecifier(file, specifier, known);
      if (target && target !== file) targets.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), [...targets].sort());
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan), each sorted, largest first. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const lowOf = (node: string) => low.get(node) ?? 0;
  const indexOf = (node: string) => index.get(node) ?? 0;
  const visit = (start: string) => {
    // Iterative, so a deep graph cannot overflow the call stack.
    const work: [string, number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (!frame) break;
      const [node, position] = frame;
      const targets = graph.get(node) ?? [];
      if (position < targets.length) {
        frame[1] += 1;
        const target = targets[position];
        if (target === undefined) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(lowOf(node), indexOf(target)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(lowOf(parent[0]), lowOf(node)));
      if (lowOf(node) === indexOf(node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => b.length - a.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npx tsx scripts/import-graph.ts: the cycles, one line each.
  const cycles = importCycles(importGraph(process.cwd()));
  for (const cycle of cycles) console.log(`${cycle.length} files: ${cycle.join(', ')}`);
  console.log(`${cycles.length} import cycles`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
