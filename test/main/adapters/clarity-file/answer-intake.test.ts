import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerIntake } from '../../../../main/adapters/clarity-file/answer-intake';
import { Broker, type ResolutionGate } from '../../../../main/broker/broker';
import { NotSavedError, StoreUnreachableError } from '../../../../main/broker/errors';
import { lossesOf, type LostResolution } from '../../../../main/broker/resolution-losses';
import type { HitlRequest } from '@contract/request';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';

let dir: { path: string; remove: () => Promise<void> } | undefined;
afterEach(async () => {
  await dir?.remove();
  dir = undefined;
});

async function setup(inGrace = false) {
  dir = await makeTempDir('hitl-intake-');
  const root = dir.path;
  const broker = new Broker({ instanceName: 'host-a' });
  const waited: string[] = [];
  const rechecked: string[] = [];
  const errors: unknown[] = [];
  const intake = new AnswerIntake(
    broker,
    { inGrace: () => inGrace, wait: (b) => void waited.push(b) },
    {
      answerPath: (base) => join(root, `${base}.answer`),
      recheck: (base) => void rechecked.push(base),
      onError: (error) => void errors.push(error),
    },
  );
  const losses: LostResolution[] = [];
  lossesOf(broker).subscribe((loss) => void losses.push(loss));
  const r = broker.add({ source: 'clarity-file', key: 'k', prompt: 'q' });
  const answerFile = join(root, 'k.answer');
  return { broker, intake, waited, rechecked, errors, losses, r, answerFile };
}

/** A gate that decides as told (the shared store's transaction, without the database). */
function gate(decide: (proposed: HitlRequest) => HitlRequest | Error): ResolutionGate {
  return {
    claim: async (proposed) => {
      const outcome = decide(proposed);
      if (outcome instanceof Error) throw outcome;
      return { won: outcome === proposed, winner: outcome };
    },
  };
}

describe('AnswerIntake', () => {
  it('without a shared store answers at once; the answered event knows it came from the file', async () => {
    const { broker, intake, r } = await setup();
    const fromFile: boolean[] = [];
    broker.subscribe((e) => {
      if (e.type === 'answered') fromFile.push(intake.takeFromFile(e.request));
    });
    intake.answer('k', r.id, 'yes', 'cli');
    expect(broker.get(r.id)).toMatchObject({ status: 'answered', answer: { text: 'yes' } });
    expect(fromFile).toEqual([true]);
    intake.answer('k', r.id, 'again', 'cli'); // already resolved: ignored, no throw
    expect(broker.get(r.id)?.answer?.text).toBe('yes');
  });

  it('a file that lost to an answer given elsewhere is reported, and its text is not taken as written', async () => {
    const { broker, intake, r, losses, answerFile } = await setup();
    writeFileSync(answerFile, 'from the file');
    const winner = { ...r, status: 'answered', answer: { text: 'from B' }, resolvedOn: 'host-b' };
    broker.useGate(gate(() => winner as HitlRequest));
    const fromFile: boolean[] = [];
    broker.subscribe((e) => {
      if (e.type === 'answered') fromFile.push(intake.takeFromFile(e.request));
    });
    intake.answer('k', r.id, 'from the file', 'cli');
    await waitFor(() => losses.length === 1, 'the loss');
    expect(fromFile).toEqual([false]); // the adapter writes B's answer over the file
    expect(broker.get(r.id)?.answer?.text).toBe('from B');
    expect(losses[0]!.lost).toMatchObject({ text: 'from the file', origin: answerFile });
    const [item] = broker.unreadable.list();
    expect(item?.reason).toContain('k.answer not used: k was already answered on host-b');
  });

  it('a file that lost to a cancel is removed, so the runtime never reads the losing answer', async () => {
    const { broker, intake, r, losses, answerFile } = await setup();
    writeFileSync(answerFile, 'go');
    broker.useGate(gate(() => ({ ...r, status: 'cancelled', resolvedBy: 'ui' }) as HitlRequest));
    intake.answer('k', r.id, 'go', 'cli');
    await waitFor(() => losses.length === 1, 'the loss');
    expect(existsSync(answerFile)).toBe(false);
    expect(broker.get(r.id)?.status).toBe('cancelled');
  });

  it.each([
    ['the team store is unreachable', () => new StoreUnreachableError('k')],
    ['the state dir is full', () => new NotSavedError('The answer', '/state', { code: 'ENOSPC' })],
  ])('while %s the request stays pending and the file is looked at again', async (_, refusal) => {
    const { broker, intake, r, rechecked, losses, errors } = await setup();
    broker.useGate(gate(refusal));
    intake.answer('k', r.id, 'yes', 'cli');
    await waitFor(() => rechecked.length === 1, 'a recheck', 5000);
    expect(rechecked).toEqual(['k']);
    expect(broker.get(r.id)?.status).toBe('pending');
    expect([losses, errors]).toEqual([[], []]);
    // The store is back: the next look decides.
    broker.useGate(gate((proposed) => proposed));
    intake.answer('k', r.id, 'yes', 'cli');
    await waitFor(() => broker.get(r.id)?.status === 'answered', 'the answer');
  });

  it('reports an answer file that came after the decision, or that a decided answer is about to replace', async () => {
    const { broker, intake, r, losses, answerFile } = await setup();
    const answered = broker.answer(r.id, { text: 'from B' });
    writeFileSync(answerFile, 'from the file');
    expect(await intake.late('k', answered)).toBe(true);
    await intake.overwriting('k', answered);
    await intake.overwriting('k', answered); // the same file seen again: reported once
    expect(losses.map((l) => l.lost.text)).toEqual(['from the file']);
    writeFileSync(answerFile, 'from B\n');
    expect(await intake.late('k', answered)).toBe(false);
    await intake.overwriting('k', answered);
    expect(losses).toHaveLength(1);
  });

  it('an empty answer file waits out the grace period before it counts', async () => {
    const inGrace = await setup(true);
    expect(inGrace.intake.usable('b', { ok: true, text: '', empty: true } as never)).toBe(false);
    expect(inGrace.waited).toEqual(['b']);
    await dir?.remove();
    const after = await setup(false);
    expect(after.intake.usable('b', { ok: true, text: '', empty: true } as never)).toBe(true);
    expect(after.intake.usable('b', { ok: false, missing: true } as never)).toBe(false);
  });
});
