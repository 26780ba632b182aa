import { parseArgs } from 'node:util';

/** What the desktop app takes from its command line (`npm start -- --port 7900 --hidden`). */
export interface LaunchArgs {
  /** The HTTP port, over the saved setting; 0 asks for a free one. */
  port?: number;
  /** Start in the tray without opening the main window. */
  hidden: boolean;
  /** Arguments that were given but not understood, each with why (the app says so and goes on). */
  problems: string[];
}

/**
 * Reads the serve-like flags the desktop app honours. Unknown flags (Electron's and Chromium's
 * own switches) are left alone.
 */
export function parseLaunchArgs(argv: readonly string[]): LaunchArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { port: { type: 'string', short: 'p' }, hidden: { type: 'boolean' } },
    strict: false,
    allowPositionals: true,
  });
  const problems: string[] = [];
  let port: number | undefined;
  if (typeof values.port === 'string') {
    const n = Number(values.port);
    if (Number.isInteger(n) && n >= 0 && n <= 65535) port = n;
    else
      problems.push(
        `--port: "${values.port}" is not a port number (0-65535); using the saved port`,
      );
  } else if (values.port === true) problems.push('--port needs a number, e.g. --port 7900');
  return { ...(port === undefined ? {} : { port }), hidden: values.hidden === true, problems };
}
