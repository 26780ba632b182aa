import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, RequestJournal } from '../../../../main/broker/persistence/request-journal';
import type { HitlRequest } from '@contract/request';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const request = (id: string, status: HitlRequest['status'] = 'pending'): HitlRequest => ({
  id,
  source: 'clarity-http',
  key: `key-${id}`,
  prompt: 'q',
  input: { kind: 'text' },
  createdAt: 1,
  status,
});

describe('RequestJournal', () => {
  it('appends one line per entry and reads them back in order', () => {
    const journal = new RequestJournal(dir);
    journal.append({ op: 'pending', request: request('a') });
    journal.append({
      op: 'resolved',
      request: { ...request('a', 'answered'), answer: { text: 'yes' } },
    });
    expect(journal.appends).toBe(2);
    expect(readFileSync(path.join(dir, JOURNAL_FILE), 'utf8').split('\n')).toHaveLength(3);
    expect(journal.read()).toMatchObject({
      skipped: 0,
      entries: [
        { op: 'pending', request: { id: 'a' } },
        { op: 'resolved', request: { id: 'a', answer: { text: 'yes' } } },
      ],
    });
    journal.close();
  });

  it('skips a torn last line and starts the next entry on a fresh line', () => {
    const file = path.join(dir, JOURNAL_FILE);
    writeFileSync(
      file,
      `${JSON.stringify({ op: 'pending', request: request('a') })}\n{"op":"resolved","requ`,
    );
    const journal = new RequestJournal(dir);
    expect(journal.read()).toMatchObject({ skipped: 1, entries: [{ request: { id: 'a' } }] });
    journal.append({ op: 'pending', request: request('b') });
    expect(journal.read()).toMatchObject({
      skipped: 1,
      entries: [{ request: { id: 'a' } }, { request: { id: 'b' } }],
    });
    journal.close();
  });

  it('skips lines that are JSON but not entries (unknown op, invalid request)', () => {
    const file = path.join(dir, JOURNAL_FILE);
    appendFileSync(file, `${JSON.stringify({ op: 'deleted', request: request('a') })}\n`);
    appendFileSync(file, `${JSON.stringify({ op: 'pending', request: { id: 'x' } })}\nnull\n42\n`);
    const journal = new RequestJournal(dir);
    expect(journal.read()).toEqual({ entries: [], skipped: 4 });
    journal.close();
  });

  it('truncate empties the file and later appends land at its start', () => {
    const journal = new RequestJournal(dir);
    journal.append({ op: 'pending', request: request('a') });
    expect(journal.isEmpty()).toBe(false);
    journal.truncate();
    expect(journal.isEmpty()).toBe(true);
    journal.append({ op: 'pending', request: request('b') });
    expect(readFileSync(path.join(dir, JOURNAL_FILE), 'utf8')).toBe(
      `${JSON.stringify({ op: 'pending', request: request('b') })}\n`,
    );
    journal.close();
    expect(() => journal.append({ op: 'pending', request: request('c') })).toThrow(/closed/);
  });
});
