import { describe, expect, it } from 'vitest';
import {
  clarityAgent,
  fileQuestionRequest,
  fingerprint,
} from '../../../../main/adapters/clarity-file/question-request';

const origin = {
  id: 'r1',
  base: 'review_1',
  dir: '/d',
  questionFile: '/d/review_1.question',
  mtimeMs: 1_708_608_999_000,
  now: 1_800_000_000_000,
};

describe('fileQuestionRequest', () => {
  it('maps a question file to a clarity-file request keyed by its JSON key, agent from the pid', () => {
    const request = fileQuestionRequest(
      { key: 'review 1', question: 'Ok?', timestamp: 1_708_608_000_000, pid: 42 },
      origin,
    );
    expect(request).toMatchObject({
      id: 'r1',
      source: 'clarity-file',
      key: 'review 1',
      prompt: 'Ok?',
      createdAt: 1_708_608_000_000,
      agent: { id: 'clarity:42', runtime: 'clarity' },
      meta: { baseName: 'review_1', questionFile: '/d/review_1.question', dir: '/d', pid: 42 },
    });
  });

  it('has no agent without a pid', () => {
    expect(fileQuestionRequest({ key: 'k', question: 'q' }, origin).agent).toBeUndefined();
  });
});

describe('fingerprint', () => {
  it('changes when the runtime asks again (new timestamp), not for the same content', () => {
    const q = { key: 'k', question: 'q', timestamp: 1 };
    expect(fingerprint({ ...q })).toBe(fingerprint(q));
    expect(fingerprint({ ...q, timestamp: 2 })).not.toBe(fingerprint(q));
  });
});

describe('clarityAgent', () => {
  it('names the runtime process; the questions of one process share one frozen record', () => {
    const first = clarityAgent(42);
    expect(first).toEqual({ id: 'clarity:42', runtime: 'clarity' });
    expect(Object.isFrozen(first)).toBe(true);
    expect(clarityAgent(42)).toBe(first);
    // Interleaved with another process's questions (a directory lists them in any order).
    const other = clarityAgent(7);
    expect(other).toEqual({ id: 'clarity:7', runtime: 'clarity' });
    expect(clarityAgent(42)).toBe(first);
    expect(clarityAgent(7)).toBe(other);
  });
});
