import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script without type declarations
import { signingPlan } from '../../scripts/signing-env.mjs';

interface Plan {
  set: Record<string, string>;
  files: { path: string; content: string }[];
  notices: string[];
}
const plan = (platform: string, env: Record<string, string>) => signingPlan(platform, env) as Plan;

describe('release signing from the secrets present', () => {
  it('no certificate (a fork, a local build): unsigned, and no keychain identity picked up', () => {
    for (const platform of ['darwin', 'win32']) {
      const p = plan(platform, { CSC_LINK: '', APPLE_ID: '' });
      expect(p.set).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
      expect(p.notices[0]).toMatch(/^unsigned build: no .*CSC_LINK secret$/);
    }
  });

  it('a certificate: signed, auto-discovery left alone', () => {
    const mac = plan('darwin', { CSC_LINK: 'base64…', CSC_KEY_PASSWORD: 'pw' });
    expect(mac.set).toEqual({});
    expect(mac.notices).toContain('signing with the certificate from CSC_LINK');
    expect(mac.notices).toContain('signed but not notarized: no APPLE_API_KEY or APPLE_ID secrets');
    const win = plan('win32', { WIN_CSC_LINK: 'base64…', WIN_CSC_KEY_PASSWORD: 'pw' });
    expect(win.set).toEqual({});
    expect(win.notices).toEqual(['signing with the certificate from WIN_CSC_LINK']);
    expect(plan('win32', { CSC_LINK: 'x' }).notices).toContain(
      'CSC_LINK is set but CSC_KEY_PASSWORD is empty',
    );
  });

  it('notarizes with an Apple ID trio, or an API key whose text is written to a file', () => {
    const base = { CSC_LINK: 'x', CSC_KEY_PASSWORD: 'y' };
    const byId = plan('darwin', {
      ...base,
      APPLE_ID: 'me@example.com',
      APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh',
      APPLE_TEAM_ID: 'TEAM123',
    });
    expect(byId.notices).toContain('notarizing with the Apple ID');
    const key = '-----BEGIN PRIVATE KEY-----\nMIG…\n-----END PRIVATE KEY-----';
    const byKey = plan('darwin', {
      ...base,
      APPLE_API_KEY: key,
      APPLE_API_KEY_ID: 'KEY42',
      APPLE_API_ISSUER: 'issuer-uuid',
      RUNNER_TEMP: '/tmp/runner',
    });
    expect(byKey.files).toEqual([
      { path: expect.stringMatching(/AuthKey_KEY42\.p8$/), content: key },
    ]);
    expect(byKey.set.APPLE_API_KEY).toBe(byKey.files[0]!.path);
    const partial = plan('darwin', { ...base, APPLE_ID: 'me@example.com' });
    expect(partial.notices).toContain(
      'not notarized: APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID missing for APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID',
    );
  });

  it('Linux packages are not code-signed: nothing to set', () => {
    expect(plan('linux', { CSC_LINK: 'x' }).set).toEqual({});
  });
});
