import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../../../main/desktop/security/external-links';
import {
  applyWebContentsPolicy,
  denyAllPermissions,
  secureWebPreferences,
  type PolicyWebContents,
} from '../../../../main/desktop/security/web-contents-policy';

function fakeContents() {
  const listeners = new Map<string, (...args: never[]) => void>();
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
  const contents: PolicyWebContents = {
    on: ((event: string, listener: (...args: never[]) => void) =>
      listeners.set(event, listener)) as PolicyWebContents['on'],
    setWindowOpenHandler: (h) => (openHandler = h),
  };
  const fire = (event: string, url?: string) => {
    let prevented = false;
    (listeners.get(event) as (e: { preventDefault(): void }, u?: string) => void)(
      { preventDefault: () => (prevented = true) },
      url,
    );
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler!({ url }) };
}

describe('web contents policy', () => {
  const own = (url: string) => url.startsWith('file:///app/out/renderer/index.html');

  it('blocks navigation and redirects away from the app, allows our own page', () => {
    const { contents, fire } = fakeContents();
    applyWebContentsPolicy(contents, () => {}, own);
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-navigate', 'file:///app/out/renderer/index.html#settings')).toBe(false);
    expect(fire('will-attach-webview')).toBe(true);
  });

  it('denies every new window; clicked http(s) links go to the system browser only', () => {
    const opened: string[] = [];
    const { contents, open } = fakeContents();
    applyWebContentsPolicy(contents, (u) => opened.push(u), own);
    expect(open('https://docs.example.com/a')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://docs.example.com/a']);
  });

  it('denies every permission request and check', () => {
    const granted: boolean[] = [];
    let check: (() => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (h) =>
        ['media', 'geolocation', 'notifications'].forEach((p) => h({}, p, (g) => granted.push(g))),
      setPermissionCheckHandler: (h) => (check = h),
    });
    expect(granted).toEqual([false, false, false]);
    expect(check!()).toBe(false);
  });

  it('uses isolated, sandboxed renderers without Node', () => {
    expect(secureWebPreferences('/p.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
  });

  it('treats only absolute http(s) URLs without credentials as external links', () => {
    expect(isSafeExternalUrl('http://example.com')).toBe(true);
    expect(isSafeExternalUrl('mailto:a@b.c')).toBe(false);
    expect(isSafeExternalUrl('/relative')).toBe(false);
  });
});
