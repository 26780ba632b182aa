// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerInput, HitlRequest } from '@contract/request';
import { AnswerArea } from '../../../../renderer/src/components/AnswerArea';
import { FakeInboxClient } from '../../../../renderer/src/client/fake-inbox-client';
import { renderWithI18n, request } from '../dom-fixtures';

afterEach(cleanup);

function show(input: HitlRequest['input']) {
  const sent: AnswerInput[] = [];
  renderWithI18n(
    <AnswerArea
      request={request({ id: 'r1', input })}
      client={new FakeInboxClient()}
      busy={false}
      submit={(a) => sent.push(a)}
    />,
  );
  return sent;
}

describe('TextAnswer', () => {
  it('Send waits for text; Ctrl+Enter in the field sends it; Approve sends the empty approval', async () => {
    const sent = show({ kind: 'text' });
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    // Enter alone is a new line, never a send.
    await userEvent.type(field, 'ship{Enter}it');
    expect(sent).toEqual([]);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(sent).toEqual([{ text: 'ship\nit' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(sent.at(-1)).toEqual({ text: '' });
  });
});

describe('FormAnswer', () => {
  it('one labelled control per field; the values go back keyed by label', async () => {
    const sent = show({
      kind: 'form',
      fields: [
        { label: 'Version', kind: 'text', multiple: false },
        { label: 'Channel', kind: 'text', options: ['stable', 'beta'], multiple: false },
      ],
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Version' }), '1.2.0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'beta');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([
      { value: { kind: 'form', values: { Version: '1.2.0', Channel: 'beta' } } },
    ]);
  });
});

describe('ApprovalAnswer', () => {
  const approval: HitlRequest['input'] = {
    kind: 'approval',
    tool: 'Bash',
    command: 'rm -rf build',
    rule: { command: 'rm -rf build' },
    scopes: [{ kind: 'exact', scope: { command: 'rm -rf build' }, allows: ['rm -rf build'] }],
  };

  it('Deny is first and is what the form does by default (Ctrl+Enter in the reason)', async () => {
    const sent = show(approval);
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names.slice(0, 2)).toEqual(['Deny', 'Allow once']);
    const reason = screen.getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, 'not in CI');
    fireEvent.keyDown(reason, { key: 'Enter', ctrlKey: true });
    expect(sent).toEqual([{ value: { kind: 'approval', decision: 'deny', reason: 'not in CI' } }]);
  });

  it('Allow once sends allow; Always allow opens the scope chooser first', async () => {
    const sent = show(approval);
    await userEvent.click(screen.getByRole('button', { name: 'Allow once' }));
    expect(sent).toEqual([{ value: { kind: 'approval', decision: 'allow' } }]);
    const always = screen.getByRole('button', { name: 'Always allow…' });
    expect(always.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(always);
    expect(always.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(await screen.findByRole('button', { name: 'Allow and remember' }));
    expect(sent.at(-1)).toEqual({
      value: { kind: 'approval', decision: 'always', rule: { command: 'rm -rf build' } },
    });
  });
});

describe('ApprovalAnswer keys', () => {
  it('Allow once refuses a key press that comes right after the card showed', () => {
    let clock = 5_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const sent = show({ kind: 'approval', tool: 'Bash', command: 'ls', rule: {} });
      const allow = screen.getByRole('button', { name: 'Allow once' });
      clock += 100;
      fireEvent.click(allow, { detail: 0 });
      expect(sent).toEqual([]);
      expect(screen.getByRole('status').textContent).toMatch(/too soon/);
      clock += 2_000;
      fireEvent.click(allow, { detail: 0 });
      expect(sent).toEqual([{ value: { kind: 'approval', decision: 'allow' } }]);
    } finally {
      now.mockRestore();
    }
  });
});
