/**
 * `npm run bench`: runs every benchmark module in one go and prints one table (value, target,
 * same-run baseline, ratio, pass/fail); writes the same as JSON to bench/results/latest.json
 * (and as a markdown table beside it, for docs/benchmarks.md).
 * `npm run bench -- <word>` runs only the modules whose title contains the word (→ partial.json).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchmarks } from './figures';
import { NotAvailableError, toFigure, type Figure, type Measurement } from './lib/figure';
import { ROOT } from '../test/support/load/project';
import { currentCommit, formatMarkdown, formatTable, machineInfo, type Report } from './lib/report';
import { round } from '../test/support/load/stats';

async function main(): Promise<void> {
  const filter = process.argv[2]?.toLowerCase();
  const selected = benchmarks.filter((b) => !filter || b.title.toLowerCase().includes(filter));
  const machine = machineInfo();
  const started = performance.now();
  const figures: Figure[] = [];
  for (const bench of selected) {
    process.stderr.write(`▶ ${bench.title} … `);
    const t0 = performance.now();
    let results: Record<string, Measurement> = {};
    let reason = 'not measured';
    try {
      results = await bench.run();
    } catch (error) {
      reason =
        error instanceof NotAvailableError
          ? `not available: ${error.message}`
          : `failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    process.stderr.write(
      `${round((performance.now() - t0) / 1000)} s${reason === 'not measured' ? '' : ` (${reason})`}\n`,
    );
    for (const spec of bench.specs) figures.push(toFigure(spec, results[spec.id], reason));
  }
  machine.loadAvgAtEnd = loadavg().map(round);
  const report: Report = {
    generatedAt: new Date().toISOString(),
    commit: currentCommit(),
    durationSeconds: round((performance.now() - started) / 1000),
    machine,
    figures,
  };
  console.log(formatTable(figures));
  console.log(
    `\n${machine.cores}× ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}; load ${machine.loadAvgAtStart.join(' ')} → ${machine.loadAvgAtEnd.join(' ')}; ${report.durationSeconds} s; commit ${report.commit}`,
  );
  const dir = join(ROOT, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const file = join(dir, filter ? 'partial.json' : 'latest.json');
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(file.replace(/\.json$/, '.md'), `${formatMarkdown(report)}\n`);
  console.log(`written: ${file} (and .md)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
