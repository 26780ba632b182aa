import { describe, expect, it } from 'vitest';
import {
  attachTargetAfter,
  planDesktopStart,
} from '../../../../main/desktop/attach/attach-decision';
import { BrokerAlreadyRunningError } from '../../../../main/desktop/service-start';
import { OwnerLockError } from '../../../../main/service/owner-lock';
import type { Discovery } from '../../../../main/service/discovery';

const live: Discovery = { url: 'http://127.0.0.1:7842', port: 7842, token: 't0k', pid: 4242 };

describe('planDesktopStart', () => {
  it('attaches to the live broker of the discovery file, token included', () => {
    const plan = planDesktopStart('/state', (dir) => (dir === '/state' ? live : undefined));
    expect(plan).toMatchObject({
      kind: 'attach',
      target: { url: 'http://127.0.0.1:7842/', token: 't0k' },
    });
  });

  it("the same user's broker is attached to as its operator: the operator secret, not the token", () => {
    const plan = planDesktopStart(
      '/state',
      () => live,
      (dir) => (dir === '/state' ? 'operator-secret' : undefined),
    );
    expect(plan).toMatchObject({ target: { token: 'operator-secret' } });
  });

  it('starts its own broker when no live broker is named', () => {
    expect(planDesktopStart('/state', () => undefined)).toEqual({ kind: 'own' });
  });
});

describe('attachTargetAfter', () => {
  it('attaches to the broker holding the port; the discovery token goes only to its origin', () => {
    const error = new BrokerAlreadyRunningError('http://127.0.0.1:7842/', 7842);
    expect(attachTargetAfter(error, '/s', () => live)).toEqual({
      url: 'http://127.0.0.1:7842/',
      token: 't0k',
    });
    const elsewhere = { ...live, url: 'http://127.0.0.1:9999/' };
    expect(attachTargetAfter(error, '/s', () => elsewhere)).toEqual({
      url: 'http://127.0.0.1:7842/',
    });
    // Nor does the operator secret: a broker the discovery file does not name gets no credential.
    expect(
      attachTargetAfter(
        error,
        '/s',
        () => elsewhere,
        () => 'operator-secret',
      ),
    ).toEqual({
      url: 'http://127.0.0.1:7842/',
    });
    expect(
      attachTargetAfter(
        error,
        '/s',
        () => live,
        () => 'operator-secret',
      ),
    ).toEqual({
      url: 'http://127.0.0.1:7842/',
      token: 'operator-secret',
    });
  });

  it('attaches to the owner of the state dir when its lock names a URL', () => {
    const error = new OwnerLockError('/s/owner.lock', {
      pid: 1,
      what: 'the state dir',
      url: 'http://127.0.0.1:8000/',
    } as never);
    expect(attachTargetAfter(error, '/s', () => undefined)).toEqual({
      url: 'http://127.0.0.1:8000/',
    });
  });

  it('gives up on other failures', () => {
    expect(attachTargetAfter(new Error('EACCES'), '/s', () => live)).toBeUndefined();
  });
});
