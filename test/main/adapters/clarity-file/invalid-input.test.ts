import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../support/wait-for';
import { startHarness } from './harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;

const valid = (key: string) => JSON.stringify({ key, question: `Q ${key}`, timestamp: Date.now() });

/** Writes a bad file and a good one; the bad one is reported once, the good one still arrives. */
async function expectReported(
  h: Harness,
  name: string,
  write: (path: string) => Promise<void>,
  reason: RegExp,
  pending = ['good'],
) {
  await write(join(h.dir, name));
  await writeFile(join(h.dir, 'good.question'), valid('good'));
  await waitFor(() => h.broker.findPending('clarity-file', 'good'), 'the valid question');
  const report = await waitFor(() => h.invalid.find((e) => e.file === name), `report for ${name}`);
  expect(report.reason).toMatch(reason);
  expect(report.reason.startsWith(name)).toBe(true);
  expect(h.adapter.invalidFiles().map((e) => e.file)).toContain(name);
  // Touching it again with the same problem does not report it twice.
  await h.adapter.whenIdle();
  expect(h.invalid.filter((e) => e.file === name)).toHaveLength(1);
  expect(h.broker.pending().map((r) => r.key)).toEqual(pending);
}

describe('ClarityFileAdapter bad input', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ invalidGraceMs: 100 });
  });
  afterEach(async () => {
    await h.stop();
  });

  it('invalid JSON (after the grace period)', async () => {
    await expectReported(
      h,
      'bad.question',
      (p) => writeFile(p, '{"key": "bad", "question": '),
      /is not valid JSON/,
    );
  });

  it('missing key', async () => {
    await expectReported(
      h,
      'nokey.question',
      (p) => writeFile(p, JSON.stringify({ question: 'q' })),
      /invalid fields: key:/,
    );
  });

  it('missing question', async () => {
    await expectReported(
      h,
      'noq.question',
      (p) => writeFile(p, JSON.stringify({ key: 'noq' })),
      /invalid fields: question:/,
    );
  });

  it('a file over 1 MiB', async () => {
    const big = JSON.stringify({ key: 'big', question: 'x'.repeat(1024 * 1024) });
    await expectReported(h, 'big.question', (p) => writeFile(p, big), /larger than 1 MiB/);
  });

  it('binary content', async () => {
    await expectReported(
      h,
      'bin.question',
      (p) => writeFile(p, Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x01])),
      /binary content/,
    );
  });

  it('invalid UTF-8', async () => {
    await expectReported(
      h,
      'utf.question',
      (p) => writeFile(p, Buffer.from([0x7b, 0xc3, 0x28, 0x7d])),
      /not valid UTF-8/,
    );
  });

  it('a symlink (never followed)', async () => {
    // The target is a perfectly valid question: it must still not be read through the link.
    await mkdir(join(h.dir, 'elsewhere'));
    await writeFile(join(h.dir, 'elsewhere', 'target.json'), valid('secret'));
    await expectReported(
      h,
      'link.question',
      (p) => symlink(join(h.dir, 'elsewhere', 'target.json'), p),
      /symbolic link/,
    );
    expect(h.broker.findPending('clarity-file', 'secret')).toBeUndefined();
  });

  it('an .answer that is a symlink is never followed: reported, the request stays pending', async () => {
    await writeFile(join(h.dir, 'q.question'), valid('q'));
    const request = await waitFor(() => h.broker.findPending('clarity-file', 'q'), 'q');
    await writeFile(join(h.dir, 'outside.txt'), 'smuggled answer');
    await symlink(join(h.dir, 'outside.txt'), join(h.dir, 'q.answer'));
    const report = await waitFor(
      () => h.invalid.find((e) => e.file === 'q.answer'),
      'answer report',
    );
    expect(report.reason).toMatch(/q\.answer is a symbolic link/);
    expect(h.broker.get(request.id)?.status).toBe('pending');
  });

  it('a directory named like a question', async () => {
    await expectReported(h, 'dir.question', (p) => mkdir(p), /not a regular file|symbolic link/);
  });

  it('a second file with a key that is already pending', async () => {
    await writeFile(join(h.dir, 'first.question'), valid('same'));
    await waitFor(() => h.broker.findPending('clarity-file', 'same'), 'first');
    await expectReported(
      h,
      'second.question',
      (p) => writeFile(p, valid('same')),
      /already pending from first\.question/,
      ['same', 'good'],
    );
  });

  it('ignores files that are not .question (no request, no report)', async () => {
    await writeFile(join(h.dir, 'notes.txt'), valid('txt'));
    await writeFile(join(h.dir, 'x.question.bak'), valid('bak'));
    await writeFile(join(h.dir, '.hidden.question'), valid('hidden'));
    await writeFile(join(h.dir, 'good.question'), valid('good'));
    await waitFor(() => h.broker.findPending('clarity-file', 'good'), 'good');
    await h.adapter.whenIdle();
    expect(h.broker.pending().map((r) => r.key)).toEqual(['good']);
    expect(h.invalid).toEqual([]);
  });

  it('a half-written file becomes a request when its write completes, and is never reported', async () => {
    const path = join(h.dir, 'slow.question');
    const body = valid('slow');
    await writeFile(path, body.slice(0, 10));
    await writeFile(path, body);
    await waitFor(() => h.broker.findPending('clarity-file', 'slow'), 'slow request');
    expect(h.invalid).toEqual([]);
  });

  it('a fixed file leaves the invalid list and becomes a request; deleting a bad one clears it', async () => {
    await writeFile(join(h.dir, 'fix.question'), JSON.stringify({ key: 'fix' }));
    await writeFile(join(h.dir, 'gone.question'), JSON.stringify({ key: 'gone' }));
    await waitFor(() => h.adapter.invalidFiles().length === 2, 'two invalid');
    await writeFile(join(h.dir, 'fix.question'), valid('fix'));
    await rm(join(h.dir, 'gone.question'));
    await waitFor(() => h.broker.findPending('clarity-file', 'fix'), 'fixed request');
    await waitFor(() => h.adapter.invalidFiles().length === 0, 'invalid list empty');
  });
});
