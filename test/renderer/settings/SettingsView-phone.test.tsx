// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultDesktopSettings,
  type DesktopSettings,
  type DesktopSettingsPatch,
} from '@contract/desktop-settings';
import type { PhonePairingApi } from '@contract/phone-pairing';
import { SettingsView, type SettingsApi } from '../../../renderer/src/settings/SettingsView';
import { renderWithI18n } from '../components/dom-fixtures';

afterEach(cleanup);

function fakeSettings() {
  let stored: DesktopSettings = defaultDesktopSettings();
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

const noPhones: PhonePairingApi = {
  createLink: () => Promise.reject(new Error('not in this test')),
  list: async () => ({ sessions: [] }),
  revoke: async () => ({ sessions: [] }),
};

describe('SettingsView: Phone', () => {
  it('saves the public URL, ntfy and Telegram fields as one phone patch, token files as paths', async () => {
    const user = userEvent.setup();
    const { api, patches } = fakeSettings();
    renderWithI18n(<SettingsView api={api} phone={noPhones} />);
    await screen.findByRole('group', { name: 'Phone: away from the desk' });
    await user.type(screen.getByLabelText('Public URL'), 'https://laptop.tailnet.ts.net');
    await user.type(
      screen.getByLabelText('ntfy server and topic'),
      'https://ntfy.example.org/hitl-3f9c2a71',
    );
    await user.type(screen.getByLabelText('ntfy token file'), '/home/me/.config/hitl/ntfy token');
    await user.type(screen.getByLabelText('Telegram chat id'), '42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(patches).toEqual([
      {
        phone: {
          publicUrl: 'https://laptop.tailnet.ts.net',
          ntfyUrl: 'https://ntfy.example.org/hitl-3f9c2a71',
          ntfyTokenFile: '/home/me/.config/hitl/ntfy token',
          telegramTokenFile: '',
          telegramChat: '42',
          telegramUser: '',
        },
      },
    ]);
    // The pairing panel is below the form.
    await screen.findByRole('heading', { name: 'Pair a phone' });
    await screen.findByText('No phone is paired.');
  });
});
