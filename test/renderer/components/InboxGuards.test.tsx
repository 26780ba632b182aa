// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { renderWithI18n, useSizedDom } from './dom-fixtures';

afterEach(cleanup);
// Answers go at once here (the undo window has its own tests).
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hitl.undo.v1', JSON.stringify({ seconds: 0 }));
});

useSizedDom();

const press = (key: string, target: Element = document.body) =>
  act(() => {
    fireEvent.keyDown(target, { key });
  });

const shownTitle = () =>
  waitFor(() => {
    const h = document.querySelector('.detail article h2');
    if (!h?.textContent) throw new Error('no card yet');
    return h.textContent;
  });

describe('no key answers what the operator cannot see', () => {
  it('a search that hides the clicked request drops it from the card: Y answers the shown one', async () => {
    const client = new FakeInboxClient();
    const t = Date.now();
    const deploy = client.add({
      key: 'deploy',
      title: 'Deploy to production?',
      prompt: 'Ship it?',
      input: { kind: 'confirm' },
      createdAt: t - 2000,
    });
    const lint = client.add({
      key: 'lint',
      title: 'Fix the lint warnings?',
      prompt: 'Twelve of them.',
      input: { kind: 'confirm' },
      createdAt: t - 1000,
    });
    renderWithI18n(<App client={client} />);
    await userEvent.click(await screen.findByRole('option', { name: /Deploy to production/ }));
    expect(await shownTitle()).toBe('Deploy to production?');
    press('/');
    const search = screen.getByRole('searchbox', { name: 'Search pending requests' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    await userEvent.type(search, 'lint');
    // The card follows the list: the hidden request is no longer on show.
    await waitFor(async () => expect(await shownTitle()).toBe('Fix the lint warnings?'));
    press('Escape', search);
    press('y');
    await waitFor(() => expect(client.sentAnswers).toHaveLength(1));
    expect(client.sentAnswers[0]?.id).toBe(lint.id);
    expect(client.sentAnswers.map((a) => a.id)).not.toContain(deploy.id);
  });

  it('the hidden request is chosen again once the search is cleared', async () => {
    const client = new FakeInboxClient();
    const t = Date.now();
    for (const [key, title, at] of [
      ['a', 'Deploy to production?', t - 3000],
      ['b', 'Fix the lint warnings?', t - 2000],
      ['c', 'Rotate the keys?', t - 1000],
    ] as const)
      client.add({ key, title, prompt: 'p', input: { kind: 'confirm' }, createdAt: at });
    renderWithI18n(<App client={client} />);
    await userEvent.click(await screen.findByRole('option', { name: /Rotate the keys/ }));
    const search = screen.getByRole('searchbox', { name: 'Search pending requests' });
    await userEvent.type(search, 'lint');
    await waitFor(async () => expect(await shownTitle()).toBe('Fix the lint warnings?'));
    await userEvent.clear(search);
    await waitFor(async () => expect(await shownTitle()).toBe('Rotate the keys?'));
  });

  it('a search that hides every request: Y answers nothing', async () => {
    const client = new FakeInboxClient();
    client.add({ key: 'a', title: 'Deploy?', prompt: 'p', input: { kind: 'confirm' } });
    renderWithI18n(<App client={client} />);
    await userEvent.click(await screen.findByRole('option', { name: /Deploy\?/ }));
    press('/');
    const search = screen.getByRole('searchbox', { name: 'Search pending requests' });
    await userEvent.type(search, 'zzz');
    await screen.findByText(/No pending request matches/);
    press('Escape', search);
    press('y');
    expect(document.querySelector('.detail article')).toBeNull();
    expect(client.sentAnswers).toEqual([]);
  });
});

describe('Y on a question that asks for text', () => {
  it('a Tool Server text question: Y focuses the field and sends nothing; no empty Approve button', async () => {
    const client = new FakeInboxClient();
    client.add({
      source: 'tool-server-lite',
      key: 'c-1',
      title: '2FA code',
      prompt: 'Type the 2FA code from your phone.',
      input: { kind: 'text', placeholder: '6 digits' },
    });
    renderWithI18n(<App client={client} />);
    expect(await shownTitle()).toBe('2FA code');
    press('y');
    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(client.sentAnswers).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('a Clarity text question: Y is still the empty approval (the spec’s bare Enter)', async () => {
    const client = new FakeInboxClient();
    client.add({ source: 'clarity-file', key: 'go', title: 'Go on?', prompt: 'Enter approves.' });
    renderWithI18n(<App client={client} />);
    expect(await shownTitle()).toBe('Go on?');
    press('y');
    await waitFor(() => expect(client.sentAnswers.map((a) => a.input)).toEqual([{ text: '' }]));
  });
});
