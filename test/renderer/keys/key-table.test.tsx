// @vitest-environment happy-dom
import { cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InputKind } from '@contract/request';
import { useListKeyboard } from '../../../renderer/src/components/use-list-keyboard';
import { KeyHelp, KeyHint } from '../../../renderer/src/keys/KeyHelp';
import { hintLabel, KEY_TABLE } from '../../../renderer/src/keys/key-table';
import { useHelpKey } from '../../../renderer/src/keys/use-help-key';
import { popoverKeyAction } from '../../../renderer/src/popover/popover-keys';
import { renderWithI18n } from '../components/dom-fixtures';

afterEach(cleanup);

const KINDS: InputKind[] = ['text', 'confirm', 'choice', 'form', 'file', 'approval', 'notice'];
/** Every printable ASCII key, and the named keys a keyboard sends. */
const CANDIDATES = [
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
  ...['Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'Home', 'End', 'PageUp', 'PageDown'],
  ...['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'],
];

/** The keys the inbox's keyboard (useListKeyboard, useHelpKey) takes, for any shown kind. */
function inboxHandledKeys(): Set<string> {
  const handled = new Set<string>();
  for (const kind of KINDS)
    for (const ticked of [false, true]) {
      const noop = () => undefined;
      const { unmount } = renderHook(() => {
        useListKeyboard({
          move: noop,
          focusAnswer: noop,
          back: noop,
          answerKey: noop,
          shown: () => ({ kind, optionKeys: [] }),
          toggle: noop,
          selectAll: noop,
          search: noop,
          undo: noop,
          ticked: () => ticked,
          bulk: noop,
          bulkApprove: noop,
          markDone: noop,
          snooze: noop,
        });
        useHelpKey(noop);
      });
      for (const key of CANDIDATES) {
        const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
        document.body.dispatchEvent(event);
        if (event.defaultPrevented) handled.add(key);
      }
      unmount();
    }
  return handled;
}

/** The keys the popover (popoverKeyAction) takes, for any shown kind. */
function popoverHandledKeys(): Set<string> {
  const handled = new Set<string>();
  for (const kind of [...KINDS, undefined])
    for (const key of CANDIDATES)
      if (popoverKeyAction({ key }, { kind, inTextField: false, inMultiline: false }))
        handled.add(key);
  return handled;
}

const tabled = new Set(KEY_TABLE.flatMap((row) => row.keys));

describe('the key table (one source for the ? overlay and the hint line)', () => {
  it('holds every key the inbox and the popover handle, and no key neither handles', () => {
    const inbox = inboxHandledKeys();
    const popover = popoverHandledKeys();
    // The inbox's own keys are all there: x, Shift+X, /, S, E, U, Shift+D, Shift+A among them.
    for (const key of ['x', 'X', '/', 's', 'e', 'u', 'D', 'A', 'j', 'Enter', '?'])
      expect(inbox).toContain(key);
    expect([...inbox].filter((k) => !tabled.has(k))).toEqual([]);
    expect([...popover].filter((k) => !tabled.has(k))).toEqual([]);
    expect([...tabled].filter((k) => !inbox.has(k) && !popover.has(k))).toEqual([]);
  });

  it('the ? overlay lists every row (both languages)', () => {
    for (const language of ['en', 'zh'] as const) {
      const { unmount } = renderWithI18n(<KeyHelp onClose={() => undefined} />, language);
      const shown = screen.getAllByRole('term').map((dt) => dt.textContent);
      expect(shown).toEqual(KEY_TABLE.map((row) => row.label));
      unmount();
    }
  });

  it('the hint line names every key the inbox handles: S, E and Shift+A among them', () => {
    renderWithI18n(<KeyHint />);
    const line = document.querySelector('.keyboard-help')?.textContent ?? '';
    for (const row of KEY_TABLE.filter((r) => !r.popoverOnly))
      expect(line).toContain(`${hintLabel(row)} ${row.hint.en}`);
    for (const key of ['S snoozes', 'E marks done', 'Shift+A approves selected'])
      expect(line).toContain(key);
    expect(line).not.toContain('opens in window');
  });

  it('a narrow window keeps the brief hints (answer, approve, decline, all keys), each whole', () => {
    renderWithI18n(<KeyHint />, 'zh');
    const brief = [...document.querySelectorAll('.keyboard-help > span.brief')];
    expect(brief.map((span) => span.textContent)).toEqual([
      'Enter 回答',
      'Y/A 批准',
      'N 拒绝',
      '? 全部按键',
    ]);
    // The others are there too (for a wide window and screen readers), one span each.
    expect(document.querySelectorAll('.keyboard-help > span')).toHaveLength(
      KEY_TABLE.filter((r) => !r.popoverOnly).length,
    );
  });
});
