import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSenderCheck } from '../../../../main/desktop/ipc/sender-check';
import {
  appRequestFile,
  appUrl,
  isAppPageUrl,
} from '../../../../main/desktop/security/app-protocol';
import {
  applyWebContentsPolicy,
  type PolicyWebContents,
} from '../../../../main/desktop/security/web-contents-policy';

const dir = '/app/out/renderer';

describe('app:// protocol (the renderer without file://)', () => {
  it('serves only files inside the renderer directory', () => {
    expect(appRequestFile('app://bundle/index.html', dir)).toBe(join(dir, 'index.html'));
    expect(appRequestFile('app://bundle/', dir)).toBe(join(dir, 'index.html'));
    expect(appRequestFile('app://bundle/assets/main.js?v=1', dir)).toBe(
      join(dir, 'assets/main.js'),
    );
    // The URL parser already folds plain dot segments: still inside the directory.
    for (const folded of ['app://bundle/../../etc/passwd', 'app://bundle/%2e%2e/%2e%2e/etc/passwd'])
      expect(appRequestFile(folded, dir)).toBe(join(dir, 'etc/passwd'));
    for (const bad of [
      'app://bundle/..%2f..%2fetc/passwd',
      'app://bundle/a%00.js',
      'app://bundle/..%5c..%5cwin.ini',
      'app://other/index.html',
      'file:///app/out/renderer/index.html',
      'not a url',
    ])
      expect(appRequestFile(bad, dir), bad).toBeUndefined();
  });

  it('the windows load app://bundle/index.html or the popover’s popover.html; only those pages are trusted and navigable', () => {
    expect(appUrl()).toBe('app://bundle/index.html');
    expect(appUrl('settings')).toBe('app://bundle/index.html#settings');
    expect(appUrl('popover')).toBe('app://bundle/popover.html#popover');
    expect(isAppPageUrl(appUrl())).toBe(true);
    expect(isAppPageUrl(appUrl('popover'))).toBe(true);
    expect(isAppPageUrl('app://bundle/index.html?x=1')).toBe(false);
    expect(isAppPageUrl('app://bundle/popover.html?x=1')).toBe(false);
    expect(isAppPageUrl('app://bundle/other.html')).toBe(false);
    expect(isAppPageUrl('app://bundle/assets/popover.html')).toBe(false);
    const trusted = createSenderCheck({});
    expect(trusted('app://bundle/index.html#settings')).toBe(true);
    expect(trusted('app://bundle/popover.html#popover')).toBe(true);
    expect(trusted('app://evil/popover.html')).toBe(false);
    expect(trusted('app://evil/index.html')).toBe(false);
    expect(trusted('https://evil.example/')).toBe(false);
  });

  it('will-frame-navigate stops any frame navigating away from the app', () => {
    const listeners = new Map<string, (...args: never[]) => void>();
    const contents: PolicyWebContents = {
      on: ((event: string, listener: (...args: never[]) => void) =>
        listeners.set(event, listener)) as PolicyWebContents['on'],
      setWindowOpenHandler: () => {},
    };
    applyWebContentsPolicy(contents, () => {}, isAppPageUrl);
    const frameNavigate = (url: string) => {
      let prevented = false;
      (listeners.get('will-frame-navigate') as (e: object) => void)({
        url,
        preventDefault: () => (prevented = true),
      });
      return prevented;
    };
    expect(frameNavigate('https://evil.example/')).toBe(true);
    expect(frameNavigate('file:///etc/passwd')).toBe(true);
    expect(frameNavigate('app://bundle/index.html#history')).toBe(false);
  });
});
