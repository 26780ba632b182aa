// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnreadableItem } from '@contract/unreadable';
import { ProblemLists } from '../../../renderer/src/components/ProblemLists';
import { renderWithI18n } from './dom-fixtures';

afterEach(cleanup);

const undelivered: UnreadableItem = {
  id: 'delivery:r1',
  source: 'clarity-file',
  origin: 'deploy',
  reason: 'answered, not yet delivered: EACCES: permission denied; retrying (2 failed)',
  at: 1,
  lastAt: 2,
  count: 2,
  kind: 'undelivered',
  requestId: 'r1',
  answer: 'yes, ship it',
};
const unreadable: UnreadableItem = {
  id: 'file:/hs/bad.question',
  source: 'clarity-file',
  origin: '/hs/bad.question',
  reason: 'not JSON',
  at: 1,
  lastAt: 1,
  count: 1,
};

describe('ProblemLists', () => {
  it('lists an undelivered answer apart from what could not be read, with its reason and answer', () => {
    const onDismiss = vi.fn();
    renderWithI18n(
      <ProblemLists
        dirProblems={[]}
        unreadable={[undelivered, unreadable]}
        onDismiss={onDismiss}
      />,
    );
    const section = screen.getByRole('region', { name: /Answered — not yet delivered \(1\)/ });
    expect(section.textContent).toContain('deploy');
    expect(section.textContent).toContain('EACCES: permission denied; retrying (2 failed)');
    expect(section.textContent).toContain('yes, ship it');
    expect(section.textContent).not.toContain('bad.question');
    expect(screen.getByRole('region', { name: /Could not read \(1\)/ }).textContent).toContain(
      'bad.question',
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Dismiss the undelivered answer to deploy' }),
    );
    expect(onDismiss).toHaveBeenCalledWith('delivery:r1');
  });

  it('shows no undelivered section when every answer was delivered', () => {
    renderWithI18n(<ProblemLists dirProblems={[]} unreadable={[unreadable]} onDismiss={vi.fn()} />);
    expect(screen.queryByRole('region', { name: /not yet delivered/ })).toBeNull();
  });
});
