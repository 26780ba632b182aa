// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestList, type RequestListHandle } from '../../../renderer/src/components/RequestList';
import { defaultTriageView, triageRows } from '../../../renderer/src/state/triage';
import { renderWithI18n, request, useSizedDom } from './dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);

useSizedDom();

const now = Date.now();
const requests = [
  request({ id: 'r1', title: 'Deploy?', prompt: 'Ship **it**', createdAt: now - 120_000 }),
  request({
    id: 'r2',
    key: 'db',
    prompt: 'Which database?',
    createdAt: now - 5_000,
    agent: { id: 'a1', name: 'Claude (shop-api)' },
  }),
];

describe('RequestList', () => {
  it('a focusable listbox of options named by title or key, the selected one marked', async () => {
    const selected: string[] = [];
    const ref = createRef<RequestListHandle>();
    renderWithI18n(
      <RequestList
        ref={ref}
        rows={triageRows(requests, { ...defaultTriageView, groupByAgent: true }, now)}
        selectedId="r1"
        now={now}
        onSelect={(id) => selected.push(id)}
        checked={new Set()}
        onCheck={() => undefined}
      />,
    );
    const list = screen.getByRole('listbox', { name: 'Pending requests' });
    expect(list.tabIndex).toBe(0);
    expect(list.getAttribute('aria-activedescendant')).toBe('row-r1');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toContain('true');
    expect(
      screen.getByRole('option', { name: /^Deploy\?.*Ship it/ }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      screen.getByRole('option', { name: /db.*Which database\?/ }).getAttribute('aria-selected'),
    ).toBe('false');
    expectShown(screen.getByText('Claude (shop-api)'));
    ref.current!.focus();
    expect(document.activeElement).toBe(list);
    return userEvent.click(screen.getByRole('option', { name: /db/ })).then(() => {
      expect(selected).toEqual(['r2']);
    });
  });
});
