import type { HitlRequest } from '@contract/request';

/** Longer than this, a command in a title is cut at a word (the card shows it whole below). */
const MAX = 160;

/**
 * The card's heading. A permission request's title is "Tool: command" cut by the broker at 80
 * characters, often mid-word ("Bash: rm -rf dist node_m…"): the card shows the command's first
 * line whole instead (the heading wraps), or cut at a space after MAX characters.
 */
export function cardTitle(request: Pick<HitlRequest, 'title' | 'key' | 'input'>): string {
  const title = request.title ?? request.key;
  const input = request.input;
  if (input.kind !== 'approval' || !input.command || !title.endsWith('…')) return title;
  const head = `${input.tool}: `;
  if (!title.startsWith(head)) return title;
  const line = input.command.trim().split('\n')[0] ?? '';
  if (line.length <= MAX) return head + line;
  const space = line.lastIndexOf(' ', MAX);
  return `${head}${line.slice(0, space > MAX / 2 ? space : MAX)} …`;
}
