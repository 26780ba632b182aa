import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { NotSavedError } from '../../../../main/broker/errors';
import { SaveGate } from '../../../../main/broker/persistence/save-gate';

const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

const answered = (over: Partial<HitlRequest> = {}): HitlRequest => ({
  id: 'id-1',
  source: 'clarity-http',
  key: 'deploy',
  prompt: 'Deploy?',
  input: { kind: 'text' },
  createdAt: 1,
  status: 'answered',
  resolvedAt: 2,
  resolvedBy: 'http',
  answer: { text: 'yes' },
  ...over,
});

describe('SaveGate', () => {
  const gate = (save: (r: HitlRequest) => void, errors: unknown[] = []) =>
    new SaveGate({
      save,
      durable: (r) => r.source === 'clarity-http',
      stateDir: '/state',
      onError: (e) => errors.push(e),
    });

  it('refuses an answer to a request kept on disk that cannot be journaled, naming the full disk (507)', async () => {
    const refused = gate(() => {
      throw full;
    }).claim(answered());
    await expect(refused).rejects.toBeInstanceOf(NotSavedError);
    await expect(refused).rejects.toMatchObject({
      status: 507,
      code: 'not_saved',
      message:
        'The answer of request deploy not saved, so not accepted: the disk of the state dir /state is full (ENOSPC); free space and retry',
    });
  });

  it('another write failure is a 503 naming its code', async () => {
    const eio = Object.assign(new Error('EIO'), { code: 'EIO' });
    await expect(
      gate(() => {
        throw eio;
      }).claim(answered()),
    ).rejects.toMatchObject({ status: 503, message: expect.stringContaining('(EIO)') });
  });

  it('lets through what no restart brings back pending (a file question) or no one is told of (a deadline), reporting the failure', async () => {
    const errors: unknown[] = [];
    const failing = gate(() => {
      throw full;
    }, errors);
    await expect(failing.claim(answered({ source: 'clarity-file' }))).resolves.toMatchObject({
      won: true,
    });
    await expect(
      failing.claim(answered({ id: 'id-2', status: 'expired', resolvedBy: 'timeout' })),
    ).resolves.toMatchObject({ won: true });
    expect(errors).toEqual([full, full]);
  });

  it('journals the first claim; a second claim of the same request loses to it until it is settled', async () => {
    const saved: HitlRequest[] = [];
    const g = gate((r) => saved.push(r));
    const first = answered();
    await expect(g.claim(first)).resolves.toEqual({ won: true, winner: first });
    await expect(g.claim(answered({ answer: { text: 'no' } }))).resolves.toEqual({
      won: false,
      winner: first,
    });
    expect(saved).toEqual([first]);
    g.settled(first.id);
    await expect(g.claim(answered({ answer: { text: 'again' } }))).resolves.toMatchObject({
      won: true,
    });
  });
});
