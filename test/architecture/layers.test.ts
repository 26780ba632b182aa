import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, rawImports } from './import-graph';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = ['main', 'renderer', 'preload', 'contract'];

/** Core: no Electron, no desktop shell (docs/architecture.md). */
const CORE = /^main\/(broker|adapters|http|cli|service|operations|config)\//;

/** The import rules of docs/architecture.md: which folder may not import which. */
const RULES: { name: string; from: RegExp; to: RegExp }[] = [
  { name: 'core imports the desktop shell', from: CORE, to: /^main\/desktop\// },
  { name: 'main imports preload', from: /^main\//, to: /^preload\// },
  { name: 'the renderer imports main', from: /^renderer\//, to: /^(main|preload)\// },
  {
    name: 'the contract imports an app layer',
    from: /^contract\//,
    to: /^(main|preload|renderer)\//,
  },
  { name: 'http imports the CLI', from: /^main\/http\//, to: /^main\/cli\// },
  {
    name: 'config imports an app layer (it is the bottom one: main/broker reads it)',
    from: /^main\/config\//,
    to: /^(main\/(?!config\/)|contract\/|preload\/|renderer\/)/,
  },
  {
    name: 'operations import a transport',
    from: /^main\/operations\//,
    to: /^main\/(http|desktop|cli)\//,
  },
];

/** Each broken rule as `rule: from -> to`. */
export function violations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph)
    for (const target of targets)
      for (const rule of RULES)
        if (rule.from.test(file) && rule.to.test(target))
          out.push(`${rule.name}: ${file} -> ${target}`);
  return out;
}

describe('architecture', () => {
  const graph = importGraph(root, SOURCES);

  it('reads the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(200);
    // The server's context builds the operations (or is handed the service's); routes call them.
    expect(graph.get('main/http/build-context.ts')).toContain(
      'main/operations/inbox-operations.ts',
    );
  });

  it('has no import cycle in main, renderer, preload or contract', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('imports only downwards', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('keeps Electron out of the core, the contract and the renderer', () => {
    const electron = [...rawImports(root, SOURCES)]
      .filter(
        ([file, specs]) => !/^(main\/desktop|preload)\//.test(file) && specs.includes('electron'),
      )
      .map(([file]) => file);
    expect(electron).toEqual([]);
  });

  it('keeps test/reliability independent of bench/ (shared helpers live in test/support)', () => {
    const reliability = importGraph(root, ['test/reliability']);
    expect(reliability.size).toBeGreaterThan(5);
    const intoBench = [...reliability].flatMap(([file, targets]) =>
      targets.filter((t) => t.startsWith('bench/')).map((t) => `${file} -> ${t}`),
    );
    expect(intoBench).toEqual([]);
  });

  it('catches a cycle and a forbidden import when there is one', () => {
    const bad = new Map([
      ['main/http/a.ts', ['main/desktop/b.ts']],
      ['main/desktop/b.ts', ['main/http/a.ts']],
      ['renderer/src/c.ts', ['main/broker/broker.ts']],
      ['main/config/d.ts', ['main/config/e.ts', 'main/adapters/f.ts']],
    ]);
    expect(findCycles(bad)).toHaveLength(1);
    expect(violations(bad)).toEqual([
      'core imports the desktop shell: main/http/a.ts -> main/desktop/b.ts',
      'the renderer imports main: renderer/src/c.ts -> main/broker/broker.ts',
      'config imports an app layer (it is the bottom one: main/broker reads it): main/config/d.ts -> main/adapters/f.ts',
    ]);
  });
});
