/**
 * Makes agent-supplied text safe to print: ANSI escape sequences and control characters (other
 * than newline and tab) could move the cursor, retitle the terminal or hide text, so they are
 * replaced by a visible `�`. CR LF becomes LF.
 */
export function sanitizeForTerminal(text: string): string {
  return (
    text
      .replace(/\r\n/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\uFFFD')
  );
}

/** Milliseconds as HH:MM:SS (hours grow past 99 when needed; negative ages show as 00:00:00). */
export function formatAge(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Cuts `text` to at most `width` columns, ending in `…` when cut. */
export function cut(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  if (width <= 0) return '';
  return chars.slice(0, width - 1).join('') + '…';
}

/** The width of the terminal on `stream`, else `$COLUMNS`, else 80. */
export function terminalWidth(
  stream: { columns?: number },
  env: NodeJS.ProcessEnv = process.env,
): number {
  const fromEnv = Number(env.COLUMNS);
  return stream.columns || (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80);
}
