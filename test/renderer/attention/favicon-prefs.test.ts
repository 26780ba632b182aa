import { describe, expect, it } from 'vitest';
import {
  loadAttentionPrefs,
  saveAttentionPrefs,
} from '../../../renderer/src/attention/attention-prefs';
import {
  badgeLabel,
  faviconDataUrl,
  faviconSvg,
} from '../../../renderer/src/attention/favicon-svg';
import { MemoryStorage } from '../drafts/memory-storage';

describe('favicon', () => {
  it('draws the pending count on a badge, none at zero, 99+ above 99', () => {
    expect(faviconSvg(0)).not.toContain('<text');
    expect(faviconSvg(3)).toMatch(/<text[^>]*>3<\/text>/);
    expect(faviconSvg(250)).toMatch(/<text[^>]*>99\+<\/text>/);
    expect(badgeLabel(42)).toBe('42');
    expect(decodeURIComponent(faviconDataUrl(7).replace('data:image/svg+xml,', ''))).toBe(
      faviconSvg(7),
    );
  });
});

describe('attention preferences', () => {
  it('are off by default and remembered', () => {
    const storage = new MemoryStorage();
    const all = { finished: true, failed: true, waiting: true };
    expect(loadAttentionPrefs(storage)).toEqual({ notify: false, sound: false, events: all });
    const some = { finished: false, failed: true, waiting: false };
    saveAttentionPrefs(storage, { notify: true, sound: true, events: some });
    expect(loadAttentionPrefs(storage)).toEqual({ notify: true, sound: true, events: some });
    storage.items.set('hitl.attention.v1', 'junk');
    expect(loadAttentionPrefs(storage)).toEqual({ notify: false, sound: false, events: all });
    expect(loadAttentionPrefs(undefined)).toEqual({ notify: false, sound: false, events: all });
  });
});
