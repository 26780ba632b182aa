// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerArea } from '../../../../renderer/src/components/AnswerArea';
import { FakeInboxClient } from '../../../../renderer/src/client/fake-inbox-client';
import { renderWithI18n, request } from '../dom-fixtures';

afterEach(cleanup);

const show = (meta: Record<string, unknown>) =>
  renderWithI18n(
    <AnswerArea
      request={request({ id: 'n1', input: { kind: 'notice' }, meta })}
      client={new FakeInboxClient()}
      busy={false}
      submit={() => undefined}
    />,
  );

describe('a coding session finished, failed, or waits in its terminal', () => {
  it.each([
    [{ hookEvent: 'Notification' }, /waits in its own terminal/],
    [{ hookEvent: 'Stop', session: 'finished' }, /finished its turn; this is its last message/],
    [{ hookEvent: 'StopFailure', session: 'failed' }, /stopped on an error/],
  ])('%o: its own hint, nothing to answer', (meta, hint) => {
    show(meta);
    expect(screen.getByText(hint)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
