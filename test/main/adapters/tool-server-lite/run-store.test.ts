import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@contract/jsonl-events';
import type { RunPersistence } from '../../../../main/adapters/tool-server-lite/run-files';
import type { RunDetail, RunUpdated } from '@contract/run-schemas';
import {
  RunEndedError,
  RunNotFoundError,
  RunStore,
} from '../../../../main/adapters/tool-server-lite/run-store';

const ev = (event: RunEvent) => ({ kind: 'event' as const, event });
const text = (t: string) => ({ kind: 'text' as const, text: t });

function store(options: ConstructorParameters<typeof RunStore>[0] = {}) {
  let clock = 1_000;
  let ids = 0;
  const s = new RunStore({ now: () => clock, newId: () => `run-${++ids}`, ...options });
  const updates: RunUpdated[] = [];
  s.onChange((u) => updates.push(u));
  return { s, updates, tick: (ms: number) => (clock += ms) };
}

describe('RunStore', () => {
  it('keeps a run summary from its events and ends it with the exit code', () => {
    const { s, tick } = store();
    const run = s.start({ command: ['node', 'agent.js'] });
    expect(run).toMatchObject({ id: 'run-1', status: 'running', startedAt: 1_000, hilIds: [] });
    s.append(run.id, [
      ev({ type: 'start', agent: 'writing_agent', task: '写文章', project: '/p' }),
      ev({ type: 'progress', phase: 'collect', pct: 20 }),
      ev({ type: 'human_in_loop', hil_id: 'HIL-001', title: 't' }),
      ev({ type: 'human_in_loop', hil_id: 'HIL-001' }),
      ev({ type: 'result', ok: true, summary: 'done' }),
      text('plain line'),
    ]);
    tick(5_000);
    const done = s.append(run.id, [], { code: 0, signal: null });
    expect(done).toMatchObject({
      agent: 'writing_agent',
      task: '写文章',
      project: '/p',
      phase: 'collect',
      pct: 20,
      hilIds: ['HIL-001'],
      result: { ok: true, summary: 'done' },
      status: 'succeeded',
      exitCode: 0,
      signal: null,
      endedAt: 6_000,
      durationMs: 5_000,
      entryCount: 6,
    });
    expect(s.get(run.id).entries.map((e) => e.n)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('fails a run on a non-zero exit, a signal, or a result that was not ok', () => {
    const { s } = store();
    const a = s.start({ command: ['a'] });
    const b = s.start({ command: ['b'] });
    const c = s.start({ command: ['c'] });
    expect(s.append(a.id, [], { code: 2, signal: null }).status).toBe('failed');
    expect(s.append(b.id, [], { code: null, signal: 'SIGTERM' }).status).toBe('failed');
    s.append(c.id, [ev({ type: 'result', ok: false })]);
    expect(s.append(c.id, [], { code: 0, signal: null }).status).toBe('failed');
  });

  it('merges consecutive tokens into one entry and tells the grown entry', () => {
    const { s, updates } = store();
    const run = s.start({ command: ['a'] });
    s.append(run.id, [ev({ type: 'token', text: 'Hel' }), ev({ type: 'token', text: 'lo' })]);
    s.append(run.id, [ev({ type: 'token', text: '!' }), ev({ type: 'notice', text: 'n' })]);
    const { entries } = s.get(run.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ n: 0, event: { type: 'token', text: 'Hello!' } });
    expect(updates.at(-1)!.entries.map((e) => e.n)).toEqual([0, 1]);
    expect(updates.at(-1)!.entries[0]).toMatchObject({ event: { text: 'Hello!' } });
  });

  it('keeps the last perRun entries, numbering on', () => {
    const { s } = store({ perRun: 3 });
    const run = s.start({ command: ['a'] });
    s.append(run.id, ['1', '2', '3', '4', '5'].map(text));
    const { run: summary, entries } = s.get(run.id);
    expect(entries.map((e) => (e.kind === 'text' ? e.text : ''))).toEqual(['3', '4', '5']);
    expect(entries.map((e) => e.n)).toEqual([2, 3, 4]);
    expect(summary.entryCount).toBe(5);
  });

  it('keeps at most perRunChars of entries, the newest always', () => {
    const { s } = store({ perRunChars: 300 });
    const run = s.start({ command: ['a'] });
    s.append(
      run.id,
      ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => text(c.repeat(60))),
    );
    const kept = s.get(run.id).entries;
    expect(kept.length).toBeLessThan(6);
    expect(kept.reduce((sum, e) => sum + JSON.stringify(e).length, 0)).toBeLessThanOrEqual(300);
    expect(kept.at(-1)).toMatchObject({ n: 5, text: 'f'.repeat(60) });
    s.append(run.id, [text('x'.repeat(1_000))]);
    expect(s.get(run.id).entries).toEqual([expect.objectContaining({ n: 6 })]);
    // A token that grows counts too.
    const t = s.start({ command: ['t'] });
    for (let i = 0; i < 10; i++)
      s.append(t.id, [text('line'), ev({ type: 'token', text: 'y'.repeat(100) })]);
    s.append(t.id, [ev({ type: 'token', text: 'z'.repeat(250) })]);
    expect(s.get(t.id).entries).toHaveLength(1);
  });

  it('prunes the oldest finished run first, then the oldest running one', () => {
    const { s } = store({ maxRuns: 2 });
    const a = s.start({ command: ['a'] });
    const b = s.start({ command: ['b'] });
    s.append(b.id, [], { code: 0, signal: null });
    s.start({ command: ['c'] });
    expect(s.list().map((r) => r.command[0])).toEqual(['c', 'a']);
    s.start({ command: ['d'] });
    expect(s.list().map((r) => r.command[0])).toEqual(['d', 'c']);
    expect(() => s.get(a.id)).toThrow(RunNotFoundError);
  });

  it('refuses lines for unknown and ended runs', () => {
    const { s } = store();
    expect(() => s.append('nope', [])).toThrow('no run with id nope');
    const run = s.start({ command: ['a'] });
    s.append(run.id, [], { code: 0, signal: null });
    expect(() => s.append(run.id, [text('late')])).toThrow(RunEndedError);
    expect(s.get(run.id).entries).toEqual([]);
  });

  it('marks a silent running run lost, and running again when it reports', () => {
    const { s, updates, tick } = store({ lostAfterMs: 60_000 });
    const run = s.start({ command: ['a'] });
    tick(30_000);
    expect(s.list()[0]!.status).toBe('running');
    tick(31_000);
    expect(s.list()[0]!.status).toBe('lost');
    expect(updates.at(-1)!.run.status).toBe('lost');
    const count = updates.length;
    s.markLost();
    expect(updates).toHaveLength(count); // told once
    expect(s.append(run.id, []).status).toBe('running');
  });

  it('cuts long texts and stops merging a token past the limit', () => {
    const { s } = store();
    const run = s.start({ command: ['a'] });
    s.append(run.id, [ev({ type: 'token', text: 'x'.repeat(7_999) })]);
    s.append(run.id, [
      ev({ type: 'token', text: 'yy' }),
      ev({ type: 'notice', text: 'z'.repeat(9_000) }),
    ]);
    const { entries } = s.get(run.id);
    expect(entries).toHaveLength(3);
    expect(entries[2]).toMatchObject({ event: { type: 'notice' } });
    expect(
      entries[2]!.kind === 'event' &&
        entries[2]!.event.type === 'notice' &&
        entries[2]!.event.text.length,
    ).toBe(8_000);
  });

  it('returns copies: a caller cannot change what the store keeps', () => {
    const { s } = store();
    const run = s.start({ command: ['a'] });
    s.append(run.id, [text('a')]);
    const first = s.get(run.id).entries[0]!;
    first.n = 99;
    expect(s.get(run.id).entries[0]!.n).toBe(0);
  });
});

/** Keeps what a RunStore saves, as its files would replay it. */
function memoryPersistence(saved: RunDetail[] = []) {
  const runs = new Map(saved.map((d) => [d.run.id, d]));
  const removed: string[] = [];
  const persistence: RunPersistence = {
    load: async (maxRuns) => [...runs.values()].slice(-maxRuns),
    save: (_update, current) => {
      const { run, entries } = current();
      runs.set(run.id, { run, entries: entries.map((e) => ({ ...e })) });
    },
    remove: (id) => {
      runs.delete(id);
      removed.push(id);
    },
    close: async () => {},
  };
  return { persistence, runs, removed };
}

describe('RunStore with persistence', () => {
  it('loads nothing and closes at once without persistence', async () => {
    const { s } = store();
    await s.load();
    await s.close();
    expect(s.size).toBe(0);
  });

  it('restores saved runs trimmed to its bounds; running ones turn lost, and are told so', async () => {
    const first = memoryPersistence();
    const { s } = store({ persistence: first.persistence });
    const done = s.start({ command: ['done'] });
    s.append(done.id, ['1', '2', '3', '4'].map(text), { code: 0, signal: null });
    const live = s.start({ command: ['live'] });
    s.append(live.id, [text('a')]);

    const second = memoryPersistence([...first.runs.values()]);
    const { s: again, updates } = store({ persistence: second.persistence, perRun: 2 });
    await again.load();
    expect(again.list().map((r) => [r.command[0], r.status])).toEqual([
      ['live', 'lost'],
      ['done', 'succeeded'],
    ]);
    expect(again.get(done.id).entries.map((e) => e.n)).toEqual([2, 3]);
    expect(updates.map((u) => u.run.status)).toEqual(['lost']);
    expect(second.runs.get(live.id)!.run.status).toBe('lost');
    expect(again.append(live.id, [text('b')]).status).toBe('running');
  });

  it('tells the persistence which run it pruned', () => {
    const { persistence, removed } = memoryPersistence();
    const { s } = store({ persistence, maxRuns: 1 });
    const a = s.start({ command: ['a'] });
    s.start({ command: ['b'] });
    expect(removed).toEqual([a.id]);
  });
});
