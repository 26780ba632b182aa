import { describe, expect, it } from 'vitest';
import { StoreUnreachableError } from '../../../../../main/broker/errors';
import { boundedClaim } from '../../../../../main/broker/persistence/postgres/bounded-claim';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
  });

describe('boundedClaim (a claim while the database may be away)', () => {
  it('refuses with StoreUnreachableError after its time, never with the driver error', async () => {
    const told: unknown[] = [];
    let attempts = 0;
    const started = Date.now();
    const claim = boundedClaim({
      key: 'deploy',
      waitMs: 300,
      enqueue: (op) => op(),
      attempt: () => {
        attempts += 1;
        return Promise.reject(refused());
      },
      closed: () => false,
      onUnreachable: (error) => void told.push(error),
    });
    const error = await claim.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect((error as Error).message).toBe(
      'team store unreachable, retry: request deploy is still pending, nothing was decided',
    );
    expect(attempts).toBeGreaterThan(1); // retried meanwhile
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(String(told[0])).toContain('ECONNREFUSED'); // for the server's log only
  });

  it('a claim still queued behind a write when its time is up is refused and never runs', async () => {
    let release!: () => void;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    let ran = false;
    const claim = boundedClaim({
      key: 'k',
      waitMs: 50,
      enqueue: (op) => blocker.then(op),
      attempt: async () => {
        ran = true;
        return 'won';
      },
      closed: () => false,
      onUnreachable: () => {},
    });
    await expect(claim).rejects.toBeInstanceOf(StoreUnreachableError);
    release();
    await blocker;
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toBe(false);
  });

  it('passes a success through, and an error that is not about reaching the database as is', async () => {
    const base = { key: 'k', waitMs: 1000, closed: () => false, onUnreachable: () => {} };
    const enqueue = <T>(op: () => Promise<T>) => op();
    expect(await boundedClaim({ ...base, enqueue, attempt: async () => 'won' })).toBe('won');
    const constraint = Object.assign(new Error('duplicate key'), { code: '23505' });
    const failed = boundedClaim({ ...base, enqueue, attempt: () => Promise.reject(constraint) });
    await expect(failed).rejects.toBe(constraint);
  });
});
