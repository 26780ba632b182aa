// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { App } from '../../../renderer/src/components/App';
import { renderWithI18n, useSizedDom } from './dom-fixtures';
import { expectShown } from '../../support/expect-shown';

useSizedDom();
afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('saved filters', () => {
  it('names the current search, picks it again after clearing and after a reload, and forgets it', async () => {
    const client = new FakeInboxClient();
    client.add({ key: 'deploy', title: 'Deploy v2?', prompt: 'p', input: { kind: 'confirm' } });
    client.add({ key: 'notes', title: 'Release notes', prompt: 'p', input: { kind: 'text' } });
    const first = renderWithI18n(<App client={client} />);
    const search = await screen.findByRole('searchbox', { name: /search/i });
    fireEvent.change(search, { target: { value: 'deploy' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save filter…' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Deploys' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Enter' });
    expectShown(await screen.findByRole('button', { name: 'Forget “Deploys”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect((search as HTMLInputElement).value).toBe('');
    first.unmount();

    // Another visit in this browser: pick it again.
    renderWithI18n(<App client={client} />);
    const picker = await screen.findByRole('combobox', { name: 'Saved filters' });
    fireEvent.change(picker, { target: { value: 'Deploys' } });
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: /search/i }) as HTMLInputElement).value).toBe(
        'deploy',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Forget “Deploys”' }));
    expect(screen.queryByRole('combobox', { name: 'Saved filters' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('hitl-broker.saved-filters')!)).toEqual([]);
  });
});
