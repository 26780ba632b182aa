import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QuestionFileSchema,
  readQuestionFile,
} from '../../../../main/adapters/clarity-file/question-file';
import { makeTempDir } from '../../../support/temp-dir';

// What a runtime may write; the plain ones take the fast path, the rest go through zod.
const CASES: Record<string, unknown> = {
  'seconds timestamp and pid': {
    key: 'deploy',
    question: 'Ship?',
    timestamp: 1_700_000_000,
    pid: 42,
  },
  'milliseconds timestamp': { key: 'a/b c', question: '', timestamp: 1_700_000_000_123 },
  'no timestamp, unknown fields dropped': {
    key: 'k',
    question: 'q',
    extra: true,
    nested: { x: 1 },
  },
  'a mirror file': { key: 'k', question: 'q', mirrorOf: 'req-1' },
  'numeric-string timestamp': { key: 'k', question: 'q', timestamp: '1700000000' },
  'ISO timestamp': { key: 'k', question: 'q', timestamp: '2026-11-23T10:00:00Z' },
  'pid as a string': { key: 'k', question: 'q', pid: '77' },
  'a long key within 4,096 bytes': { key: 'é'.repeat(2000), question: 'q' },
  'a key over 4,096 bytes': { key: '中'.repeat(1400), question: 'q' },
  'an empty key': { key: '', question: 'q' },
  'a lone surrogate in the key': { key: 'a\uD800b', question: 'q' },
  'a fractional pid': { key: 'k', question: 'q', pid: 1.5 },
  'an empty mirrorOf': { key: 'k', question: 'q', mirrorOf: '' },
  'a question that is a number': { key: 'k', question: 5 },
  'an array': [1, 2],
  null: null,
};

describe('readQuestionFile gives what QuestionFileSchema gives', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir('question-file-');
  });
  afterAll(() => temp.remove());

  for (const [name, json] of Object.entries(CASES)) {
    it(name, async () => {
      const path = join(temp.path, `${name.replace(/\W+/g, '-')}.question`);
      await writeFile(path, JSON.stringify(json));
      const read = await readQuestionFile(path);
      const expected = QuestionFileSchema.safeParse(json);
      expect(read.ok).toBe(expected.success);
      if (read.ok && expected.success) expect(read.question).toStrictEqual(expected.data);
      if (!read.ok && !read.missing) expect(read.reason).toMatch(/^has invalid fields: /);
    });
  }
});

describe('readQuestionFile refuses bytes that are not JSON text, naming why', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir('question-bytes-');
  });
  afterAll(() => temp.remove());

  const NUL = 'holds binary content (NUL bytes), not JSON text';
  const BYTES: Array<[string, Buffer, string | RegExp]> = [
    ['a NUL inside a string, valid UTF-8', Buffer.from('{"key":"a\u0000b","question":"q"}'), NUL],
    ['a NUL between tokens, valid UTF-8', Buffer.from('{"key":"a",\u0000"question":"q"}'), NUL],
    ['a NUL and invalid UTF-8', Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x7d]), NUL],
    [
      'invalid UTF-8, no NUL',
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
      'holds binary content (not valid UTF-8)',
    ],
    ['not JSON, no NUL', Buffer.from('{"key": nope}'), /^is not valid JSON \(/],
  ];

  for (const [name, bytes, reason] of BYTES) {
    it(name, async () => {
      const path = join(temp.path, `${name.replace(/\W+/g, '-')}.question`);
      await writeFile(path, bytes);
      const read = readQuestionFile(path);
      expect(read.ok).toBe(false);
      if (read.ok || read.missing) throw new Error('expected a refusal');
      if (typeof reason === 'string') expect(read.reason).toBe(reason);
      else expect(read.reason).toMatch(reason);
      expect(read.transient).toBe(true);
    });
  }
});
