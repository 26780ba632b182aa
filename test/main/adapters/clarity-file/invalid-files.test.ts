import { describe, expect, it } from 'vitest';
import {
  InvalidFiles,
  type InvalidFileSink,
} from '../../../../main/adapters/clarity-file/invalid-files';

/** A sink that records what it was told, in order. */
function recordingSink(): InvalidFileSink & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    report: (file, reason) => log.push(`report ${file}: ${reason}`),
    clear: (file) => log.push(`clear ${file}`),
  };
}

function invalidFiles(sink: InvalidFileSink, rechecked: string[] = []): InvalidFiles {
  return new InvalidFiles(
    10_000,
    () => 1,
    undefined,
    (base) => rechecked.push(base),
    sink,
  );
}

describe('InvalidFiles', () => {
  it('knows a base only while one of its files is reported, waiting or past its grace', () => {
    const files = invalidFiles(recordingSink());
    expect(files.knows('a')).toBe(false);
    files.report('a', 'a.question', 'is not valid JSON');
    expect(files.knows('a')).toBe(true);
    expect(files.knows('b')).toBe(false);
    files.forget('a', ['a.question', 'a.answer']);
    expect(files.knows('a')).toBe(false);
    files.wait('b');
    expect(files.knows('b')).toBe(true);
    files.forget('b', []);
    expect(files.knows('b')).toBe(false);
    files.clear();
  });

  it('keeps the files forget() did not name, and clears in the sink only what it reported', () => {
    const sink = recordingSink();
    const files = invalidFiles(sink);
    files.report('a', 'a.question', 'is empty');
    files.report('a', 'a.answer', 'is a symbolic link');
    files.forget('a', []);
    expect(files.knows('a')).toBe(true);
    expect(files.list().map((f) => f.file)).toEqual(['a.question', 'a.answer']);
    files.forget('a', ['a.question']);
    expect(files.knows('a')).toBe(true);
    files.forget('a', ['a.question', 'a.answer']);
    expect(files.knows('a')).toBe(false);
    expect(files.list()).toEqual([]);
    expect(sink.log).toEqual([
      'report a.question: is empty',
      'report a.answer: is a symbolic link',
      'clear a.question',
      'clear a.answer',
    ]);
  });
});
