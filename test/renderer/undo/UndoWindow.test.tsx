// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { loadUndoSeconds } from '../../../renderer/src/undo/undo-prefs';
import { renderWithI18n, useSizedDom } from '../components/dom-fixtures';
import { expectShown } from '../../support/expect-shown';

useSizedDom();
afterEach(cleanup);
beforeEach(() => localStorage.clear());

const press = (key: string) =>
  act(() => {
    fireEvent.keyDown(document.body, { key });
  });

const shownTitle = () =>
  waitFor(() => {
    const h = document.querySelector('.detail article h2');
    if (!h?.textContent) throw new Error('no card yet');
    return h.textContent;
  });

function seed() {
  const client = new FakeInboxClient();
  const t = Date.now();
  client.add({
    key: 'go',
    title: 'Deploy?',
    prompt: 'p',
    input: { kind: 'confirm' },
    createdAt: t - 2000,
  });
  client.add({
    key: 'lint',
    title: 'Fix lint?',
    prompt: 'p',
    input: { kind: 'confirm' },
    createdAt: t - 1000,
  });
  return client;
}

describe('the undo window after a one-key answer', () => {
  it('5 s unless changed; the setting keeps 0–10 s', () => {
    expect(loadUndoSeconds(localStorage)).toBe(5);
    localStorage.setItem('hitl.undo.v1', JSON.stringify({ seconds: 11 }));
    expect(loadUndoSeconds(localStorage)).toBe(5);
  });

  it('Y: the next card shows at once, the answer waits in a toast; Undo (or U) brings it back unsent', async () => {
    const client = seed();
    renderWithI18n(<App client={client} />);
    expect(await shownTitle()).toBe('Deploy?');
    press('y');
    await waitFor(async () => expect(await shownTitle()).toBe('Fix lint?'));
    expectShown(screen.getByText(/Answer to “Deploy\?” goes in 5 s/));
    expect(screen.queryByRole('option', { name: /Deploy\?/ })).toBeNull();
    expect(client.sentAnswers).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('option', { name: /Deploy\?/ });
    // The keyboard's undo: U takes back the newest held answer and shows its card again.
    press('y');
    await waitFor(() => expectShown(screen.getByText(/goes in/)));
    press('u');
    await waitFor(() => expect(screen.queryByText(/goes in/)).toBeNull());
    expect(await shownTitle()).toBe('Deploy?');
    expect(client.sentAnswers).toEqual([]);
  });

  it('delivered when the window closes', async () => {
    localStorage.setItem('hitl.undo.v1', JSON.stringify({ seconds: 1 }));
    const client = seed();
    renderWithI18n(<App client={client} />);
    expect(await shownTitle()).toBe('Deploy?');
    press('n');
    await waitFor(() => expectShown(screen.getByText(/goes in 1 s/)));
    expect(client.sentAnswers).toEqual([]);
    await waitFor(
      () =>
        expect(client.sentAnswers.map((a) => a.input)).toEqual([
          { value: { kind: 'confirm', confirmed: false } },
        ]),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.queryByText(/goes in/)).toBeNull());
  });

  it('0 sends at once; typed text never waits', async () => {
    localStorage.setItem('hitl.undo.v1', JSON.stringify({ seconds: 0 }));
    const client = seed();
    renderWithI18n(<App client={client} />);
    await shownTitle();
    press('y');
    await waitFor(() => expect(client.sentAnswers).toHaveLength(1));
    expect(screen.queryByText(/goes in/)).toBeNull();
  });
});
