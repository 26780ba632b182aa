import { existsSync } from 'node:fs';
import {
  appendFile,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '@contract/jsonl-events';
import {
  RunFiles,
  type RunFilesOptions,
} from '../../../../main/adapters/tool-server-lite/run-files';
import {
  RunStore,
  type RunStoreOptions,
} from '../../../../main/adapters/tool-server-lite/run-store';

const ev = (event: RunEvent) => ({ kind: 'event' as const, event });
const text = (t: string) => ({ kind: 'text' as const, text: t });

let dir: string;
let warnings: string[];
const open: RunStore[] = [];

beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'hitl-runs-')), 'runs');
  warnings = [];
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  await rm(path.dirname(dir), { recursive: true, force: true });
});

/** A store saving to `dir`, loaded; the long flush window means only flush()/close() write. */
async function openStore(
  options: RunStoreOptions = {},
  files: Partial<RunFilesOptions> = {},
): Promise<{ s: RunStore; files: RunFiles }> {
  const persistence = new RunFiles({
    dir,
    flushMs: 60_000,
    onWarning: (m) => warnings.push(m),
    ...files,
  });
  const s = new RunStore({ persistence, ...options });
  await s.load();
  open.push(s);
  return { s, files: persistence };
}

async function reopen(s: RunStore, options: RunStoreOptions = {}) {
  await s.close();
  open.splice(open.indexOf(s), 1);
  return (await openStore(options)).s;
}

