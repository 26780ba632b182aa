import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Creates temp dirs and removes them all in `cleanup` (call it from afterEach/afterAll). */
export class TempDirs {
  private readonly dirs: string[] = [];

  async make(prefix: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), `hitl-rel-${prefix}-`));
    this.dirs.push(dir);
    return dir;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  }
}
