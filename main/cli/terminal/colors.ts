/** ANSI styling that switches itself off when colour is not wanted. */
export interface Paint {
  enabled: boolean;
  bold: (s: string) => string;
  dim: (s: string) => string;
  cyan: (s: string) => string;
  green: (s: string) => string;
  yellow: (s: string) => string;
  red: (s: string) => string;
}

/** Colour only on a TTY, and never when `NO_COLOR` is set to anything non-empty (no-color.org). */
export function colorEnabled(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

/** Style helpers for `enabled`; with colour off they return the text unchanged. */
export function paint(enabled: boolean): Paint {
  const style = (open: number, close: number) => (s: string) =>
    enabled ? `\u001b[${open}m${s}\u001b[${close}m` : s;
  return {
    enabled,
    bold: style(1, 22),
    dim: style(2, 22),
    cyan: style(36, 39),
    green: style(32, 39),
    yellow: style(33, 39),
    red: style(31, 39),
  };
}
