// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultDesktopSettings,
  type DesktopSettings,
  type DesktopSettingsPatch,
} from '@contract/desktop-settings';
import { SettingsView, type SettingsApi } from '../../../renderer/src/settings/SettingsView';
import { renderWithI18n } from '../components/dom-fixtures';

afterEach(cleanup);

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

/** Settings kept in memory; every patch the view saves is recorded. */
function fakeSettings(start: Partial<DesktopSettings> = {}) {
  let stored: DesktopSettings = { ...defaultDesktopSettings(), ...start };
  const patches: DesktopSettingsPatch[] = [];
  const api: SettingsApi = {
    get: async () => stored,
    update: async (patch) => {
      patches.push(patch);
      stored = { ...stored, ...patch };
      return stored;
    },
  };
  return { api, patches };
}

describe('SettingsView: which events notify', () => {
  it('questions always; unticking "finished" saves only that change', async () => {
    const user = userEvent.setup();
    const { api, patches } = fakeSettings();
    renderWithI18n(<SettingsView api={api} />);
    const group = await screen.findByRole('group', { name: 'Notify about' });
    const questions = box('Questions and approvals (always)');
    expect([questions.checked, questions.disabled]).toEqual([true, true]);
    const finished = box('A coding session finished its turn');
    expect(finished.checked).toBe(true);
    expect(group.contains(finished)).toBe(true);
    await user.click(finished);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(patches).toEqual([{ notifyEvents: { finished: false, failed: true, waiting: true } }]);
  });

  it('shows the stored choice, and greys it all while notifications are off', async () => {
    const user = userEvent.setup();
    const { api, patches } = fakeSettings({
      notifyEvents: { finished: true, failed: false, waiting: false },
    });
    renderWithI18n(<SettingsView api={api} />);
    await screen.findByRole('group', { name: 'Notify about' });
    const failed = box('A coding session failed');
    const waiting = box('An agent waiting in its own terminal (idle)');
    expect([
      failed.checked,
      waiting.checked,
      box('A coding session finished its turn').checked,
    ]).toEqual([false, false, true]);
    const group = screen.getByRole('group', { name: 'Notify about' }) as HTMLFieldSetElement;
    expect(group.disabled).toBe(false);
    await user.click(box('Show a notification for each new request'));
    expect(group.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(patches).toEqual([{ notifications: false }]);
  });

  it('in Chinese', async () => {
    const { api } = fakeSettings();
    renderWithI18n(<SettingsView api={api} />, 'zh');
    await screen.findByRole('group', { name: '以下事件发出通知' });
    expect(box('编码会话失败').checked).toBe(true);
  });
});
