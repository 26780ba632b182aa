import type { RunEntry, RunLineInput, RunSummary } from '@contract/run-schemas';
import type { FakeInboxClient } from '../client/fake-inbox-client';

const MIN = 60_000;

/** Three agent runs for the dev preview's Runs view: one running, one done, one failed. */
export function addPreviewRuns(client: FakeInboxClient, now: number): void {
  addFailedRun(client, now);
  addDoneRun(client, now);
  addRunningRun(client, now);
}

/** What every preview run has. */
const baseOf = (now: number) => ({ hilIds: [], updatedAt: now });

/** A run's lines as entries, a second apart from `at`. */
const lines = (at: number, list: RunLineInput[]): RunEntry[] =>
  list.map((line, n) => ({ ...line, n, at: at + n * 1000 }));

/** A lint agent that failed. */
function addFailedRun(client: FakeInboxClient, now: number): void {
  const base = baseOf(now);
  const failed: RunSummary = {
    ...base,
    id: 'run-preview-1',
    command: ['python', 'lint_agent.py'],
    agent: 'lint_agent',
    task: 'Fix the lint errors',
    status: 'failed',
    startedAt: now - 42 * MIN,
    endedAt: now - 40 * MIN,
    exitCode: 2,
    signal: null,
    durationMs: 2 * MIN,
    result: { ok: false, summary: '3 errors left' },
    entryCount: 3,
  };
  client.updateRun({
    run: failed,
    entries: lines(failed.startedAt, [
      { kind: 'event', event: { type: 'start', agent: 'lint_agent', task: 'Fix the lint errors' } },
      { kind: 'text', text: 'src/app.ts:12:3  error  no-unused-vars' },
      { kind: 'event', event: { type: 'result', ok: false, summary: '3 errors left' } },
    ]),
  });
}

/** A writing agent that succeeded, with an artifact. */
function addDoneRun(client: FakeInboxClient, now: number): void {
  const base = baseOf(now);
  const done: RunSummary = {
    ...base,
    id: 'run-preview-2',
    command: ['node', 'writer.js', '--topic', 'survey'],
    agent: 'writing_agent',
    task: 'Draft the survey',
    project: '~/src/paper',
    status: 'succeeded',
    phase: 'write',
    pct: 100,
    startedAt: now - 25 * MIN,
    endedAt: now - 12 * MIN,
    exitCode: 0,
    signal: null,
    durationMs: 13 * MIN,
    result: { ok: true, summary: 'Survey drafted' },
    entryCount: 5,
  };
  client.updateRun({
    run: done,
    entries: lines(done.startedAt, [
      { kind: 'event', event: { type: 'start', agent: 'writing_agent', task: 'Draft the survey' } },
      { kind: 'event', event: { type: 'token', text: 'Collecting sources… found 10 papers.' } },
      {
        kind: 'event',
        event: {
          type: 'artifact',
          kind: 'file',
          path: 'upload/references.md',
          summary: 'Reference list',
        },
      },
      { kind: 'event', event: { type: 'result', ok: true, summary: 'Survey drafted' } },
      { kind: 'event', event: { type: 'end', status: 'ok' } },
    ]),
  });
}

/** Claude Code, running, waiting on a human-in-the-loop question. */
function addRunningRun(client: FakeInboxClient, now: number): void {
  const base = baseOf(now);
  const running: RunSummary = {
    ...base,
    id: 'run-preview-3',
    command: ['claude', '-p', 'migrate the orders table'],
    agent: 'claude-code',
    task: 'Migrate the orders table',
    project: '~/src/shop',
    status: 'running',
    phase: 'migrate',
    pct: 60,
    startedAt: now - 6 * MIN,
    hilIds: ['HIL-shop-7'],
    entryCount: 6,
  };
  client.updateRun({
    run: running,
    entries: lines(running.startedAt, [
      {
        kind: 'event',
        event: { type: 'start', agent: 'claude-code', task: 'Migrate the orders table' },
      },
      {
        kind: 'event',
        event: { type: 'token', text: 'Reading the schema, then writing the migration.' },
      },
      { kind: 'text', text: '$ npm run db:plan\n12 statements planned' },
      { kind: 'event', event: { type: 'progress', phase: 'migrate', pct: 60 } },
      {
        kind: 'event',
        event: {
          type: 'human_in_loop',
          hil_id: 'HIL-shop-7',
          title: 'Drop legacy_id?',
          message: 'The column is unused since v1.1.',
        },
      },
      { kind: 'event', event: { type: 'notice', text: 'Waiting for the operator' } },
    ]),
  });
}
