// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { InboxClientError } from '../../../renderer/src/client/inbox-client';
import { PopoverApp, type PopoverShell } from '../../../renderer/src/popover/PopoverApp';
import { renderWithI18n } from '../components/dom-fixtures';
import { expectShown } from '../../support/expect-shown';

afterEach(cleanup);

function fakeShell() {
  const calls: string[] = [];
  const shell: PopoverShell = {
    hide: () => calls.push('hide'),
    openInWindow: (id) => calls.push(`open:${id}`),
    onShowRequest: () => () => undefined,
  };
  return { shell, calls };
}

const press = (key: string) =>
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key });
  });

async function title(): Promise<string> {
  return waitFor(() => {
    const text = document.getElementById('popover-title')?.textContent;
    if (!text) throw new Error('no card');
    return text;
  });
}

/** A text request ("Name the branch?") then a confirm ("Next?"), oldest first. */
function nameThenNext() {
  const client = new FakeInboxClient();
  const t = Date.now();
  const first = client.add({
    key: 'name',
    title: 'Name the branch?',
    prompt: 'p',
    input: { kind: 'text' },
    createdAt: t - 2000,
  });
  client.add({
    key: 'next',
    title: 'Next?',
    prompt: 'p',
    input: { kind: 'confirm' },
    createdAt: t - 1000,
  });
  return { client, first };
}

