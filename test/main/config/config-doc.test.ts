import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE_HEADER, configTableRows } from '../../../main/config/config-doc';

const CLI_MD = path.resolve(import.meta.dirname, '../../../docs/cli.md');

/** The cells of the first table under `## heading` in `markdown` (the header row included). */
export function tableUnder(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return [];
  const lines = markdown.slice(start).split('\n').slice(2);
  const first = lines.findIndex((line) => line.startsWith('|'));
  if (first < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (!cells.every((cell) => /^-+$/.test(cell))) rows.push(cells);
  }
  return rows;
}

describe("docs/cli.md's Configuration table", () => {
  it('is the settings table of main/config, row for row', () => {
    const [header, ...rows] = tableUnder(readFileSync(CLI_MD, 'utf8'), 'Configuration');
    expect(header).toEqual(CONFIG_TABLE_HEADER);
    expect(rows).toEqual(configTableRows());
  });

  it('reads a padded table and stops at its end', () => {
    const doc =
      '# x\n\n## Configuration\n\ntext\n\n| a   | b |\n| --- | - |\n| `1` | 2 |\n\nafter | no\n';
    expect(tableUnder(doc, 'Configuration')).toEqual([
      ['a', 'b'],
      ['`1`', '2'],
    ]);
    expect(tableUnder(doc, 'Other')).toEqual([]);
  });
});
