import { describe, expect, it } from 'vitest';
import { defaultDesktopSettings, DesktopSettingsPatchSchema } from '@contract/desktop-settings';

describe('the desktop setting `store`', () => {
  it('defaults to the embedded journal', () => {
    expect(defaultDesktopSettings().store).toBe('');
  });

  it('takes embedded or a postgres URL and names the field otherwise', () => {
    for (const store of ['', 'embedded', 'postgres://hitl@db/hitl', 'postgresql://h/d'])
      expect(DesktopSettingsPatchSchema.safeParse({ store }).success).toBe(true);
    const bad = DesktopSettingsPatchSchema.safeParse({ store: 'mysql://db' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['store']);
    expect(bad.error?.issues[0]?.message).toContain('postgres://');
  });
});
