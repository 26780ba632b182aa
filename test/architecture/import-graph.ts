import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Repo-relative file -> the repo-relative files it imports (relative and `@contract/*` only). */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
}

function resolveFile(base: string): string | undefined {
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  const noJs = base.replace(/\.js$/, '');
  candidates.push(`${noJs}.ts`, `${noJs}.tsx`);
  return candidates.find((c) => SOURCE.test(c) && existsSync(c));
}

/** The raw import specifiers of every .ts/.tsx file under `dirs` (repo-relative paths). */
export function rawImports(root: string, dirs: string[]): Map<string, string[]> {
  const files: string[] = [];
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(join(root, dir), files);
  const out = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specs: string[] = [];
    for (const m of text.matchAll(IMPORT)) specs.push((m[1] ?? m[2])!);
    out.set(relative(root, file), specs);
  }
  return out;
}

/** The import graph of the project's own files (type-only imports included). */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, specs] of rawImports(root, dirs)) {
    const targets: string[] = [];
    for (const spec of specs) {
      let base: string | undefined;
      if (spec.startsWith('.')) base = resolve(root, dirname(file), spec);
      else if (spec.startsWith('@contract/')) base = resolve(root, 'contract', spec.slice(10));
      const hit = base && resolveFile(base);
      if (hit) targets.push(relative(root, hit));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every import cycle (each as the list of files around it), found by a depth-first search. */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'active');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'active') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}