describe('RunFiles with RunStore', () => {
  it('brings runs back after a restart: summaries, entries, running ones lost', async () => {
    let clock = 1_000;
    const { s, files } = await openStore({ now: () => (clock += 10) });
    const ok = s.start({ command: ['node', 'ok.js'], agent: 'writer' });
    s.append(ok.id, [
      ev({ type: 'start', task: 'write' }),
      ev({ type: 'token', text: 'Hel' }),
      ev({ type: 'token', text: 'lo' }),
    ]);
    await files.flush();
    // Grows the token entry already on disk: its later copy replaces it.
    s.append(ok.id, [ev({ type: 'token', text: '!' })]);
    s.append(ok.id, [ev({ type: 'human_in_loop', hil_id: 'HIL-1', title: 't' })]);
    s.append(ok.id, [ev({ type: 'result', ok: true, summary: 'done' })], { code: 0, signal: null });
    const bad = s.start({ command: ['bad'] });
    s.append(bad.id, [text('oops')], { code: 3, signal: null });
    const live = s.start({ command: ['live'] });
    s.append(live.id, [ev({ type: 'progress', phase: 'collect', pct: 40 }), text('working')]);
    const before = s.list();
    const details = before.map((r) => s.get(r.id));

    const again = await reopen(s);
    const after = again.list();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after[0]).toEqual({ ...before[0], status: 'lost' });
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(after.map((r) => r.status)).toEqual(['lost', 'failed', 'succeeded']);
    for (const detail of details) expect(again.get(detail.run.id).entries).toEqual(detail.entries);
    expect(again.get(ok.id).entries[1]).toMatchObject({ event: { type: 'token', text: 'Hello!' } });
    expect(warnings).toEqual([]);

    // The CLI was still alive: its next batch revives the run, and that is saved too.
    expect(again.append(live.id, [text('back')]).status).toBe('running');
    const third = await reopen(again);
    expect(third.get(live.id).entries.map((e) => e.n)).toEqual([0, 1, 2]);
  });

  it('gathers changes and appends one line per run per flush', async () => {
    const { s, files } = await openStore();
    const run = s.start({ command: ['a'] });
    for (let i = 0; i < 50; i++) s.append(run.id, [text(`line ${i}`)]);
    await files.flush();
    const file = path.join(dir, `${run.id}.jsonl`);
    expect((await readFile(file, 'utf8')).trimEnd().split('\n')).toHaveLength(1);
    s.append(run.id, [text('more')]);
    await files.flush();
    expect((await readFile(file, 'utf8')).trimEnd().split('\n')).toHaveLength(2);
  });

  it('writes on its own after the flush window', async () => {
    const { s } = await openStore({}, { flushMs: 20 });
    const run = s.start({ command: ['a'] });
    s.append(run.id, [text('soon')]);
    const file = path.join(dir, `${run.id}.jsonl`);
    const deadline = Date.now() + 10_000;
    while (!existsSync(file) || !(await readFile(file, 'utf8')).includes('soon')) {
      if (Date.now() > deadline) throw new Error('never written');
      await new Promise((r) => setTimeout(r, 10));
    }
  });

  it('deletes the file of a pruned run', async () => {
    const { s, files } = await openStore({ maxRuns: 2 });
    const a = s.start({ command: ['a'] });
    const b = s.start({ command: ['b'] });
    await files.flush();
    expect((await readdir(dir)).sort()).toEqual([`${a.id}.jsonl`, `${b.id}.jsonl`].sort());
    const c = s.start({ command: ['c'] });
    await files.flush();
    expect((await readdir(dir)).sort()).toEqual([`${b.id}.jsonl`, `${c.id}.jsonl`].sort());
  });

  it('skips a garbage line and a torn last line with one warning, and keeps the file', async () => {
    const { s } = await openStore();
    const run = s.start({ command: ['a'] });
    s.append(run.id, [text('one'), text('two')]);
    await s.close();
    const file = path.join(dir, `${run.id}.jsonl`);
    await appendFile(file, 'not json at all\n{"run":{"id":"x"},"entries":[]}\n{"run":{"id":"');

    const { s: again } = await openStore();
    expect(again.get(run.id).entries.map((e) => (e.kind === 'text' ? e.text : ''))).toEqual([
      'one',
      'two',
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).toContain('skipped 3');
    // The next append starts on a line of its own, so it loads again.
    again.append(run.id, [text('three')]);
    const third = await reopen(again);
    expect(third.get(run.id).entries.map((e) => e.n)).toEqual([0, 1, 2]);
  });

  it('leaves a file with no readable line in place and loads the others', async () => {
    const { s } = await openStore();
    const good = s.start({ command: ['good'] });
    await s.close();
    const broken = path.join(dir, 'run-0000-broken.jsonl');
    await writeFile(broken, '\u0000\u0000garbage');
    const { s: again } = await openStore();
    expect(again.list().map((r) => r.id)).toEqual([good.id]);
    expect(warnings).toEqual([expect.stringContaining(broken)]);
    expect(existsSync(broken)).toBe(true);
  });

  it('ignores files whose name is not a run id', async () => {
    const { s } = await openStore();
    const run = s.start({ command: ['a'] });
    await s.close();
    const line = (await readFile(path.join(dir, `${run.id}.jsonl`), 'utf8')).replaceAll(
      run.id,
      'other',
    );
    for (const name of ['other.jsonl', 'notes.txt', 'run-1.jsonl.tmp', 'run-a.b.jsonl'])
      await writeFile(path.join(dir, name), line);
    const { s: again } = await openStore();
    expect(again.list().map((r) => r.id)).toEqual([run.id]);
    expect(warnings).toEqual([]);
    expect(await readdir(dir)).toHaveLength(5);
  });

  it('rewrites a file that grew far past what memory keeps, keeping its content', async () => {
    const { s, files } = await openStore({ perRun: 20 }, { compactAt: 4_000 });
    const run = s.start({ command: ['a'] });
    const file = path.join(dir, `${run.id}.jsonl`);
    let largest = 0;
    for (let i = 0; i < 200; i++) {
      s.append(run.id, [text(`line ${i} ${'x'.repeat(40)}`)]);
      await files.flush();
      largest = Math.max(largest, (await stat(file)).size);
    }
    expect(largest).toBeLessThan(6_000);
    expect(await readdir(dir)).toEqual([`${run.id}.jsonl`]);
    const kept = s.get(run.id);
    const again = await reopen(s, { perRun: 20 });
    expect(again.get(run.id)).toEqual({ ...kept, run: { ...kept.run, status: 'lost' } });
    expect(kept.entries.map((e) => e.n)).toEqual(Array.from({ length: 20 }, (_, i) => 180 + i));
  });

  it('applies the bounds on load: fewer entries, and only the newest maxRuns files', async () => {
    let clock = 1_000;
    const { s } = await openStore({ now: () => (clock += 10) });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const run = s.start({ command: [`r${i}`] });
      s.append(run.id, ['a', 'b', 'c', 'd'].map(text), { code: 0, signal: null });
      ids.push(run.id);
    }
    await s.close();
    open.splice(0);
    // The file write order is not the start order: make the first run's file the oldest.
    const old = new Date(Date.now() - 60_000);
    await utimes(path.join(dir, `${ids[0]}.jsonl`), old, old);

    const { s: small } = await openStore({ perRun: 2, maxRuns: 2 });
    expect(small.list().map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(small.get(ids[2]!).entries.map((e) => e.n)).toEqual([2, 3]);
    expect(small.get(ids[2]!).run.entryCount).toBe(4);
    expect(existsSync(path.join(dir, `${ids[0]}.jsonl`))).toBe(false);
  });
});
