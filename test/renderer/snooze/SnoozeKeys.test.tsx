// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { SNOOZE_STORAGE_KEY } from '../../../renderer/src/snooze/snooze-store';
import { renderWithI18n, useSizedDom } from '../components/dom-fixtures';
import { expectShown } from '../../support/expect-shown';

useSizedDom();
afterEach(cleanup);
beforeEach(() => localStorage.clear());

const press = (key: string, target: Element = document.body) =>
  act(() => {
    fireEvent.keyDown(target, { key });
  });

function twoRequests() {
  const client = new FakeInboxClient();
  const t = Date.now();
  const a = client.add({
    key: 'a',
    title: 'Request a',
    prompt: 'p',
    input: { kind: 'confirm' },
    createdAt: t - 2000,
  });
  const b = client.add({
    key: 'b',
    title: 'Request b',
    prompt: 'p',
    input: { kind: 'confirm' },
    createdAt: t - 1000,
  });
  return { client, a, b };
}

const rowTitles = () =>
  [...document.querySelectorAll('.request-row')].map((r) => r.textContent ?? '');

describe('snooze', () => {
  it('s then 1 snoozes the shown request for 15 minutes; "1 snoozed" lists it and Unsnooze brings it back', async () => {
    const { client, a } = twoRequests();
    renderWithI18n(<App client={client} />);
    await screen.findByRole('heading', { level: 2, name: 'Request a' });
    press('s');
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toMatch(/Request a/);
    press('1', dialog.querySelector('button')!);
    await screen.findByRole('heading', { level: 2, name: 'Request b' });
    expect(rowTitles().some((t) => t.includes('Request a'))).toBe(false);
    const kept = JSON.parse(localStorage.getItem(SNOOZE_STORAGE_KEY)!) as Record<string, number>;
    expect(kept[a.id]! - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(client.sentAnswers).toEqual([]);

    fireEvent.click(await screen.findByRole('button', { name: '1 snoozed' }));
    const list = screen.getByRole('list', { name: 'Snoozed requests' });
    expect(list.textContent).toMatch(/Request a/);
    fireEvent.click(screen.getByRole('button', { name: 'Unsnooze' }));
    await waitFor(() => expect(rowTitles().some((t) => t.includes('Request a'))).toBe(true));
    expect(localStorage.getItem(SNOOZE_STORAGE_KEY)).toBeNull();
  });

  it('Esc keeps the request in the list', async () => {
    const { client } = twoRequests();
    renderWithI18n(<App client={client} />);
    await screen.findByRole('heading', { level: 2, name: 'Request a' });
    press('s');
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(screen.getByRole('button', { name: 'Keep it in the list', hidden: true }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(rowTitles().some((t) => t.includes('Request a'))).toBe(true);
    expect(localStorage.getItem(SNOOZE_STORAGE_KEY)).toBeNull();
  });

  it('a snooze kept from an earlier visit hides its request; answered elsewhere, it is forgotten', async () => {
    const { client, a } = twoRequests();
    localStorage.setItem(SNOOZE_STORAGE_KEY, JSON.stringify({ [a.id]: Date.now() + 3_600_000 }));
    renderWithI18n(<App client={client} />);
    await screen.findByRole('heading', { level: 2, name: 'Request b' });
    expectShown(await screen.findByRole('button', { name: '1 snoozed' }));
    await act(async () => {
      await client.cancel(a.id, 'elsewhere');
    });
    await waitFor(() => expect(localStorage.getItem(SNOOZE_STORAGE_KEY)).toBeNull());
    expect(screen.queryByRole('button', { name: /snoozed/ })).toBeNull();
  });
});
