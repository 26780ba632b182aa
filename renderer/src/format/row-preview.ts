import { promptPreview } from '@contract/prompt-preview';

/** Markup, ellipses and runs of spaces left out, so a title and the line it came from compare. */
const plain = (s: string) =>
  s
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The one-line preview of a prompt beside its title, without saying the title again: protocols
 * without a title field (cueme, QuestFoundry, MCP asks) take it from the prompt's first line. When
 * the title is that line, the preview is the next line; when it is the line cut short, the rest.
 */
export function rowPreview(title: string | undefined, prompt: string, max = 200): string {
  const first = promptPreview(prompt, max);
  if (!title) return first;
  const cut = title.endsWith('…');
  const stem = plain(cut ? title.slice(0, -1) : title);
  const line = plain(first);
  if (!stem || !(cut ? line.startsWith(stem) : line === stem)) return first;
  const rest = line.slice(stem.length).trim();
  if (rest) return `…${rest}`;
  const lines = prompt.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('```'));
  return lines.length > 1 ? promptPreview(lines.slice(1).join('\n'), max) : '';
}
