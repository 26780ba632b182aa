// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerInput } from '@contract/request';
import { ChoiceAnswer } from '../../../../renderer/src/components/inputs/ChoiceAnswer';
import { FakeInboxClient } from '../../../../renderer/src/client/fake-inbox-client';
import { renderWithI18n, request } from '../dom-fixtures';
import { expectShown } from '../../../support/expect-shown';

afterEach(cleanup);

const OPTIONS = [
  { value: 'A', label: 'World Genesis', description: 'Larger scope.' },
  { value: 'B', label: 'Lore Deepening' },
  { value: 'C', label: 'Skip' },
];

function show(input: { multiple?: boolean; recommended?: string }) {
  const sent: AnswerInput[] = [];
  const req = request({
    id: 'q1',
    input: { kind: 'choice', options: OPTIONS, multiple: false, ...input },
  });
  renderWithI18n(
    <ChoiceAnswer
      request={req as never}
      client={new FakeInboxClient()}
      busy={false}
      submit={(a) => sent.push(a)}
    />,
  );
  return sent;
}

describe('ChoiceAnswer', () => {
  it('names every option (with its description) and marks the recommended one', () => {
    show({ recommended: 'B' });
    expectShown(screen.getByRole('group', { name: 'Choose one' }));
    expectShown(screen.getByRole('radio', { name: /World Genesis.*Larger scope/ }));
    expectShown(screen.getByRole('radio', { name: /Lore Deepening.*Recommended/ }));
  });

  it('the recommended option is pre-focused and picked, so Enter (submit) sends it', async () => {
    const sent = show({ recommended: 'B' });
    const recommended = screen.getByRole('radio', { name: /Lore Deepening/ }) as HTMLInputElement;
    expect(recommended.checked).toBe(true);
    expect(recommended.hasAttribute('data-answer-focus')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ value: { kind: 'choice', selected: ['B'] } }]);
  });

  it('without a recommendation nothing is picked and Send waits for a choice', async () => {
    const sent = show({});
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(
      screen.getByRole('radio', { name: /World Genesis/ }).hasAttribute('data-answer-focus'),
    ).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /Skip/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Other (free text)' }), 'for now');
    await userEvent.click(send);
    expect(sent).toEqual([{ value: { kind: 'choice', selected: ['C'], other: 'for now' } }]);
  });

  it('multiple: checkboxes, nothing pre-picked even with a recommendation', async () => {
    const sent = show({ multiple: true, recommended: 'A' });
    expectShown(screen.getByRole('group', { name: 'Choose any' }));
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([false, false, false]);
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ value: { kind: 'choice', selected: ['A', 'C'] } }]);
  });
});

describe('ChoiceAnswer keys', () => {
  it('Enter on an option sends the form (pick with the keys, Enter sends)', async () => {
    const sent = show({});
    const skip = screen.getByRole('radio', { name: /Skip/ });
    await userEvent.click(skip);
    await userEvent.keyboard('{Enter}');
    expect(sent).toEqual([{ value: { kind: 'choice', selected: ['C'] } }]);
  });
});
