import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstDir,
  startStartupPrefetch,
  takeStartupPrefetch,
} from '../../../main/cli/startup-prefetch';
import { makeTempDir } from '../../support/temp-dir';

const SCRIPT = pathToFileURL(resolve('main/adapters/clarity-file/prefetch/prefetch-worker.ts'));

describe('firstDir: the directory serve watches first, from its words', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the argument, else the first --dir', () => {
    expect(firstDir(['inbox', '--dir', 'b'])).toBe('inbox');
    expect(firstDir(['--dir', 'a', '--dir', 'b'])).toBe('a');
    expect(firstDir(['--port', '0', '--dir=a'])).toBe('a');
  });

  it('is CLARITY_HITL_DIR, else the default, without either', () => {
    vi.stubEnv('CLARITY_HITL_DIR', '');
    expect(firstDir(['--port', '0'])).toBe('.clarity-hitl');
    vi.stubEnv('CLARITY_HITL_DIR', '/srv/questions');
    expect(firstDir([])).toBe('/srv/questions');
  });

  it('is nothing for a --dir without its path', () => {
    expect(firstDir(['--dir'])).toBeUndefined();
  });
});

describe.skipIf(process.platform !== 'linux')('startStartupPrefetch', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir('hitl-startup-prefetch-');
  });
  afterEach(async () => {
    takeStartupPrefetch()?.close();
    await temp.remove();
  });

  const fill = async (count: number) => {
    for (let i = 0; i < count; i++) await writeFile(join(temp.path, `q${i}.question`), '{}');
  };

  it('starts reading a full directory for serve, handed over once', async () => {
    await fill(300);
    expect(startStartupPrefetch(['node', 'cli.js', 'serve', '--dir', temp.path], SCRIPT)).toBe(
      true,
    );
    const prefetch = takeStartupPrefetch();
    expect(prefetch?.dir).toBe(temp.path);
    expect(takeStartupPrefetch()).toBeUndefined();
    prefetch?.close();
  });

  it('does nothing off Linux, where a watch hears of a change only later', async () => {
    await fill(300);
    const serve = ['node', 'cli.js', 'serve', temp.path];
    expect(startStartupPrefetch(serve, SCRIPT, 'darwin')).toBe(false);
    expect(startStartupPrefetch(serve, SCRIPT, 'win32')).toBe(false);
    expect(takeStartupPrefetch()).toBeUndefined();
  });

  it('does nothing for another command, a nearly empty or missing dir, or no built thread', async () => {
    await fill(255);
    const serve = ['node', 'cli.js', 'serve', temp.path];
    expect(startStartupPrefetch(['node', 'cli.js', 'list', '--dir', temp.path], SCRIPT)).toBe(
      false,
    );
    expect(startStartupPrefetch(serve, SCRIPT)).toBe(false);
    expect(startStartupPrefetch(['node', 'cli.js', 'serve', join(temp.path, 'no')], SCRIPT)).toBe(
      false,
    );
    await fill(300);
    expect(startStartupPrefetch(serve, new URL('file:///nowhere/worker.js'))).toBe(false);
    expect(takeStartupPrefetch()).toBeUndefined();
  });
});
