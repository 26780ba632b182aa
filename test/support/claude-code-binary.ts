import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The Claude Code release the real-binary e2e tests run (its native binary, from npm). */
export const CLAUDE_CODE_VERSION = '2.1.332';

/** The real `claude` binary, or why there is none here (one line, for the skip message). */
export type ClaudeBinary = { path: string } | { skip: string };

/**
 * Installs `@anthropic-ai/claude-code@CLAUDE_CODE_VERSION` from the npm registry into
 * `node_modules/.cache/claude-code-<version>/` once (install scripts not run: the native binary
 * is taken straight from the platform package, `@anthropic-ai/claude-code-<platform>-<arch>`),
 * and returns its path; `skip` when the registry cannot be reached or the binary does not start.
 */
export async function claudeCodeBinary(): Promise<ClaudeBinary> {
  const platform = `${process.platform}-${process.arch}`;
  const cache = path.join(ROOT, 'node_modules', '.cache', `claude-code-${CLAUDE_CODE_VERSION}`);
  const binary = path.join(cache, 'node_modules', '@anthropic-ai', `claude-code-${platform}`);
  const file = path.join(binary, process.platform === 'win32' ? 'claude.exe' : 'claude');
  if (!existsSync(file)) {
    try {
      await run(
        'npm',
        [
          'install',
          '--prefix',
          cache,
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
          '--fetch-retries=1',
          '--loglevel=error',
          `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`,
        ],
        { timeout: 300_000 },
      );
    } catch (error) {
      const first = String((error as { stderr?: string }).stderr || (error as Error).message);
      return {
        skip: `npm install @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} failed (registry unreachable?): ${first.trim().split('\n')[0]}`,
      };
    }
    if (!existsSync(file))
      return {
        skip: `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} has no binary for ${platform}`,
      };
  }
  try {
    const { stdout } = await run(file, ['--version'], { timeout: 30_000 });
    if (!stdout.includes(CLAUDE_CODE_VERSION))
      return { skip: `${file} --version printed ${JSON.stringify(stdout.trim())}` };
  } catch (error) {
    return { skip: `${file} does not start here: ${(error as Error).message.split('\n')[0]}` };
  }
  return { path: file };
}
