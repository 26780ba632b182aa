import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackAgent, request } from '../support/load/http-client';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';

/** Questions asked before the disk fills, and asked (and answered) while it is full. */
const BEFORE = 10;
const DURING = 10;
/** Over one tmpfs page, so no line fits in the slack of the journal's last page. */
const PROMPT = 'Is this change safe to ship? '.repeat(200);

/** Mounts a 2 MB tmpfs at `dir` (root only); the reason when it cannot. */
function mountSmallTmpfs(dir: string): string | undefined {
  if (process.platform !== 'linux') return 'state dir on a full tmpfs: Linux only';
  if (process.getuid?.() !== 0) return 'state dir on a full tmpfs: mounting needs root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', dir], {
      stdio: 'pipe',
    });
    return undefined;
  } catch (error) {
    return `state dir on a full tmpfs: mount failed (${(error as Error).message.split('\n')[0]})`;
  }
}

/** Writes a filler file until the file system says ENOSPC; returns its path. */
function fill(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (let chunk = 256 * 1024; chunk >= 1;) {
      try {
        writeSync(fd, Buffer.alloc(chunk, 0x61));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        chunk = Math.floor(chunk / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

const temp = new TempDirs();
const mounted: string[] = [];
const running: ServeProcess[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) await serve.kill9();
  for (const dir of mounted.splice(0)) execFileSync('umount', [dir]);
  await temp.cleanup();
});

describe('the state dir on a full disk, then kill -9 and a restart', () => {
  it('acknowledges only what it saved: a question or an answer it cannot save is refused (507, naming the full disk); after the restart nothing acknowledged is lost and nothing answered is pending', async (context) => {
    const dir = await temp.make('full-dir');
    const stateDir = await temp.make('full-state');
    const skip = mountSmallTmpfs(stateDir);
    if (skip) return context.skip(skip);
    mounted.push(stateDir);
    mkdirSync(join(stateDir, 'state'));
    const state = join(stateDir, 'state');
    const agent = loopbackAgent();
    let serve = await startServe({ dir, stateDir: state });
    running.push(serve);
    const ask = (url: string, key: string) =>
      request(`${url}/questions`, { body: { key, question: `${key}: ${PROMPT}` }, agent });
    const statusOf = async (url: string, key: string) =>
      ((await request(`${url}/questions/${key}`, { agent })).json as { status: string }).status;

    for (let i = 0; i < BEFORE; i++) expect((await ask(serve.url, `before-${i}`)).status).toBe(200);
    const filler = fill(stateDir);

    const asked = { acknowledged: [] as string[], refused: [] as string[] };
    for (let i = 0; i < DURING; i++) {
      const key = `during-${i}`;
      const res = await ask(serve.url, key);
      if (res.status === 200) asked.acknowledged.push(key);
      else {
        expect(res.status, res.text).toBe(507);
        expect(res.json).toMatchObject({
          error: 'not_saved',
          message: expect.stringMatching(
            /^The question during-\d+ not saved, so not accepted: the disk of the state dir .+ is full \(ENOSPC\)/,
          ),
        });
        asked.refused.push(key);
      }
    }
    const answers = { acknowledged: [] as string[], refused: [] as string[] };
    for (let i = 0; i < BEFORE; i++) {
      const key = `before-${i}`;
      const res = await request(`${serve.url}/answer`, {
        body: { key, response: `ship ${i}` },
        headers: serve.operator,
        agent,
      });
      if (res.status === 200) answers.acknowledged.push(key);
      else {
        expect(res.status, res.text).toBe(507);
        expect((res.json as { message: string }).message).toMatch(/is full \(ENOSPC\)/);
        answers.refused.push(key);
        // Refused: still pending, for the operator to answer again.
        expect(await statusOf(serve.url, key)).toBe('pending');
      }
    }
    await serve.kill9();
    rmSync(filler);
    serve = await startServe({ dir, stateDir: state });
    running.push(serve);

    const lost = [];
    for (const key of asked.acknowledged)
      if ((await statusOf(serve.url, key)) !== 'pending') lost.push(key);
    const backPending = [];
    for (const key of answers.acknowledged)
      if ((await statusOf(serve.url, key)) !== 'answered') backPending.push(key);
    const refusedNowKnown = [];
    for (const key of asked.refused)
      if ((await statusOf(serve.url, key)) === 'pending') refusedNowKnown.push(key);
    for (const key of answers.refused) expect(await statusOf(serve.url, key)).toBe('pending');
    console.log(
      `state dir full: questions asked while full ${DURING} (acknowledged ${asked.acknowledged.length}, refused 507 ${asked.refused.length}); ` +
        `answers while full ${BEFORE} (acknowledged ${answers.acknowledged.length}, refused 507 ${answers.refused.length}); ` +
        `after kill -9 + restart: acknowledged questions lost ${lost.length}, acknowledged answers back pending ${backPending.length}, refused questions pending ${refusedNowKnown.length}`,
    );
    expect(asked.refused.length + answers.refused.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(backPending).toEqual([]);
    expect(refusedNowKnown).toEqual([]);

    // Space again: the refused answer is given now, and it holds across another kill -9.
    const retried = answers.refused[0] ?? answers.acknowledged[0]!;
    const again = await request(`${serve.url}/answer`, {
      body: { key: retried, response: 'ship now' },
      headers: serve.operator,
      agent,
    });
    expect([200, 409]).toContain(again.status);
    await serve.kill9();
    serve = await startServe({ dir, stateDir: state });
    running.push(serve);
    expect(await statusOf(serve.url, retried)).toBe('answered');
  });
});
