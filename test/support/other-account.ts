import { execFile, execFileSync } from 'node:child_process';
import { findRunuser } from './postgres';

/** The second local account the attack tests act as (created when missing, as root). */
export const OTHER_ACCOUNT = 'hitl-other';

/** Why the tests cannot act as a second local account here, or undefined when they can. */
export function otherAccountSkipReason(): string | undefined {
  if (process.platform === 'win32') return 'second-account tests skipped: not on Windows';
  if (process.getuid?.() !== 0)
    return 'second-account tests skipped: they need root to act as another local account (CI runs them as root)';
  if (!findRunuser()) return 'second-account tests skipped: no runuser on this machine';
  try {
    execFileSync('id', ['-u', OTHER_ACCOUNT], { stdio: 'pipe' });
  } catch {
    try {
      execFileSync(
        'useradd',
        ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', OTHER_ACCOUNT],
        { stdio: 'pipe', env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` } },
      );
    } catch (error) {
      return `second-account tests skipped: could not create the account ${OTHER_ACCOUNT} (${(error as Error).message.split('\n')[0]})`;
    }
  }
  return undefined;
}

/**
 * Runs `node -e script` as the second local account (cwd `/`, an empty environment but PATH),
 * resolving with what it printed and its exit code.
 */
export function runAsOther(
  script: string,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile(
      findRunuser()!,
      ['-u', OTHER_ACCOUNT, '--', process.execPath, '-e', script],
      { cwd: '/', env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({
          stdout,
          stderr,
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
        }),
    );
  });
}

/**
 * As the second account: one HTTP request with fetch, printing `{status, body}` as JSON on
 * stdout (body parsed when it is JSON, else its text).
 */
export async function fetchAsOther(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const request = {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  };
  const script = `fetch(${JSON.stringify(url)}, ${JSON.stringify(request)}).then(async (r) => {
    const text = await r.text();
    let body; try { body = JSON.parse(text); } catch { body = text; }
    console.log(JSON.stringify({ status: r.status, body }));
  }, (e) => { console.log(JSON.stringify({ status: 0, body: String(e) })); });`;
  const { stdout, stderr } = await runAsOther(script);
  if (!stdout.trim()) throw new Error(`the other account's fetch printed nothing: ${stderr}`);
  return JSON.parse(stdout.trim()) as { status: number; body: unknown };
}
