import { workerScript } from '../../main/adapters/cueme-mailbox/worker-host';
import type { Benchmark } from '../lib/figure';
import { measureLargeMailbox } from '../../test/support/load/large-mailbox';
import { withTempDir } from '../../test/support/load/temp';

/** 140 cues of 960,000 characters: the 135 MB mailbox of issue 32. */
const ROWS = 140;
const PROMPT_CHARS = 960_000;

export const cuemeMailbox: Benchmark = {
  title: 'cueme mailbox (135 MB)',
  specs: [
    {
      id: 'cueme.mailbox.first-sync',
      name: `a ${ROWS}-cue, 135 MB cueme mailbox: worker start → every cue in the inbox`,
      unit: 'ms',
      target: { op: '<=', value: 5000 },
    },
    {
      id: 'cueme.mailbox.new-cue',
      name: 'one more cue written by another process (its Node start included) → in the inbox',
      unit: 'ms',
      target: { op: '<=', value: 1500 },
    },
    {
      id: 'cueme.mailbox.worker-rss',
      name: 'the mailbox worker process, peak RSS (VmHWM)',
      unit: 'MB',
      target: { op: '<=', value: 300 },
    },
    {
      id: 'cueme.mailbox.history',
      name: 'history.json once every cue is answered',
      unit: 'MB',
      target: { op: '<=', value: 20 },
    },
  ],
  async run() {
    const figures = await withTempDir('cueme-mailbox-bench', (dir) =>
      measureLargeMailbox(dir, { rows: ROWS, promptChars: PROMPT_CHARS, script: workerScript() }),
    );
    const note = `mailbox ${figures.mailboxMb.toFixed(0)} MB, ${figures.synced} cues`;
    return {
      ...(figures.firstSyncMs === null
        ? {}
        : { 'cueme.mailbox.first-sync': { value: figures.firstSyncMs, note } }),
      ...(figures.newCueMs === null
        ? {}
        : { 'cueme.mailbox.new-cue': { value: figures.newCueMs } }),
      'cueme.mailbox.worker-rss': { value: figures.workerPeakMb },
      'cueme.mailbox.history': { value: figures.historyMb },
    };
  },
};
