// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerArea } from '../../../../renderer/src/components/AnswerArea';
import { FakeInboxClient } from '../../../../renderer/src/client/fake-inbox-client';
import { renderWithI18n, request } from '../dom-fixtures';
import { expectShown } from '../../../support/expect-shown';

afterEach(cleanup);

const show = (input: { kind: 'notice'; session?: 'finished' | 'failed' }) =>
  renderWithI18n(
    <AnswerArea
      request={request({ id: 'n1', input })}
      client={new FakeInboxClient()}
      busy={false}
      submit={() => undefined}
    />,
  );

describe('a coding session finished, failed, or waits in its terminal', () => {
  it.each([
    [{ kind: 'notice' } as const, /waits in its own terminal/],
    [
      { kind: 'notice', session: 'finished' } as const,
      /The agent finished its turn\. Nothing to answer/,
    ],
    [{ kind: 'notice', session: 'failed' } as const, /stopped on an error/],
  ])('%o: its own hint, nothing to answer', (input, hint) => {
    show(input);
    expectShown(screen.getByText(hint));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