describe('PopoverApp', () => {
  it('oldest first; Y approves a confirm, a digit picks, N declines; then all clear', async () => {
    const client = new FakeInboxClient();
    const t = Date.now();
    client.add({
      key: 'go',
      title: 'Go?',
      prompt: 'p',
      input: { kind: 'confirm' },
      createdAt: t - 3000,
    });
    client.add({
      key: 'pick',
      title: 'Pick?',
      prompt: 'p',
      input: {
        kind: 'choice',
        multiple: false,
        options: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
      },
      createdAt: t - 2000,
    });
    client.add({
      key: 'no',
      title: 'Stop?',
      prompt: 'p',
      input: { kind: 'confirm' },
      createdAt: t - 1000,
    });
    const { shell } = fakeShell();
    renderWithI18n(<PopoverApp client={client} shell={shell} />);
    expect(await title()).toBe('Go?');
    press('y');
    await waitFor(async () => expect(await title()).toBe('Pick?'));
    press('2');
    await waitFor(async () => expect(await title()).toBe('Stop?'));
    press('n');
    expectShown(await screen.findByText('All clear — nothing is waiting for you.'));
    expect(client.sentAnswers.map((a) => a.input)).toEqual([
      { value: { kind: 'confirm', confirmed: true } },
      { value: { kind: 'choice', selected: ['y'] } },
      { value: { kind: 'confirm', confirmed: false } },
    ]);
  });

  it('a dangerous confirm: focus starts on Decline, Y only moves focus to Confirm, nothing is sent', async () => {
    const client = new FakeInboxClient();
    client.add({
      key: 'wipe',
      title: 'Wipe the cache?',
      prompt: 'Everything under ~/.cache goes.',
      input: { kind: 'confirm', danger: true },
    });
    renderWithI18n(<PopoverApp client={client} shell={fakeShell().shell} />);
    await title();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decline' })),
    );
    expectShown(screen.getByText(/^Risky: N or Enter declines/));
    press('y');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    expect(client.sentAnswers).toEqual([]);
  });

  it('the recommended option is pre-focused (and picked)', async () => {
    const client = new FakeInboxClient();
    client.add({
      key: 'db',
      title: 'Which database?',
      prompt: 'p',
      input: {
        kind: 'choice',
        multiple: false,
        recommended: 'C',
        options: [
          { value: 'A', label: 'SQLite' },
          { value: 'C', label: 'Redis' },
        ],
      },
    });
    renderWithI18n(<PopoverApp client={client} shell={fakeShell().shell} />);
    await title();
    const redis = screen.getByRole('radio', { name: /Redis/ }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(redis));
    expect(redis.checked).toBe(true);
  });

  it('resolved elsewhere while a draft is typed: the card stays (held) until Dismiss', async () => {
    const { client, first: held } = nameThenNext();
    renderWithI18n(<PopoverApp client={client} shell={fakeShell().shell} />);
    expect(await title()).toBe('Name the branch?');
    const field = screen.getByRole('textbox');
    fireEvent.change(field, { target: { value: 'my draft' } });
    act(() => {
      client.resolveElsewhere(held.id, 'answered', 'feature/x');
    });
    expectShown(await screen.findByText('feature/x'));
    expect((screen.getByLabelText('Your draft (not sent)') as HTMLTextAreaElement).value).toBe(
      'my draft',
    );
    expect(await title()).toBe('Name the branch?');
    // Answer and move keys do not act on the held card.
    press('j');
    press('ArrowDown');
    expect(await title()).toBe('Name the branch?');
    expect(client.sentAnswers).toEqual([]);
    fireEvent.click(screen.getByText('Dismiss', { selector: '.resolved-panel button' }));
    await waitFor(async () => expect(await title()).toBe('Next?'));
  });

  it('our answer loses a race: the card comes back held, saying who won, with the draft', async () => {
    const { client, first: raced } = nameThenNext();
    // Someone else's answer lands first; ours is then refused as already answered.
    client.answer = async (id) => {
      client.resolveElsewhere(id, 'answered', 'feature/theirs');
      await Promise.resolve();
      throw new InboxClientError('already answered', 'conflict', 409);
    };
    renderWithI18n(<PopoverApp client={client} shell={fakeShell().shell} />);
    expect(await title()).toBe('Name the branch?');
    const field = screen.getByRole('textbox');
    fireEvent.change(field, { target: { value: 'feature/mine' } });
    fireEvent.submit(field.closest('form')!);
    expectShown(await screen.findByText('feature/theirs'));
    expect(await title()).toBe('Name the branch?');
    expect((screen.getByLabelText('Your draft (not sent)') as HTMLTextAreaElement).value).toBe(
      'feature/mine',
    );
    expect((await client.history()).map((r) => [r.id, r.answer?.text])).toEqual([
      [raced.id, 'feature/theirs'],
    ]);
    fireEvent.click(screen.getByText('Dismiss', { selector: '.resolved-panel button' }));
    await waitFor(async () => expect(await title()).toBe('Next?'));
  });

  it('? shows the key help; Esc closes the help first, then hides the popover', async () => {
    const client = new FakeInboxClient();
    client.add({ key: 'go', title: 'Go?', prompt: 'p', input: { kind: 'confirm' } });
    const { shell, calls } = fakeShell();
    renderWithI18n(<PopoverApp client={client} shell={shell} />);
    await title();
    press('?');
    expectShown(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }));
    press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    press('Escape');
    expect(calls).toEqual(['hide']);
  });

  it('says an answer is not yet delivered (request, reason, answer) apart from unreadable items', async () => {
    const { client } = nameThenNext();
    client.addUnreadable({
      id: 'delivery:r1',
      source: 'clarity-file',
      origin: 'deploy',
      reason: 'answered, not yet delivered: ENOSPC: no space left on device; retrying (1 failed)',
      at: 1,
      lastAt: 1,
      count: 1,
      kind: 'undelivered',
      requestId: 'r1',
      answer: 'yes',
    });
    const { shell, calls } = fakeShell();
    renderWithI18n(<PopoverApp client={client} shell={shell} />);
    const line = await screen.findByRole('button', {
      name: /^⟳ deploy: answered, not yet delivered/,
    });
    expect(line.textContent).toBe(
      '⟳ deploy: answered, not yet delivered: ENOSPC: no space left on device; retrying (1 failed) — answer “yes”',
    );
    expect(screen.queryByText(/could not be read/)).toBeNull();
    fireEvent.click(line);
    expect(calls).toContain('open:null');
  });
});
