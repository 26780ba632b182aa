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

function agentRequests(inputs: object[]) {
  const client = new FakeInboxClient();
  const t = Date.now();
  inputs.forEach((input, i) =>
    client.add({
      key: `r${i}`,
      title: `Request ${i}`,
      prompt: 'p',
      agent: { id: 'shop' },
      input: input as never,
      createdAt: t - 5000 + i * 1000,
    }),
  );
  return client;
}

describe('bulk approve', () => {
  it('x, j, x, Shift+A lists exactly what is approved; Approve 2 sends yes to those two only', async () => {
    const client = agentRequests([{ kind: 'confirm' }, { kind: 'confirm' }, { kind: 'confirm' }]);
    renderWithI18n(<App client={client} />);
    await screen.findByRole('heading', { level: 2, name: 'Request 0' });
    press('x');
    press('j');
    await screen.findByRole('heading', { level: 2, name: 'Request 1' });
    press('x');
    await screen.findByText(/2 selected/);
    press('A');
    const list = await screen.findByRole('list', { name: 'What will be approved', hidden: true });
    expect(list.textContent).toMatch(/Request 0.*Request 1/);
    expect(list.textContent).not.toMatch(/Request 2/);
    // Nothing sent until Approve is pressed (focus starts on Keep them).
    expect(client.sentAnswers).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Approve 2', hidden: true }));
    await screen.findByText('Approved 2 requests.');
    expect(client.sentAnswers.map((a) => a.input.value)).toEqual([
      { kind: 'confirm', confirmed: true },
      { kind: 'confirm', confirmed: true },
    ]);
  });

  it('a risky confirm in the selection: no Approve offered, Shift+A opens nothing', async () => {
    const client = agentRequests([{ kind: 'confirm' }, { kind: 'confirm', danger: true }]);
    renderWithI18n(<App client={client} />);
    await screen.findByRole('heading', { level: 2, name: 'Request 0' });
    press('X');
    await screen.findByText(/2 selected/);
    // The selection's bar has loaded (Deny is offered), without Approve.
    await screen.findByRole('button', { name: 'Deny or cancel…' });
    expect(screen.queryByRole('button', { name: 'Approve…' })).toBeNull();
    press('A');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(client.sentAnswers).toEqual([]));
  });
});
