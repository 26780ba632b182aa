import { SETTINGS } from './settings-table';

/** The columns of docs/cli.md's Configuration table. */
export const CONFIG_TABLE_HEADER = ['variable', 'alias', 'flag', 'default', 'what it sets'];

/** The rows of docs/cli.md's Configuration table, one per setting, cells as markdown. */
export function configTableRows(): string[][] {
  return Object.values(SETTINGS).map((setting) => [
    `\`${setting.env.name}\``,
    setting.env.aliases.map((alias) => `\`${alias}\``).join(', ') || '—',
    setting.flag ? `\`${setting.flag}\`` : '—',
    setting.default,
    setting.description,
  ]);
}

/** The whole table as markdown (unpadded; prettier aligns it in the docs). */
export function configTable(): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(CONFIG_TABLE_HEADER),
    line(CONFIG_TABLE_HEADER.map(() => '---')),
    ...configTableRows().map(line),
  ].join('\n');
}
