import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import type { Figure } from './figure';
import { ROOT } from '../../test/support/load/project';
import { round } from '../../test/support/load/stats';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  loadAvgAtStart: number[];
  loadAvgAtEnd?: number[];
}

export interface Report {
  generatedAt: string;
  commit: string;
  durationSeconds: number;
  machine: MachineInfo;
  figures: Figure[];
}

/** Facts about the machine the numbers come from (load included: these machines are shared). */
export function machineInfo(): MachineInfo {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAvgAtStart: loadavg().map(round),
  };
}

/** The commit being measured (with `+dirty` when the tree has changes). */
export function currentCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return 'unknown';
  }
}

function fmt(value: number | null, unit = ''): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return `${round(value)}${unit ? ` ${unit}` : ''}`;
}

/** The report as one plain-text table (figure, value, target, baseline, ratio, pass/fail). */
export function formatTable(figures: Figure[]): string {
  const header = ['figure', 'value', 'target', 'baseline', 'ratio', 'result'];
  const rows = figures.map((f) => [
    f.name,
    f.value === null ? 'not available' : fmt(f.value, f.unit),
    f.target
      ? `${f.target.on === 'ratio' ? 'ratio ' : ''}${f.target.op} ${f.target.value}${f.target.on === 'ratio' ? '' : ` ${f.unit}`}`
      : '',
    f.baseline === null
      ? ''
      : `${fmt(f.baseline, f.unit)}${f.baselineLabel ? ` (${f.baselineLabel})` : ''}`,
    f.ratio === null ? '' : `${round(f.ratio)}×`,
    f.value === null ? 'n/a' : f.pass === null ? '' : f.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' │ ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '─'.repeat(w)).join('─┼─')];
  for (const row of rows) out.push(line(row));
  const notes = figures.filter((f) => f.note).map((f) => `  • ${f.name}: ${f.note}`);
  if (notes.length > 0) out.push('', 'Notes:', ...notes);
  return out.join('\n');
}

/** The report as a markdown table (pasted into docs/benchmarks.md). */
export function formatMarkdown(report: Report): string {
  const m = report.machine;
  const rows = report.figures.map((f) => {
    const target = f.target
      ? `${f.target.on === 'ratio' ? 'ratio ' : ''}${f.target.op.replace('<=', '≤').replace('>=', '≥')} ${f.target.value}${f.target.on === 'ratio' ? '' : ` ${f.unit}`}`
      : '—';
    const value = f.value === null ? `not available (${f.note ?? ''})` : fmt(f.value, f.unit);
    const baseline =
      f.baseline === null
        ? '—'
        : `${fmt(f.baseline, f.unit)}${f.baselineLabel ? ` (${f.baselineLabel})` : ''}`;
    const ratio = f.ratio === null ? '—' : `${round(f.ratio)}×`;
    const result =
      f.value === null ? 'n/a' : f.pass === null ? '—' : f.pass ? '**pass**' : '**FAIL**';
    return `| ${f.name} | ${value} | ${target} | ${baseline} | ${ratio} | ${result} |`;
  });
  return [
    `Measured ${report.generatedAt} on commit \`${report.commit}\`: ${m.cores}× ${m.cpu}, ${m.memoryGiB} GiB RAM, Node ${m.node}, ${m.platform}; load average ${m.loadAvgAtStart.join(' / ')} at start, ${m.loadAvgAtEnd?.join(' / ')} at end; whole run ${report.durationSeconds} s.`,
    '',
    '| figure | value | target | baseline (same run) | ratio | result |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...report.figures
      .filter((f) => f.note && f.value !== null)
      .map((f) => `- ${f.name}: ${f.note}`),
  ].join('\n');
}
