// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { MARKED_DONE_REASON } from '../../../renderer/src/components/NoticeDone';
import { renderWithI18n, useSizedDom } from './dom-fixtures';
import { expectShown } from '../../support/expect-shown';

useSizedDom();
afterEach(cleanup);
beforeEach(() => localStorage.clear());

function withNotice() {
  const client = new FakeInboxClient();
  const t = Date.now();
  client.add({
    key: 'session-1',
    title: 'shop finished its turn',
    prompt: 'Done: the cart fix is pushed.',
    input: { kind: 'notice', session: 'finished' },
    createdAt: t - 2000,
  });
  client.add({
    key: 'q',
    title: 'A question',
    prompt: 'p',
    input: { kind: 'confirm' },
    createdAt: t - 1000,
  });
  return client;
}

const resolved = async (client: FakeInboxClient) =>
  (await client.history()).map((r) => [r.key, r.status, r.cancelReason]);

describe('mark a notice done', () => {
  it('E marks the shown notice done in one key, worded apart from cancelling', async () => {
    const client = withNotice();
    renderWithI18n(<App client={client} />);
    await screen.findByRole('heading', { level: 2, name: 'shop finished its turn' });
    expect(screen.queryByRole('button', { name: 'Cancel request…' })).toBeNull();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'e' });
    });
    await screen.findByText('Marked “shop finished its turn” done.');
    expect(await resolved(client)).toEqual([['session-1', 'cancelled', MARKED_DONE_REASON]]);
    await screen.findByRole('heading', { level: 2, name: 'A question' });
    // On a question E does nothing; its footer still offers the two-step cancel.
    act(() => {
      fireEvent.keyDown(document.body, { key: 'e' });
    });
    expectShown(screen.getByRole('button', { name: 'Cancel request…' }));
    expect(await resolved(client)).toHaveLength(1);
  });

  it('the Mark done button does it in one click', async () => {
    const client = withNotice();
    renderWithI18n(<App client={client} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark done' }));
    await waitFor(async () => expect(await resolved(client)).toHaveLength(1));
  });
});
