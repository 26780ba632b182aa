// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { appDraftStore } from '../../../renderer/src/drafts/app-drafts';
import { renderWithI18n } from './dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('a draft on a request answered elsewhere survives a reload', () => {
  it('comes back as a held card (how it was resolved, the draft), until dismissed', async () => {
    const client = new FakeInboxClient();
    const r = client.add({ key: 'msg', title: 'Commit message?', prompt: 'Write it.' });
    // First page: the operator types, then the terminal answers it.
    const first = renderWithI18n(<App client={client} />);
    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    await userEvent.type(field, 'fix: totals');
    client.resolveElsewhere(r.id, 'answered', 'chore: bump');
    await screen.findByRole('button', { name: 'Dismiss' });
    // The reload, before Dismiss.
    first.unmount();
    renderWithI18n(<App client={client} />);
    const draft = await screen.findByRole('textbox', { name: 'Your draft (not sent)' });
    expect((draft as HTMLTextAreaElement).value).toBe('fix: totals');
    expectShown(screen.getByRole('heading', { name: 'Commit message?' }));
    expectShown(screen.getByText('chore: bump'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(appDraftStore().read(r.id)).toBeUndefined());
    expect(screen.queryByRole('textbox', { name: 'Your draft (not sent)' })).toBeNull();
  });

  it('a draft whose request the history does not know is still shown under its key', async () => {
    const client = new FakeInboxClient();
    appDraftStore().write('gone-1', 'text', 'half a thought', {
      source: 'clarity-file',
      key: 'deploy',
    });
    renderWithI18n(<App client={client} />);
    const draft = await screen.findByRole('textbox', { name: 'Your draft (not sent)' });
    expect((draft as HTMLTextAreaElement).value).toBe('half a thought');
    expectShown(screen.getByRole('heading', { name: 'deploy' }));
  });
});
