import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { safeKey, writeFileAtomic } from '../adapters/clarity-file';

/** Where a pre-written answer went, and whether this call wrote it (false: one was there). */
export interface PrewrittenAnswer {
  path: string;
  written: boolean;
}

/**
 * `clarity-hitl answer` for a key no question asks yet (the spec's "write an answer file, useful
 * for scripting or testing"): writes `{dir}/{safeKey}.answer` atomically, named by the runtime's
 * file-name rule, so the runtime finds its answer as soon as it asks. An answer already waiting
 * there is left alone (the first answer wins).
 */
export async function prewriteAnswer(
  dir: string,
  key: string,
  text: string,
): Promise<PrewrittenAnswer> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${safeKey(key)}.answer`);
  if (await present(path)) return { path, written: false };
  await writeFileAtomic(path, text);
  return { path, written: true };
}

async function present(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
