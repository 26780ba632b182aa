// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import type { HitlRequest } from '@contract/request';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import {
  QuestionCard,
  type QuestionCardHandle,
} from '../../../renderer/src/components/QuestionCard';
import { renderWithI18n } from './dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);

function show(client: FakeInboxClient, request: HitlRequest, language: 'en' | 'zh' = 'en') {
  const handle = createRef<QuestionCardHandle>();
  renderWithI18n(
    <QuestionCard ref={handle} request={request} client={client} now={Date.now()} />,
    language,
  );
  return handle;
}

describe('QuestionCard', () => {
  it('is an article named by its title, with the question as a keyboard-scrollable region', async () => {
    const client = new FakeInboxClient();
    const r = client.add({
      key: 'deploy',
      title: 'Deploy v2?',
      prompt: 'All **checks** passed.',
      context: 'Release train 12',
      input: { kind: 'confirm', confirmLabel: 'Deploy' },
    });
    show(client, r);
    expectShown(screen.getByRole('article', { name: 'Deploy v2?' }));
    expect(screen.getByRole('region', { name: 'Question' }).tabIndex).toBe(0);
    // The markdown renders a moment after the first paint, in a region of the same name.
    await waitFor(
      () => {
        const question = screen.getByRole('region', { name: 'Question' });
        expect(question.querySelector('strong')?.textContent).toBe('checks');
        expect(question.tabIndex).toBe(0);
      },
      { timeout: 5_000 },
    );
    expect(screen.getByRole('complementary', { name: 'Context' }).textContent).toContain(
      'Release train 12',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    await waitFor(() =>
      expect(client.sentAnswers).toEqual([
        { id: r.id, input: { value: { kind: 'confirm', confirmed: true } } },
      ]),
    );
  });

  it('answer keys act on the card: N declines, a digit picks, Y on a dangerous confirm only focuses Confirm', async () => {
    const client = new FakeInboxClient();
    const confirm = client.add({ key: 'c', prompt: 'Go?', input: { kind: 'confirm' } });
    const handle = show(client, confirm);
    handle.current!.act({ type: 'decline' });
    await waitFor(() => expect(client.sentAnswers).toHaveLength(1));
    expect(client.sentAnswers[0]!.input).toEqual({ value: { kind: 'confirm', confirmed: false } });
    cleanup();

    const choice = client.add({
      key: 'q',
      prompt: 'Which?',
      input: {
        kind: 'choice',
        multiple: false,
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
    });
    show(client, choice).current!.act({ type: 'pick', index: 1 });
    await waitFor(() => expect(client.sentAnswers).toHaveLength(2));
    expect(client.sentAnswers[1]!.input).toEqual({ value: { kind: 'choice', selected: ['b'] } });
    cleanup();

    const risky = client.add({
      key: 'rm',
      title: 'Delete the branch?',
      prompt: 'Removes `feature/x` on the remote.',
      input: { kind: 'confirm', danger: true },
    });
    show(client, risky).current!.act({ type: 'approve' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    expect(client.sentAnswers).toHaveLength(2);
  });

  it('speaks Chinese when the operator picked 简体中文', () => {
    const client = new FakeInboxClient();
    const r = client.add({ key: 'k', prompt: '继续吗？', input: { kind: 'confirm' } });
    show(client, r, 'zh');
    expectShown(screen.getByRole('region', { name: '问题' }));
    expectShown(screen.getByRole('button', { name: '拒绝' }));
  });
});
