// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { renderWithI18n } from './dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);
// These are about the keys: answers go at once (the undo window has its own tests).
beforeEach(() => localStorage.setItem('hitl.undo.v1', JSON.stringify({ seconds: 0 })));

/** React's flag for "updates are wrapped in act" (Testing Library sets it). */
const reactEnv = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** The title of the card on show. */
async function shownTitle(): Promise<string> {
  return waitFor(() => {
    const card = document.querySelector('.detail article h2');
    if (!card?.textContent) throw new Error('no card yet');
    return card.textContent;
  });
}

function seed() {
  const client = new FakeInboxClient();
  const t = Date.now();
  client.add({
    key: 'go',
    title: 'Go ahead?',
    prompt: 'Proceed?',
    input: { kind: 'confirm' },
    createdAt: t - 3000,
  });
  client.add({
    key: 'db',
    title: 'Which database?',
    prompt: 'Pick one.',
    input: {
      kind: 'choice',
      multiple: false,
      options: [
        { value: 'A', label: 'SQLite' },
        { value: 'B', label: 'Postgres' },
      ],
    },
    createdAt: t - 2000,
  });
  client.add({ key: 'msg', title: 'Commit message?', prompt: 'Write it.', createdAt: t - 1000 });
  return client;
}

const press = (key: string, target: Element = document.body) =>
  act(() => {
    fireEvent.keyDown(target, { key });
  });

describe('inbox keys (the popover’s keys in the web inbox)', () => {
  it('Y confirms, a digit picks, Enter goes to the answer field and keys typed there stay text', async () => {
    const client = seed();
    renderWithI18n(<App client={client} />);
    expectShown(await screen.findByRole('listbox', { name: 'Pending requests' }));
    const answered: string[] = [];
    for (let i = 0; i < 3; i++) {
      const title = await shownTitle();
      answered.push(title);
      if (title === 'Go ahead?') press('y');
      else if (title === 'Which database?') press('2');
      else {
        press('Enter');
        const field = await screen.findByRole('textbox', { name: 'Your answer' });
        await waitFor(() => expect(document.activeElement).toBe(field));
        // y, n and digits typed in a field are text, not answers.
        await userEvent.type(field, 'yn2');
        expect(client.sentAnswers.map((a) => a.input)).not.toContainEqual({ text: 'yn2' });
        fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
      }
      await waitFor(() => expect(client.sentAnswers).toHaveLength(i + 1));
    }
    expect(answered.sort()).toEqual(['Commit message?', 'Go ahead?', 'Which database?']);
    const byKey = Object.fromEntries(client.sentAnswers.map((a) => [a.id, a.input] as const));
    expect(Object.values(byKey)).toEqual(
      expect.arrayContaining([
        { value: { kind: 'confirm', confirmed: true } },
        { value: { kind: 'choice', selected: ['B'] } },
        { text: 'yn2' },
      ]),
    );
  });

  it('j/k move the selection; N declines the shown confirm only', async () => {
    const client = seed();
    renderWithI18n(<App client={client} />);
    const first = await shownTitle();
    press('j');
    const second = await waitFor(async () => {
      const t = await shownTitle();
      if (t === first) throw new Error('not moved');
      return t;
    });
    press('k');
    await waitFor(async () => expect(await shownTitle()).toBe(first));
    expect(second).not.toBe(first);
    // Move to the confirm, then N.
    for (let i = 0; i < 3 && (await shownTitle()) !== 'Go ahead?'; i++) press('j');
    expect(await shownTitle()).toBe('Go ahead?');
    press('n');
    await waitFor(() =>
      expect(client.sentAnswers.map((a) => a.input)).toEqual([
        { value: { kind: 'confirm', confirmed: false } },
      ]),
    );
  });

  it('a key pressed the moment the list first shows is not undone by the list settling', async () => {
    const client = new FakeInboxClient();
    renderWithI18n(<App client={client} />);
    await screen.findByRole('heading', { name: 'No agent is waiting for you' });
    // Press j in the microtask after the list's first commit, before React runs that commit's
    // effects (a slow machine, or an operator quick on the keys, gets there first). Outside act,
    // so React schedules the way it does in the browser.
    const actEnvironment = reactEnv.IS_REACT_ACT_ENVIRONMENT;
    reactEnv.IS_REACT_ACT_ENVIRONMENT = false;
    let pressed = false;
    const observer = new MutationObserver(() => {
      if (pressed || !document.querySelector('[role="listbox"]')) return;
      pressed = true;
      fireEvent.keyDown(document.body, { key: 'j' });
    });
    try {
      observer.observe(document.body, { childList: true, subtree: true });
      const t = Date.now();
      client.add({ key: 'first', title: 'First?', prompt: 'One.', createdAt: t - 3000 });
      client.add({ key: 'second', title: 'Second?', prompt: 'Two.', createdAt: t - 2000 });
      client.add({ key: 'third', title: 'Third?', prompt: 'Three.', createdAt: t - 1000 });
      await waitFor(() => expect(pressed).toBe(true));
      // Oldest first (no deadlines): j moved from 'First?' to 'Second?', and it stays there.
      await waitFor(async () => expect(await shownTitle()).toBe('Second?'));
      // React runs a commit's effects before it renders a later update: once the effect of a
      // fourth question's commit has titled the page "(4)", whatever the first commit's effects
      // would undo has been done.
      client.add({ key: 'fourth', title: 'Fourth?', prompt: 'Four.', createdAt: t });
      await waitFor(() => expect(document.title).toMatch(/^\(4\)/));
      expect(await shownTitle()).toBe('Second?');
    } finally {
      observer.disconnect();
      reactEnv.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('? opens the keyboard help (a named dialog listing the keys); Esc closes it and keys work again', async () => {
    const client = seed();
    renderWithI18n(<App client={client} />);
    await shownTitle();
    press('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toMatch(/1–9/);
    expect(dialog.textContent).toMatch(/Esc/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    // Tab stays in the dialog (its undo setting, then Close); Y does not answer the card behind it.
    press('Tab', document.activeElement!);
    expect(dialog.contains(document.activeElement)).toBe(true);
    press('y', document.activeElement!);
    press('Tab', document.activeElement!);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(client.sentAnswers).toEqual([]);
    press('Escape', document.activeElement!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The ? button in the top bar opens it too.
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts (?)' }));
    expectShown(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }));
  });
});
