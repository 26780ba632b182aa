import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasBuiltCli } from '../../../bench/lib/built-cli';
import { startBuiltServe, type StartedServe } from '../../../bench/lib/serve-startup';
import { fingerprint } from '../../../main/adapters/clarity-file/question-request';
import { stableFileRequestId } from '../../../main/adapters/clarity-file/stable-id';
import { makeTempDir } from '../../support/temp-dir';

/**
 * The built `serve` over a directory full enough to be read ahead on another thread
 * (startup-prefetch.ts): what the inbox shows is what reading every file gives.
 */
describe.skipIf(!hasBuiltCli())('built serve over a full handshake dir', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let serve: StartedServe | undefined;
  beforeEach(async () => {
    temp = await makeTempDir('hitl-serve-prefetch-');
  });
  afterEach(async () => {
    await serve?.stop();
    await temp.remove();
  });

  it('shows every question under its stable id, those the thread left to the scan too', async () => {
    const count = 400;
    const questions = Array.from({ length: count }, (_, i) => ({
      key: `deploy/${i}`,
      question: `Ship build ${i}?\n\n- tests green`,
      timestamp: 1_700_000_000_000 + i,
      pid: 4242,
    }));
    for (const [i, q] of questions.entries())
      await writeFile(join(temp.path, `q${i}.question`), JSON.stringify(q));
    // Not the plain shape (an ISO time): left to the scan, which reads it with zod.
    const iso = { key: 'iso', question: 'When?', timestamp: '2026-01-02T03:04:05Z' };
    await writeFile(join(temp.path, 'iso.question'), JSON.stringify(iso));
    serve = await startBuiltServe(temp.path, count + 1);
    const listed = (await (await fetch(`${serve.proc.url}/questions`)).json()) as Array<{
      id: string;
      key: string;
    }>;
    const expected = questions.map((q, i) => {
      const stats = statSync(join(temp.path, `q${i}.question`));
      const signature = { ino: stats.ino, mtimeMs: stats.mtimeMs };
      return { id: stableFileRequestId(temp.path, `q${i}`, signature, fingerprint(q)), key: q.key };
    });
    const isoStats = statSync(join(temp.path, 'iso.question'));
    const isoRead = { ...iso, timestamp: Date.parse(iso.timestamp) };
    const isoSignature = { ino: isoStats.ino, mtimeMs: isoStats.mtimeMs };
    expected.push({
      id: stableFileRequestId(temp.path, 'iso', isoSignature, fingerprint(isoRead)),
      key: 'iso',
    });
    const shown = listed.map(({ id, key }) => ({ id, key }));
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(shown.sort(byKey)).toEqual(expected.sort(byKey));
  });
});
