// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyHelp } from '../../../renderer/src/keys/KeyHelp';
import { renderWithI18n } from '../components/dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);

describe('the ? overlay', () => {
  it('lists every inbox key, x, Shift+X, /, S, E and Shift+A among them (in both languages)', () => {
    for (const language of ['en', 'zh'] as const) {
      const { unmount } = renderWithI18n(<KeyHelp onClose={() => undefined} />, language);
      const keys = screen.getAllByRole('term').map((dt) => dt.textContent);
      expect(keys).toEqual(
        expect.arrayContaining(['x', 'Shift + X', '/', 'Y / A', 'N', 'Esc', 'S', 'E', 'Shift + A']),
      );
      unmount();
    }
    renderWithI18n(<KeyHelp onClose={() => undefined} />);
    expectShown(screen.getByText('Search the pending requests'));
  });
});
