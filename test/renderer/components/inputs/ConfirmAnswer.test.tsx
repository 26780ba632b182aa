// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerInput } from '@contract/request';
import { ConfirmAnswer } from '../../../../renderer/src/components/inputs/ConfirmAnswer';
import { FakeInboxClient } from '../../../../renderer/src/client/fake-inbox-client';
import { REFLEX_MS, watchKeys } from '../../../../renderer/src/keys/reflex-guard';
import { FakeIntersectionObserver, renderWithI18n, request } from '../dom-fixtures';
import { expectShown } from '../../../support/expect-shown';

let clock = 1_000;
beforeEach(() => {
  clock = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  watchKeys(window);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function show(input: Record<string, unknown>, title?: string) {
  const sent: AnswerInput[] = [];
  const req = request({
    id: 'c1',
    ...(title ? { title } : {}),
    input: { kind: 'confirm', ...input } as never,
  });
  renderWithI18n(
    <article>
      <div className="prompt">{req.prompt}</div>
      <ConfirmAnswer
        request={req as never}
        client={new FakeInboxClient()}
        busy={false}
        submit={(a) => sent.push(a)}
      />
    </article>,
  );
  return sent;
}

const confirmed = (value: boolean) => ({ value: { kind: 'confirm', confirmed: value } });

describe('ConfirmAnswer (an ordinary confirm)', () => {
  it('Confirm comes first, is named by its label and sends confirmed: true', async () => {
    const sent = show({ confirmLabel: 'Deploy', cancelLabel: 'Hold' });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Deploy', 'Hold']);
    await userEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(sent).toEqual([confirmed(true)]);
  });

  it('Decline sends confirmed: false with the typed note', async () => {
    const sent = show({});
    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'not now');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(sent).toEqual([{ value: { kind: 'confirm', confirmed: false, note: 'not now' } }]);
  });
});

describe('ConfirmAnswer (a dangerous confirm)', () => {
  it('marked by the agent: warns, puts Decline first, and Enter declines', async () => {
    const sent = show({ danger: true, confirmLabel: 'Ship it', cancelLabel: 'Stop' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Stop', 'Ship it']);
    const confirm = screen.getByRole('button', { name: 'Ship it' });
    // The warning is what describes the confirm button to a screen reader.
    const describedBy = (confirm.getAttribute('aria-describedby') ?? '').split(/\s+/);
    const description = describedBy.map((id) => document.getElementById(id)?.textContent ?? '');
    expect(description.join(' ')).toMatch(/can be destructive/);
    expectShown(screen.getByText(/can be destructive/));
    // The form's default action (Enter, Ctrl+Enter in the note) is the safe one.
    const note = screen.getByRole('textbox', { name: 'Note (optional)' });
    fireEvent.keyDown(note, { key: 'Enter', ctrlKey: true });
    expect(sent).toEqual([confirmed(false)]);
  });

  it('a destructive word in the title makes it dangerous even without the mark', () => {
    show({}, 'Delete the production database?');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Decline', 'Confirm']);
  });

  it('refuses while the details were never in view, then confirms by pointer once they were', async () => {
    const sent = show({ danger: true });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm, { detail: 1 });
    expect(sent).toEqual([]);
    expect(screen.getByRole('status').textContent).toMatch(/Scroll through the whole request/);
    act(() => FakeIntersectionObserver.showAll());
    fireEvent.click(confirm, { detail: 1 });
    expect(sent).toEqual([confirmed(true)]);
  });

  it('refuses a reflex: Enter-Enter, or a key right after the card showed', () => {
    const sent = show({ danger: true });
    act(() => FakeIntersectionObserver.showAll());
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    confirm.focus();
    // Keyboard activation (detail 0) 100 ms after the card appeared.
    clock += 100;
    fireEvent.keyDown(confirm, { key: 'Enter' });
    fireEvent.click(confirm, { detail: 0 });
    expect(sent).toEqual([]);
    expect(screen.getByRole('status').textContent).toMatch(/too soon/);
    // A quick second Enter, long after the card appeared: still a reflex.
    clock += REFLEX_MS * 3;
    fireEvent.keyDown(confirm, { key: 'Enter' });
    clock += 150;
    fireEvent.keyDown(confirm, { key: 'Enter' });
    fireEvent.click(confirm, { detail: 0 });
    expect(sent).toEqual([]);
    // A deliberate Enter, after a pause: confirms.
    clock += REFLEX_MS + 50;
    fireEvent.keyDown(confirm, { key: 'Enter' });
    fireEvent.click(confirm, { detail: 0 });
    expect(sent).toEqual([confirmed(true)]);
  });
});
