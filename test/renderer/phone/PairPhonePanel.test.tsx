// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PairingLink, PhonePairingApi, PhoneSessionView } from '@contract/phone-pairing';
import { PairPhonePanel } from '../../../renderer/src/phone/PairPhonePanel';
import { renderWithI18n } from '../components/dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);

const LINK: PairingLink = {
  url: 'http://127.0.0.1:7842/login?code=abcdefghijklmnopqrstuvwxyzABCDEF',
  expiresAt: Date.now() + 600_000,
  qr: { size: 21, path: 'M0 0h7v1h-7z' },
  reach: 'local',
};
const PIXEL: PhoneSessionView = {
  id: 'pixel-session-0001',
  label: 'Android · Chrome',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
  pairedAt: Date.UTC(2026, 10, 27, 2, 30),
  lastUsedAt: Date.UTC(2026, 10, 27, 2, 40),
};

function fakeApi(start: PhoneSessionView[] = []) {
  let sessions = [...start];
  const calls: string[] = [];
  const api: PhonePairingApi = {
    createLink: async () => (calls.push('link'), LINK),
    list: async () => ({ sessions }),
    revoke: async (id) => {
      calls.push(`revoke ${id}`);
      sessions = sessions.filter((s) => s.id !== id);
      return { sessions };
    },
  };
  return { api, calls, pair: (s: PhoneSessionView) => sessions.push(s) };
}

describe('PairPhonePanel', () => {
  it('shows a code only when asked, warns that a local link cannot reach a phone', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi();
    renderWithI18n(<PairPhonePanel api={api} />);
    await screen.findByText('No phone is paired.');
    expect(calls).toEqual([]);
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show a pairing code' }));
    const qr = await screen.findByRole('img', { name: 'QR code of the one-time pairing link' });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe('M0 0h7v1h-7z');
    expect(screen.getByRole('note').textContent).toMatch(/127\.0\.0\.1:7842.*cannot reach/);
    expect(calls).toEqual(['link']);
  });

  it('lists the paired phones and revokes the one chosen', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi([PIXEL]);
    renderWithI18n(<PairPhonePanel api={api} />);
    const list = await screen.findByRole('list', { name: 'Paired phones' });
    expect(within(list).getByText('Android · Chrome').getAttribute('title')).toBe(PIXEL.userAgent);
    await user.click(
      within(list).getByRole('button', { name: /^Revoke Android · Chrome, paired/ }),
    );
    await screen.findByText('Android · Chrome can no longer open the inbox.');
    expect(calls).toEqual(['revoke pixel-session-0001']);
    expectShown(screen.getByText('No phone is paired.'));
  });
});
