// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { renderWithI18n, useSizedDom } from './dom-fixtures';

useSizedDom();
afterEach(cleanup);
beforeEach(() => localStorage.clear());

const press = (key: string) =>
  act(() => {
    fireEvent.keyDown(document.body, { key });
  });

describe('bulk actions from the keyboard', () => {
  it('x ticks, j moves, Shift+D opens the deny/cancel of exactly the ticked ones', async () => {
    const client = new FakeInboxClient();
    const t = Date.now();
    for (const [key, at] of [
      ['a', t - 3000],
      ['b', t - 2000],
      ['c', t - 1000],
    ] as const)
      client.add({
        key,
        title: `Request ${key}`,
        prompt: 'p',
        input: { kind: 'confirm' },
        createdAt: at,
      });
    renderWithI18n(<App client={client} />);
    // The card first (the keys act on what is shown).
    await screen.findByRole('heading', { level: 2, name: 'Request a' });
    press('D'); // nothing ticked: nothing opens
    expect(screen.queryByRole('dialog')).toBeNull();
    const selectedRow = () => document.querySelector('.request-row.selected')?.textContent;
    await waitFor(() => expect(selectedRow()).toMatch(/Request a/));
    press('x');
    await screen.findByText(/1 selected/);
    press('j');
    await screen.findByRole('heading', { level: 2, name: 'Request b' });
    expect(selectedRow()).toMatch(/Request b/);
    press('x');
    await screen.findByText(/2 selected/);
    press('D');
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toMatch(/2/);
    expect(client.sentAnswers).toEqual([]);
  });
});
